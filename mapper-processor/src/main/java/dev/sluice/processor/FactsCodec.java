package dev.sluice.processor;

import static dev.sluice.processor.SnapshotFile.line;

import dev.sluice.processor.SchemaFacts.Column;
import dev.sluice.processor.SchemaFacts.Description;
import dev.sluice.processor.SchemaFacts.Relation;
import dev.sluice.processor.SchemaFacts.ResultColumn;
import dev.sluice.processor.SchemaFacts.SqlError;
import dev.sluice.processor.SchemaFacts.Type;
import dev.sluice.processor.SnapshotFile.FormatException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The keys and answer lines of a snapshot's entries, one kind of fact each; every key ends with the
 * search path, which decides what unqualified names mean:
 *
 * <pre>
 * statement &lt;sql as described: $n, a declared type's cast ($1::int4)&gt; &lt;declared types, comma-separated, ? for inferred&gt; &lt;search path&gt;
 *   parameters &lt;inferred type&gt;…                  (when a parameter is inferred)
 *   rows | no-rows | error &lt;sqlstate&gt; &lt;position&gt; &lt;message&gt; &lt;detail&gt; &lt;hint&gt;
 *   column &lt;label&gt; &lt;type name&gt; &lt;base schema&gt; &lt;base table&gt; &lt;base column&gt; non-null|nullable|unknown [&lt;cause&gt;]
 * relation &lt;schema, "" for the search path&gt; &lt;name&gt; &lt;search path&gt;
 *   missing | is &lt;schema.name&gt; table|view
 *   column &lt;name&gt; &lt;type…&gt; not-null|nullable identity-always|identity-by-default|- generated|- has-default|-
 *   trigger &lt;BEFORE INSERT row trigger&gt;
 * relations &lt;schema&gt; &lt;search path&gt;
 *   name &lt;relation&gt;
 * composite &lt;type name&gt; &lt;search path&gt;   (its attributes, as a relation's lines)
 *   missing | is &lt;schema.name&gt; table
 *   column …
 * type &lt;name&gt; &lt;search path&gt;
 *   missing | is &lt;type…&gt;
 * enum &lt;enum&gt; &lt;search path&gt;
 *   label &lt;label&gt;
 * </pre>
 *
 * where {@code <type…>} is four fields: the {@code Oids} name, the display name, {@code
 * scalar|enum|array}, and the enum (of an array, the element's) or {@code -}.
 */
final class FactsCodec {
  private FactsCodec() {}

  static String statementKey(String sql, List<String> declared, String searchPath) {
    List<String> names = new ArrayList<>();
    for (String d : declared) {
      names.add(d == null ? "?" : d);
    }
    return line("statement", sql, String.join(",", names), searchPath);
  }

  // What each question is about, as the snapshot's messages name it (one spelling for recording,
  // verifying and reading a snapshot).

  static String aboutStatement(String sql) {
    return "the statement " + sql;
  }

  static String aboutRelation(String schema, String name) {
    return "relation " + (schema.isEmpty() ? name : schema + "." + name);
  }

  static String aboutRelationNames(String schema) {
    return "the relations of " + (schema.isEmpty() ? "the search path" : schema);
  }

  static String aboutComposite(String typeName) {
    return "the attributes of composite type " + typeName;
  }

  static String aboutType(String name) {
    return "type " + name;
  }

  static String aboutEnum(String enumName) {
    return "the labels of enum " + enumName;
  }

  static String relationKey(String schema, String name, String searchPath) {
    return line("relation", schema, name, searchPath);
  }

  static String relationNamesKey(String schema, String searchPath) {
    return line("relations", schema, searchPath);
  }

  static String compositeKey(String typeName, String searchPath) {
    return line("composite", typeName, searchPath);
  }

  static String typeKey(String name, String searchPath) {
    return line("type", name, searchPath);
  }

  static String enumKey(String enumName, String searchPath) {
    return line("enum", enumName, searchPath);
  }

  static List<String> encode(Description d) {
    List<String> out = new ArrayList<>();
    if (!d.parameterTypes.isEmpty()) {
      List<String> fields = new ArrayList<>();
      fields.add("parameters");
      fields.addAll(d.parameterTypes);
      out.add(line(fields.toArray(new String[0])));
    }
    if (d.error != null) {
      SqlError e = d.error;
      out.add(line("error", e.sqlState, String.valueOf(e.position), e.message, e.detail, e.hint));
    } else if (d.columns == null) {
      out.add("no-rows");
    } else {
      out.add("rows");
      for (ResultColumn c : d.columns) {
        String nullness = c.nullness.name().toLowerCase(Locale.ROOT).replace('_', '-');
        // The cause is written only where there is one, so a snapshot recorded before causes
        // were (or of a statement without one) reads and verifies as it did.
        out.add(
            c.cause == null
                ? line(
                    "column",
                    c.label,
                    c.typeName,
                    c.baseSchema,
                    c.baseTable,
                    c.baseColumn,
                    nullness)
                : line(
                    "column",
                    c.label,
                    c.typeName,
                    c.baseSchema,
                    c.baseTable,
                    c.baseColumn,
                    nullness,
                    c.cause));
      }
    }
    return out;
  }

  static Description decodeDescription(List<String> lines) throws FormatException {
    List<String> parameters = List.of();
    List<ResultColumn> columns = null;
    SqlError error = null;
    for (String l : lines) {
      List<String> f = SnapshotFile.fields(l);
      switch (f.get(0)) {
        case "parameters":
          parameters = new ArrayList<>(f.subList(1, f.size()));
          break;
        case "error":
          need(f, 6, l);
          error = new SqlError(f.get(1), f.get(3), Integer.parseInt(f.get(2)), f.get(4), f.get(5));
          break;
        case "no-rows":
          break;
        case "rows":
          columns = new ArrayList<>();
          break;
        case "column":
          if (f.size() != 8) {
            need(f, 7, l);
          }
          if (columns == null) {
            throw new FormatException("a column before rows: " + l);
          }
          columns.add(
              new ResultColumn(
                  f.get(1),
                  f.get(2),
                  f.get(3),
                  f.get(4),
                  f.get(5),
                  ColumnNullness.valueOf(f.get(6).toUpperCase(Locale.ROOT).replace('-', '_')),
                  f.size() == 8 ? f.get(7) : null));
          break;
        default:
          throw new FormatException("no line of a statement: " + l);
      }
    }
    return new Description(parameters, columns, error);
  }

  static List<String> encode(Relation r) {
    List<String> out = new ArrayList<>();
    if (r == null) {
      out.add("missing");
      return out;
    }
    out.add(line("is", r.qualifiedName, r.isView ? "view" : "table"));
    for (Column c : r.columns.values()) {
      List<String> fields = new ArrayList<>();
      fields.add("column");
      fields.add(c.name);
      type(c.type, fields);
      fields.add(c.notNull ? "not-null" : "nullable");
      fields.add(
          c.identity == 'a' ? "identity-always" : c.identity == 'd' ? "identity-by-default" : null);
      fields.add(c.generated ? "generated" : null);
      fields.add(c.hasDefault ? "has-default" : null);
      out.add(line(fields.toArray(new String[0])));
    }
    for (String t : r.insertTriggers) {
      out.add(line("trigger", t));
    }
    return out;
  }

  static Relation decodeRelation(List<String> lines) throws FormatException {
    String name = null;
    boolean view = false;
    Map<String, Column> columns = new LinkedHashMap<>();
    List<String> triggers = new ArrayList<>();
    for (String l : lines) {
      List<String> f = SnapshotFile.fields(l);
      switch (f.get(0)) {
        case "missing":
          return null;
        case "is":
          need(f, 3, l);
          name = f.get(1);
          view = "view".equals(f.get(2));
          break;
        case "column":
          need(f, 10, l);
          String identity = f.get(7);
          columns.put(
              f.get(1),
              new Column(
                  f.get(1),
                  type(f, 2, l),
                  "not-null".equals(f.get(6)),
                  identity == null ? 0 : identity.equals("identity-always") ? 'a' : 'd',
                  f.get(8) != null,
                  f.get(9) != null));
          break;
        case "trigger":
          need(f, 2, l);
          triggers.add(f.get(1));
          break;
        default:
          throw new FormatException("no line of a relation: " + l);
      }
    }
    if (name == null) {
      throw new FormatException("a relation without its \"is\" line");
    }
    return new Relation(name, columns, triggers, view);
  }

  static List<String> encode(Type t) {
    List<String> out = new ArrayList<>();
    if (t == null) {
      out.add("missing");
    } else {
      List<String> fields = new ArrayList<>();
      fields.add("is");
      type(t, fields);
      out.add(line(fields.toArray(new String[0])));
    }
    return out;
  }

  static Type decodeType(List<String> lines) throws FormatException {
    if (lines.size() != 1) {
      throw new FormatException("a type is one line, not " + lines.size());
    }
    List<String> f = SnapshotFile.fields(lines.get(0));
    if (f.get(0).equals("missing")) {
      return null;
    }
    need(f, 5, lines.get(0));
    return type(f, 1, lines.get(0));
  }

  /** Names ({@code name} lines) or labels ({@code label} lines). */
  static List<String> encodeNames(String kind, List<String> names) {
    List<String> out = new ArrayList<>();
    for (String n : names) {
      out.add(line(kind, n));
    }
    return out;
  }

  static List<String> decodeNames(String kind, List<String> lines) throws FormatException {
    List<String> out = new ArrayList<>();
    for (String l : lines) {
      List<String> f = SnapshotFile.fields(l);
      if (f.size() != 2 || !kind.equals(f.get(0))) {
        throw new FormatException("no " + kind + " line: " + l);
      }
      out.add(f.get(1));
    }
    return out;
  }

  private static void type(Type t, List<String> fields) {
    fields.add(t.oidName);
    fields.add(t.display);
    fields.add(t.isEnum ? "enum" : t.isArray ? "array" : "scalar");
    fields.add(t.enumName);
  }

  private static Type type(List<String> f, int first, String line) throws FormatException {
    String kind = f.get(first + 2);
    if (!kind.equals("enum") && !kind.equals("array") && !kind.equals("scalar")) {
      throw new FormatException("no type kind: " + line);
    }
    return new Type(
        f.get(first),
        f.get(first + 1),
        kind.equals("enum"),
        f.get(first + 3),
        kind.equals("array"));
  }

  private static void need(List<String> fields, int count, String line) throws FormatException {
    if (fields.size() != count) {
      throw new FormatException(
          "expected " + count + " fields, not " + fields.size() + ": " + line);
    }
  }
}
