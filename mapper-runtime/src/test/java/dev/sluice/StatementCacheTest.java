package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The per-connection cache of named prepared statements, observed from the server's side. */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StatementCacheTest {
  private static final Object[] NONE = new Object[0];

  private static PgConnection connect(TestDatabase tdb, int cacheSize) {
    return PgConnection.connect(
        ConnectionConfig.builder().url(tdb.url()).statementCacheSize(cacheSize).build(), null);
  }

  private static <T> List<T> query(
      PgConnection c, String sql, RowDecoder<T> decoder, Object... params) {
    List<T> out = new ArrayList<>();
    c.query(sql, params, decoder, out);
    return out;
  }

  @Test
  void theSameSqlIsParsedOnceAndExecutedFromTheCache(TestDatabase tdb) {
    try (PgConnection c = connect(tdb, 16)) {
      String sql = "SELECT 1 AS cached_one";
      assertThat(query(c, sql, TestDecoders.INT)).containsExactly(1);
      assertThat(query(c, sql, TestDecoders.INT)).containsExactly(1);
      assertThat(query(c, sql, TestDecoders.INT)).containsExactly(1);
      // The first run used the unnamed statement; the second named it, and it ran from the cache
      // since: one server-side statement with that text, run twice (each run makes one plan).
      List<List<String>> rows =
          query(
              c,
              "SELECT count(*)::text, sum(generic_plans + custom_plans)::text FROM pg_prepared_statements"
                  + " WHERE statement = $1",
              TestDecoders.ALL_STRINGS,
              sql);
      assertThat(rows).containsExactly(List.of("1", "2"));
    }
  }

  @Test
  void valuesThatDoNotFitTheFirstCallsTypesGetAStatementOfTheirOwn(TestDatabase tdb) {
    try (PgConnection c = connect(tdb, 16)) {
      // Parse declared $1 as int4 (from the Integer); a Long beyond int4 needs an int8 variant,
      // which is named on its second use as any statement is.
      String sql = "SELECT $1::int8 AS v";
      assertThat(query(c, sql, TestDecoders.LONG, 1)).containsExactly(1L);
      assertThat(query(c, sql, TestDecoders.LONG, 1)).containsExactly(1L);
      assertThat(query(c, sql, TestDecoders.LONG, 5_000_000_000L)).containsExactly(5_000_000_000L);
      assertThat(query(c, sql, TestDecoders.LONG, 5_000_000_000L)).containsExactly(5_000_000_000L);
      assertThat(query(c, sql, TestDecoders.LONG, 2)).containsExactly(2L);
      assertThat(
              query(
                  c,
                  "SELECT count(*) FROM pg_prepared_statements WHERE statement = $1",
                  TestDecoders.LONG,
                  sql))
          .containsExactly(2L);

      // A widening needs no new statement: an Integer for a bigint column.
      c.simpleQuery("CREATE TABLE big (id int8 PRIMARY KEY)");
      String insert = "INSERT INTO big VALUES ($1)";
      c.execute(insert, new Object[] {5_000_000_000L});
      c.execute(insert, new Object[] {7});
      assertThat(
              query(
                  c,
                  "SELECT count(*) FROM pg_prepared_statements WHERE statement = $1",
                  TestDecoders.LONG,
                  insert))
          .containsExactly(1L);
      assertThat(query(c, "SELECT id FROM big ORDER BY id", TestDecoders.LONG))
          .containsExactly(7L, 5_000_000_000L);
    }
  }

  @Test
  void variantsCountTowardsTheCapacity(TestDatabase tdb) {
    try (PgConnection c = connect(tdb, 3)) {
      for (Object v : new Object[] {(short) 1, 2, 3L, new java.math.BigDecimal("4.5"), 5.5, 6.5f}) {
        query(c, "SELECT $1::text AS v", TestDecoders.ALL_STRINGS, v);
        assertThat(c.cachedStatements()).isLessThanOrEqualTo(3);
      }
      assertThat(query(c, "SELECT count(*) FROM pg_prepared_statements", TestDecoders.LONG).get(0))
          .isLessThanOrEqualTo(3L);
    }
  }

  @Test
  void evictedStatementsAreClosedOnTheServer(TestDatabase tdb) {
    try (PgConnection c = connect(tdb, 2)) {
      for (int i = 1; i <= 5; i++) {
        assertThat(query(c, "SELECT " + i, TestDecoders.INT)).containsExactly(i);
        assertThat(c.cachedStatements()).isLessThanOrEqualTo(2);
      }
      String count = "SELECT count(*) FROM pg_prepared_statements";
      assertThat(query(c, count, TestDecoders.LONG).get(0)).isLessThanOrEqualTo(2L);
      assertThat(query(c, "SELECT 1", TestDecoders.INT)).containsExactly(1);
      assertThat(query(c, "SELECT 2", TestDecoders.INT)).containsExactly(2);
      assertThat(query(c, count, TestDecoders.LONG).get(0)).isLessThanOrEqualTo(2L);
      assertThat(
              query(
                  c,
                  "SELECT count(*) FROM pg_prepared_statements WHERE statement = 'SELECT 5'",
                  TestDecoders.LONG))
          .containsExactly(0L);
    }
  }

  @Test
  void ddlOutsideATransactionIsRepreparedTransparently(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE TABLE ddl_out (a int); INSERT INTO ddl_out VALUES (1)");
    try (PgConnection c = connect(tdb, 16)) {
      assertThat(query(c, "SELECT * FROM ddl_out", TestDecoders.ALL_STRINGS))
          .containsExactly(List.of("1"));
      tdb.execute("ALTER TABLE ddl_out ADD COLUMN b text DEFAULT 'bee'");
      assertThat(query(c, "SELECT * FROM ddl_out", TestDecoders.COLUMN_NAMES))
          .containsExactly(List.of("a", "b"));
      assertThat(query(c, "SELECT * FROM ddl_out", TestDecoders.ALL_STRINGS))
          .containsExactly(List.of("1", "bee"));
      // forEach and execute re-prepare too.
      tdb.execute("ALTER TABLE ddl_out ADD COLUMN c int DEFAULT 3");
      List<List<String>> seen = new ArrayList<>();
      c.forEach("SELECT * FROM ddl_out", NONE, TestDecoders.ALL_STRINGS, seen::add);
      assertThat(seen).containsExactly(List.of("1", "bee", "3"));
      tdb.execute("ALTER TABLE ddl_out ADD COLUMN d int");
      assertThat(c.execute("SELECT * FROM ddl_out", NONE)).isEqualTo(1);
    }
  }

  @Test
  void ddlInsideATransactionFailsItAndEvictsTheStatement(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE TABLE ddl_in (a int); INSERT INTO ddl_in VALUES (1)");
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      for (int i = 0; i < 2; i++) { // the second use names and caches the statement
        assertThat(db.query("SELECT * FROM ddl_in", TestDecoders.ALL_STRINGS))
            .containsExactly(List.of("1"));
      }
      tdb.execute("ALTER TABLE ddl_in ADD COLUMN b int DEFAULT 2");
      PgException e =
          catchThrowableOfType(
              () ->
                  db.transaction(tx -> tx.query("SELECT * FROM ddl_in", TestDecoders.ALL_STRINGS)),
              PgException.class);
      assertThat(e.sqlState()).isEqualTo("0A000");
      assertThat(e.routine()).isEqualTo("RevalidateCachedQuery");
      // The statement was evicted: the next use, in or out of a transaction, prepares it afresh.
      List<List<String>> inTx =
          db.transaction(tx -> tx.query("SELECT * FROM ddl_in", TestDecoders.ALL_STRINGS));
      assertThat(inTx).containsExactly(List.of("1", "2"));
      assertThat(db.query("SELECT * FROM ddl_in", TestDecoders.ALL_STRINGS))
          .containsExactly(List.of("1", "2"));
      assertThat(db.poolSize()).isEqualTo(1);
    }
  }

  @Test
  void aFailedPrepareLeavesNoStatementBehind(TestDatabase tdb) {
    try (PgConnection c = connect(tdb, 16)) {
      catchThrowableOfType(
          () -> query(c, "SELECT no_such_column", TestDecoders.INT), PgException.class);
      assertThat(c.cachedStatements()).isZero();
      // Nothing named on the server (the count query itself runs unnamed on its first use).
      assertThat(query(c, "SELECT count(*) FROM pg_prepared_statements", TestDecoders.LONG))
          .containsExactly(0L);
    }
  }
}
