package dev.sluice.pagila;

import static dev.sluice.dsl.Dsl.select;
import static dev.sluice.dsl.Dsl.selectFrom;
import static dev.sluice.dsl.Expressions.unsafeSql;
import static dev.sluice.dsl.Expressions.value;
import static dev.sluice.dsl.Tables.cte;
import static dev.sluice.dsl.Tables.recursiveCte;
import static dev.sluice.dsl.Tables.recursiveCteDistinct;
import static dev.sluice.pagila.CategoryTreeTable.CATEGORY_TREE;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.JdbcRows.ids;
import static dev.sluice.pagila.JdbcRows.rows;
import static dev.sluice.pagila.JdbcRows.text;
import static dev.sluice.pagila.JdbcRows.texts;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.Database;
import dev.sluice.dsl.Cte;
import dev.sluice.dsl.Expression;
import dev.sluice.dsl.FetchStep;
import dev.sluice.dsl.SelectField;
import dev.sluice.dsl.Table;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Recursive CTEs ({@code WITH RECURSIVE}) on Pagila and on a category hierarchy the test creates,
 * each checked against the same query written in SQL through pgjdbc.
 */
@PgTest(pagila = true)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DslRecursiveTest {
  private Database db;
  private Connection jdbc;

  @BeforeAll
  void connect(TestDatabase tdb) throws SQLException {
    db = Database.connect(tdb.url());
    jdbc = tdb.jdbc();
    try (Statement s = jdbc.createStatement()) {
      s.execute("DROP TABLE IF EXISTS category_tree");
      s.execute("CREATE TABLE category_tree(id int PRIMARY KEY, parent int, name text NOT NULL)");
      // Two roots; Movies has a subtree three levels deep, Music one child.
      s.execute(
          "INSERT INTO category_tree VALUES (1, NULL, 'Movies'), (2, 1, 'Drama'),"
              + " (3, 1, 'Comedy'), (4, 2, 'Period Drama'), (5, 4, 'Regency'),"
              + " (6, 3, 'Satire'), (7, NULL, 'Music'), (8, 7, 'Jazz')");
    }
  }

  @AfterAll
  void close() throws SQLException {
    try (Statement s = jdbc.createStatement()) {
      s.execute("DROP TABLE category_tree");
    }
    jdbc.close();
    db.close();
  }

  @Test
  void aNumberSeriesAsAProjectionWithItsLimitBound() throws SQLException {
    SelectField<Integer> x = value(1).as("x");
    Cte<Table<Integer>> n =
        recursiveCte(
            "n",
            select(x),
            self ->
                select(unsafeSql(Integer.class, "? + 1", self.field(x)))
                    .from(self.table())
                    .where(self.field(x).lt(12)));
    FetchStep<Integer> q = db.with(n).select(n.field(x)).from(n.table());
    assertThat(q.bindValues()).containsExactly(1, 12);
    assertThat(texts(q.fetch()))
        .hasSize(12)
        .isEqualTo(
            rows(
                jdbc,
                "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?)"
                    + " SELECT x FROM n",
                12));

    // The series as a subquery of a Pagila query, after the CTE's own values.
    List<Film> films =
        db.with(n)
            .selectFrom(FILM)
            .where(FILM.filmId.in(select(n.field(x)).from(n.table())), FILM.length.gt((short) 60))
            .orderBy(FILM.filmId.asc())
            .fetch();
    assertThat(ids(films))
        .isNotEmpty()
        .isEqualTo(
            rows(
                jdbc,
                "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 12)"
                    + " SELECT film_id FROM film WHERE film_id IN (SELECT x FROM n)"
                    + " AND length > 60 ORDER BY film_id"));
  }

  @Test
  void aSubtreeOfATablesRowsReadThroughItsTypedColumns() throws SQLException {
    Cte<CategoryTreeTable> subtree =
        recursiveCte(
            "subtree",
            CATEGORY_TREE,
            selectFrom(CATEGORY_TREE).where(CATEGORY_TREE.name.eq("Movies")),
            self ->
                selectFrom(CATEGORY_TREE)
                    .join(self.table())
                    .on(CATEGORY_TREE.parent.eq(self.table().id)));
    CategoryTreeTable t = subtree.table();
    List<CategoryTree> nodes =
        db.with(subtree).selectFrom(t).where(t.parent.isNotNull()).orderBy(t.name.asc()).fetch();
    List<String> actual = new ArrayList<>();
    for (CategoryTree c : nodes) {
      actual.add(text(c.id(), c.parent(), c.name()));
    }
    assertThat(actual)
        .containsExactly("3|1|Comedy", "2|1|Drama", "4|2|Period Drama", "5|4|Regency", "6|3|Satire")
        .isEqualTo(
            rows(
                jdbc,
                "WITH RECURSIVE subtree AS (SELECT * FROM category_tree WHERE name = 'Movies'"
                    + " UNION ALL SELECT c.* FROM category_tree c JOIN subtree s ON c.parent = s.id)"
                    + " SELECT * FROM subtree WHERE parent IS NOT NULL ORDER BY name"));
  }

  @Test
  void pathsAndDepthsAsARecordWithAnotherCteInTheSameWith() throws SQLException {
    SelectField<Integer> depth = value(1).as("depth");
    SelectField<String> path = CATEGORY_TREE.name.as("path");
    Cte<Table<CategoryPath>> paths =
        recursiveCte(
            "paths",
            select(CategoryPath.class, CATEGORY_TREE.id, path, depth)
                .from(CATEGORY_TREE)
                .where(CATEGORY_TREE.parent.isNull()),
            self ->
                select(
                        CategoryPath.class,
                        CATEGORY_TREE.id,
                        unsafeSql(
                                String.class,
                                "? || ' / ' || ?",
                                self.field(path),
                                CATEGORY_TREE.name)
                            .as("path"),
                        unsafeSql(Integer.class, "? + 1", self.field(depth)).as("depth"))
                    .from(CATEGORY_TREE)
                    .join(self.table())
                    .on(CATEGORY_TREE.parent.eq(self.field(CATEGORY_TREE.id))));
    Expression<Integer> d = paths.field(depth);
    Cte<Table<CategoryPath>> deep =
        cte(
            "deep",
            select(CategoryPath.class, paths.field(CATEGORY_TREE.id), paths.field(path), d)
                .from(paths.table())
                .where(d.ge(3)));
    FetchStep<CategoryPath> q =
        db.with(paths, deep).selectFrom(deep.table()).orderBy(deep.field(paths.field(path)).asc());
    assertThat(q.toSql()).startsWith("WITH RECURSIVE paths AS (SELECT ");
    assertThat(q.bindValues()).containsExactly(1, 3);
    List<String> actual = new ArrayList<>();
    for (CategoryPath p : q.fetch()) {
      actual.add(text(p.id(), p.path(), p.depth()));
    }
    assertThat(actual)
        .containsExactly(
            "6|Movies / Comedy / Satire|3",
            "4|Movies / Drama / Period Drama|3",
            "5|Movies / Drama / Period Drama / Regency|4")
        .isEqualTo(
            rows(
                jdbc,
                "WITH RECURSIVE paths(id, path, depth) AS ("
                    + "SELECT id, name, 1 FROM category_tree WHERE parent IS NULL"
                    + " UNION ALL SELECT c.id, p.path || ' / ' || c.name, p.depth + 1"
                    + " FROM category_tree c JOIN paths p ON c.parent = p.id)"
                    + " SELECT * FROM paths WHERE depth >= 3 ORDER BY path"));
  }

  @Test
  void unionStopsAWalkAtACycle() throws SQLException {
    // Jazz (8) made the parent of Music (7): 7 -> 8 -> 7 -> … ends with UNION, not UNION ALL.
    try (Statement s = jdbc.createStatement()) {
      s.execute("UPDATE category_tree SET parent = 8 WHERE id = 7");
    }
    try {
      Cte<CategoryTreeTable> walk =
          recursiveCteDistinct(
              "walk",
              CATEGORY_TREE,
              selectFrom(CATEGORY_TREE).where(CATEGORY_TREE.id.eq(7)),
              self ->
                  selectFrom(CATEGORY_TREE)
                      .join(self.table())
                      .on(CATEGORY_TREE.parent.eq(self.table().id)));
      List<Integer> ids =
          db.with(walk)
              .select(walk.table().id)
              .from(walk.table())
              .orderBy(walk.table().id.asc())
              .fetch();
      assertThat(texts(ids))
          .containsExactly("7", "8")
          .isEqualTo(
              rows(
                  jdbc,
                  "WITH RECURSIVE walk AS (SELECT * FROM category_tree WHERE id = 7"
                      + " UNION SELECT c.* FROM category_tree c JOIN walk w ON c.parent = w.id)"
                      + " SELECT id FROM walk ORDER BY id"));
    } finally {
      try (Statement s = jdbc.createStatement()) {
        s.execute("UPDATE category_tree SET parent = NULL WHERE id = 7");
      }
    }
  }
}
