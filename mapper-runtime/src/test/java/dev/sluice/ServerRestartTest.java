package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The server is restarted on the same port and data directory under a running application: the
 * pool's sessions all end, and the pool recovers by itself, without the application reopening
 * anything; the data committed before the restart is there after it.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ServerRestartTest {
  @Test
  void thePoolRecoversWhenTheServerRestarts() throws Exception {
    try (PgServer server = PgServer.builder().start()) {
      server.execute("postgres", "CREATE TABLE kept (id int PRIMARY KEY)");
      try (Database db =
          Database.builder()
              .url(server.url("postgres"))
              .maxPoolSize(4)
              .acquireTimeout(Duration.ofSeconds(20))
              .build()) {
        db.execute("INSERT INTO kept VALUES (1)");
        int before = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
        int port = server.port();

        server.restart();
        assertThat(server.port()).isEqualTo(port);

        // The first calls may meet a session the restart ended (a clear error, never a hang);
        // within a few calls the pool has replaced them and every call works again.
        List<String> failures = new ArrayList<>();
        Integer after = null;
        for (int attempt = 0; attempt < 5 && after == null; attempt++) {
          try {
            after = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
          } catch (PgException e) {
            failures.add(e.sqlState());
          }
        }
        assertThat(after).isNotNull().isNotEqualTo(before);
        assertThat(failures).allMatch(s -> s.startsWith("08") || s.equals("57P01"));
        for (int i = 0; i < 10; i++) {
          assertThat(db.query("SELECT count(*)::int FROM kept", TestDecoders.INT))
              .containsExactly(1);
        }
        db.execute("INSERT INTO kept VALUES (2)");
        assertThat(db.query("SELECT id FROM kept ORDER BY id", TestDecoders.INT))
            .containsExactly(1, 2);
      }
    }
  }
}
