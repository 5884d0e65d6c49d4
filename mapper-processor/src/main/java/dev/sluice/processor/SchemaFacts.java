package dev.sluice.processor;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * Every fact the schema checks read about a schema, and nothing else: the checks never see a
 * connection. Three implementations answer: {@link LiveFacts} asks PostgreSQL over one pgjdbc
 * connection (live or migrations mode), {@link RecordingFacts} passes the live answers on and
 * writes them to a snapshot file (or compares them with one), and {@link SnapshotFacts} answers
 * from a snapshot file with no server at all.
 *
 * <p>Every answer is a plain value that a snapshot can write as text and read back equal: names,
 * never OIDs, which differ from server to server. A lookup that finds nothing answers null (or an
 * empty list), never an exception; {@link SQLException} means the source itself failed, and {@link
 * SnapshotFacts.SnapshotException} that a snapshot cannot answer.
 */
interface SchemaFacts {
  /**
   * The statement {@code sql} (parameters written {@code $1}, {@code $2}, …) described with the
   * declared parameter types {@code declared} (pgjdbc's names, {@code int4}; null for a parameter
   * left to inference): Parse and Describe, never executed. {@code jdbcSql} is the same statement
   * as pgjdbc takes it; it is derived from {@code sql} and is no part of the key.
   */
  Description describe(String sql, String jdbcSql, List<String> declared) throws SQLException;

  /** The relation {@code name} in {@code schema} ("" for the search path), or null if none. */
  Relation relation(String schema, String name) throws SQLException;

  /** The names of the relations in {@code schema} ("" for those the search path shows), sorted. */
  List<String> relationNames(String schema) throws SQLException;

  /** The type pgjdbc names {@code name} ({@code int4}, {@code _text}, {@code "public"."year"}). */
  Type typeByName(String name) throws SQLException;

  /**
   * The attributes of the composite type {@code typeName} (pgjdbc's name, or PostgreSQL's {@code
   * format_type}; of an array type, its element's) as a relation: a {@code CREATE TYPE … AS} type
   * or a table's row type. Null when the type is no composite (nor an array of one).
   */
  Relation compositeType(String typeName) throws SQLException;

  /** The labels of the enum type {@code enumName} ({@link Type#enumName}), in their sort order. */
  List<String> enumLabels(String enumName) throws SQLException;

  /** A type as the checks compare it: a domain is its base type. */
  final class Type {
    /** The base type's name, as {@code Oids} names it: {@code INT4}, {@code TEXT_ARRAY}. */
    final String oidName;

    /** As PostgreSQL prints the declared type: {@code integer}, {@code year}, {@code text[]}. */
    final String display;

    /** Whether the base type is an enum; its name is then {@link #enumName}. */
    final boolean isEnum;

    /**
     * The enum (or, for an array of enums, the element's) as {@code regtype} prints it under the
     * search path ({@code mpaa_rating}, {@code other.mood}); null for other types.
     */
    final String enumName;

    /** Whether the type is an array. */
    final boolean isArray;

    Type(String oidName, String display, boolean isEnum, String enumName, boolean isArray) {
      this.oidName = oidName;
      this.display = display;
      this.isEnum = isEnum;
      this.enumName = enumName;
      this.isArray = isArray;
    }
  }

  /** A column of a relation. */
  final class Column {
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
  final class Relation {
    /** {@code schema.name} for messages. */
    final String qualifiedName;

    /** In attribute order. */
    final Map<String, Column> columns;

    /** The names of its BEFORE INSERT … FOR EACH ROW triggers, sorted. */
    final List<String> insertTriggers;

    /** A view or materialized view: its columns' nullability is unknown (never NOT NULL). */
    final boolean isView;

    Relation(
        String qualifiedName,
        Map<String, Column> columns,
        List<String> insertTriggers,
        boolean isView) {
      this.isView = isView;
      this.qualifiedName = qualifiedName;
      this.columns = columns;
      this.insertTriggers = insertTriggers;
    }
  }

  /**
   * What describing a statement gave: the parameter types PostgreSQL inferred, and either its
   * result columns (none, {@link #columns} null, for a statement without rows) or the error it was
   * refused with.
   */
  final class Description {
    /**
     * The type of each {@code $n} as PostgreSQL prints it ({@code integer}, {@code mpaa_rating});
     * empty when every parameter has a declared type, which needs no look-up.
     */
    final List<String> parameterTypes;

    /** The result's columns in order; null for a statement that returns no rows. */
    final List<ResultColumn> columns;

    /** Why PostgreSQL refused the statement; null when it was described. */
    final SqlError error;

    Description(List<String> parameterTypes, List<ResultColumn> columns, SqlError error) {
      this.parameterTypes = parameterTypes;
      this.columns = columns;
      this.error = error;
    }
  }

  /** A column of a described result. */
  final class ResultColumn {
    final String label;

    /** pgjdbc's name of its type ({@code int4}, {@code mpaa_rating}, {@code "public"."year"}). */
    final String typeName;

    /** Where a base column stands behind it; empty strings (never null) for a computed column. */
    final String baseSchema;

    final String baseTable;
    final String baseColumn;

    /** Whether it may be NULL, as far as the facts tell. */
    final ColumnNullness nullness;

    /**
     * For a NULLABLE column, the one thing in the plan that makes it so ("the nullable side of the
     * outer join with address"), where the inference names it; else null.
     */
    final String cause;

    ResultColumn(
        String label,
        String typeName,
        String baseSchema,
        String baseTable,
        String baseColumn,
        ColumnNullness nullness) {
      this(label, typeName, baseSchema, baseTable, baseColumn, nullness, null);
    }

    ResultColumn(
        String label,
        String typeName,
        String baseSchema,
        String baseTable,
        String baseColumn,
        ColumnNullness nullness,
        String cause) {
      this.cause = cause;
      this.label = label;
      this.typeName = typeName;
      this.baseSchema = baseSchema;
      this.baseTable = baseTable;
      this.baseColumn = baseColumn;
      this.nullness = nullness;
    }
  }

  /** PostgreSQL's error for a statement it refused, as the checks report it. */
  final class SqlError {
    /** The SQLSTATE, or null. */
    final String sqlState;

    final String message;

    /** 1-based position in the described {@code $n} text; 0 when PostgreSQL gave none. */
    final int position;

    /** Or null. */
    final String detail;

    /** Or null. */
    final String hint;

    SqlError(String sqlState, String message, int position, String detail, String hint) {
      this.sqlState = sqlState;
      this.message = message;
      this.position = position;
      this.detail = detail;
      this.hint = hint;
    }
  }
}
