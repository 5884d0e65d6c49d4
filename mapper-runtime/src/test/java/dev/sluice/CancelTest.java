package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Stopping statements: a failing consumer, cancel() from another thread, statement_timeout. */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CancelTest {
  private static final Object[] NONE = new Object[0];

  /** Waits (bounded) until the backend {@code pid} runs a statement containing {@code text}. */
  private static void awaitActive(TestDatabase tdb, int pid, String text) throws Exception {
    try (Connection c = tdb.jdbc();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT count(*) FROM pg_stat_activity WHERE pid = ? AND state = 'active' AND query LIKE ?")) {
      ps.setInt(1, pid);
      ps.setString(2, "%" + text + "%");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (System.nanoTime() < deadline) {
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          if (rs.getInt(1) == 1) {
            return;
          }
        }
        Thread.sleep(10);
      }
      throw new AssertionError("backend " + pid + " never ran " + text);
    }
  }

  @Test
  void aThrowingConsumerCancelsTheQueryAndKeepsTheConnection(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE SEQUENCE produced");
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      int pid = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
      RuntimeException stop = new IllegalStateException("enough after 10 rows");
      List<Long> seen = new ArrayList<>();
      Throwable thrown =
          catchThrowable(
              () ->
                  db.forEach(
                      "SELECT nextval('produced') FROM generate_series(1, 5000000)",
                      TestDecoders.LONG,
                      v -> {
                        seen.add(v);
                        if (seen.size() == 10) {
                          throw stop;
                        }
                      }));
      assertThat(thrown).isSameAs(stop);
      assertThat(seen).hasSize(10);
      // Same session, idle and usable.
      assertThat(db.query("SELECT pg_backend_pid()", TestDecoders.INT)).containsExactly(pid);
      assertThat(db.poolSize()).isEqualTo(1);
      // The server stopped producing rows long before the end: the query was cancelled.
      long produced = db.query("SELECT last_value FROM produced", TestDecoders.LONG).get(0);
      assertThat(produced).isLessThan(5_000_000L);
    }
  }

  @Test
  void cancelFromAnotherThreadStopsPgSleep(TestDatabase tdb) throws Exception {
    try (PgConnection c = PgConnection.connect(ConnectionConfig.parse(tdb.url()), null)) {
      CompletableFuture<Void> canceller =
          CompletableFuture.runAsync(
              () -> {
                try {
                  awaitActive(tdb, c.backendPid(), "pg_sleep(30)");
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
                c.cancel();
              });
      PgException e =
          catchThrowableOfType(() -> c.execute("SELECT pg_sleep(30)", NONE), PgException.class);
      canceller.get(20, TimeUnit.SECONDS);
      assertThat(e.sqlState()).isEqualTo("57014");
      assertThat(e.getMessage()).contains("canceling statement due to user request");
      assertThat(c.isBroken()).isFalse();
      List<Integer> out = new ArrayList<>();
      c.query("SELECT 7", NONE, TestDecoders.INT, out);
      assertThat(out).containsExactly(7);
    }
  }

  @Test
  void cancelWhenNothingRunsIsHarmless(TestDatabase tdb) {
    try (PgConnection c = PgConnection.connect(ConnectionConfig.parse(tdb.url()), null)) {
      c.cancel();
      List<Integer> out = new ArrayList<>();
      c.query("SELECT 8", NONE, TestDecoders.INT, out);
      assertThat(out).containsExactly(8);
    }
  }

  @Test
  void statementTimeoutStopsALongStatement(TestDatabase tdb) {
    try (Database db =
        Database.builder()
            .url(tdb.url())
            .maxPoolSize(1)
            .statementTimeout(Duration.ofMillis(200))
            .build()) {
      assertThat(db.query("SHOW statement_timeout", TestDecoders.STRING)).containsExactly("200ms");
      PgException e =
          catchThrowableOfType(() -> db.execute("SELECT pg_sleep(5)"), PgException.class);
      assertThat(e.sqlState()).isEqualTo("57014");
      assertThat(e.getMessage()).contains("statement timeout");
      assertThat(db.query("SELECT 9", TestDecoders.INT)).containsExactly(9);
      assertThat(db.poolSize()).isEqualTo(1);
    }
  }
}
