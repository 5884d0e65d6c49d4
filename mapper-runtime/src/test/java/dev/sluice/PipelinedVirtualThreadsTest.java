package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A thousand callers on four pipelined connections: on a JDK with virtual threads (21+) they are
 * virtual threads, which the pool must serve without pinning its carriers (no monitor is held
 * around I/O); on 17, a thousand platform threads.
 */
@PgTest
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PipelinedVirtualThreadsTest {
  /** A virtual thread per task where the JDK has them, else a platform thread per task. */
  static ExecutorService threadPerTask() {
    try {
      return (ExecutorService)
          Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
    } catch (ReflectiveOperationException e) {
      return Executors.newCachedThreadPool();
    }
  }

  @Test
  void aThousandCallersShareFourConnections(TestDatabase tdb) throws Exception {
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(4).pipelining(64).build()) {
      ExecutorService callers = threadPerTask();
      try {
        List<Future<Integer>> done = new ArrayList<>();
        for (int t = 0; t < 1000; t++) {
          int id = t;
          done.add(
              callers.submit(
                  () -> {
                    int sum = 0;
                    for (int i = 0; i < 20; i++) {
                      sum += db.query("SELECT $1::int", TestDecoders.INT, id * 100 + i).get(0);
                    }
                    return sum;
                  }));
        }
        for (int t = 0; t < 1000; t++) {
          assertThat(done.get(t).get(90, TimeUnit.SECONDS)).isEqualTo(t * 100 * 20 + 190);
        }
      } finally {
        callers.shutdownNow();
      }
    }
  }
}
