package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * 64 threads run reads and transactional writes over a pool of 8 while another client terminates
 * the pool's backends ({@code pg_terminate_backend}) every few milliseconds. In-flight calls fail
 * with clear errors, no thread hangs, no connection leaks, later calls succeed; and what the
 * callers were told holds against the table: every write told committed is there, every write told
 * failed is not, and only the ones told unknown (08007) may be either — each resolved by its key.
 */
@PgTest
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TerminateStormTest {
  private static final int THREADS = 64;
  private static final int OPERATIONS = 40;

  @Test
  void terminatedBackendsNeverMakeTheClientLieAboutACommit(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE TABLE storm (id int PRIMARY KEY, writer int NOT NULL)");
    Set<Integer> committed = ConcurrentHashMap.newKeySet();
    Set<Integer> failed = ConcurrentHashMap.newKeySet();
    Set<Integer> unknown = ConcurrentHashMap.newKeySet();
    Set<String> otherErrors = ConcurrentHashMap.newKeySet();
    AtomicInteger reads = new AtomicInteger();
    AtomicInteger kills = new AtomicInteger();
    AtomicBoolean stop = new AtomicBoolean();

    try (Database db =
        Database.builder()
            .url(tdb.url() + "?application_name=storm")
            .maxPoolSize(8)
            .acquireTimeout(Duration.ofSeconds(20))
            .build()) {
      ExecutorService pool = Executors.newFixedThreadPool(THREADS + 1);
      Future<?> killer =
          pool.submit(
              () -> {
                try (Connection c = tdb.jdbc();
                    Statement s = c.createStatement()) {
                  while (!stop.get()) {
                    try (ResultSet rs =
                        s.executeQuery(
                            "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))"
                                + " FROM pg_stat_activity WHERE application_name = 'storm'")) {
                      rs.next();
                      kills.addAndGet(rs.getInt(1));
                    }
                    Thread.sleep(15);
                  }
                }
                return null;
              });
      List<Future<?>> workers = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int writer = t;
        workers.add(
            pool.submit(
                () -> {
                  for (int op = 0; op < OPERATIONS; op++) {
                    int id = writer * 1000 + op;
                    try {
                      if (op % 2 == 0) {
                        db.query("SELECT count(*)::int FROM storm", TestDecoders.INT);
                        reads.incrementAndGet();
                      } else {
                        db.useTransaction(
                            tx -> {
                              tx.execute("INSERT INTO storm VALUES ($1, $2)", id, writer);
                              tx.execute("SELECT pg_sleep(0.001)");
                            });
                        committed.add(id);
                      }
                    } catch (PgException e) {
                      if (op % 2 == 1) {
                        if ("08007".equals(e.sqlState())) {
                          unknown.add(id);
                        } else {
                          failed.add(id);
                        }
                      }
                      if (!isExpectedFailure(e)) {
                        otherErrors.add(e.sqlState() + " " + e.getMessage());
                      }
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> w : workers) {
        w.get(90, TimeUnit.SECONDS); // no thread hangs
      }
      stop.set(true);
      killer.get(10, TimeUnit.SECONDS);
      pool.shutdown();

      // The storm is over: every call works again, and the pool's connections all come back.
      for (int i = 0; i < 20; i++) {
        assertThat(db.query("SELECT 1", TestDecoders.INT)).containsExactly(1);
      }
      assertThat(db.poolSize()).isLessThanOrEqualTo(8);
      ExecutorService parallel = Executors.newFixedThreadPool(8);
      List<Future<Integer>> held = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        held.add(
            parallel.submit(
                () -> db.query("SELECT 1 FROM pg_sleep(0.2)", TestDecoders.INT).get(0)));
      }
      for (Future<Integer> f : held) {
        assertThat(f.get(30, TimeUnit.SECONDS)).isEqualTo(1);
      }
      parallel.shutdown();
    }

    Set<Integer> inTable = new HashSet<>();
    try (Connection c = tdb.jdbc();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT id FROM storm")) {
      while (rs.next()) {
        inTable.add(rs.getInt(1));
      }
    }
    assertThat(kills.get()).as("backends terminated").isPositive();
    assertThat(failed).as("writes failed by the storm").isNotEmpty();
    assertThat(otherErrors).as("errors other than those a terminated session gives").isEmpty();
    // told committed <= in the table <= told committed + unknown
    assertThat(inTable).containsAll(committed);
    Set<Integer> allowed = new HashSet<>(committed);
    allowed.addAll(unknown);
    assertThat(allowed).containsAll(inTable);
    assertThat(inTable).doesNotContainAnyElementsOf(failed);
    // Each unknown outcome, resolved by its key: it is one or the other, never both.
    for (int id : unknown) {
      assertThat(committed).doesNotContain(id);
      assertThat(failed).doesNotContain(id);
    }
    assertThat(reads.get()).isPositive();
  }

  /** What a caller may see when its session is terminated under it, or a new one is refused. */
  private static boolean isExpectedFailure(PgException e) {
    String state = e.sqlState();
    return state.equals("57P01") // terminating connection due to administrator command
        || state.equals("08006") // connection lost
        || state.equals("08007") // lost during COMMIT: outcome unknown
        || state.equals("08003") // a connection found broken
        || state.equals("08001") // a new connection refused or cut during startup
        || state.equals("08P01"); // the stream ended inside a message
  }
}
