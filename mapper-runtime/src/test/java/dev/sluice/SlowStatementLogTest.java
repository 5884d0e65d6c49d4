package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The slow-statement log: text, duration and rows at WARNING, never the bound values. */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SlowStatementLogTest {

  @Test
  void logsTheSlowStatementWithoutItsValuesAndNotTheFastOnes(TestDatabase tdb) {
    try (JulCapture log = new JulCapture("dev.sluice.SlowStatementLog");
        Database db =
            Database.builder()
                .url(tdb.url())
                .maxPoolSize(1)
                .slowStatementThreshold(Duration.ofMillis(150))
                .build()) {
      int pid = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
      db.query(
          "SELECT $2::text FROM pg_sleep($1::float8), generate_series(1, 2)",
          TestDecoders.STRING,
          0.3,
          "hunter2");
      db.execute("SELECT 1");

      List<String> warnings = log.messages(Level.WARNING);
      assertThat(warnings).hasSize(1);
      String line = warnings.get(0);
      assertThat(line)
          .matches(
              "slow statement: \\d+ ms, 2 rows, pid "
                  + pid
                  + ": SELECT \\$2::text FROM pg_sleep\\(\\$1::float8\\), generate_series\\(1, 2\\)");
      long millis = Long.parseLong(line.replaceAll("^slow statement: (\\d+) ms.*$", "$1"));
      assertThat(millis).isGreaterThanOrEqualTo(300);
      assertThat(line).doesNotContain("hunter2").doesNotContain("0.3");
    }
  }

  @Test
  void aSlowFailureNamesItsSqlState(TestDatabase tdb) {
    try (JulCapture log = new JulCapture("dev.sluice.SlowStatementLog");
        Database db =
            Database.builder()
                .url(tdb.url())
                .maxPoolSize(1)
                .slowStatementThreshold(Duration.ofMillis(100))
                .build()) {
      // clock_timestamp() is volatile: the division runs after the sleep, not when planned.
      assertThatThrownBy(
              () ->
                  db.execute(
                      "SELECT 1 / (extract(epoch FROM clock_timestamp()) * 0)::int"
                          + " FROM pg_sleep(0.2)"))
          .isInstanceOfSatisfying(
              PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22012"));
      assertThat(log.messages(Level.WARNING))
          .singleElement()
          .asString()
          .matches("slow statement: \\d+ ms, failed with SQLSTATE 22012, pid \\d+: SELECT .*");
    }
  }
}
