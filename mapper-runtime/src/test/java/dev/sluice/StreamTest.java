package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Rows as a lazily read Stream: holding a connection until closed, cancelled when closed early. */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StreamTest {
  record Pair(int n, String s) {}

  static final RowDecoder<Pair> PAIR =
      columns -> {
        int n = columns.require("n", "n");
        int s = columns.require("s", "s");
        return row -> new Pair(row.getInt(n), row.getString(s));
      };

  private static Database db;

  @BeforeAll
  static void connect(TestDatabase tdb) {
    db = Database.builder().url(tdb.url()).maxPoolSize(1).build();
  }

  @AfterAll
  static void close() {
    db.close();
  }

  @Test
  void streamsEveryRowInOrder() {
    try (Stream<Pair> rows =
        db.stream(
            "SELECT n, 'v' || n AS s FROM generate_series(1, $1) n ORDER BY n", PAIR, 100_000)) {
      Iterator<Pair> it = rows.iterator();
      long count = 0;
      long sum = 0;
      while (it.hasNext()) {
        Pair p = it.next();
        count++;
        sum += p.n();
        assertThat(p.s()).isEqualTo("v" + p.n());
      }
      assertThat(count).isEqualTo(100_000);
      assertThat(sum).isEqualTo(100_000L * 100_001 / 2);
    }
    // The one connection went back to the pool.
    assertThat(db.idleConnections()).isEqualTo(1);
  }

  @Test
  void closingEarlyCancelsTheQueryAndKeepsTheConnection() {
    db.execute("CREATE TABLE IF NOT EXISTS stream_progress (n int)");
    db.execute("TRUNCATE stream_progress");
    List<Pair> first;
    try (Stream<Pair> rows =
        db.stream(
            "SELECT n, 'x' AS s FROM generate_series(1, 5000000) n, LATERAL (SELECT 1) one",
            PAIR)) {
      first = rows.limit(10).collect(Collectors.toList());
    }
    assertThat(first).extracting(Pair::n).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    assertThat(db.idleConnections()).isEqualTo(1);
    // The same (only) connection answers at once, not after 5,000,000 rows.
    assertThat(db.queryOne("SELECT 42 AS n, 'y' AS s", PAIR)).contains(new Pair(42, "y"));
  }

  @Test
  void aServerErrorInTheMiddleSurfacesFromTheStream() {
    try (Stream<Pair> rows =
        db.stream("SELECT n, (10 / (n - 500))::text AS s FROM generate_series(1, 1000) n", PAIR)) {
      Iterator<Pair> it = rows.iterator();
      assertThatThrownBy(
              () -> {
                while (it.hasNext()) {
                  it.next();
                }
              })
          .isInstanceOfSatisfying(
              PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22012"));
    }
    assertThat(db.queryOne("SELECT 1 AS n, 'ok' AS s", PAIR)).contains(new Pair(1, "ok"));
  }

  @Test
  void aRowTheDecoderRejectsEndsTheStreamAndKeepsTheConnection() {
    try (Stream<Pair> rows =
        db.stream(
            "SELECT CASE WHEN n = 3 THEN NULL ELSE n END AS n, 's' AS s FROM generate_series(1, 100000) n",
            PAIR)) {
      Iterator<Pair> it = rows.iterator();
      assertThat(it.next().n()).isEqualTo(1);
      assertThat(it.next().n()).isEqualTo(2);
      assertThatThrownBy(it::next)
          .isInstanceOfSatisfying(
              PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22004"));
    }
    assertThat(db.queryOne("SELECT 7 AS n, 'ok' AS s", PAIR)).contains(new Pair(7, "ok"));
  }

  @Test
  void inATransactionNothingElseRunsWhileAStreamIsOpen() {
    long seen =
        db.transaction(
            tx -> {
              try (Stream<Pair> rows =
                  tx.stream("SELECT n, 's' AS s FROM generate_series(1, 10) n", PAIR)) {
                Iterator<Pair> it = rows.iterator();
                it.next();
                assertThatThrownBy(() -> tx.execute("SELECT 1"))
                    .isInstanceOfSatisfying(
                        PgException.class, e -> assertThat(e.sqlState()).isEqualTo("55000"))
                    .hasMessageContaining("close it");
              }
              // Closed: the transaction goes on.
              return tx.execute("SELECT 1");
            });
    assertThat(seen).isEqualTo(1);
  }
}
