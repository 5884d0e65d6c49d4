package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.sluice.testkit.ReplicatedPair;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Failover under load, on a synchronous {@link ReplicatedPair}: 16 threads insert unique keys in
 * transactions (8 with one attempt, 8 with {@link TxOptions#attempts}), the primary is killed and
 * the standby promoted. Every write reported committed must be on the new primary (synchronous
 * replication loses none), every write reported failed must be absent, and the writes whose COMMIT
 * outcome is unknown (08007) are counted and resolved by key. The retrying writers see no definite
 * failure: they ride through the outage.
 */
class FailoverUnderLoadTest {
  private static final int WRITERS = 16;

  private static ReplicatedPair pair;

  @BeforeAll
  static void start() {
    pair = ReplicatedPair.startSynchronous();
  }

  @AfterAll
  static void stop() {
    if (pair != null) {
      pair.close();
    }
  }

  enum Outcome {
    COMMITTED,
    FAILED,
    UNKNOWN
  }

  @Test
  void committedWritesSurviveFailedOnesAreAbsentAndUnknownOnesAreCounted() throws Exception {
    pair.executeOnPrimary("CREATE TABLE w (k text PRIMARY KEY, attempt int NOT NULL)");
    Map<String, Outcome> outcomes = new ConcurrentHashMap<>();
    Map<String, String> failures = new ConcurrentHashMap<>();
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong promotingAt = new AtomicLong(Long.MAX_VALUE);
    AtomicLong promotedAt = new AtomicLong(Long.MAX_VALUE);
    // Retrying writers' transactions begun before the promotion and committed after it: the primary
    // was killed before the promotion began, so each of them failed there (or found no read-write
    // host) and was run again across the failover.
    AtomicInteger rodeThrough = new AtomicInteger();
    List<Throwable> unexpected = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (Database db =
        Database.builder()
            .url(pair.url("target_session_attrs=read-write&connect_timeout=2"))
            .maxPoolSize(WRITERS + 2)
            .acquireTimeout(Duration.ofSeconds(15))
            .build()) {
      List<Thread> writers = new ArrayList<>();
      for (int t = 0; t < WRITERS; t++) {
        boolean retrying = t % 2 == 1;
        TxOptions options = retrying ? TxOptions.DEFAULT.attempts(30) : TxOptions.DEFAULT;
        String prefix = "t" + t + "-";
        Thread writer =
            new Thread(
                () -> {
                  for (int n = 0; !stop.get(); n++) {
                    String key = prefix + n;
                    AtomicInteger attempt = new AtomicInteger();
                    long begun = System.nanoTime();
                    try {
                      db.useTransaction(
                          options,
                          tx ->
                              tx.execute(
                                  "INSERT INTO w VALUES ($1, $2)", key, attempt.incrementAndGet()));
                      outcomes.put(key, Outcome.COMMITTED);
                      if (retrying
                          && promotingAt.get() - begun > 0
                          && System.nanoTime() - promotedAt.get() > 0) {
                        rodeThrough.incrementAndGet();
                      }
                    } catch (PgException e) {
                      boolean unknown = "08007".equals(e.sqlState());
                      outcomes.put(key, unknown ? Outcome.UNKNOWN : Outcome.FAILED);
                      failures.put(key, (retrying ? "retrying " : "") + e.sqlState());
                    } catch (Throwable e) {
                      unexpected.add(e);
                      return;
                    }
                  }
                },
                "writer-" + t);
        writer.start();
        writers.add(writer);
      }
      Thread.sleep(1_000); // load before the failover
      pair.killPrimary();
      Thread.sleep(300); // no primary at all for a while: writers fail or retry
      promotingAt.set(System.nanoTime());
      pair.promoteStandby();
      long promoted = System.nanoTime();
      promotedAt.set(promoted);

      // The pool reaches the new primary within 10 s of the promotion.
      Integer port = null;
      while (port == null) {
        if (System.nanoTime() - promoted > Duration.ofSeconds(10).toNanos()) {
          fail("the pool did not reach the new primary within 10 s of the promotion");
        }
        try {
          port = db.queryOne("SELECT inet_server_port()", Integer.class).orElseThrow();
        } catch (PgException e) {
          assertThat(e.sqlState()).as(e.getMessage()).startsWith("08");
          Thread.sleep(20);
        }
      }
      assertThat(port).isEqualTo(pair.standbyPort());
      Thread.sleep(1_000); // load after the failover
      stop.set(true);
      for (Thread writer : writers) {
        writer.join(30_000);
        assertThat(writer.isAlive()).as(writer.getName()).isFalse();
      }
    }
    assertThat(unexpected).isEmpty();

    Set<String> present = keysOnTheNewPrimary();
    List<String> lostCommits = new ArrayList<>();
    List<String> failedButPresent = new ArrayList<>();
    int unknownPresent = 0;
    int unknownAbsent = 0;
    int committed = 0;
    for (Map.Entry<String, Outcome> e : outcomes.entrySet()) {
      boolean there = present.contains(e.getKey());
      switch (e.getValue()) {
        case COMMITTED:
          committed++;
          if (!there) {
            lostCommits.add(e.getKey());
          }
          break;
        case FAILED:
          if (there) {
            failedButPresent.add(e.getKey() + " (" + failures.get(e.getKey()) + ")");
          }
          break;
        default:
          if (there) {
            unknownPresent++;
          } else {
            unknownAbsent++;
          }
      }
    }
    assertThat(lostCommits).as("reported committed, missing on the new primary").isEmpty();
    assertThat(failedButPresent).as("reported failed, yet on the new primary").isEmpty();
    // Nothing on the server that no writer attempted.
    assertThat(outcomes.keySet()).containsAll(present);
    assertThat(committed).isGreaterThan(WRITERS);
    assertThat(unknownPresent + unknownAbsent)
        .isEqualTo(outcomes.values().stream().filter(o -> o == Outcome.UNKNOWN).count());
    // The retrying writers never gave up with a definite failure, and some rode through.
    assertThat(failures.values().stream().filter(f -> f.startsWith("retrying ")))
        .allSatisfy(f -> assertThat(f).isEqualTo("retrying 08007"));
    assertThat(rodeThrough.get()).isPositive();
    // The single-attempt writers did see the outage.
    assertThat(failures.values()).anySatisfy(f -> assertThat(f).doesNotStartWith("retrying"));
    System.out.printf(
        "failover under load: %d committed, %d failed, %d unknown (%d present, %d absent),"
            + " %d retried across%n",
        committed,
        outcomes.values().stream().filter(o -> o == Outcome.FAILED).count(),
        unknownPresent + unknownAbsent,
        unknownPresent,
        unknownAbsent,
        rodeThrough.get());
  }

  private static Set<String> keysOnTheNewPrimary() throws SQLException {
    Set<String> keys = new HashSet<>();
    try (Connection c = pair.jdbcStandby();
        Statement s = c.createStatement();
        ResultSet rows = s.executeQuery("SELECT k FROM w")) {
      while (rows.next()) {
        keys.add(rows.getString(1));
      }
    }
    return keys;
  }
}
