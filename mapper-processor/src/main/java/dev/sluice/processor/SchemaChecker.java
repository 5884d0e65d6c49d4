package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import dev.sluice.processor.DaoModel.Method;
import dev.sluice.processor.DaoModel.Result;
import dev.sluice.processor.SchemaCatalog.Column;
import dev.sluice.processor.SchemaCatalog.Relation;
import dev.sluice.processor.SchemaCatalog.Type;
import dev.sluice.processor.SqlParameterLexer.Occurrence;
import dev.sluice.processor.SqlParameterLexer.ParsedSql;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import org.postgresql.PGResultSetMetaData;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * The compile-time schema checks: {@code @Table} records against their table's columns, Java enums
 * against PostgreSQL enums, and {@code @Query} statements described by PostgreSQL (Parse and
 * Describe, never executed) with the parameter types the runtime declares, their parameters and
 * result columns against the method. Types are compared by the one compatibility table ({@link
 * dev.sluice.annotations.ColumnTypes}, through {@link ScalarType}) that the generated decoders
 * enforce at run time.
 *
 * <p>It raises no false alarm where PostgreSQL cannot tell: a result column that is computed (no
 * table behind it) or from a view has unknown nullability and is accepted; a base column's
 * nullability is its {@code attnotnull}, which an outer join may make wrong in the permissive
 * direction only. {@code @NonNull} on a component overrides a nullable column.
 */
final class SchemaChecker {
  private static final Set<String> TEXT_TYPES =
      Set.of("TEXT", "VARCHAR", "BPCHAR", "NAME", "UNKNOWN", "JSON", "JSONB", "XML", "CITEXT");
  private static final Set<String> TEXT_ARRAYS =
      Set.of("TEXT_ARRAY", "VARCHAR_ARRAY", "BPCHAR_ARRAY", "NAME_ARRAY");

  private final SchemaCatalog catalog;
  private final Diagnostics diagnostics;
  private final Elements elements;

  /** Enums already compared with a PostgreSQL enum: {@code qualified name + " " + enum OID}. */
  private final Set<String> checkedEnums = new HashSet<>();

  SchemaChecker(SchemaCatalog catalog, Diagnostics diagnostics, Elements elements) {
    this.catalog = catalog;
    this.diagnostics = diagnostics;
    this.elements = elements;
  }

  // ---------------------------------------------------------------------------------------------
  // @Table records

  /** Checks a {@code @Table} record's components against its table. */
  void checkTable(RecordModel model) throws SQLException {
    Relation relation = catalog.relation(model.schema, model.table);
    if (relation == null) {
      String shown = model.schema.isEmpty() ? model.table : model.schema + "." + model.table;
      diagnostics.error(
          Diagnostics.SCHEMA_UNKNOWN_TABLE,
          "table \""
              + shown
              + "\" of "
              + model.displayName()
              + " does not exist"
              + Suggestions.didYouMean(model.table, catalog.relationNames(model.schema))
              + "; name an existing table or view in @Table",
          model.element,
          Annotations.find(model.element, Annotations.TABLE));
      return;
    }
    for (ColumnModel c : model.columns()) {
      Column column = relation.columns.get(c.column);
      if (column == null) {
        diagnostics.error(
            Diagnostics.SCHEMA_UNKNOWN_COLUMN,
            "column \""
                + c.column
                + "\" does not exist in "
                + relation.qualifiedName
                + Suggestions.didYouMean(c.column, relation.columns.keySet())
                + "; rename component "
                + c.path
                + " or name its column with @Column",
            c.element);
        continue;
      }
      String where = relation.qualifiedName + "." + column.name;
      String problem =
          typeProblem(c.reader, column.type, where, "component " + c.path + " (" + c.type + ")");
      if (problem != null) {
        diagnostics.error(Diagnostics.SCHEMA_TYPE_MISMATCH, problem, c.element);
      }
      if (!column.notNull && !relation.isView && rejectsNull(c)) {
        diagnostics.error(Diagnostics.SCHEMA_NULLABLE_COLUMN, nullableProblem(where, c), c.element);
      }
      if ((column.identity == 'a' || column.generated) && !c.generated) {
        diagnostics.error(
            Diagnostics.SCHEMA_GENERATED_COLUMN,
            where
                + " is "
                + (column.generated
                    ? "a generated column (GENERATED ALWAYS AS … STORED)"
                    : "an identity column GENERATED ALWAYS")
                + ", which an INSERT or UPDATE may not set; mark component "
                + c.path
                + " @Generated",
            c.element);
      }
    }
  }

  /**
   * Checks that an {@code @Insert} of {@code model} sets every NOT NULL column that has no default:
   * an error on the method, a warning when a BEFORE INSERT row trigger may fill it.
   */
  void checkInsert(ExecutableElement method, RecordModel model) throws SQLException {
    Relation relation = catalog.relation(model.schema, model.table);
    if (relation == null || relation.isView) {
      return;
    }
    Set<String> inserted = new HashSet<>();
    for (ColumnModel c : model.columns()) {
      if (!c.generated) {
        inserted.add(c.column);
      }
    }
    for (Column column : relation.columns.values()) {
      if (inserted.contains(column.name)
          || !column.notNull
          || column.hasDefault
          || column.identity != 0
          || column.generated) {
        continue;
      }
      String what =
          method.getSimpleName()
              + " inserts "
              + model.displayName()
              + " into "
              + relation.qualifiedName
              + " without column "
              + column.name
              + ", which is NOT NULL and has no default";
      if (relation.insertTriggers.isEmpty()) {
        diagnostics.error(
            Diagnostics.SCHEMA_MISSING_COLUMN,
            what + "; add a component for it (or give the column a default)",
            method);
      } else {
        diagnostics.warning(
            Diagnostics.SCHEMA_MISSING_COLUMN,
            what
                + "; only a BEFORE INSERT trigger ("
                + String.join(", ", relation.insertTriggers)
                + ") may fill it. Add a component for it, or give the column a default",
            method);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // @Query methods

  /**
   * Describes the statement of a {@code @Query} method and checks its parameters and result; {@code
   * record} is the model of the record its rows decode into, or null.
   */
  void checkQuery(
      Method method,
      AnnotationMirror query,
      AnnotationValue sqlValue,
      String sourceSql,
      RecordModel record)
      throws SQLException {
    ExecutableElement m = method.element;
    ParsedSql parsed = SqlParameterLexer.parse(sourceSql);
    List<TypeMirror> javaTypes = new ArrayList<>();
    List<String> declared = new ArrayList<>();
    for (String name : parsed.names) {
      TypeMirror type = parameterType(m, name.split("\\."));
      javaTypes.add(type);
      declared.add(declaredType(type));
    }
    SqlPositions described = SqlPositions.describe(sourceSql, parsed, declared);
    List<String> parameters;
    ResultSetMetaData result;
    try (PreparedStatement s = catalog.connection().prepareStatement(described.jdbcSql)) {
      try {
        result = s.getMetaData();
        parameters = parameterTypes(described.sql, declared);
      } catch (PSQLException e) {
        diagnostics.error(
            Diagnostics.SCHEMA_BAD_SQL, badSql(m, e, described, sourceSql), m, query, sqlValue);
        return;
      }
      checkParameters(m, parsed, described, sourceSql, javaTypes, parameters, query, sqlValue);
      checkResult(method, result, record, query, sqlValue);
    }
  }

  private void checkParameters(
      ExecutableElement m,
      ParsedSql parsed,
      SqlPositions described,
      String sourceSql,
      List<TypeMirror> javaTypes,
      List<String> parameters,
      AnnotationMirror query,
      AnnotationValue sqlValue)
      throws SQLException {
    for (int i = 0; i < javaTypes.size(); i++) {
      TypeMirror javaType = javaTypes.get(i);
      String name = parsed.names.get(i);
      int occurrence = described.firstOccurrence(name);
      if (javaType == null || declaredType(javaType) != null || occurrence >= parameters.size()) {
        // Declared (as a cast) with the type the runtime declares: PostgreSQL took it.
        continue;
      }
      Type type = catalog.typeByName(parameters.get(occurrence));
      if (type == null) {
        continue;
      }
      String shown = "$" + (i + 1) + " (:" + name + ")";
      TypeElement enumType = enumElement(javaType);
      if (enumType != null) {
        if (type.isEnum) {
          List<String> labels = catalog.enumLabels(type.enumOid);
          List<String> unknown = new ArrayList<>();
          for (String label : javaLabels(enumType)) {
            if (!labels.contains(label)) {
              unknown.add(label);
            }
          }
          if (!unknown.isEmpty()) {
            diagnostics.error(
                Diagnostics.SCHEMA_ENUM_MISMATCH,
                shown
                    + " is "
                    + type.display
                    + ", whose labels ("
                    + String.join(", ", labels)
                    + ") lack "
                    + String.join(", ", unknown)
                    + " of "
                    + enumType.getSimpleName()
                    + "; rename the constants or give them @Label",
                m,
                query,
                sqlValue);
          }
        } else if (!TEXT_TYPES.contains(type.oidName) && !castAfter(parsed, name, sourceSql)) {
          parameterMismatch(m, shown, type, name, javaType, query, sqlValue);
        }
        continue;
      }
      boolean isString = javaType.toString().equals("java.lang.String");
      if (isString
          && !TEXT_TYPES.contains(type.oidName)
          && !type.isEnum
          && !castAfter(parsed, name, sourceSql)) {
        parameterMismatch(m, shown, type, name, javaType, query, sqlValue);
      }
    }
  }

  private void parameterMismatch(
      ExecutableElement m,
      String shown,
      Type type,
      String name,
      TypeMirror javaType,
      AnnotationMirror query,
      AnnotationValue sqlValue) {
    ScalarType natural = naturalJavaType(type.oidName);
    diagnostics.error(
        Diagnostics.SCHEMA_PARAMETER_TYPE,
        shown
            + " is "
            + type.display
            + " but parameter "
            + name
            + " of "
            + m.getSimpleName()
            + " is "
            + simpleName(javaType)
            + "; declare it "
            + (natural == null ? "as a type that holds " + type.display : natural.type.toString())
            + ", or cast it in the SQL (:"
            + name
            + "::"
            + type.display
            + ")",
        m,
        query,
        sqlValue);
  }

  private void checkResult(
      Method method,
      ResultSetMetaData result,
      RecordModel record,
      AnnotationMirror query,
      AnnotationValue sqlValue)
      throws SQLException {
    ExecutableElement m = method.element;
    boolean counts =
        method.result == Result.VOID
            || method.result == Result.COUNT_INT
            || method.result == Result.COUNT_LONG;
    if (counts && result != null) {
      diagnostics.error(
          Diagnostics.SCHEMA_RESULT_KIND,
          "the SQL of "
              + m.getSimpleName()
              + " returns rows, but "
              + method.returnType
              + " stands for its row count; return the rows (a List, Optional, Stream or one"
              + " value) or drop the result (RETURNING) from the SQL",
          m);
      return;
    }
    if (counts) {
      return;
    }
    if (result == null) {
      diagnostics.error(
          Diagnostics.SCHEMA_RESULT_KIND,
          "the SQL of "
              + m.getSimpleName()
              + " returns no rows, so there is no "
              + method.returnType
              + " to read; return void, int or long for its row count, or add RETURNING",
          m);
      return;
    }
    if (method.decoder == null) {
      return;
    }
    PGResultSetMetaData base = result.unwrap(PGResultSetMetaData.class);
    if (method.decoder.decoderClass == null) {
      Type type = resultType(result, 1);
      ValueReader reader =
          method.decoder.scalar != null
              ? new ValueReader.Scalar(ScalarType.valueOf(method.decoder.scalar))
              : new ValueReader.EnumOf(method.decoder.enumClass);
      String problem =
          type == null
              ? null
              : typeProblem(
                  reader,
                  type,
                  "column " + result.getColumnLabel(1) + " of the result",
                  "the result " + method.decoder.type);
      if (problem != null) {
        diagnostics.error(Diagnostics.SCHEMA_TYPE_MISMATCH, problem, m, query, sqlValue);
      }
      return;
    }
    if (record == null) {
      return;
    }
    Map<String, Integer> byName = new HashMap<>();
    for (int i = result.getColumnCount(); i >= 1; i--) {
      byName.put(result.getColumnLabel(i), i);
    }
    for (ColumnModel c : record.columns()) {
      Integer i = byName.get(c.column);
      if (i == null) {
        diagnostics.error(
            Diagnostics.SCHEMA_UNKNOWN_COLUMN,
            "the result of "
                + m.getSimpleName()
                + " has no column \""
                + c.column
                + "\" for component "
                + record.displayName()
                + "."
                + c.path
                + Suggestions.didYouMean(c.column, byName.keySet())
                + "; select it (with AS "
                + c.column
                + " if it is computed)",
            m,
            query,
            sqlValue);
        continue;
      }
      String where = "column " + c.column + " of the result of " + m.getSimpleName();
      Type type = resultType(result, i);
      String problem =
          type == null
              ? null
              : typeProblem(
                  c.reader,
                  type,
                  where,
                  "component " + record.displayName() + "." + c.path + " (" + c.type + ")");
      if (problem != null) {
        diagnostics.error(Diagnostics.SCHEMA_TYPE_MISMATCH, problem, m, query, sqlValue);
      }
      String baseColumn = base.getBaseColumnName(i);
      if (baseColumn != null
          && !baseColumn.isEmpty()
          && rejectsNull(c)
          && result.isNullable(i) == ResultSetMetaData.columnNullable
          && !isView(base.getBaseSchemaName(i), base.getBaseTableName(i))) {
        String from = base.getBaseTableName(i) + "." + baseColumn;
        diagnostics.error(
            Diagnostics.SCHEMA_NULLABLE_COLUMN,
            nullableProblem(where + " (" + from + ")", record.displayName() + "." + c.path, c)
                + " (or @NonNull if the query never yields NULL there)",
            m,
            query,
            sqlValue);
      }
    }
  }

  /**
   * The types PostgreSQL infers for the parameters ({@code integer}, {@code mpaa_rating}), from a
   * PREPARE (parsed and planned, never executed) and pg_prepared_statements; empty when every
   * parameter has a declared type, which needs no look-up. pgjdbc reports no parameter types for
   * {@code $n} it did not write itself.
   */
  private List<String> parameterTypes(String sql, List<String> declared) throws SQLException {
    if (!declared.contains(null)) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    try (Statement s = catalog.connection().createStatement()) {
      s.setEscapeProcessing(false);
      s.execute("PREPARE sluice_describe AS " + sql);
      try (ResultSet r =
          s.executeQuery(
              "SELECT unnest(parameter_types)::text FROM pg_prepared_statements"
                  + " WHERE name = 'sluice_describe'")) {
        while (r.next()) {
          out.add(r.getString(1));
        }
      } finally {
        s.execute("DEALLOCATE sluice_describe");
      }
    }
    return out;
  }

  /** Whether the relation a result column comes from is a view (nullability unknown). */
  private boolean isView(String schema, String table) throws SQLException {
    Relation relation = catalog.relation(schema == null ? "" : schema, table);
    return relation == null || relation.isView;
  }

  /** The type of result column {@code i}, or null if the catalog does not know its name. */
  private Type resultType(ResultSetMetaData result, int i) throws SQLException {
    String name = result.getColumnTypeName(i);
    // pgjdbc names an integer column whose default is nextval(…) after the serial pseudo-type.
    switch (name) {
      case "serial":
        name = "int4";
        break;
      case "bigserial":
        name = "int8";
        break;
      case "smallserial":
        name = "int2";
        break;
      default:
        break;
    }
    return catalog.typeByName(name);
  }

  // ---------------------------------------------------------------------------------------------
  // Types

  /**
   * Why the component's reader cannot hold a column of {@code type} without loss, or null if it
   * can. Enums are compared label by label with PostgreSQL enums (reported on the enum).
   */
  private String typeProblem(ValueReader reader, Type type, String where, String component)
      throws SQLException {
    ValueReader r = reader;
    while (r instanceof ValueReader.OptionalOf) {
      r = ((ValueReader.OptionalOf) r).value;
    }
    if (r instanceof ValueReader.EnumOf || r instanceof ValueReader.EnumListOf) {
      boolean list = r instanceof ValueReader.EnumListOf;
      ClassName enumClass =
          list ? ((ValueReader.EnumListOf) r).enumClass : ((ValueReader.EnumOf) r).enumClass;
      boolean enumColumn = list ? type.isArray && type.enumOid != 0 : type.isEnum;
      if (enumColumn) {
        checkEnum(enumClass, type);
        return null;
      }
      if (list ? TEXT_ARRAYS.contains(type.oidName) : TEXT_TYPES.contains(type.oidName)) {
        return null;
      }
      return where
          + " is "
          + type.display
          + ", which "
          + component
          + " cannot hold: enums read PostgreSQL enums or text";
    }
    List<String> accepted = r.oids();
    if (accepted.isEmpty() || accepted.contains(type.oidName)) {
      return null;
    }
    ScalarType natural = naturalJavaType(type.oidName);
    return where
        + " is "
        + type.display
        + ", which "
        + component
        + " cannot hold without loss"
        + (natural == null
            ? ""
            : "; use " + (type.isArray ? "List<" + natural.boxed() + ">" : natural.type));
  }

  /** The first Java type of the table that holds {@code oidName} (no String), or null. */
  private static ScalarType naturalJavaType(String oidName) {
    boolean array = oidName.endsWith("_ARRAY");
    String element = array ? oidName.substring(0, oidName.length() - "_ARRAY".length()) : oidName;
    for (ScalarType s : ScalarType.values()) {
      // In declaration order: the narrowest type that holds it (int for integer, not long).
      if (s != ScalarType.STRING && s.oids().contains(element)) {
        return s;
      }
    }
    return null;
  }

  /** Compares a Java enum with a PostgreSQL enum both ways, once per pair; reports on the enum. */
  private void checkEnum(ClassName enumClass, Type type) throws SQLException {
    TypeElement e = elements.getTypeElement(enumClass.canonicalName());
    if (e == null || !checkedEnums.add(enumClass.canonicalName() + " " + type.enumOid)) {
      return;
    }
    List<String> labels = catalog.enumLabels(type.enumOid);
    Set<String> constants = new LinkedHashSet<>(javaLabels(e));
    List<String> noLabel = new ArrayList<>();
    for (String c : constants) {
      if (!labels.contains(c)) {
        noLabel.add(c);
      }
    }
    List<String> noConstant = new ArrayList<>();
    for (String label : labels) {
      if (!constants.contains(label)) {
        noConstant.add(label);
      }
    }
    String pgName = type.display.endsWith("[]") ? type.display.replace("[]", "") : type.display;
    if (!noLabel.isEmpty()) {
      diagnostics.error(
          Diagnostics.SCHEMA_ENUM_MISMATCH,
          e.getSimpleName()
              + " has "
              + String.join(", ", noLabel)
              + ", which "
              + (noLabel.size() == 1 ? "is no label" : "are no labels")
              + " of the PostgreSQL enum "
              + pgName
              + " ("
              + String.join(", ", labels)
              + "); rename "
              + (noLabel.size() == 1 ? "it" : "them")
              + " or give @Label the label",
          e);
    }
    if (!noConstant.isEmpty()) {
      diagnostics.error(
          Diagnostics.SCHEMA_ENUM_MISMATCH,
          "the PostgreSQL enum "
              + pgName
              + " has "
              + (noConstant.size() == 1 ? "label " : "labels ")
              + String.join(", ", noConstant)
              + ", which "
              + e.getSimpleName()
              + " has no constant for; add "
              + (noConstant.size() == 1 ? "one" : "them")
              + " (with @Label if the label is no Java name)",
          e);
    }
  }

  /** The labels of a Java enum's constants: {@code @Label} or the name. */
  private static List<String> javaLabels(TypeElement e) {
    List<String> out = new ArrayList<>();
    for (Element member : e.getEnclosedElements()) {
      if (member.getKind() != ElementKind.ENUM_CONSTANT) {
        continue;
      }
      AnnotationMirror label = Annotations.find(member, Annotations.LABEL);
      out.add(
          label == null
              ? member.getSimpleName().toString()
              : Annotations.stringValue(label, "value"));
    }
    return out;
  }

  private static boolean rejectsNull(ColumnModel c) {
    return c.rejectsNull() && Annotations.find(c.element, Annotations.NON_NULL) == null;
  }

  private static String nullableProblem(String where, ColumnModel c) {
    return nullableProblem(where, c.path, c);
  }

  private static String nullableProblem(String where, String component, ColumnModel c) {
    boolean primitive = c.type.isPrimitive();
    return where
        + " is nullable but component "
        + component
        + (primitive
            ? " is primitive; use " + c.type.box() + " with @Nullable, or Optional"
            : " is not @Nullable; annotate it @Nullable or use Optional");
  }

  // ---------------------------------------------------------------------------------------------
  // Parameters

  /**
   * The Java type bound to {@code :a.b.c}, Optional unwrapped; null if a converter stands between
   * (its column type is the converter's business) or the path does not resolve.
   */
  private static TypeMirror parameterType(ExecutableElement m, String[] path) {
    TypeMirror current = null;
    for (VariableElement p : m.getParameters()) {
      if (p.getSimpleName().contentEquals(path[0])) {
        current = p.asType();
      }
    }
    for (int k = 1; k < path.length && current != null; k++) {
      RecordComponentElement found = null;
      if (current.getKind() == TypeKind.DECLARED
          && ((DeclaredType) current).asElement().getKind() == ElementKind.RECORD) {
        for (RecordComponentElement c :
            ((TypeElement) ((DeclaredType) current).asElement()).getRecordComponents()) {
          if (c.getSimpleName().contentEquals(path[k])) {
            found = c;
          }
        }
      }
      if (found == null || Annotations.find(found, Annotations.CONVERT) != null) {
        return null;
      }
      current = found.getAccessor().getReturnType();
    }
    if (current != null && current.getKind() == TypeKind.DECLARED) {
      DeclaredType d = (DeclaredType) current;
      if (((TypeElement) d.asElement()).getQualifiedName().contentEquals("java.util.Optional")
          && d.getTypeArguments().size() == 1) {
        current = d.getTypeArguments().get(0);
      }
    }
    return current;
  }

  /**
   * The type name the runtime declares in Parse for a value of {@code type} (as {@code
   * dev.sluice.driver.ParameterEncoder.declaredOid} does), or null for none (0, unspecified):
   * Strings, enums and everything the server should infer.
   */
  static String declaredType(TypeMirror type) {
    if (type == null) {
      return null;
    }
    switch (type.getKind()) {
      case INT:
        return "int4";
      case LONG:
        return "int8";
      case SHORT:
        return "int2";
      case BOOLEAN:
        return "bool";
      case DOUBLE:
        return "float8";
      case FLOAT:
        return "float4";
      case ARRAY:
        TypeMirror component = ((javax.lang.model.type.ArrayType) type).getComponentType();
        switch (component.getKind()) {
          case BYTE:
            return "bytea";
          case INT:
            return "_int4";
          case LONG:
            return "_int8";
          case SHORT:
            return "_int2";
          case DOUBLE:
            return "_float8";
          case FLOAT:
            return "_float4";
          case BOOLEAN:
            return "_bool";
          default:
            return null;
        }
      case DECLARED:
        break;
      default:
        return null;
    }
    String name = ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString();
    switch (name) {
      case "java.lang.Integer":
        return "int4";
      case "java.lang.Long":
        return "int8";
      case "java.lang.Short":
        return "int2";
      case "java.lang.Boolean":
        return "bool";
      case "java.lang.Double":
        return "float8";
      case "java.lang.Float":
        return "float4";
      case "java.math.BigDecimal":
      case "java.math.BigInteger":
        return "numeric";
      case "java.util.UUID":
        return "uuid";
      case "java.time.LocalDate":
        return "date";
      case "java.time.LocalTime":
        return "time";
      case "java.time.OffsetTime":
        return "timetz";
      case "java.time.LocalDateTime":
        return "timestamp";
      case "java.time.Instant":
      case "java.time.OffsetDateTime":
      case "java.time.ZonedDateTime":
        return "timestamptz";
      case "dev.sluice.Interval":
      case "java.time.Duration":
      case "java.time.Period":
        return "interval";
      case "java.net.InetAddress":
      case "java.net.Inet4Address":
      case "java.net.Inet6Address":
      case "dev.sluice.InetNetwork":
        return "inet";
      default:
        return null;
    }
  }

  private static TypeElement enumElement(TypeMirror type) {
    if (type.getKind() == TypeKind.DECLARED
        && ((DeclaredType) type).asElement().getKind() == ElementKind.ENUM) {
      return (TypeElement) ((DeclaredType) type).asElement();
    }
    return null;
  }

  private static String simpleName(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED
        ? ((DeclaredType) type).asElement().getSimpleName().toString()
        : type.toString();
  }

  /** Whether the source SQL casts {@code :name} right after it ({@code :d::date}), anywhere. */
  private static boolean castAfter(ParsedSql parsed, String name, String sourceSql) {
    for (Occurrence o : parsed.occurrences) {
      if (o.name.equals(name) && sourceSql.startsWith("::", o.offset + 1 + name.length())) {
        return true;
      }
    }
    return false;
  }

  // ---------------------------------------------------------------------------------------------
  // Errors PostgreSQL reports

  /** PostgreSQL's error, its position mapped back to the {@code :name} text with the fragment. */
  private static String badSql(
      ExecutableElement m, PSQLException e, SqlPositions described, String sourceSql) {
    ServerErrorMessage error = e.getServerErrorMessage();
    String message = error == null ? e.getMessage() : error.getMessage();
    StringBuilder out =
        new StringBuilder("PostgreSQL rejects the SQL of ")
            .append(m.getSimpleName())
            .append(": ")
            .append(message);
    if (error != null && error.getPosition() > 0) {
      int offset = described.sourceOffset(error.getPosition() - 1);
      out.append(" at \"")
          .append(SqlPositions.fragment(sourceSql, offset))
          .append("\" (character ")
          .append(offset + 1)
          .append(')');
    }
    if (error != null && error.getSQLState() != null) {
      out.append(" [SQLSTATE ").append(error.getSQLState()).append(']');
    }
    if (error != null && error.getDetail() != null) {
      out.append("; detail: ").append(error.getDetail());
    }
    if (error != null && error.getHint() != null) {
      out.append("; hint: ").append(error.getHint());
    }
    return out.toString();
  }
}
