package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Batches of a plain INSERT … VALUES as multi-row inserts (rewrite_batched_inserts), the form a
 * batch takes when its array form cannot: here because of the enum column, whose type has no array
 * type the driver knows (see driver.ArrayBatchInsertTest for the array form).
 */
@PgTest
class BatchRewriteTest {
  enum Mood {
    sad,
    ok
  }

  private static Database db;

  @BeforeAll
  static void connect(TestDatabase tdb) {
    db = Database.builder().url(tdb.url() + "?rewrite_batched_inserts=true").maxPoolSize(1).build();
    db.executeScript(
        "CREATE TYPE mood AS ENUM ('sad', 'ok');"
            + "CREATE TABLE item (id int PRIMARY KEY, name text NOT NULL, mood mood)");
  }

  @AfterAll
  static void close() {
    db.close();
  }

  @BeforeEach
  void empty() {
    db.execute("TRUNCATE item");
  }

  private static List<Object[]> rows(int n) {
    List<Object[]> rows = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      rows.add(new Object[] {i, "item " + i, i % 2 == 0 ? Mood.ok : Mood.sad});
    }
    return rows;
  }

  private static long count(String sql, Object... params) {
    return db.queryOne(sql, TestDecoders.LONG, params).orElseThrow();
  }

  @Test
  void tenThousandRowsGoInAsMultiRowStatements() {
    long[] counts =
        db.executeBatch("INSERT INTO item (id, name, mood) VALUES ($1, $2, $3)", rows(10_000));
    assertThat(counts).hasSize(10_000).containsOnly(1L);
    assertThat(count("SELECT count(*) FROM item")).isEqualTo(10_000);
    assertThat(count("SELECT count(*) FROM item WHERE mood = 'ok' AND name = 'item ' || id"))
        .isEqualTo(5_000);
    // 10,000 = 78 × 128 + 16: two statement shapes, prepared once each on the connection, and the
    // single-row statement, prepared (never executed) for its parameter types.
    assertThat(
            count(
                "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE 'INSERT INTO item%'"))
        .isEqualTo(3);
    assertThat(
            count(
                "SELECT count(*) FROM pg_prepared_statements"
                    + " WHERE statement LIKE 'INSERT INTO item%unnest%'"))
        .isZero();
    assertThat(
            count(
                "SELECT max(generic_plans + custom_plans) FROM pg_prepared_statements WHERE statement LIKE 'INSERT INTO item%'"))
        .isEqualTo(78);
  }

  @Test
  void aFailingRowLeavesNoRowsAndTheErrorNamesItsGroup() {
    List<Object[]> rows = rows(10_000);
    rows.set(9_998, new Object[] {1, "duplicate of row 1", null}); // row 9,999
    PgException e =
        catchThrowableOfType(
            () -> db.executeBatch("INSERT INTO item (id, name, mood) VALUES ($1, $2, $3)", rows),
            PgException.class);
    assertThat(e.sqlState()).isEqualTo("23505");
    assertThat(e.getMessage()).contains("batch rows 9985-10000 of 10000");
    assertThat(e.detail()).contains("(id)=(1)");
    assertThat(count("SELECT count(*) FROM item")).isZero();
  }

  @Test
  void returningOnConflictAndOddRowsRunRowByRow() {
    long[] returning =
        db.executeBatch(
            "INSERT INTO item (id, name) VALUES ($1, $2) RETURNING id",
            Arrays.asList(new Object[] {1, "a"}, new Object[] {2, "b"}));
    assertThat(returning).containsExactly(1, 1);
    long[] conflict =
        db.executeBatch(
            "INSERT INTO item (id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            Arrays.asList(new Object[] {2, "b"}, new Object[] {3, "c"}));
    assertThat(conflict).containsExactly(0, 1);
    assertThat(count("SELECT count(*) FROM item")).isEqualTo(3);
  }

  @Test
  void aTriggerThatSkipsRowsMakesTheGroupsCountsUnknown() {
    db.executeScript(
        "CREATE FUNCTION skip_odd() RETURNS trigger LANGUAGE plpgsql AS"
            + " $$ BEGIN IF NEW.id % 2 = 1 THEN RETURN NULL; END IF; RETURN NEW; END $$;"
            + "CREATE TRIGGER skip_odd BEFORE INSERT ON item FOR EACH ROW EXECUTE FUNCTION skip_odd()");
    try {
      long[] counts =
          db.executeBatch(
              "INSERT INTO item (id, name, mood) VALUES ($1, $2, $3)",
              Arrays.asList(
                  new Object[] {1, "a", Mood.ok},
                  new Object[] {2, "b", Mood.ok},
                  new Object[] {4, "d", Mood.sad}));
      // Groups of 2 (rows 1-2: one skipped) and 1 (row 3: kept).
      assertThat(counts).containsExactly(-1, -1, 1);
      assertThat(count("SELECT count(*) FROM item")).isEqualTo(2);
    } finally {
      db.executeScript("DROP TRIGGER skip_odd ON item; DROP FUNCTION skip_odd()");
    }
  }

  @Test
  void withoutTheOptionEveryRowIsItsOwnExecution(TestDatabase tdb) {
    try (Database plain = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      long[] counts =
          plain.executeBatch(
              "INSERT INTO item (id, name) VALUES ($1, $2)",
              Arrays.asList(new Object[] {1, "a"}, new Object[] {2, "b"}));
      assertThat(counts).containsExactly(1, 1);
      assertThat(
              plain.queryOne(
                  "SELECT max(generic_plans + custom_plans) FROM pg_prepared_statements"
                      + " WHERE statement = 'INSERT INTO item (id, name) VALUES ($1, $2)'",
                  TestDecoders.LONG))
          .contains(2L);
    }
  }
}
