package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.ConnectionPool;
import dev.sluice.driver.ConnectionPoolAccess;
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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The connection pool under load, when exhausted, when the server kills a session, and aging. */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PoolTest {
  private static String url(TestDatabase tdb, String applicationName) {
    return tdb.url() + "?application_name=" + applicationName;
  }

  /** Sessions with this application_name, seen from a pgjdbc connection. */
  private static int sessions(TestDatabase tdb, String applicationName) throws Exception {
    try (Connection c = tdb.jdbc();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = ?")) {
      ps.setString(1, applicationName);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
  }

  /** Polls {@code condition} every 20 ms for up to 10 s. */
  private static boolean eventually(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline) {
      if (condition.getAsBoolean()) {
        return true;
      }
      Thread.sleep(20);
    }
    return condition.getAsBoolean();
  }

  private static int sessionsUnchecked(TestDatabase tdb, String applicationName) {
    try {
      return sessions(tdb, applicationName);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static void terminate(TestDatabase tdb, int pid) throws Exception {
    try (Connection c = tdb.jdbc();
        PreparedStatement ps = c.prepareStatement("SELECT pg_terminate_backend(?, 10000)")) {
      ps.setInt(1, pid);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        assertThat(rs.getBoolean(1)).isTrue();
      }
    }
  }

  @Test
  void manyThreadsShareAFewConnections(TestDatabase tdb) throws Exception {
    String app = "pool_load";
    Database db = Database.builder().url(url(tdb, app)).maxPoolSize(4).build();
    AtomicInteger maxSize = new AtomicInteger();
    ExecutorService threads = Executors.newFixedThreadPool(32);
    try {
      List<Future<Long>> results = new ArrayList<>();
      for (int t = 0; t < 32; t++) {
        int base = t * 1_000;
        results.add(
            threads.submit(
                () -> {
                  long sum = 0;
                  for (int i = 0; i < 1_000; i++) {
                    sum += db.query("SELECT $1::int + 1", TestDecoders.INT, base + i).get(0);
                    maxSize.accumulateAndGet(db.poolSize(), Math::max);
                  }
                  return sum;
                }));
      }
      for (int t = 0; t < 32; t++) {
        long expected = 0;
        for (int i = 0; i < 1_000; i++) {
          expected += t * 1_000 + i + 1;
        }
        assertThat(results.get(t).get(50, TimeUnit.SECONDS)).isEqualTo(expected);
      }
      assertThat(maxSize.get()).isBetween(1, 4);
      assertThat(db.poolSize()).isLessThanOrEqualTo(4);
      assertThat(db.idleConnections()).isEqualTo(db.poolSize());
      assertThat(sessions(tdb, app)).isEqualTo(db.poolSize());
    } finally {
      threads.shutdownNow();
      db.close();
    }
    assertThat(eventually(() -> sessionsUnchecked(tdb, app) == 0)).isTrue();
    PgException closed =
        catchThrowableOfType(() -> db.query("SELECT 1", TestDecoders.INT), PgException.class);
    assertThat(closed.sqlState()).isEqualTo("08003");
  }

  @Test
  void acquireTimesOutWithAClearErrorWhenAllConnectionsAreHeld(TestDatabase tdb) {
    try (Database db =
        Database.builder()
            .url(tdb.url())
            .maxPoolSize(1)
            .acquireTimeout(Duration.ofMillis(200))
            .build()) {
      PgException e =
          catchThrowableOfType(
              () -> db.useTransaction(tx -> db.query("SELECT 1", TestDecoders.INT)),
              PgException.class);
      assertThat(e.getMessage()).contains("waiting for a connection").contains("all 1 are in use");
      assertThat(db.query("SELECT 1", TestDecoders.INT)).containsExactly(1);
      assertThat(db.poolSize()).isEqualTo(1);
    }
  }

  @Test
  void anIdleConnectionKilledByTheServerIsNeverHandedOut(TestDatabase tdb) throws Exception {
    String app = "pool_kill_idle";
    try (Database db = Database.builder().url(url(tdb, app)).maxPoolSize(1).build()) {
      int pid = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
      terminate(tdb, pid);
      assertThat(eventually(() -> sessionsUnchecked(tdb, app) == 0)).isTrue();
      // The pool sees the FATAL message the server sent the idle session, drops it, opens another.
      int next = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
      assertThat(next).isNotEqualTo(pid);
      assertThat(db.poolSize()).isEqualTo(1);
    }
  }

  @Test
  void anIdleUnixSocketConnectionKilledByTheServerIsNeverHandedOut(TestDatabase tdb)
      throws Exception {
    String app = "pool_kill_unix";
    String dir =
        java.net.URLEncoder.encode(
            tdb.server().unixSocketDirectory().orElseThrow().toString(),
            java.nio.charset.StandardCharsets.UTF_8);
    String url =
        "postgresql://"
            + tdb.user()
            + "@"
            + dir
            + ":"
            + tdb.port()
            + "/"
            + tdb.name()
            + "?application_name="
            + app;
    try (Database db = Database.builder().url(url).maxPoolSize(1).build()) {
      int pid = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
      terminate(tdb, pid);
      assertThat(eventually(() -> sessionsUnchecked(tdb, app) == 0)).isTrue();
      int next = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
      assertThat(next).isNotEqualTo(pid);
    }
  }

  @Test
  void aConnectionKilledInUseFailsOnceAndIsReplaced(TestDatabase tdb) throws Exception {
    String app = "pool_kill_busy";
    try (Database db = Database.builder().url(url(tdb, app)).maxPoolSize(1).build()) {
      PgException e =
          catchThrowableOfType(
              () ->
                  db.useTransaction(
                      tx -> {
                        int pid = tx.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
                        try {
                          terminate(tdb, pid);
                          assertThat(eventually(() -> sessionsUnchecked(tdb, app) == 0)).isTrue();
                        } catch (Exception ex) {
                          throw new IllegalStateException(ex);
                        }
                        tx.query("SELECT 1", TestDecoders.INT);
                      }),
              PgException.class);
      // The server said why before closing: 57P01; if the write already failed, the loss: 08006.
      assertThat(e.sqlState()).isIn("57P01", "08006");
      assertThat(db.query("SELECT 2", TestDecoders.INT)).containsExactly(2);
      assertThat(db.poolSize()).isEqualTo(1);
    }
  }

  @Test
  void idleTimeoutClosesIdleConnections(TestDatabase tdb) throws Exception {
    String app = "pool_idle";
    try (Database db =
        Database.builder()
            .url(url(tdb, app))
            .maxPoolSize(2)
            .idleTimeout(Duration.ofMillis(200))
            .build()) {
      assertThat(db.query("SELECT 1", TestDecoders.INT)).containsExactly(1);
      assertThat(db.poolSize()).isEqualTo(1);
      assertThat(eventually(() -> db.poolSize() == 0)).isTrue();
      assertThat(eventually(() -> sessionsUnchecked(tdb, app) == 0)).isTrue();
      assertThat(db.query("SELECT 1", TestDecoders.INT)).containsExactly(1);
    }
  }

  @Test
  void maxLifetimeClosesConnectionsEvenWithoutAnIdleTimeout(TestDatabase tdb) throws Exception {
    String app = "pool_lifetime";
    try (Database db =
        Database.builder()
            .url(url(tdb, app))
            .maxPoolSize(2)
            .idleTimeout(Duration.ZERO)
            .maxLifetime(Duration.ofMillis(300))
            .build()) {
      assertThat(db.query("SELECT 1", TestDecoders.INT)).containsExactly(1);
      assertThat(eventually(() -> db.poolSize() == 0)).isTrue();
      assertThat(eventually(() -> sessionsUnchecked(tdb, app) == 0)).isTrue();
    }
  }

  @Test
  void aConnectionPastItsLifetimeIsClosedWhenReleased(TestDatabase tdb) {
    try (Database db =
        Database.builder().url(tdb.url()).maxPoolSize(2).maxLifetime(Duration.ofNanos(1)).build()) {
      assertThat(db.query("SELECT 1", TestDecoders.INT)).containsExactly(1);
      assertThat(db.poolSize()).isZero();
    }
  }

  @Test
  void aReleasedConnectionGoesToACallerThatWaitedPastTheThresholdNotToTheReleasingThread(
      TestDatabase tdb) throws Exception {
    ConnectionPool pool =
        new ConnectionPool(
            ConnectionConfig.parse(tdb.url()),
            null,
            1,
            Duration.ofMillis(300),
            Duration.ZERO,
            Duration.ZERO);
    ExecutorService other = Executors.newSingleThreadExecutor();
    try {
      PgConnection mine = pool.acquire();
      Future<PgConnection> waiter = other.submit(pool::acquire);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (pool.waitingCallers() == 0 && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      assertThat(pool.waitingCallers()).isEqualTo(1);
      // Once a caller has waited past the hand-off threshold, it is served before any newcomer.
      Thread.sleep(TimeUnit.NANOSECONDS.toMillis(ConnectionPoolAccess.handoffAfterNanos()) + 5);
      pool.release(mine);
      // Re-acquiring at once must not overtake the caller that was already waiting.
      PgException barged = catchThrowableOfType(pool::acquire, PgException.class);
      assertThat(barged).isNotNull();
      assertThat(barged.getMessage()).contains("timed out");
      PgConnection handed = waiter.get(10, TimeUnit.SECONDS);
      assertThat(handed).isSameAs(mine);
      pool.release(handed);
      assertThat(pool.size()).isEqualTo(1);
      assertThat(pool.idleCount()).isEqualTo(1);
    } finally {
      other.shutdownNow();
      pool.close();
    }
  }

  @Test
  void aConnectionTheServerDroppedSilentlyWhileIdleIsNotHandedOut() throws Exception {
    try (FakePgServer fake = FakePgServer.start((sync, out) -> true)) {
      ConnectionPool pool =
          new ConnectionPool(
              ConnectionConfig.parse(fake.url()),
              null,
              2,
              Duration.ofSeconds(5),
              Duration.ZERO,
              Duration.ZERO);
      try {
        PgConnection first = pool.acquire();
        pool.release(first);
        fake.dropConnections(); // no FATAL message: only a closed socket
        // Idle past the probe threshold, so the pool reads the socket before handing it out.
        Thread.sleep(
            TimeUnit.NANOSECONDS.toMillis(ConnectionPoolAccess.probeAfterIdleNanos()) + 200);
        PgConnection second = pool.acquire();
        assertThat(second).isNotSameAs(first);
        assertThat(first.isBroken()).isTrue();
        assertThat(fake.accepted()).isEqualTo(2);
        pool.release(second);
      } finally {
        pool.close();
      }
    }
  }

  /**
   * A thread interrupted while it waits for the server closes its connection (the channel is
   * interruptible): the statement fails naming the interrupt, the server ends the session, and the
   * pool replaces the connection.
   */
  @Test
  void anInterruptDuringAStatementClosesItsConnectionAndThePoolHeals(TestDatabase tdb)
      throws Exception {
    String app = "interrupted";
    try (Database db = Database.builder().url(url(tdb, app)).maxPoolSize(1).build()) {
      long firstPid = db.queryOne("SELECT pg_backend_pid()", Long.class).orElseThrow();
      Thread caller = Thread.currentThread();
      ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
      try {
        timer.schedule(caller::interrupt, 300, TimeUnit.MILLISECONDS);
        PgException e =
            catchThrowableOfType(() -> db.execute("SELECT pg_sleep(5)"), PgException.class);
        assertThat(e.sqlState()).isEqualTo("08006");
        assertThat(e.getMessage()).contains("interrupted");
      } finally {
        timer.shutdownNow();
        Thread.interrupted(); // clear the flag, whichever way the statement ended
      }
      long secondPid = db.queryOne("SELECT pg_backend_pid()", Long.class).orElseThrow();
      assertThat(secondPid).isNotEqualTo(firstPid);
      assertThat(eventually(() -> sessionsUnchecked(tdb, app) == 1)).isTrue();
    }
  }
}
