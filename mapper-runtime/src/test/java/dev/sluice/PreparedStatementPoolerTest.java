package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Sluice's default (named) statement mode through a transaction-pooling proxy that tracks
 * protocol-level prepared statements as PgBouncer 1.21+ does ({@link
 * TransactionPooler#withPreparedStatements}, {@link PoolerStatements}): statements are prepared by
 * the client once and used across transactions that land on different backends. Each test runs in
 * the named mode and in the tracked mode (which also describes each portal and checks its columns).
 */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PreparedStatementPoolerTest {
  private static final Object[] NONE = new Object[0];

  /** A connection in {@code mode} (named or tracked), with more {@code keywords} ("a=b&c=d"). */
  private static PgConnection connect(TransactionPooler pooler, String mode, String keywords) {
    String url =
        pooler.url() + "?statement_mode=" + mode + (keywords.isEmpty() ? "" : "&" + keywords);
    return PgConnection.connect(ConnectionConfig.builder().url(url).build(), null);
  }

  private static <T> List<T> query(PgConnection c, String sql, RowDecoder<T> d, Object... p) {
    List<T> out = new ArrayList<>();
    c.query(sql, p, d, out);
    return out;
  }

  @ParameterizedTest
  @ValueSource(strings = {"named", "tracked"})
  void aStatementPreparedOnceRunsOnEveryBackend(String mode, TestDatabase tdb) throws Exception {
    try (TransactionPooler pooler = TransactionPooler.withPreparedStatements(tdb, 2);
        PgConnection c = connect(pooler, mode, "")) {
      String sql = "SELECT $1::int4 + pg_backend_pid() * 0 AS n, pg_backend_pid() AS pid";
      Set<Integer> pids = new HashSet<>();
      for (int i = 0; i < 8; i++) {
        List<List<String>> rows = query(c, sql, TestDecoders.ALL_STRINGS, i);
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).get(0)).isEqualTo(Integer.toString(i));
        pids.add(Integer.parseInt(rows.get(0).get(1)));
      }
      // The calls ran on both backends, one loan each from the third (the first use runs
      // unnamed, the second prepares the name: a round trip each).
      assertThat(pids).containsExactlyInAnyOrderElementsOf(pooler.backendPids());
      // The client parsed the text three times (unnamed twice on its first use, then named once);
      // the named statement reached each backend once.
      assertThat(pooler.clientMessages('P')).isEqualTo(3);
      assertThat(pooler.serverParses()).isEqualTo(2);
      assertThat(
              query(
                  c,
                  "SELECT count(*)::int FROM pg_prepared_statements WHERE name LIKE 'PGBOUNCER_%'",
                  TestDecoders.INT))
          .containsExactly(1);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"named", "tracked"})
  void aOneShotStatementNeverBindsAnotherClientsUnnamedStatement(String mode, TestDatabase tdb)
      throws Exception {
    try (TransactionPooler pooler = TransactionPooler.withPreparedStatements(tdb, 2);
        PgConnection a = connect(pooler, mode, "");
        PgConnection b = connect(pooler, mode, "")) {
      // a's first use leaves its text as the unnamed statement of the first backend ...
      assertThat(query(a, "SELECT $1::int4 * 1000", TestDecoders.INT, 5)).containsExactly(5000);
      assertThat(query(a, "SELECT $1::int4 * 1000", TestDecoders.INT, 6)).containsExactly(6000);
      assertThat(query(a, "SELECT $1::int4 * 1000", TestDecoders.INT, 7)).containsExactly(7000);
      assertThat(query(a, "SELECT $1::int4 * 1000", TestDecoders.INT, 8)).containsExactly(8000);
      // ... and b's first use of another text is described on the other backend, then bound on
      // the first, where a's unnamed statement (same parameter and column types) waits.
      for (int i = 0; i < 4; i++) {
        String sql = "SELECT $1::int4 + " + i;
        assertThat(query(b, sql, TestDecoders.INT, 5)).as(sql).containsExactly(5 + i);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"named", "tracked"})
  void clientsShareTheBackendsStatementsAndEvictionsAreAnsweredByThePooler(
      String mode, TestDatabase tdb) throws Exception {
    try (TransactionPooler pooler = TransactionPooler.withPreparedStatements(tdb, 2);
        PgConnection a = connect(pooler, mode, "statement_cache_size=2");
        PgConnection b = connect(pooler, mode, "statement_cache_size=2")) {
      for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 4; i++) {
          String sql = "SELECT $1::int4 * " + (i + 2);
          for (int use = 0; use < 3; use++) {
            assertThat(query(a, sql, TestDecoders.INT, round)).containsExactly(round * (i + 2));
            assertThat(query(b, sql, TestDecoders.INT, use)).containsExactly(use * (i + 2));
          }
        }
      }
      // Each client's cache of two closed statements as it went: the pooler answered every Close,
      // and prepared each text at most once per backend.
      assertThat(pooler.clientMessages('C')).isGreaterThan(0);
      assertThat(pooler.serverParses()).isLessThanOrEqualTo(4 * 2);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"named", "tracked"})
  void errorsLeaveTheConnectionAndThePoolerInStep(String mode, TestDatabase tdb) throws Exception {
    tdb.execute("DROP TABLE IF EXISTS tracked");
    tdb.execute("CREATE TABLE tracked (k int PRIMARY KEY)");
    try (TransactionPooler pooler = TransactionPooler.withPreparedStatements(tdb, 2);
        Database db = Database.connect(pooler.url() + "?statement_mode=" + mode)) {
      String insert = "INSERT INTO tracked VALUES ($1)";
      for (int i = 0; i < 4; i++) {
        db.execute(insert, i);
      }
      // An error at Execute of a named statement, outside and inside a transaction.
      PgException dup = catchThrowableOfType(() -> db.execute(insert, 1), PgException.class);
      assertThat(dup.sqlState()).isEqualTo("23505");
      PgException inTx =
          catchThrowableOfType(
              () ->
                  db.useTransaction(
                      tx -> {
                        tx.execute(insert, 10);
                        tx.execute(insert, 2);
                      }),
              PgException.class);
      assertThat(inTx.sqlState()).isEqualTo("23505");
      // An error at Parse, twice (the second time the text is named), then the statements go on.
      for (int i = 0; i < 2; i++) {
        PgException syntax =
            catchThrowableOfType(
                () -> db.query("SELEC k FROM tracked", TestDecoders.INT), PgException.class);
        assertThat(syntax.sqlState()).isEqualTo("42601");
      }
      for (int i = 4; i < 8; i++) {
        db.execute(insert, i);
      }
      assertThat(db.query("SELECT k FROM tracked ORDER BY k", TestDecoders.INT))
          .containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"named", "tracked"})
  void batchesPipelinesAndStreamsRunThroughIt(String mode, TestDatabase tdb) throws Exception {
    tdb.execute("DROP TABLE IF EXISTS tracked_batch");
    tdb.execute("CREATE TABLE tracked_batch (k int PRIMARY KEY, v text)");
    try (TransactionPooler pooler = TransactionPooler.withPreparedStatements(tdb, 2);
        Database db = Database.connect(pooler.url() + "?statement_mode=" + mode)) {
      for (int round = 0; round < 3; round++) {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
          rows.add(new Object[] {round * 100 + i, "v" + i});
        }
        long[] counts = db.executeBatch("INSERT INTO tracked_batch VALUES ($1, $2)", rows);
        assertThat(counts).hasSize(100).containsOnly(1L);
      }
      List<Object[]> clash = List.of(new Object[] {1000, "a"}, new Object[] {5, "dup"});
      PgException e =
          catchThrowableOfType(
              () -> db.executeBatch("INSERT INTO tracked_batch VALUES ($1, $2)", clash),
              PgException.class);
      assertThat(e.sqlState()).isEqualTo("23505");

      for (int round = 0; round < 3; round++) {
        int r = round;
        List<Pipelined<Long>> results =
            db.pipeline(
                p -> {
                  List<Pipelined<Long>> out = new ArrayList<>();
                  out.add(p.execute("UPDATE tracked_batch SET v = $1 WHERE k = $2", "p" + r, r));
                  out.add(p.execute("INSERT INTO tracked_batch VALUES ($1, $2)", 5, "dup"));
                  out.add(p.execute("DELETE FROM tracked_batch WHERE k = $1", 299 - r));
                  return out;
                });
        assertThat(results.get(0).get()).isEqualTo(1);
        PgException failed = catchThrowableOfType(results.get(1)::get, PgException.class);
        assertThat(failed.sqlState()).isEqualTo("23505");
        assertThat(results.get(2).get()).isEqualTo(1);
      }
      assertThat(db.query("SELECT count(*)::int FROM tracked_batch", TestDecoders.INT))
          .containsExactly(297);
      assertThat(
              db.query("SELECT v FROM tracked_batch WHERE k < 3 ORDER BY k", TestDecoders.STRING))
          .containsExactly("p0", "p1", "p2");

      for (int round = 0; round < 3; round++) {
        try (Stream<Integer> s =
            db.stream(
                "SELECT k FROM tracked_batch WHERE k >= $1 ORDER BY k", TestDecoders.INT, 0)) {
          assertThat(s.count()).isEqualTo(297);
        }
      }
    }
  }
}
