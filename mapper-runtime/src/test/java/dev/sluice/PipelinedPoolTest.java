package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PipelinedPool;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Callers sharing connections by pipelining ({@link Database.Builder#pipelining}): each reply
 * reaches its own caller, a failure is only its caller's, statements that change the session go to
 * a pinned connection, and a timed-out caller abandons its statement without cancelling it.
 */
@PgTest
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PipelinedPoolTest {
  private static final RowDecoder<String> PAIR =
      columns -> row -> row.getInt(0) + "/" + row.getString(1);

  private static Database shared(TestDatabase tdb, int connections, int inFlight, String app) {
    return Database.builder()
        .url(tdb.url() + "?application_name=" + app)
        .maxPoolSize(connections)
        .pipelining(inFlight)
        .build();
  }

  @Test
  void everyReplyGoesToItsOwnCallerAndFewConnectionsServeMany(TestDatabase tdb) throws Exception {
    try (Database db = shared(tdb, 2, 16, "piped_many")) {
      int threads = 16;
      int calls = 300;
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      AtomicInteger backends = new AtomicInteger();
      try {
        List<Future<Integer>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          int id = t;
          done.add(
              pool.submit(
                  () -> {
                    for (int i = 0; i < calls; i++) {
                      String text = "caller " + id + " call " + i;
                      List<String> rows =
                          db.query("SELECT $1::int, $2::text", PAIR, id * 100_000 + i, text);
                      assertThat(rows).containsExactly((id * 100_000 + i) + "/" + text);
                      if (i == calls / 2) {
                        backends.accumulateAndGet(
                            db.queryOne(
                                    "SELECT count(*)::int FROM pg_stat_activity"
                                        + " WHERE application_name = 'piped_many'",
                                    TestDecoders.INT)
                                .orElseThrow(),
                            Math::max);
                      }
                    }
                    return calls;
                  }));
        }
        for (Future<Integer> f : done) {
          assertThat(f.get(90, TimeUnit.SECONDS)).isEqualTo(calls);
        }
      } finally {
        pool.shutdownNow();
      }
      // Sixteen callers, two shared connections (the pinned pool was never needed).
      assertThat(backends.get()).isBetween(1, 2);
      assertThat(db.poolSize()).isZero();
    }
  }

  @Test
  void aFailingStatementFailsOnlyItsOwnCaller(TestDatabase tdb) throws Exception {
    try (Database db = shared(tdb, 1, 32, "piped_errors")) {
      ExecutorService pool = Executors.newFixedThreadPool(8);
      try {
        List<Future<String>> done = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
          int id = t;
          done.add(
              pool.submit(
                  () -> {
                    StringBuilder seen = new StringBuilder();
                    for (int i = 0; i < 200; i++) {
                      int v = i;
                      if ((i + id) % 3 == 0) {
                        PgException e =
                            catchThrowableOfType(
                                () ->
                                    db.query("SELECT 1 / ($1::int - $1::int)", TestDecoders.INT, v),
                                PgException.class);
                        assertThat(e.sqlState()).isEqualTo("22012");
                        assertThat(e.statement()).isEqualTo("SELECT 1 / ($1::int - $1::int)");
                        seen.append('e');
                      } else {
                        assertThat(db.query("SELECT $1::int + 1", TestDecoders.INT, i))
                            .containsExactly(i + 1);
                        seen.append('o');
                      }
                    }
                    return seen.toString();
                  }));
        }
        for (Future<String> f : done) {
          assertThat(f.get(60, TimeUnit.SECONDS)).hasSize(200);
        }
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  void aValueThatCannotBeEncodedFailsBeforeAnythingIsSentAndTheConnectionGoesOn(TestDatabase tdb) {
    try (Database db = shared(tdb, 1, 4, "piped_encode")) {
      assertThat(db.query("SELECT $1::int", TestDecoders.INT, 7)).containsExactly(7);
      Throwable e =
          catchThrowableOfType(
              () -> db.query("SELECT $1::int", TestDecoders.INT, new Object()),
              RuntimeException.class);
      assertThat(e).isNotNull();
      assertThat(db.query("SELECT $1::int", TestDecoders.INT, 8)).containsExactly(8);
    }
  }

  @Test
  void aDecoderThatThrowsFailsItsCallerOnlyAndNothingIsCancelled(TestDatabase tdb) {
    RowDecoder<Integer> picky =
        columns ->
            row -> {
              int v = row.getInt(0);
              if (v == 3) {
                throw new IllegalStateException("three is refused");
              }
              return v;
            };
    try (Database db = shared(tdb, 1, 4, "piped_decoder")) {
      IllegalStateException e =
          catchThrowableOfType(
              () -> db.query("SELECT g FROM generate_series(1, 5000) g", picky),
              IllegalStateException.class);
      assertThat(e).hasMessage("three is refused");
      assertThat(db.query("SELECT count(*)::int FROM generate_series(1, 5000)", TestDecoders.INT))
          .containsExactly(5000);
    }
  }

  @Test
  void statementsThatChangeTheSessionTakeAPinnedConnection(TestDatabase tdb) {
    assertThat(PipelinedPool.mayShare("SELECT * FROM film WHERE id = $1")).isTrue();
    assertThat(PipelinedPool.mayShare("  /* c */ -- x\n INSERT INTO t VALUES (1)")).isTrue();
    for (String sql :
        List.of(
            "SET search_path = x",
            "set local work_mem = '1MB'",
            "RESET ALL",
            "LISTEN ch",
            "BEGIN",
            "COMMIT",
            "COPY t FROM STDIN",
            "DECLARE c CURSOR WITH HOLD FOR SELECT 1",
            "PREPARE p AS SELECT 1",
            "DISCARD ALL",
            "LOCK TABLE t",
            "CREATE TEMP TABLE t (a int)",
            "SELECT pg_advisory_lock(1)",
            "SELECT set_config('app.tenant', '7', false)",
            "SELECT nextval('s')",
            "SELECT lastval()")) {
      assertThat(PipelinedPool.mayShare(sql)).as(sql).isFalse();
    }
    try (Database db = shared(tdb, 1, 4, "piped_pinned")) {
      db.execute("SET application_name = 'changed'");
      // The SET ran on a pinned connection, whose state the pool cleared when it came back.
      assertThat(db.query("SELECT current_setting('application_name')", TestDecoders.STRING))
          .containsExactly("piped_pinned");
      String seen =
          db.pinned(
              q -> {
                q.execute("SET application_name = 'pinned_now'");
                return q.queryOne("SELECT current_setting('application_name')", TestDecoders.STRING)
                    .orElseThrow();
              });
      assertThat(seen).isEqualTo("pinned_now");
      assertThat(db.query("SELECT current_setting('application_name')", TestDecoders.STRING))
          .containsExactly("piped_pinned");
    }
  }

  @Test
  void aTimedOutCallerAbandonsItsStatementWhichStillRuns(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE TABLE IF NOT EXISTS piped_late (id int); TRUNCATE piped_late");
    try (Database db = shared(tdb, 1, 8, "piped_timeout")) {
      Queries quick = db.withQueryTimeout(Duration.ofMillis(300));
      long start = System.nanoTime();
      PgException write =
          catchThrowableOfType(
              () -> quick.execute("INSERT INTO piped_late SELECT 1 FROM pg_sleep(1.5)"),
              PgException.class);
      long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertThat(write.sqlState()).isEqualTo("08007");
      assertThat(write.getMessage()).contains("outcome unknown").contains("not cancelled");
      assertThat(waited).isLessThan(1_200);
      // Never cancelled: it commits. The next call waits for the draining connection.
      assertThat(db.query("SELECT count(*)::int FROM piped_late", TestDecoders.INT))
          .containsExactly(1);

      PgException read =
          catchThrowableOfType(
              () -> quick.query("SELECT 1 FROM pg_sleep(1)", TestDecoders.INT), PgException.class);
      assertThat(read.sqlState()).isEqualTo("57014");
      assertThat(read.getMessage()).contains("result is dropped");
      assertThat(db.query("SELECT $1::int", TestDecoders.INT, 5)).containsExactly(5);
    }
  }

  @Test
  void aTimedOutCallerDoesNotDisturbTheOthersOnItsConnection(TestDatabase tdb) throws Exception {
    try (Database db = shared(tdb, 1, 8, "piped_others")) {
      Queries quick = db.withQueryTimeout(Duration.ofMillis(200));
      CountDownLatch started = new CountDownLatch(1);
      ExecutorService pool = Executors.newFixedThreadPool(2);
      try {
        Future<List<Integer>> slow =
            pool.submit(
                () -> {
                  started.countDown();
                  return db.query("SELECT 42 FROM pg_sleep(0.6)", TestDecoders.INT);
                });
        started.await();
        Thread.sleep(50);
        // Queued behind the slow one on the one connection: it times out and is abandoned.
        PgException e =
            catchThrowableOfType(
                () -> quick.query("SELECT 7", TestDecoders.INT), PgException.class);
        assertThat(e.sqlState()).isEqualTo("57014");
        assertThat(slow.get(10, TimeUnit.SECONDS)).containsExactly(42);
      } finally {
        pool.shutdownNow();
      }
      assertThat(db.query("SELECT $1::int", TestDecoders.INT, 9)).containsExactly(9);
    }
  }

  @Test
  void terminatedBackendsUnderLoadNeverMakeTheClientLie(TestDatabase tdb) throws Exception {
    tdb.execute(
        "CREATE TABLE IF NOT EXISTS piped_storm (id int PRIMARY KEY); TRUNCATE piped_storm");
    ConcurrentHashMap<Integer, String> outcome = new ConcurrentHashMap<>();
    try (Database db = shared(tdb, 4, 8, "piped_storm");
        Database killer = Database.connect(tdb.url())) {
      int threads = 32;
      ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
      AtomicInteger kills = new AtomicInteger();
      AtomicInteger attempted = new AtomicInteger();
      CountDownLatch stop = new CountDownLatch(1);
      try {
        Future<?> murder =
            pool.submit(
                () -> {
                  // Every 20 ms from the start: on a quiet machine the whole load can take
                  // well under a second.
                  while (!stop.await(20, TimeUnit.MILLISECONDS)) {
                    kills.addAndGet(
                        killer
                            .query(
                                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                    + " WHERE application_name = 'piped_storm'"
                                    + " AND random() < 0.5",
                                columns -> row -> row.getBoolean(0))
                            .size());
                  }
                  return null;
                });
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          int id = t;
          workers.add(
              pool.submit(
                  () -> {
                    // 150 calls each, and more (up to 1,000) until backends were terminated
                    // under the load at least twice.
                    for (int i = 0; i < 150 || (kills.get() < 2 && i < 1_000); i++) {
                      attempted.incrementAndGet();
                      int key = id * 1_000 + i;
                      try {
                        long n = db.execute("INSERT INTO piped_storm VALUES ($1)", key);
                        outcome.put(key, n == 1 ? "ok" : "count " + n);
                        List<String> echo =
                            db.query("SELECT $1::int, $2::text", PAIR, key, "k" + key);
                        assertThat(echo).containsExactly(key + "/k" + key);
                      } catch (PgException e) {
                        outcome.putIfAbsent(key, e.sqlState());
                      }
                    }
                    return null;
                  }));
        }
        for (Future<?> w : workers) {
          w.get(100, TimeUnit.SECONDS); // no hang; an assertion failure surfaces here
        }
        stop.countDown();
        murder.get(10, TimeUnit.SECONDS);
      } finally {
        stop.countDown();
        pool.shutdownNow();
      }
      assertThat(kills.get()).isPositive();
      java.util.Set<Integer> present =
          new java.util.HashSet<>(killer.query("SELECT id FROM piped_storm", TestDecoders.INT));
      int unknown = 0;
      for (var e : outcome.entrySet()) {
        switch (e.getValue()) {
          case "ok" ->
              assertThat(present).as("reported committed: %s", e.getKey()).contains(e.getKey());
          case "08006" ->
              assertThat(present).as("reported not run: %s", e.getKey()).doesNotContain(e.getKey());
          case "08007", "57P01" -> unknown++;
          default -> throw new AssertionError("key " + e.getKey() + ": " + e.getValue());
        }
      }
      assertThat(attempted.get()).isGreaterThanOrEqualTo(32 * 150);
      assertThat(outcome).hasSize(attempted.get());
      assertThat(unknown).isPositive();
    }
  }

  @Test
  void aSharedConnectionTheServerEndedWhileIdleIsReplacedNotUsed(TestDatabase tdb)
      throws Exception {
    try (Database db = shared(tdb, 1, 4, "piped_idle_kill");
        Database killer = Database.connect(tdb.url())) {
      assertThat(db.query("SELECT $1::int", TestDecoders.INT, 1)).containsExactly(1);
      assertThat(
              killer.query(
                  "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                      + " WHERE application_name = 'piped_idle_kill'",
                  columns -> row -> row.getBoolean(0)))
          .containsExactly(true);
      // The FATAL message and the close reach the idle connection. A connection idle for more than
      // a second is probed before use, as in the ordinary pool (a busy one, idle for microseconds
      // between calls, is not: the probe costs three system calls).
      Thread.sleep(1_200);
      // The pool finds the connection ended before it sends anything: a new one serves the call,
      // which is never told its statement may have run.
      assertThat(db.query("SELECT $1::int", TestDecoders.INT, 2)).containsExactly(2);
    }
  }

  @Test
  void listenersHearSharedStatementsToo(TestDatabase tdb) {
    List<StatementEvent> heard = java.util.Collections.synchronizedList(new ArrayList<>());
    try (Database db =
        Database.builder()
            .url(tdb.url())
            .maxPoolSize(1)
            .pipelining(4)
            .listener(
                new SluiceListener() {
                  @Override
                  public void statementEnded(StatementEvent event) {
                    heard.add(event);
                  }
                })
            .build()) {
      assertThat(db.query("SELECT g FROM generate_series(1, 3) g", TestDecoders.INT))
          .containsExactly(1, 2, 3);
      catchThrowableOfType(() -> db.execute("SELECT 1 / 0"), PgException.class);
      assertThat(heard).hasSize(2);
      assertThat(heard.get(0).sql()).isEqualTo("SELECT g FROM generate_series(1, 3) g");
      assertThat(heard.get(0).rows()).isEqualTo(3);
      assertThat(heard.get(0).backendPid()).isPositive();
      assertThat(heard.get(1).failure()).isInstanceOf(PgException.class);
    }
  }

  @Test
  void aCallerWaitsForRoomOnlyUpToTheAcquireTimeout(TestDatabase tdb) throws Exception {
    try (Database db =
        Database.builder()
            .url(tdb.url())
            .maxPoolSize(1)
            .pipelining(1)
            .acquireTimeout(Duration.ofMillis(200))
            .build()) {
      ExecutorService pool = Executors.newSingleThreadExecutor();
      try {
        CountDownLatch sent = new CountDownLatch(1);
        Future<List<Integer>> slow =
            pool.submit(
                () -> {
                  sent.countDown();
                  return db.query("SELECT 1 FROM pg_sleep(1)", TestDecoders.INT);
                });
        sent.await();
        Thread.sleep(100); // the slow call holds the one place in flight
        PgException e =
            catchThrowableOfType(() -> db.query("SELECT 2", TestDecoders.INT), PgException.class);
        assertThat(e.sqlState()).isEqualTo("08001");
        assertThat(e.getMessage()).contains("no shared connection had room");
        assertThat(slow.get(10, TimeUnit.SECONDS)).containsExactly(1);
        assertThat(db.query("SELECT 3", TestDecoders.INT)).containsExactly(3);
      } finally {
        pool.shutdownNow();
      }
    }
  }
}
