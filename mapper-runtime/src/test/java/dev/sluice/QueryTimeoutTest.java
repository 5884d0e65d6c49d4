package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The client-side query timeout: it cancels a statement that runs too long and keeps the
 * connection, leaves one within its limit alone, and closes the connection when nothing answers.
 */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class QueryTimeoutTest {
  private static int pid(Queries q) {
    return q.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
  }

  @Test
  void aStatementPastItsLimitIsCancelledAndTheConnectionKept(TestDatabase tdb) {
    try (Database db =
        Database.builder()
            .url(tdb.url())
            .maxPoolSize(1)
            .queryTimeout(Duration.ofMillis(300))
            .build()) {
      int pid = pid(db);
      long start = System.nanoTime();
      PgException e =
          catchThrowableOfType(PgException.class, () -> db.execute("SELECT pg_sleep(30)"));
      long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertThat(e.sqlState()).isEqualTo("57014");
      assertThat(e.getMessage()).contains("the query timeout of 300 ms passed");
      assertThat(e.statement()).isEqualTo("SELECT pg_sleep(30)");
      assertThat(tookMillis).isLessThan(10_000);
      assertThat(pid(db)).isEqualTo(pid); // cancelled by its own 57014: the session is in step
    }
  }

  @Test
  void aStatementWithinItsLimitIsLeftAlone(TestDatabase tdb) {
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      int pid = pid(db);
      Queries patient = db.withQueryTimeout(Duration.ofSeconds(20));
      assertThat(patient.query("SELECT 1 FROM pg_sleep(0.5)", TestDecoders.INT)).containsExactly(1);
      for (int i = 0; i < 200; i++) {
        assertThat(patient.query("SELECT $1::int", TestDecoders.INT, i)).containsExactly(i);
      }
      assertThat(pid(db)).isEqualTo(pid);
      // And per call: a shorter limit on the same pool.
      PgException e =
          catchThrowableOfType(
              PgException.class,
              () -> db.withQueryTimeout(Duration.ofMillis(200)).execute("SELECT pg_sleep(30)"));
      assertThat(e.getMessage()).contains("the query timeout of 200 ms passed");
      assertThat(db.query("SELECT 1 FROM pg_sleep(0.3)", TestDecoders.INT)).containsExactly(1);
    }
  }

  @Test
  void aServerThatNeverAnswersIsCutOff() throws Exception {
    // A "server" that completes the startup, then swallows every statement: the cancel it gets
    // does nothing, so after the grace period the connection is closed.
    try (FakePgServer fake = FakePgServer.start((sync, out) -> true);
        Database db =
            Database.builder()
                .url(fake.url())
                .maxPoolSize(1)
                .queryTimeout(Duration.ofMillis(200))
                .build()) {
      long start = System.nanoTime();
      PgException e =
          catchThrowableOfType(PgException.class, () -> db.query("SELECT n", TestDecoders.INT));
      long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertThat(e.sqlState()).isEqualTo("57014");
      assertThat(e.getMessage()).contains("the statement was cancelled and the connection closed");
      assertThat(tookMillis).isBetween(200L, 20_000L);
    }
  }
}
