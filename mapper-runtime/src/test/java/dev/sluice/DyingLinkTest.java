package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A link that dies the way real ones do, through {@link FaultProxy}: cut in the middle of the rows
 * (inside a DataRow, after a given number of the server's bytes), or stalled with its sockets open.
 * Each call fails with a clear error naming its statement, no partial result reaches the caller,
 * and the pool goes on with a new connection.
 */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class DyingLinkTest {
  private static final String ROWS = "SELECT g::int4 FROM generate_series(1, 20000) g";

  private FaultProxy proxy;
  private TestDatabase tdb;

  @BeforeEach
  void proxy(TestDatabase tdb) throws Exception {
    this.tdb = tdb;
    proxy = new FaultProxy(tdb.host(), tdb.port());
  }

  @AfterEach
  void close() throws Exception {
    proxy.close();
  }

  private Database database(Duration queryTimeout) {
    return Database.builder().url(proxy.url(tdb)).maxPoolSize(1).queryTimeout(queryTimeout).build();
  }

  @Test
  void aCutInsideADataRowFailsTheQueryWithNoPartialResult() {
    try (Database db = database(Duration.ZERO)) {
      assertThat(db.query("SELECT 1", TestDecoders.INT)).containsExactly(1);
      // 20,000 DataRows of 15 bytes each: the cut falls 100,003 bytes into the reply, in a row.
      proxy.cutAfterServerBytes(100_003);
      List<Integer> out = new ArrayList<>();
      PgException e =
          catchThrowableOfType(
              PgException.class, () -> out.addAll(db.query(ROWS, TestDecoders.INT)));
      assertThat(proxy.cuts()).isEqualTo(1);
      assertThat(e.sqlState()).isEqualTo("08006");
      assertThat(e.statement()).isEqualTo(ROWS);
      assertThat(out).isEmpty();
      assertThat(db.query(ROWS, TestDecoders.INT)).hasSize(20_000).endsWith(20_000);
    }
  }

  @Test
  void aCutInsideAStreamEndsTheStreamWithAnError() {
    try (Database db = database(Duration.ZERO)) {
      proxy.cutAfterServerBytes(50_001);
      List<Integer> seen = new ArrayList<>();
      PgException e =
          catchThrowableOfType(
              PgException.class,
              () -> {
                try (java.util.stream.Stream<Integer> s = db.stream(ROWS, TestDecoders.INT)) {
                  s.forEach(seen::add);
                }
              });
      assertThat(e.sqlState()).isEqualTo("08006");
      // The rows before the cut were handed on in order; none after it, none twice.
      assertThat(seen).isNotEmpty().hasSizeLessThan(20_000);
      for (int i = 0; i < seen.size(); i++) {
        assertThat(seen.get(i)).isEqualTo(i + 1);
      }
      assertThat(db.query("SELECT 2", TestDecoders.INT)).containsExactly(2);
    }
  }

  @Test
  void aStalledLinkIsCancelledThenCutOffByTheQueryTimeout() {
    try (Database db = database(Duration.ofMillis(300))) {
      assertThat(db.query("SELECT 1", TestDecoders.INT)).containsExactly(1);
      proxy.stall();
      long start = System.nanoTime();
      PgException e =
          catchThrowableOfType(PgException.class, () -> db.query("SELECT 3", TestDecoders.INT));
      long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertThat(e.sqlState()).isEqualTo("57014");
      assertThat(e.getMessage()).contains("the query timeout of 300 ms passed");
      assertThat(e.getMessage()).contains("the connection closed");
      assertThat(e.statement()).isEqualTo("SELECT 3");
      // The cancel (stalled too) cannot help: the connection is closed after the grace period.
      assertThat(tookMillis).isBetween(300L, 30_000L);
    }
  }
}
