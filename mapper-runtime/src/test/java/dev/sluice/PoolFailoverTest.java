package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.sluice.testkit.ReplicatedPair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The pool through a failover: the primary of a {@link ReplicatedPair} is killed and the standby
 * promoted under a pool with target_session_attrs=read-write. Its idle connections to the dead
 * primary are found and closed (at most one call runs into one: the first, which then makes the
 * pool probe the rest), and new connections go to the new primary.
 */
class PoolFailoverTest {
  private static ReplicatedPair pair;

  @BeforeAll
  static void start() {
    pair = ReplicatedPair.startAsynchronous();
  }

  @AfterAll
  static void stop() {
    if (pair != null) {
      pair.close();
    }
  }

  @Test
  void newConnectionsReachThePromotedStandbyAndDeadOnesAreNeverHandedOutAgain() throws Exception {
    pair.executeOnPrimary("CREATE TABLE f (id int)");
    pair.awaitReplay(); // an asynchronous pair: the table must reach the standby before the kill
    try (Database db =
        Database.builder()
            .url(pair.url("target_session_attrs=read-write&connect_timeout=2"))
            .maxPoolSize(4)
            .build()) {
      warm(db, 4);
      assertThat(db.poolSize()).isEqualTo(4);
      assertThat(db.queryOne("SELECT inet_server_port()", Integer.class))
          .contains(pair.primaryPort());

      pair.killPrimary();
      pair.promoteStandby();
      long promoted = System.nanoTime();

      List<String> lost = new ArrayList<>();
      Integer port = null;
      while (port == null) {
        if (System.nanoTime() - promoted > Duration.ofSeconds(10).toNanos()) {
          fail("no connection to the new primary within 10 s of the promotion; failures: " + lost);
        }
        try {
          port = db.queryOne("SELECT inet_server_port()", Integer.class).orElseThrow();
        } catch (PgException e) {
          assertThat(e.sqlState()).as(e.getMessage()).startsWith("08");
          lost.add(e.sqlState() + " " + e.getMessage());
        }
      }
      assertThat(port).isEqualTo(pair.standbyPort());
      // Only the first call could get a dead connection (idle for less than the probe interval);
      // the pool then probed the three others and closed them.
      assertThat(lost).hasSizeLessThanOrEqualTo(1);
      // And it writes there, through every connection the pool now has.
      warm(db, 4);
      for (int i = 0; i < 20; i++) {
        db.execute("INSERT INTO f VALUES ($1)", i);
      }
      assertThat(db.queryOne("SELECT count(*)::int FROM f", Integer.class)).contains(20);
      assertThat(db.queryOne("SELECT pg_is_in_recovery()", Boolean.class)).contains(false);
    }
  }

  /** Makes the pool open {@code n} connections (n callers hold one each at the same time). */
  private static void warm(Database db, int n) throws InterruptedException {
    CyclicBarrier together = new CyclicBarrier(n);
    CountDownLatch done = new CountDownLatch(n);
    List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
    for (int i = 0; i < n; i++) {
      Thread t =
          new Thread(
              () -> {
                try {
                  db.useTransaction(tx -> await(together));
                } catch (Throwable e) {
                  failures.add(e);
                } finally {
                  done.countDown();
                }
              });
      t.start();
    }
    done.await();
    assertThat(failures).isEmpty();
  }

  private static void await(CyclicBarrier barrier) {
    try {
      barrier.await();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
