package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The combining send of shared connections: a caller leaves its statement to the send lock's
 * holder, who sends everyone's in one write. One statement that cannot be encoded fails only its
 * caller, and a caller whose time runs out before its statement was taken withdraws it: it never
 * reaches the server, and the caller is told so.
 */
@PgTest
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CombinedSendTest {

  private static Database shared(String url, int inFlight) {
    return Database.builder().url(url).maxPoolSize(1).pipelining(inFlight).build();
  }

  @Test
  void aValueThatCannotBeEncodedFailsOnlyItsOwnCaller(TestDatabase tdb) throws Exception {
    try (Database db = shared(tdb.url() + "?application_name=combined_bad", 16)) {
      assertThat(db.query("SELECT $1::int4 + 1", TestDecoders.INT, 1)).containsExactly(2);
      int threads = 12;
      int calls = 200;
      AtomicInteger refused = new AtomicInteger();
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      try {
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          int id = t;
          done.add(
              pool.submit(
                  () -> {
                    for (int i = 0; i < calls; i++) {
                      int n = id * 10_000 + i;
                      if (i % 7 == 3) {
                        // int4 cannot hold it: refused while encoding, among others' statements.
                        PgException e =
                            catchThrowableOfType(
                                () -> db.query("SELECT $1::int4 + 1", TestDecoders.INT, 5L << 32),
                                PgException.class);
                        assertThat(e.sqlState()).isEqualTo("22003");
                        assertThat(e.getMessage()).contains("out of range");
                        refused.incrementAndGet();
                      } else {
                        assertThat(db.query("SELECT $1::int4 + 1", TestDecoders.INT, n))
                            .containsExactly(n + 1);
                      }
                    }
                    return null;
                  }));
        }
        for (Future<?> f : done) {
          f.get(90, TimeUnit.SECONDS);
        }
      } finally {
        pool.shutdownNow();
      }
      assertThat(refused.get()).isEqualTo(threads * ((calls + 3) / 7));
      // One connection served everyone and is still in step.
      assertThat(db.query("SELECT $1::int4 + 1", TestDecoders.INT, 41)).containsExactly(42);
      assertThat(
              db.query(
                  "SELECT count(*)::int FROM pg_stat_activity"
                      + " WHERE application_name = 'combined_bad'",
                  TestDecoders.INT))
          .containsExactly(1);
    }
  }

  @Test
  void aCallerWhoseTimeRunsOutBeforeItsStatementWasSentWithdrawsIt(TestDatabase tdb)
      throws Exception {
    tdb.execute(
        "CREATE TABLE IF NOT EXISTS combined_withdrawn (id int, payload bytea);"
            + " TRUNCATE combined_withdrawn");
    try (FaultProxy proxy = new FaultProxy(tdb.host(), tdb.port());
        Database db = shared(proxy.url(tdb), 8)) {
      String insert = "INSERT INTO combined_withdrawn VALUES ($1, $2)";
      assertThat(db.execute(insert, 0, new byte[0])).isEqualTo(1); // prepared and cached
      proxy.stall();
      ExecutorService pool = Executors.newFixedThreadPool(1);
      try {
        // 64 MiB cannot fit in the sockets' buffers: its sender holds the send lock, writing,
        // until the link comes back.
        java.util.concurrent.atomic.AtomicReference<Thread> sender =
            new java.util.concurrent.atomic.AtomicReference<>();
        Future<Long> big =
            pool.submit(
                () -> {
                  sender.set(Thread.currentThread());
                  return db.execute(insert, 1, new byte[64 << 20]);
                });
        awaitWriting(sender, big);
        Queries quick = db.withQueryTimeout(Duration.ofMillis(300));
        long start = System.nanoTime();
        PgException e =
            catchThrowableOfType(() -> quick.execute(insert, 2, new byte[1]), PgException.class);
        long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertThat(e.sqlState()).as(e.getMessage()).isEqualTo("57014");
        assertThat(e.getMessage())
            .contains("the query timeout of 300 ms passed before the statement was sent")
            .contains("it did not run");
        assertThat(e.statement()).isEqualTo(insert);
        assertThat(waited).isBetween(250L, 5_000L);
        assertThat(big.isDone()).isFalse();
        proxy.resume();
        assertThat(big.get(60, TimeUnit.SECONDS)).isEqualTo(1);
      } finally {
        proxy.resume();
        pool.shutdownNow();
      }
      // The withdrawn statement never reached the server; the connection is in step.
      assertThat(db.query("SELECT id FROM combined_withdrawn ORDER BY id", TestDecoders.INT))
          .containsExactly(0, 1);
      assertThat(db.execute(insert, 3, new byte[1])).isEqualTo(1);
    }
  }

  /** Waits until the thread in {@code sender} blocks writing to the socket (the link stalled). */
  private static void awaitWriting(
      java.util.concurrent.atomic.AtomicReference<Thread> sender, Future<Long> big)
      throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < end) {
      if (big.isDone()) {
        throw new AssertionError("the 64 MiB statement ended with the link stalled: " + big.get());
      }
      Thread t = sender.get();
      if (t != null) {
        for (StackTraceElement e : t.getStackTrace()) {
          if (e.getClassName().endsWith("ChannelOutput") && e.getMethodName().equals("write")) {
            Thread.sleep(50); // still there: blocked, not passing through
            for (StackTraceElement again : t.getStackTrace()) {
              if (again.getClassName().endsWith("ChannelOutput")) {
                return;
              }
            }
          }
        }
      }
      Thread.sleep(20);
    }
    Thread t = sender.get();
    throw new AssertionError(
        "the 64 MiB statement's write never blocked: "
            + (t == null ? "no thread" : java.util.Arrays.toString(t.getStackTrace())));
  }
}
