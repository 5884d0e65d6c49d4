package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The pipelined pool's shared connections keep the ordinary pool's limits: one idle longer than the
 * idle timeout is closed even when no call comes, and one past its max lifetime takes no new call
 * and is closed. (One whose server stopped fitting target_session_attrs is retired too: see
 * ReplicaHostsTest, which has a primary to demote.) A cached statement whose table changed is
 * prepared again once, as on a pinned connection.
 */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PipelinedPoolLifetimeTest {

  private static int pid(Database db) {
    return db.queryOne("SELECT pg_backend_pid()", Integer.class).orElseThrow();
  }

  /** Whether a backend with this pid is still connected, seen from another connection. */
  private static boolean alive(Database observer, int pid) {
    return observer
            .queryOne(
                "SELECT count(*)::int FROM pg_stat_activity WHERE pid = $1", Integer.class, pid)
            .orElseThrow()
        > 0;
  }

  private static void awaitGone(Database observer, int pid) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (alive(observer, pid)) {
      assertThat(System.nanoTime() - deadline)
          .as("backend %d still connected after 10 s", pid)
          .isNegative();
      Thread.sleep(50);
    }
  }

  @Test
  void aSharedConnectionIdleLongerThanTheIdleTimeoutIsClosedWithoutAnyCall(TestDatabase tdb)
      throws Exception {
    try (Database db =
            Database.builder()
                .url(tdb.url() + "?application_name=piped_idle_timeout")
                .maxPoolSize(2)
                .pipelining(4)
                .idleTimeout(Duration.ofMillis(300))
                .maxLifetime(Duration.ZERO)
                .build();
        Database observer = Database.connect(tdb.url())) {
      int first = pid(db);
      assertThat(alive(observer, first)).isTrue();
      // No call comes: the pool's sweep closes the connection on its own.
      awaitGone(observer, first);
      // The next call opens a new connection.
      int second = pid(db);
      assertThat(second).isNotEqualTo(first);
      assertThat(db.query("SELECT $1::int", TestDecoders.INT, 7)).containsExactly(7);
    }
  }

  @Test
  void aSharedConnectionBusierThanTheIdleTimeoutStaysOpen(TestDatabase tdb) throws Exception {
    try (Database db =
        Database.builder()
            .url(tdb.url() + "?application_name=piped_busy")
            .maxPoolSize(1)
            .pipelining(4)
            .idleTimeout(Duration.ofMillis(400))
            .maxLifetime(Duration.ZERO)
            .build()) {
      int first = pid(db);
      // Calls every 100 ms for 1.2 s: the connection is never idle for 400 ms.
      for (int i = 0; i < 12; i++) {
        Thread.sleep(100);
        assertThat(pid(db)).isEqualTo(first);
      }
    }
  }

  @Test
  void aSharedConnectionPastItsMaxLifetimeIsReplaced(TestDatabase tdb) throws Exception {
    try (Database db =
            Database.builder()
                .url(tdb.url() + "?application_name=piped_lifetime")
                .maxPoolSize(1)
                .pipelining(4)
                .idleTimeout(Duration.ZERO)
                .maxLifetime(Duration.ofMillis(300))
                .build();
        Database observer = Database.connect(tdb.url())) {
      int first = pid(db);
      Thread.sleep(400);
      // Past its lifetime: no new call goes to it; a new connection serves this one.
      int second = pid(db);
      assertThat(second).isNotEqualTo(first);
      awaitGone(observer, first);
      assertThat(
              observer.query(
                  "SELECT pid FROM pg_stat_activity WHERE application_name = 'piped_lifetime'",
                  TestDecoders.INT))
          .isSubsetOf(List.of(second));
    }
  }

  @Test
  void aSharedStatementWhoseTableChangedIsPreparedAgainOnce(TestDatabase tdb) {
    try (Database db =
            Database.builder()
                .url(tdb.url() + "?application_name=piped_ddl")
                .maxPoolSize(1)
                .pipelining(4)
                .build();
        Database ddl = Database.connect(tdb.url())) {
      ddl.execute("CREATE TABLE piped_ddl (id int, label text)");
      ddl.execute("INSERT INTO piped_ddl VALUES (1, 'one')");
      RowDecoder<String> all =
          columns -> row -> columns.count() + ":" + row.getInt(0) + "/" + row.getString(1);
      assertThat(db.query("SELECT * FROM piped_ddl", all)).containsExactly("2:1/one");
      // The cached statement's result type changes under it: the server refuses the old plan
      // (0A000, "cached plan must not change result type"), and the call prepares it again.
      ddl.execute("ALTER TABLE piped_ddl ADD COLUMN extra int");
      assertThat(db.query("SELECT * FROM piped_ddl", all)).containsExactly("3:1/one");
      assertThat(db.query("SELECT * FROM piped_ddl", all)).containsExactly("3:1/one");
    }
  }
}
