package dev.sluice.processor;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the schema checks read from PostgreSQL's catalog, over one pgjdbc connection, each lookup
 * made once per compilation (the schema does not change while javac runs): relations, their
 * columns, BEFORE INSERT row triggers, types by name and enum labels.
 */
final class SchemaCatalog {
  /** A type as the checks compare it: a domain is its base type. */
  static final class Type {
    /** The base type's name, as {@code Oids} names it: {@code INT4}, {@code TEXT_ARRAY}. */
    final String oidName;

    /** As PostgreSQL prints the declared type: {@code integer}, {@code year}, {@code text[]}. */
    final String display;

    /** Whether the base type is an enum; its OID is then {@link #enumOid}. */
    final boolean isEnum;

    /** The enum (or, for an array of enums, the element's) OID; 0 for other types. */
    final long enumOid;

    /** Whether the type is an array. */
    final boolean isArray;

    Type(String oidName, String display, boolean isEnum, long enumOid, boolean isArray) {
      this.oidName = oidName;
      this.display = display;
      this.isEnum = isEnum;
      this.enumOid = enumOid;
      this.isArray = isArray;
    }
  }

  /** A column of a relation. */
  static final class Column {
    final String name;
    final Type type;

    /** NOT NULL on the column, or on its domain. */
    final boolean notNull;

    /** {@code a} GENERATED ALWAYS, {@code d} BY DEFAULT AS IDENTITY, or 0. */
    final char identity;

    /** Whether it is a stored generated column ({@code GENERATED ALWAYS AS (…) STORED}). */
    final boolean generated;

    final boolean hasDefault;

    Column(
        String name,
        Type type,
        boolean notNull,
        char identity,
        boolean generated,
        boolean hasDefault) {
      this.name = name;
      this.type = type;
      this.notNull = notNull;
      this.identity = identity;
      this.generated = generated;
      this.hasDefault = hasDefault;
    }
  }

  /** A table, view or other relation and its columns. */
  static final class Relation {
    final long oid;

    /** {@code schema.name} for messages. */
    final String qualifiedName;

    final Map<String, Column> columns;

    /** The names of its BEFORE INSERT … FOR EACH ROW triggers. */
    final List<String> insertTriggers;

    /** A view or materialized view: its columns' nullability is unknown (never NOT NULL). */
    final boolean isView;

    Relation(
        long oid,
        String qualifiedName,
        Map<String, Column> columns,
        List<String> insertTriggers,
        boolean isView) {
      this.oid = oid;
      this.isView = isView;
      this.qualifiedName = qualifiedName;
      this.columns = columns;
      this.insertTriggers = insertTriggers;
    }
  }

  private static final String RELATION_KINDS = "('r', 'v', 'm', 'p', 'f')";

  private static final String TYPE_COLUMNS =
      "b.typname, b.typtype, e.typname, e.typtype, CASE WHEN b.typtype = 'e' THEN b.oid"
          + " WHEN e.typtype = 'e' THEN e.oid ELSE 0 END";

  private static final String TYPE_JOINS =
      " JOIN pg_type b ON b.oid = CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END"
          + " LEFT JOIN pg_type e ON e.oid = b.typelem AND b.typcategory = 'A'";

  private final Connection connection;
  private final Map<String, Relation> relations = new HashMap<>();
  private final Map<String, List<String>> relationNames = new HashMap<>();
  private final Map<String, Type> typesByName = new HashMap<>();
  private final Map<Long, List<String>> enumLabels = new HashMap<>();

  SchemaCatalog(Connection connection) {
    this.connection = connection;
  }

  Connection connection() {
    return connection;
  }

  /** The relation {@code name} in {@code schema} ("" for the search path), or null if none. */
  Relation relation(String schema, String name) throws SQLException {
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
                  oid,
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

  /** The names of the relations in {@code schema} ("" for those the search path shows). */
  List<String> relationNames(String schema) throws SQLException {
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
                + " AND CASE WHEN ? = '' THEN pg_table_is_visible(c.oid) ELSE n.nspname = ? END")) {
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

  /** The type pgjdbc names {@code name} ({@code int4}, {@code _text}, {@code "public"."year"}). */
  Type typeByName(String name) throws SQLException {
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

  /** The labels of the enum type {@code oid}, in their sort order. */
  List<String> enumLabels(long oid) throws SQLException {
    List<String> cached = enumLabels.get(oid);
    if (cached != null) {
      return cached;
    }
    List<String> out = new ArrayList<>();
    try (PreparedStatement s =
        connection.prepareStatement(
            "SELECT enumlabel FROM pg_enum WHERE enumtypid = ? ORDER BY enumsortorder")) {
      s.setLong(1, oid);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          out.add(r.getString(1));
        }
      }
    }
    enumLabels.put(oid, out);
    return out;
  }

  private Map<String, Column> columns(long relation) throws SQLException {
    Map<String, Column> out = new java.util.LinkedHashMap<>();
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
                + " AND tgtype & 7 = 7 ORDER BY tgname")) {
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
    return new Type(oidName, display, isEnum, r.getLong(first + 4), isArray);
  }
}
