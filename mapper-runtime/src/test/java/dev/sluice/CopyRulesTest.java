package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * COPY outside {@code copyIn} is a clear error that leaves the connection usable, and {@code
 * copyIn} reads the server's messages while it writes, so a row trigger's notices cannot deadlock
 * it: they are handed to the listener as they come, every one of them. (A client that read nothing
 * until it had written everything passed this test too against the embedded server, whose output
 * during COPY the kernel's buffers absorbed; the test guards the behaviour, it does not reproduce a
 * deadlock.)
 */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CopyRulesTest {
  private TestDatabase tdb;

  @BeforeAll
  void schema(TestDatabase tdb) throws Exception {
    this.tdb = tdb;
    tdb.execute("CREATE TABLE thing (id int PRIMARY KEY, label text NOT NULL)");
    tdb.execute("INSERT INTO thing VALUES (1, 'one')");
    tdb.execute("CREATE TABLE noisy (id int PRIMARY KEY)");
    tdb.execute(
        "CREATE FUNCTION noisy_row() RETURNS trigger LANGUAGE plpgsql AS"
            + " $$ BEGIN RAISE NOTICE 'row % arrives with a notice that takes some room', NEW.id;"
            + " RETURN NEW; END $$");
    tdb.execute(
        "CREATE TRIGGER noisy_row BEFORE INSERT ON noisy FOR EACH ROW EXECUTE FUNCTION noisy_row()");
  }

  private static int pid(Database db) {
    return db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
  }

  private void assertRefused(Database db, Runnable call, String message) {
    int pid = pid(db);
    PgException e = catchThrowableOfType(PgException.class, call::run);
    assertThat(e).isNotNull();
    assertThat(e.sqlState()).isEqualTo("0A000");
    assertThat(e.getMessage()).contains(message);
    // Same session, in step: nothing of the COPY is left to read.
    assertThat(pid(db)).isEqualTo(pid);
    assertThat(db.query("SELECT count(*)::int FROM thing", TestDecoders.INT)).containsExactly(1);
  }

  @Test
  void copyFromStdinThroughExecuteOrSimpleQueryIsRefusedAndCopiesNothing() {
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      String fromStdin = "COPY … FROM STDIN can only run through copyIn(sql, data)";
      assertRefused(db, () -> db.execute("COPY thing FROM STDIN"), fromStdin);
      assertRefused(
          db, () -> db.useTransaction(tx -> tx.execute("COPY thing FROM STDIN")), fromStdin);
      assertRefused(db, () -> db.execute("COPY thing FROM STDIN (FORMAT binary)"), fromStdin);
    }
  }

  @Test
  void copyToStdoutThroughExecuteDropsItsDataAndCountsItsRowsButCopyInRefusesIt() {
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      int pid = pid(db);
      assertThat(db.execute("COPY thing TO STDOUT")).isEqualTo(1);
      assertThat(db.execute("COPY (SELECT g FROM generate_series(1, 100000) g) TO STDOUT"))
          .isEqualTo(100_000);
      db.executeScript("COPY thing TO STDOUT; COPY thing TO STDOUT (FORMAT csv)");
      assertThat(pid(db)).isEqualTo(pid); // in step, on the same session
      assertRefused(
          db,
          () ->
              db.copyIn(
                  "COPY thing TO STDOUT", new ByteArrayInputStream(new byte[] {'1', '\t', 'x'})),
          "COPY … TO STDOUT runs through copyOut(sql, out), not copyIn");
    }
  }

  @Test
  void copyInReadsTheTriggersNoticesWhileItWrites() {
    AtomicInteger notices = new AtomicInteger();
    int rows = 100_000;
    StringBuilder data = new StringBuilder(rows * 7);
    for (int i = 1; i <= rows; i++) {
      data.append(i).append('\n');
    }
    try (Database db =
        Database.builder()
            .url(tdb.url())
            .maxPoolSize(1)
            .noticeListener(n -> notices.incrementAndGet())
            .build()) {
      long copied =
          db.copyIn(
              "COPY noisy FROM STDIN",
              new ByteArrayInputStream(data.toString().getBytes(StandardCharsets.UTF_8)));
      assertThat(copied).isEqualTo(rows);
      assertThat(notices.get()).isEqualTo(rows);
      assertThat(db.query("SELECT count(*)::int FROM noisy", TestDecoders.INT))
          .containsExactly(rows);
    }
  }
}
