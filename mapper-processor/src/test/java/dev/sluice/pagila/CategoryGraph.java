package dev.sluice.pagila;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The category_tree the SEARCH and CYCLE tests create: a tree under Movies where depth-first and
 * breadth-first orders differ, and a loop (7 and 8 each the other's parent, 9 under 8) that a walk
 * with UNION ALL would follow forever.
 */
final class CategoryGraph {
  private CategoryGraph() {}

  static void create(Connection jdbc) throws SQLException {
    try (Statement s = jdbc.createStatement()) {
      s.execute("DROP TABLE IF EXISTS category_tree");
      s.execute("CREATE TABLE category_tree(id int PRIMARY KEY, parent int, name text NOT NULL)");
      s.execute(
          "INSERT INTO category_tree VALUES (1, NULL, 'Movies'), (2, 1, 'Drama'),"
              + " (3, 1, 'Comedy'), (4, 2, 'Period'), (5, 3, 'Satire'), (6, 2, 'Noir'),"
              + " (7, 8, 'Loop A'), (8, 7, 'Loop B'), (9, 8, 'Loop child')");
    }
  }

  static void drop(Connection jdbc) throws SQLException {
    try (Statement s = jdbc.createStatement()) {
      s.execute("DROP TABLE IF EXISTS category_tree");
    }
  }
}
