package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The JDK Flight Recorder events, recorded and read back from the dumped file. */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class FlightRecorderTest {

  private static List<RecordedEvent> events(Path file, String name) throws Exception {
    return RecordingFile.readAllEvents(file).stream()
        .filter(e -> e.getEventType().getName().equals(name))
        .toList();
  }

  @Test
  void recordsStatementsAndThePoolWithoutAnyListener(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE TABLE jfr_item (id int PRIMARY KEY)");
    Path file = Files.createTempFile("sluice", ".jfr");
    int pid;
    int brokenPid;
    try (Recording recording = new Recording()) {
      recording.enable("dev.sluice.Statement").withoutThreshold();
      recording.enable("dev.sluice.PoolAcquire").withoutThreshold();
      recording.enable("dev.sluice.PoolConnection");
      recording.start();
      try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
        pid = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
        db.execute("INSERT INTO jfr_item SELECT generate_series(1, $1)", 4);
        assertThatThrownBy(() -> db.execute("INSERT INTO jfr_item VALUES (1)"))
            .isInstanceOf(PgException.class);
        assertThatThrownBy(() -> db.execute("SELECT pg_terminate_backend(pg_backend_pid())"))
            .isInstanceOf(PgException.class);
        brokenPid = pid;
        db.execute("SELECT 1");
      }
      recording.stop();
      recording.dump(file);
    }
    try {
      List<RecordedEvent> statements = events(file, "dev.sluice.Statement");
      assertThat(statements)
          .extracting(e -> e.getString("sql"))
          .containsExactly(
              "SELECT pg_backend_pid()",
              "INSERT INTO jfr_item SELECT generate_series(1, $1)",
              "INSERT INTO jfr_item VALUES (1)",
              "SELECT pg_terminate_backend(pg_backend_pid())",
              "SELECT 1");
      RecordedEvent insert = statements.get(1);
      assertThat(insert.getLong("rows")).isEqualTo(4);
      assertThat(insert.getInt("backendPid")).isEqualTo(pid);
      assertThat(insert.getString("database")).isEqualTo(tdb.name());
      assertThat(insert.getString("sqlState")).isNull();
      assertThat(insert.getDuration().toNanos()).isPositive();
      assertThat(insert.getStackTrace()).isNotNull(); // where the statement was run from
      assertThat(statements.get(2).getString("sqlState")).isEqualTo("23505");
      assertThat(statements.get(2).getLong("rows")).isEqualTo(-1);
      assertThat(statements.get(3).getString("sqlState")).isEqualTo("57P01");
      assertThat(statements.get(4).getInt("backendPid")).isNotEqualTo(pid);

      List<RecordedEvent> acquires = events(file, "dev.sluice.PoolAcquire");
      assertThat(acquires).hasSize(5);
      assertThat(acquires.get(0).getBoolean("opened")).isTrue();
      assertThat(acquires.get(0).getInt("backendPid")).isEqualTo(pid);
      assertThat(acquires.get(0).getDuration().toNanos()).isPositive();
      assertThat(acquires.get(1).getBoolean("opened")).isFalse();
      assertThat(acquires.get(4).getBoolean("opened")).isTrue();

      List<RecordedEvent> connections = events(file, "dev.sluice.PoolConnection");
      assertThat(connections)
          .extracting(e -> e.getString("change") + " " + (e.getInt("backendPid") == brokenPid))
          .containsExactly("OPENED true", "BROKEN true", "OPENED false", "CLOSED false");
      assertThat(connections.get(0).getInt("port")).isEqualTo(tdb.port());
    } finally {
      Files.delete(file);
    }
  }

  @Test
  void byDefaultOnlyStatementsOfTenMillisecondsOrMoreAreRecorded(TestDatabase tdb)
      throws Exception {
    Path file = Files.createTempFile("sluice", ".jfr");
    try (Recording recording = new Recording()) {
      recording.enable("dev.sluice.Statement"); // the event's own default threshold
      recording.start();
      try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
        for (int i = 0; i < 20; i++) {
          db.execute("SELECT $1::int", i);
        }
        db.execute("SELECT pg_sleep(0.05)");
      }
      recording.stop();
      recording.dump(file);
    }
    try {
      // Which quick statements pass 10 ms depends on the machine's load; none recorded is shorter.
      List<RecordedEvent> recorded = events(file, "dev.sluice.Statement");
      assertThat(recorded).extracting(e -> e.getString("sql")).contains("SELECT pg_sleep(0.05)");
      assertThat(recorded)
          .allSatisfy(
              e -> assertThat(e.getDuration()).isGreaterThanOrEqualTo(Duration.ofMillis(10)));
    } finally {
      Files.delete(file);
    }
  }
}
