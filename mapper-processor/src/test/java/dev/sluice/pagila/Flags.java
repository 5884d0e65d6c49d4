package dev.sluice.pagila;

import static dev.sluice.pagila.JdbcRows.rows;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/** The scratch table of {@link Flag} that the DSL safety tests write, and how they read it back. */
final class Flags {
  private Flags() {}

  /** Every row as "id:n", in id order: what a statement changed shows in it. */
  static final String ALL = "SELECT string_agg(id || ':' || n, ',' ORDER BY id) FROM flag";

  /**
   * (Re)creates flag: 50 rows, ids 1..50; a for odd ids, b for ids above 25, c never; n = id; label
   * "row id"; tags {t(id % 3)}.
   */
  static void create(Connection jdbc) throws SQLException {
    try (Statement s = jdbc.createStatement()) {
      s.execute("DROP TABLE IF EXISTS flag");
      s.execute(
          "CREATE TABLE flag (id int PRIMARY KEY, a boolean NOT NULL, b boolean NOT NULL,"
              + " c boolean NOT NULL, n int NOT NULL, label text, tags text[])");
      s.execute(
          "INSERT INTO flag SELECT i, i % 2 = 1, i > 25, false, i, 'row ' || i,"
              + " ARRAY['t' || (i % 3)] FROM generate_series(1, 50) i");
    }
  }

  static int count(Connection jdbc) throws SQLException {
    return Integer.parseInt(rows(jdbc, "SELECT count(*) FROM flag").get(0));
  }

  /** The table's rows as {@link #ALL} gives them. */
  static String all(Connection jdbc) throws SQLException {
    return rows(jdbc, ALL).get(0);
  }

  /** The ids of the rows {@code where} (SQL) matches, in order. */
  static List<String> ids(Connection jdbc, String where) throws SQLException {
    return rows(jdbc, "SELECT id FROM flag WHERE " + where + " ORDER BY id");
  }
}
