package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The pipelined pool with every kind of caller at once (transactions, streams, pinned blocks and
 * plain statements), and a shared connection cut ({@link FaultProxy}) after k of its callers'
 * replies: the answered keep their results, each unanswered one is told it may have run.
 */
@PgTest
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PipelinedPoolMixTest {
  private FaultProxy proxy;

  @AfterEach
  void closeProxy() throws Exception {
    if (proxy != null) {
      proxy.close();
    }
  }

  @Test
  void transactionsStreamsPinnedBlocksAndPlainStatementsRunTogether(TestDatabase tdb)
      throws Exception {
    tdb.execute("CREATE TABLE IF NOT EXISTS piped_mix (k int PRIMARY KEY); TRUNCATE piped_mix");
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(3).pipelining(8).build()) {
      ExecutorService pool = Executors.newFixedThreadPool(16);
      List<Future<String>> done = new ArrayList<>();
      try {
        for (int t = 0; t < 4; t++) {
          int id = t;
          done.add(
              pool.submit(
                  () -> {
                    for (int i = 0; i < 25; i++) {
                      int key = id * 1000 + i;
                      int seen =
                          db.transaction(
                              tx -> {
                                tx.execute("INSERT INTO piped_mix VALUES ($1)", key);
                                return tx.queryOne(
                                        "SELECT count(*)::int FROM piped_mix WHERE k = $1",
                                        TestDecoders.INT,
                                        key)
                                    .orElseThrow();
                              });
                      assertThat(seen).isEqualTo(1);
                    }
                    return "tx";
                  }));
        }
        for (int t = 0; t < 2; t++) {
          done.add(
              pool.submit(
                  () -> {
                    for (int i = 0; i < 5; i++) {
                      try (Stream<Integer> s =
                          db.stream(
                              "SELECT g FROM generate_series(1, 20000) g", TestDecoders.INT)) {
                        assertThat(s.mapToLong(Integer::longValue).sum()).isEqualTo(200_010_000L);
                      }
                    }
                    return "stream";
                  }));
        }
        for (int t = 0; t < 2; t++) {
          int id = t;
          done.add(
              pool.submit(
                  () -> {
                    for (int i = 0; i < 20; i++) {
                      String name = "mix_" + id + "_" + i;
                      String seen =
                          db.pinned(
                              q -> {
                                q.execute("SELECT set_config('application_name', $1, false)", name);
                                return q.queryOne(
                                        "SELECT current_setting('application_name')",
                                        TestDecoders.STRING)
                                    .orElseThrow();
                              });
                      assertThat(seen).isEqualTo(name);
                    }
                    return "pinned";
                  }));
        }
        for (int t = 0; t < 8; t++) {
          int id = t;
          done.add(
              pool.submit(
                  () -> {
                    for (int i = 0; i < 300; i++) {
                      int v = id * 10_000 + i;
                      assertThat(db.query("SELECT $1::int * 2", TestDecoders.INT, v))
                          .containsExactly(v * 2);
                      // A shared connection never carries a pinned block's setting.
                      assertThat(
                              db.query(
                                  "SELECT current_setting('application_name')",
                                  TestDecoders.STRING))
                          .allSatisfy(a -> assertThat(a).doesNotStartWith("mix_"));
                    }
                    return "plain";
                  }));
        }
        Map<String, Integer> kinds = new ConcurrentHashMap<>();
        for (Future<String> f : done) {
          kinds.merge(f.get(100, TimeUnit.SECONDS), 1, Integer::sum);
        }
        assertThat(kinds)
            .containsEntry("tx", 4)
            .containsEntry("stream", 2)
            .containsEntry("pinned", 2)
            .containsEntry("plain", 8);
      } finally {
        pool.shutdownNow();
      }
      assertThat(db.query("SELECT count(*)::int FROM piped_mix", TestDecoders.INT))
          .containsExactly(100);
    }
  }

  @Test
  void aCutAfterKRepliesFailsExactlyTheUnansweredCallers(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE TABLE IF NOT EXISTS piped_cut (k int PRIMARY KEY); TRUNCATE piped_cut");
    proxy = new FaultProxy(tdb.host(), tdb.port());
    String insert = "INSERT INTO piped_cut SELECT $1 FROM pg_sleep(0.2)";
    int n = 12;
    int k = 4;
    Map<Integer, String> outcome = new ConcurrentHashMap<>();
    try (Database db =
        Database.builder().url(proxy.url(tdb)).maxPoolSize(1).pipelining(32).build()) {
      db.execute(insert, -1); // prepared and named now: each reply below is 27 bytes
      // BindComplete (5) + CommandComplete "INSERT 0 1" (16) + ReadyForQuery (6), cut inside
      // reply k + 1.
      proxy.cutAfterServerBytes(27L * k + 10);
      ExecutorService pool = Executors.newFixedThreadPool(n);
      CountDownLatch go = new CountDownLatch(1);
      try {
        List<Future<?>> done = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          int key = i;
          done.add(
              pool.submit(
                  () -> {
                    go.await();
                    try {
                      outcome.put(key, "ok " + db.execute(insert, key));
                    } catch (PgException e) {
                      assertThat(e.statement()).isEqualTo(insert);
                      outcome.put(key, e.sqlState() + " " + e.getMessage());
                    }
                    return null;
                  }));
        }
        go.countDown();
        for (Future<?> f : done) {
          f.get(60, TimeUnit.SECONDS);
        }
      } finally {
        pool.shutdownNow();
      }
      assertThat(proxy.cuts()).isEqualTo(1);
      Set<Integer> present =
          new HashSet<>(db.query("SELECT k FROM piped_cut WHERE k >= 0", TestDecoders.INT));
      int ok = 0;
      int unknown = 0;
      for (var e : outcome.entrySet()) {
        String v = e.getValue();
        if (v.startsWith("ok ")) {
          assertThat(v).isEqualTo("ok 1");
          assertThat(present).contains(e.getKey());
          ok++;
        } else if (v.startsWith("08007 ")) {
          assertThat(v).contains("may or may not have run");
          unknown++;
        } else if (v.startsWith("08006 ")) {
          assertThat(present).doesNotContain(e.getKey()); // never sent
        } else {
          throw new AssertionError(e.getKey() + ": " + v);
        }
      }
      assertThat(outcome).hasSize(n);
      // The first k replies came whole; the callers behind them were told their fate.
      assertThat(ok).isGreaterThanOrEqualTo(k);
      assertThat(unknown).isPositive();
    }
  }
}
