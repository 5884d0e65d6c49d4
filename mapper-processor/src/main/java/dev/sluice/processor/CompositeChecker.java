package dev.sluice.processor;

import dev.sluice.processor.SchemaFacts.Column;
import dev.sluice.processor.SchemaFacts.Relation;
import dev.sluice.processor.SchemaFacts.Type;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;

/**
 * Checks a component read from a composite column ({@link CompositeValues}) against the composite
 * type's attributes ({@code pg_attribute} of the type's {@code typrelid}): the record's components
 * must be the attributes, by name and in order (a composite value is read by position, as {@code
 * record_recv} writes it), each of a type its Java type holds, and nullable where the attribute is
 * (a {@code CREATE TYPE} composite's attributes cannot be declared NOT NULL; a table's row type
 * keeps its columns' NOT NULL). Each problem is reported on the exact component: the nested
 * record's, or the one reading the composite when the shapes differ.
 */
final class CompositeChecker {
  /** The attribute types a String component of a composite reads (CompositeReader.readString). */
  private static final Set<String> FIELD_TEXT_TYPES =
      Set.of("TEXT", "VARCHAR", "BPCHAR", "NAME", "JSON", "XML");

  private final SchemaFacts catalog;
  private final Diagnostics diagnostics;
  private final ColumnTypeChecker types;

  /**
   * The (record, composite type) pairs whose fields were checked: a record nested in several places
   * is reported once.
   */
  private final Set<String> checked = new HashSet<>();

  CompositeChecker(SchemaFacts catalog, Diagnostics diagnostics, ColumnTypeChecker types) {
    this.catalog = catalog;
    this.diagnostics = diagnostics;
    this.types = types;
  }

  /** The composite record {@code reader} reads, or null when it reads no composite. */
  static CompositeModel modelOf(ValueReader reader) {
    if (reader instanceof CompositeValues.One) {
      return ((CompositeValues.One) reader).model;
    }
    if (reader instanceof CompositeValues.ListOf) {
      return ((CompositeValues.ListOf) reader).model;
    }
    return null;
  }

  /**
   * Checks component {@code c} if it reads a composite; {@code typeName} is the column's type
   * (pgjdbc's name or {@code format_type}'s), {@code where} names the column for messages.
   */
  void check(ColumnModel c, String typeName, String where, String component) throws SQLException {
    if (modelOf(c.reader) != null) {
      check(c.reader, typeName, where, c.element, component);
    }
  }

  private void check(
      ValueReader reader, String typeName, String where, Element at, String component)
      throws SQLException {
    CompositeModel model = modelOf(reader);
    boolean list = reader instanceof CompositeValues.ListOf;
    Relation attributes = catalog.compositeType(typeName);
    Type type = catalog.typeByName(typeName);
    String shown = type == null ? typeName : type.display;
    if (attributes == null || (type != null && type.isArray != list)) {
      diagnostics.error(
          Diagnostics.SCHEMA_TYPE_MISMATCH,
          where
              + " is "
              + shown
              + ", but "
              + component
              + " reads "
              + (list ? "an array of composites" : "a composite")
              + " into "
              + (list ? "List<" + model.displayName() + ">" : model.displayName())
              + "; select "
              + (list ? "an array of a composite type (array_agg(t))" : "a composite type")
              + " there, or mark the component @Embedded to read the record from columns of its"
              + " own",
          at);
      return;
    }
    if (!checked.add(model.recordClass + " " + attributes.qualifiedName)) {
      return;
    }
    List<Column> attrs = new ArrayList<>(attributes.columns.values());
    if (!sameNames(attrs, model.fields)) {
      diagnostics.error(
          Diagnostics.SCHEMA_TYPE_MISMATCH,
          where
              + " is composite type "
              + attributes.qualifiedName
              + " with attributes ("
              + attributeNames(attrs)
              + "), but "
              + model.displayName()
              + ", which "
              + component
              + " reads it into, has components ("
              + componentNames(model.fields)
              + "); a composite value is read by position, so the record's components must be"
              + " the type's attributes, in order (@Column names a component's attribute)",
          at);
      return;
    }
    for (int i = 0; i < attrs.size(); i++) {
      Column a = attrs.get(i);
      CompositeModel.Field f = model.fields.get(i);
      String attribute = "attribute " + attributes.qualifiedName + "." + a.name;
      String nested = "component " + f.name + " of " + model.displayName();
      if (modelOf(f.reader) != null) {
        check(f.reader, a.type.display, attribute, f.element, nested);
      } else {
        String problem =
            isString(f.reader) && !FIELD_TEXT_TYPES.contains(a.type.oidName)
                ? attribute
                    + " is "
                    + a.type.display
                    + ", which "
                    + nested
                    + " (String) cannot hold: inside a composite, a String reads a text type"
                    + " (text, varchar, char, name, json, xml)"
                : types.typeProblem(f.reader, a.type, attribute, nested + " (" + f.type + ")");
        if (problem != null) {
          diagnostics.error(Diagnostics.SCHEMA_TYPE_MISMATCH, problem, f.element);
        }
      }
      boolean emptyForNull =
          f.reader instanceof CompositeValues.ListOf
              && ((CompositeValues.ListOf) f.reader).emptyForNull;
      if (!a.notNull
          && !f.nullable
          && !emptyForNull
          && Annotations.find(f.element, Annotations.NON_NULL) == null) {
        diagnostics.error(
            Diagnostics.SCHEMA_NULLABLE_COLUMN,
            attribute
                + " is nullable (a composite type's attributes cannot be declared NOT NULL), but "
                + nested
                + (f.type.isPrimitive()
                    ? " is primitive; use " + f.type.box() + " with @Nullable"
                    : " is not @Nullable; annotate it @Nullable")
                + ", or @NonNull if the values never hold NULL there",
            f.element);
      }
    }
  }

  private static boolean isString(ValueReader reader) {
    return reader instanceof ValueReader.Scalar
        && ((ValueReader.Scalar) reader).type == ScalarType.STRING;
  }

  private static boolean sameNames(List<Column> attrs, List<CompositeModel.Field> fields) {
    if (attrs.size() != fields.size()) {
      return false;
    }
    for (int i = 0; i < attrs.size(); i++) {
      if (!attrs.get(i).name.equals(fields.get(i).attribute)) {
        return false;
      }
    }
    return true;
  }

  private static String attributeNames(List<Column> attrs) {
    List<String> names = new ArrayList<>();
    for (Column a : attrs) {
      names.add(a.name);
    }
    return String.join(", ", names);
  }

  private static String componentNames(List<CompositeModel.Field> fields) {
    List<String> names = new ArrayList<>();
    for (CompositeModel.Field f : fields) {
      names.add(f.attribute);
    }
    return String.join(", ", names);
  }
}
