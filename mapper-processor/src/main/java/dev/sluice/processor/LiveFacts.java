package dev.sluice.processor;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.postgresql.PGResultSetMetaData;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * The schema facts read from PostgreSQL over one pgjdbc connection: statements described (pgjdbc
 * Parse and Describe, never executed), parameter types from a PREPARE, and the catalog: relations,
 * their columns, BEFORE INSERT row triggers, types by name and enum labels. Each catalog lookup is
 * made once per compilation (the schema does not change while javac runs).
 */
final class LiveFacts implements SchemaFacts {
  private static final String RELATION_KINDS = "('r', 'v', 'm', 'p', 'f')";

  /**
   * The base type, its kind, the array element and its kind, and the enum's regtype text. A range
   * (or multirange) created over the subtype of a built-in range counts as that built-in range, as
   * the driver reads it (it has the same binary form).
   */
  private static final String TYPE_COLUMNS =
      asBuiltInRange("b")
          + ", b.typtype, "
          + asBuiltInRange("e")
          + ", e.typtype, CASE WHEN b.typtype = 'e' THEN b.oid::regtype"
          + "::text WHEN e.typtype = 'e' THEN e.oid::regtype::text END";

  /**
   * The name of type {@code t}, or of the built-in range (multirange) whose subtype is that of the
   * range (multirange) {@code t} when {@code t} was created in the database.
   */
  private static String asBuiltInRange(String t) {
    return "COALESCE("
        + builtInOfSubtype(t, "rngtypid")
        + ", "
        + builtInOfSubtype(t, "rngmultitypid")
        + ", "
        + t
        + ".typname)";
  }

  /**
   * The name of the built-in type in {@code pg_range} column {@code kind} (the range, or its
   * multirange) of the subtype of the created type {@code t} found in that column; NULL if none.
   */
  private static String builtInOfSubtype(String t, String kind) {
    return "(SELECT bt.typname FROM pg_range ur JOIN pg_range br ON br.rngsubtype = ur.rngsubtype"
        + " AND br."
        + kind
        + " < 16384 JOIN pg_type bt ON bt.oid = br."
        + kind
        + " WHERE ur."
        + kind
        + " = "
        + t
        + ".oid AND "
        + t
        + ".oid >= 16384)";
  }

  /**
   * The base type (through domains over domains) and, for an array, its element's base type: an
   * array of domains ({@code posint[]}) is checked as an array of the domain's base type, which is
   * how the driver reads it.
   */
  private static final String TYPE_JOINS =
      " JOIN pg_type b ON b.oid = "
          + baseOf("t.oid")
          + " LEFT JOIN pg_type e ON b.typcategory = 'A' AND e.oid = "
          + baseOf("b.typelem");

  /** A scalar subquery: the type {@code oid} names, or the base type its domains come down to. */
  private static String baseOf(String oid) {
    return "(WITH RECURSIVE w(o, depth) AS (SELECT "
        + oid
        + ", 0 UNION ALL SELECT d.typbasetype, w.depth + 1 FROM w JOIN pg_type d ON d.oid = w.o"
        + " WHERE d.typtype = 'd') SELECT o FROM w ORDER BY depth DESC LIMIT 1)";
  }

  private final Connection connection;
  private final Map<String, Relation> relations = new HashMap<>();
  private final Map<String, List<String>> relationNames = new HashMap<>();
  private final Map<String, Type> typesByName = new HashMap<>();
  private final Map<String, List<String>> enumLabels = new HashMap<>();

  LiveFacts(Connection connection) {
    this.connection = connection;
  }

  /** {@code SHOW server_version}, for a snapshot's header. */
  String serverVersion() throws SQLException {
    return show("server_version");
  }

  /** {@code SHOW search_path}: it decides what unqualified names mean, so it keys each fact. */
  String searchPath() throws SQLException {
    return show("search_path");
  }

  private String show(String setting) throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet r = s.executeQuery("SHOW " + setting)) {
      r.next();
      return r.getString(1);
    }
  }

  @Override
  public Description describe(String sql, String jdbcSql, List<String> declared)
      throws SQLException {
    List<String> parameters;
    List<ResultColumn> columns;
    try (PreparedStatement s = connection.prepareStatement(jdbcSql)) {
      try {
        ResultSetMetaData result = s.getMetaData();
        parameters = parameterTypes(sql, declared);
        columns = result == null ? null : columns(result);
      } catch (PSQLException e) {
        return new Description(List.of(), null, sqlError(e));
      }
    }
    if (columns != null) {
      columns =
          withInferredNullness(
              columns, NullabilityInference.inferWithCauses(connection, sql, declared));
    }
    return new Description(parameters, columns, null);
  }

  /**
   * Each column's nullness as the checks decide it: with a plan, {@link NullabilityInference}'s
   * answer, where UNKNOWN stays UNKNOWN (rejected from a non-null component: where inference cannot
   * decide, nullable is the answer) unless the column is a nullable base column, which is NULLABLE
   * whatever the plan; without one (EXPLAIN or PREPARE refused the statement: a statement it cannot
   * explain, more than one statement), a nullable base column stays NULLABLE and every other column
   * is UNPLANNED, accepted with a warning, as pgjdbc's NOT NULL does not see outer joins. A
   * NULLABLE column that is not a nullable base column carries the cause the inference names, if
   * any. What it answers is recorded in a snapshot like every other fact.
   */
  private static List<ResultColumn> withInferredNullness(
      List<ResultColumn> columns, NullabilityInference.Inferred answer) {
    List<ColumnNullness> inferred = answer.nullness;
    List<ResultColumn> out = new ArrayList<>(columns.size());
    for (int i = 0; i < columns.size(); i++) {
      ResultColumn c = columns.get(i);
      ColumnNullness n;
      if (c.nullness == ColumnNullness.NULLABLE) {
        n =
            i < inferred.size() && inferred.get(i) == ColumnNullness.NON_NULL
                ? ColumnNullness.NON_NULL
                : ColumnNullness.NULLABLE;
      } else if (inferred.isEmpty()) {
        n = ColumnNullness.UNPLANNED;
      } else {
        n = i < inferred.size() ? inferred.get(i) : ColumnNullness.UNKNOWN;
      }
      // A nullable base column is its own cause, as its message names it: nothing to record.
      String cause =
          n == ColumnNullness.NULLABLE
                  && c.nullness != ColumnNullness.NULLABLE
                  && i < answer.causes.size()
              ? answer.causes.get(i)
              : null;
      out.add(
          n == c.nullness && cause == null
              ? c
              : new ResultColumn(
                  c.label, c.typeName, c.baseSchema, c.baseTable, c.baseColumn, n, cause));
    }
    return out;
  }

  /**
   * The result's columns; a base column of a table (not a view) is NON_NULL or NULLABLE by its
   * {@code attnotnull}, anything else UNKNOWN.
   */
  private List<ResultColumn> columns(ResultSetMetaData result) throws SQLException {
    PGResultSetMetaData base = result.unwrap(PGResultSetMetaData.class);
    List<ResultColumn> out = new ArrayList<>();
    for (int i = 1; i <= result.getColumnCount(); i++) {
      String baseColumn = orEmpty(base.getBaseColumnName(i));
      String baseSchema = orEmpty(base.getBaseSchemaName(i));
      String baseTable = orEmpty(base.getBaseTableName(i));
      ColumnNullness nullness = ColumnNullness.UNKNOWN;
      if (!baseColumn.isEmpty()) {
        Relation relation = relation(baseSchema, baseTable);
        int nullable = result.isNullable(i);
        if (relation != null && !relation.isView && nullable == ResultSetMetaData.columnNullable) {
          nullness = ColumnNullness.NULLABLE;
        } else if (relation != null
            && !relation.isView
            && nullable == ResultSetMetaData.columnNoNulls) {
          nullness = ColumnNullness.NON_NULL;
        }
      }
      out.add(
          new ResultColumn(
              result.getColumnLabel(i),
              result.getColumnTypeName(i),
              baseSchema,
              baseTable,
              baseColumn,
              nullness));
    }
    return out;
  }

  /**
   * The types PostgreSQL infers for the parameters ({@code integer}, {@code mpaa_rating}), from a
   * PREPARE (parsed and planned, never executed) and pg_prepared_statements; empty when every
   * parameter has a declared type, which needs no look-up. pgjdbc reports no parameter types for
   * {@code $n} it did not write itself.
   */
  List<String> parameterTypes(String sql, List<String> declared) throws SQLException {
    if (!leavesTypesToServer(sql, declared)) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    try (Statement s = connection.createStatement()) {
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

  /**
   * Whether PostgreSQL infers the type of some {@code $n}: one declared null, or one past the end
   * of the list. Asked by a loop, as {@code List.of(…).contains(null)} throws instead of answering.
   */
  private static boolean leavesTypesToServer(String sql, List<String> declared) {
    try {
      if (declared.size() < GenericPlan.parameterCount(sql)) {
        return true;
      }
    } catch (IllegalArgumentException e) {
      return true; // SQL the lexer cannot read: PREPARE says what is wrong with it
    }
    for (String type : declared) {
      if (type == null) {
        return true;
      }
    }
    return false;
  }

  private static SqlError sqlError(PSQLException e) {
    ServerErrorMessage error = e.getServerErrorMessage();
    if (error == null) {
      return new SqlError(null, e.getMessage(), 0, null, null);
    }
    return new SqlError(
        error.getSQLState(),
        error.getMessage(),
        error.getPosition(),
        error.getDetail(),
        error.getHint());
  }

  @Override
  public Relation relation(String schema, String name) throws SQLException {
    String key = schema + "." + name;
    if (relations.containsKey(key)) {
      return relations.get(key);
    }
    Relation relation = null;
    try (PreparedStatement s =
        connection.prepareStatement(
            "SELECT c.oid, n.nspname, c.relname, c.relkind IN ('v', 'm') FROM pg_class c"
                + " JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE c.relname = ? AND c.relkind IN "
                + RELATION_KINDS
                + " AND CASE WHEN ? = '' THEN pg_table_is_visible(c.oid) ELSE n.nspname = ? END")) {
      s.setString(1, name);
      s.setString(2, schema);
      s.setString(3, schema);
      try (ResultSet r = s.executeQuery()) {
        if (r.next()) {
          long oid = r.getLong(1);
          relation =
              new Relation(
                  r.getString(2) + "." + r.getString(3),
                  columns(oid),
                  insertTriggers(oid),
                  r.getBoolean(4));
        }
      }
    }
    relations.put(key, relation);
    return relation;
  }

  @Override
  public List<String> relationNames(String schema) throws SQLException {
    List<String> cached = relationNames.get(schema);
    if (cached != null) {
      return cached;
    }
    List<String> out = new ArrayList<>();
    try (PreparedStatement s =
        connection.prepareStatement(
            "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE c.relkind IN "
                + RELATION_KINDS
                + " AND CASE WHEN ? = '' THEN pg_table_is_visible(c.oid) ELSE n.nspname = ? END"
                + " ORDER BY c.relname COLLATE \"C\"")) {
      s.setString(1, schema);
      s.setString(2, schema);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          out.add(r.getString(1));
        }
      }
    }
    relationNames.put(schema, out);
    return out;
  }

  @Override
  public Type typeByName(String name) throws SQLException {
    if (typesByName.containsKey(name)) {
      return typesByName.get(name);
    }
    Type type = null;
    try (PreparedStatement s =
        connection.prepareStatement(
            "SELECT "
                + TYPE_COLUMNS
                + ", format_type(t.oid, NULL) FROM pg_type t"
                + TYPE_JOINS
                + " WHERE t.oid = to_regtype(?)")) {
      s.setString(1, name);
      try (ResultSet r = s.executeQuery()) {
        if (r.next()) {
          type = type(r, 1, r.getString(6));
        }
      }
    }
    typesByName.put(name, type);
    return type;
  }

  @Override
  public Relation compositeType(String typeName) throws SQLException {
    String key = "composite " + typeName;
    if (relations.containsKey(key)) {
      return relations.get(key);
    }
    Relation relation = null;
    try (PreparedStatement s =
        connection.prepareStatement(
            "SELECT c.oid, n.nspname, c.relname FROM pg_type t"
                + " LEFT JOIN pg_type e ON e.oid = t.typelem AND t.typcategory = 'A'"
                + " JOIN pg_class c ON c.oid = CASE WHEN t.typrelid <> 0 THEN t.typrelid"
                + " ELSE e.typrelid END"
                + " JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE t.oid = to_regtype(?)")) {
      s.setString(1, typeName);
      try (ResultSet r = s.executeQuery()) {
        if (r.next()) {
          relation =
              new Relation(
                  r.getString(2) + "." + r.getString(3), columns(r.getLong(1)), List.of(), false);
        }
      }
    }
    relations.put(key, relation);
    return relation;
  }

  @Override
  public List<String> enumLabels(String enumName) throws SQLException {
    List<String> cached = enumLabels.get(enumName);
    if (cached != null) {
      return cached;
    }
    List<String> out = new ArrayList<>();
    try (PreparedStatement s =
        connection.prepareStatement(
            "SELECT enumlabel FROM pg_enum WHERE enumtypid = to_regtype(?) ORDER BY enumsortorder")) {
      s.setString(1, enumName);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          out.add(r.getString(1));
        }
      }
    }
    enumLabels.put(enumName, out);
    return out;
  }

  private Map<String, Column> columns(long relation) throws SQLException {
    Map<String, Column> out = new LinkedHashMap<>();
    try (PreparedStatement s =
        connection.prepareStatement(
            "SELECT a.attname, a.attnotnull OR (t.typtype = 'd' AND t.typnotnull),"
                + " a.attidentity, a.attgenerated, a.atthasdef,"
                + " format_type(a.atttypid, a.atttypmod), "
                + TYPE_COLUMNS
                + " FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid"
                + TYPE_JOINS
                + " WHERE a.attrelid = ? AND a.attnum > 0 AND NOT a.attisdropped"
                + " ORDER BY a.attnum")) {
      s.setLong(1, relation);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          String identity = r.getString(3);
          String generated = r.getString(4);
          out.put(
              r.getString(1),
              new Column(
                  r.getString(1),
                  type(r, 7, r.getString(6)),
                  r.getBoolean(2),
                  identity == null || identity.isEmpty() ? 0 : identity.charAt(0),
                  generated != null && !generated.isEmpty(),
                  r.getBoolean(5)));
        }
      }
    }
    return out;
  }

  private List<String> insertTriggers(long relation) throws SQLException {
    List<String> out = new ArrayList<>();
    // tgtype bits: 1 = FOR EACH ROW, 2 = BEFORE, 4 = INSERT.
    try (PreparedStatement s =
        connection.prepareStatement(
            "SELECT tgname FROM pg_trigger WHERE tgrelid = ? AND NOT tgisinternal"
                + " AND tgtype & 7 = 7 ORDER BY tgname COLLATE \"C\"")) {
      s.setLong(1, relation);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          out.add(r.getString(1));
        }
      }
    }
    return out;
  }

  /** A Type from the five TYPE_COLUMNS starting at {@code first}. */
  private static Type type(ResultSet r, int first, String display) throws SQLException {
    String base = r.getString(first);
    String element = r.getString(first + 2);
    boolean isArray = element != null;
    String oidName = (isArray ? element + "_array" : base).toUpperCase(Locale.ROOT);
    boolean isEnum = "e".equals(r.getString(first + 1));
    return new Type(oidName, display, isEnum, r.getString(first + 4), isArray);
  }

  private static String orEmpty(String s) {
    return s == null ? "" : s;
  }
}
