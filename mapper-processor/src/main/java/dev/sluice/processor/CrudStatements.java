package dev.sluice.processor;

import static dev.sluice.annotations.Identifiers.quote;

import java.util.ArrayList;
import java.util.List;

/**
 * The text of the INSERT, UPDATE and DELETE a DAO runs for a {@code @Table} record: column names
 * in, SQL out, table and column names quoted where PostgreSQL needs it (by {@link
 * dev.sluice.annotations.Identifiers}, the rule the DSL quotes by too). Pure, with no
 * javax.lang.model in sight, so its output is tested as text.
 *
 * <p>Each statement numbers its parameters {@code $1, $2, …} in the order its method documents; the
 * caller must bind its values in that same order, or each column gets another's value.
 */
final class CrudStatements {
  /** The table as SQL text: {@code film}, {@code public."Order"}. */
  private final String table;

  /** Statements for {@code table} in {@code schema}; an empty schema is the search_path's. */
  CrudStatements(String schema, String table) {
    this.table = schema.isEmpty() ? quote(table) : quote(schema) + "." + quote(table);
  }

  /** The table as the statements name it, for messages. */
  String table() {
    return table;
  }

  /**
   * {@code INSERT INTO t (a, b) VALUES ($1, $2)}, parameters in the order of {@code columns}; with
   * no columns (every one is generated), {@code INSERT INTO t DEFAULT VALUES}. Ends {@code
   * RETURNING} the {@code returning} columns, unless there are none.
   */
  String insert(List<String> columns, List<String> returning) {
    StringBuilder sql = new StringBuilder("INSERT INTO ").append(table);
    if (columns.isEmpty()) {
      sql.append(" DEFAULT VALUES");
    } else {
      List<String> parameters = new ArrayList<>();
      for (int i = 1; i <= columns.size(); i++) {
        parameters.add("$" + i);
      }
      sql.append(" (")
          .append(columnList(columns))
          .append(") VALUES (")
          .append(String.join(", ", parameters))
          .append(')');
    }
    return returning(sql, returning);
  }

  /**
   * {@code UPDATE t SET a = $1, b = $2 WHERE id = $3}: the parameters are the {@code set} columns,
   * then the {@code ids}, then the {@code version} column if not null. A version is also set to
   * {@code version + 1} and compared in the WHERE. With nothing to set, the statement sets the
   * first id to itself: it changes nothing but still tells whether the row exists. Ends {@code
   * RETURNING} the {@code returning} columns, unless there are none.
   *
   * @param set the columns set from parameters: neither ids nor the version
   * @param ids the primary key's columns, at least one
   */
  String update(List<String> set, List<String> ids, String version, List<String> returning) {
    requireIds("an UPDATE", ids);
    List<String> assignments = new ArrayList<>();
    int n = 0;
    for (String c : set) {
      assignments.add(quote(c) + " = $" + ++n);
    }
    if (version != null) {
      assignments.add(quote(version) + " = " + quote(version) + " + 1");
    }
    if (assignments.isEmpty()) {
      assignments.add(quote(ids.get(0)) + " = " + quote(ids.get(0)));
    }
    StringBuilder sql =
        new StringBuilder("UPDATE ")
            .append(table)
            .append(" SET ")
            .append(String.join(", ", assignments))
            .append(" WHERE ")
            .append(conditions(ids, version, n));
    return returning(sql, returning);
  }

  /**
   * {@code DELETE FROM t WHERE id = $1}: the parameters are the {@code ids}, then the {@code
   * version} column if not null.
   *
   * @param ids the primary key's columns, at least one
   */
  String delete(List<String> ids, String version) {
    requireIds("a DELETE", ids);
    return "DELETE FROM " + table + " WHERE " + conditions(ids, version, 0);
  }

  /** {@code id = $n+1 AND … AND version = $m}: the parameters after the first {@code n}. */
  private static String conditions(List<String> ids, String version, int n) {
    List<String> conditions = new ArrayList<>();
    for (String c : ids) {
      conditions.add(quote(c) + " = $" + ++n);
    }
    if (version != null) {
      conditions.add(quote(version) + " = $" + ++n);
    }
    return String.join(" AND ", conditions);
  }

  private static String returning(StringBuilder sql, List<String> columns) {
    if (!columns.isEmpty()) {
      sql.append(" RETURNING ").append(columnList(columns));
    }
    return sql.toString();
  }

  /**
   * {@code COPY t (a, b) FROM STDIN (FORMAT binary)}: what an {@code @Insert(copy = true)} runs
   * (the runtime builds it again from the table metadata; this text names it in messages).
   */
  String copyIn(List<String> columns) {
    return "COPY " + table + " (" + columnList(columns) + ") FROM STDIN (FORMAT binary)";
  }

  private static String columnList(List<String> columns) {
    List<String> quoted = new ArrayList<>();
    for (String c : columns) {
      quoted.add(quote(c));
    }
    return String.join(", ", quoted);
  }

  private void requireIds(String statement, List<String> ids) {
    if (ids.isEmpty()) {
      throw new IllegalArgumentException(
          statement + " of " + table + " finds its row by id, and there are no id columns");
    }
  }
}
