package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * When a stream gives its connection back: at the end of its result, at an early close (which must
 * fail nothing, in a transaction or not), and — for a stream that was dropped — when the garbage
 * collector finds it. Each with a pool of one connection and a short acquire timeout, so a
 * connection that was not given back fails the next call instead of hanging it.
 */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StreamLifecycleTest {
  private TestDatabase tdb;

  @BeforeAll
  void schema(TestDatabase tdb) throws Exception {
    this.tdb = tdb;
    tdb.execute("CREATE TABLE mark (id int PRIMARY KEY)");
  }

  private Database onePool() {
    return Database.builder()
        .url(tdb.url())
        .maxPoolSize(1)
        .acquireTimeout(Duration.ofSeconds(2))
        .build();
  }

  private static int pid(Queries q) {
    return q.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
  }

  @Test
  void aStreamReadToItsEndGivesItsConnectionBackWithoutBeingClosed() {
    try (Database db = onePool()) {
      int pid = pid(db);
      // Read to the end through an iterator, never closed: the pool's one connection must be free.
      Iterator<Integer> rows =
          db.stream("SELECT g FROM generate_series(1, 20000) g", TestDecoders.INT).iterator();
      long sum = 0;
      while (rows.hasNext()) {
        sum += rows.next();
      }
      assertThat(sum).isEqualTo(20000L * 20001 / 2);
      assertThat(db.query("SELECT 5", TestDecoders.INT)).containsExactly(5);
      assertThat(pid(db)).isEqualTo(pid);
    }
  }

  @Test
  void closingAStreamAfterItsEndDoesNotTouchTheConnectionSomeoneElseHolds() {
    try (Database db = onePool()) {
      Stream<Integer> s = db.stream("SELECT g FROM generate_series(1, 3) g", TestDecoders.INT);
      assertThat(s.iterator()).toIterable().containsExactly(1, 2, 3);
      // The connection is back in the pool; a transaction takes it, and the late close of the
      // finished stream must not cancel or drain anything of the transaction's.
      db.useTransaction(
          tx -> {
            tx.execute("INSERT INTO mark VALUES (1)");
            s.close();
            tx.execute("INSERT INTO mark VALUES (2)");
          });
      assertThat(db.query("SELECT id FROM mark WHERE id IN (1, 2) ORDER BY id", TestDecoders.INT))
          .containsExactly(1, 2);
      db.execute("DELETE FROM mark");
    }
  }

  @Test
  void closingAStreamEarlyInsideATransactionFailsNothingAfterIt() {
    try (Database db = onePool()) {
      db.useTransaction(
          tx -> {
            tx.execute("INSERT INTO mark VALUES (10)");
            try (Stream<Integer> s =
                tx.stream("SELECT g FROM generate_series(1, 1000000) g", TestDecoders.INT)) {
              assertThat(s.limit(3)).containsExactly(1, 2, 3);
            }
            assertThat(tx.isFailed()).isFalse();
            tx.execute("INSERT INTO mark VALUES (11)");
          });
      assertThat(db.query("SELECT id FROM mark WHERE id >= 10 ORDER BY id", TestDecoders.INT))
          .containsExactly(10, 11);
      db.execute("DELETE FROM mark");
    }
  }

  @Test
  void closingAStreamEarlyOutsideATransactionKeepsTheConnection() {
    try (Database db = onePool()) {
      int pid = pid(db);
      for (int i = 0; i < 3; i++) {
        try (Stream<Integer> s =
            db.stream("SELECT g FROM generate_series(1, 1000000) g", TestDecoders.INT)) {
          assertThat(s.skip(10000).findFirst()).contains(10001);
        }
      }
      assertThat(pid(db)).isEqualTo(pid);
      assertThat(db.query("SELECT 6", TestDecoders.INT)).containsExactly(6);
    }
  }

  @Test
  void aStreamOfManyChunksReadsEveryRowInOrder() {
    try (Database db = onePool();
        Stream<Integer> s =
            db.stream("SELECT g FROM generate_series(1, 50000) g ORDER BY g", TestDecoders.INT)) {
      int[] expected = {1};
      s.forEach(v -> assertThat(v).isEqualTo(expected[0]++));
      assertThat(expected[0]).isEqualTo(50001);
    }
  }

  @Test
  void anErrorInTheMiddleOfAStreamIsReportedAndTheConnectionStaysUsable() {
    try (Database db = onePool()) {
      int pid = pid(db);
      try (Stream<Integer> s =
          db.stream(
              "SELECT 10000 / (20000 - g) FROM generate_series(1, 30000) g", TestDecoders.INT)) {
        assertThatThrownBy(() -> s.forEach(v -> {}))
            .isInstanceOf(PgException.class)
            .hasMessageContaining("division by zero");
      }
      assertThat(pid(db)).isEqualTo(pid);
    }
  }

  @Test
  void aStreamDroppedNeitherFinishedNorClosedIsFoundAndItsConnectionReplaced()
      throws InterruptedException {
    try (Database db =
        Database.builder()
            .url(tdb.url())
            .maxPoolSize(1)
            .acquireTimeout(Duration.ofMillis(200))
            .build()) {
      int pid = pid(db);
      openAndDrop(db);
      // The pool's one connection is held by the dropped stream until the Cleaner finds it.
      List<Integer> answer = null;
      for (int attempt = 0; attempt < 100 && answer == null; attempt++) {
        System.gc();
        Thread.sleep(20);
        try {
          answer = db.query("SELECT 9", TestDecoders.INT);
        } catch (PgException e) {
          assertThat(e.getMessage()).contains("waiting for a connection");
        }
      }
      assertThat(answer).containsExactly(9);
      assertThat(pid(db)).isNotEqualTo(pid); // the half-read connection was not handed on
    }
  }

  private static void openAndDrop(Database db) {
    Iterator<Integer> rows =
        db.stream("SELECT g FROM generate_series(1, 1000000) g", TestDecoders.INT).iterator();
    assertThat(rows.next()).isEqualTo(1);
  }
}
