package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/** Savepoints in a transaction, and whole transactions run again after 40001 and 40P01. */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SavepointRetryTest {
  private Database db;

  @BeforeAll
  void open(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE TABLE account (id int PRIMARY KEY, balance int NOT NULL)");
    db = Database.builder().url(tdb.url()).maxPoolSize(4).build();
  }

  @AfterAll
  void close() {
    db.close();
  }

  @BeforeEach
  void accounts() {
    db.execute("DELETE FROM account");
    db.execute("INSERT INTO account VALUES (1, 100), (2, 100)");
  }

  private int balance(int id) {
    return db.query("SELECT balance FROM account WHERE id = $1", TestDecoders.INT, id).get(0);
  }

  @Test
  void rollingBackToASavepointUndoesOnlyWhatCameAfterItAndClearsAFailure() {
    db.useTransaction(
        tx -> {
          tx.execute("UPDATE account SET balance = 90 WHERE id = 1");
          Savepoint sp = tx.savepoint();
          tx.execute("UPDATE account SET balance = 0 WHERE id = 1");
          assertThatThrownBy(() -> tx.execute("INSERT INTO account VALUES (1, 5)"))
              .isInstanceOf(PgException.class)
              .hasMessageContaining("duplicate key");
          assertThat(tx.isFailed()).isTrue();
          tx.rollbackTo(sp);
          assertThat(tx.isFailed()).isFalse();
          tx.release(sp);
          tx.execute("UPDATE account SET balance = 110 WHERE id = 2");
        });
    assertThat(balance(1)).isEqualTo(90);
    assertThat(balance(2)).isEqualTo(110);
  }

  @Test
  void aSavepointBlockUndoesItsOwnWorkWhenItThrowsAndTheTransactionCommitsTheRest() {
    db.useTransaction(
        tx -> {
          tx.execute("UPDATE account SET balance = 80 WHERE id = 1");
          assertThatThrownBy(
                  () ->
                      tx.savepoint(
                          inner -> {
                            inner.execute("UPDATE account SET balance = 0 WHERE id = 2");
                            return inner.execute("INSERT INTO account VALUES (2, 1)");
                          }))
              .hasMessageContaining("duplicate key");
          long n =
              tx.savepoint(inner -> inner.execute("UPDATE account SET balance = 120 WHERE id = 2"));
          assertThat(n).isEqualTo(1);
        });
    assertThat(balance(1)).isEqualTo(80);
    assertThat(balance(2)).isEqualTo(120);
  }

  @Test
  void aSavepointOfAnotherTransactionIsRefused() {
    Savepoint[] other = new Savepoint[1];
    db.useTransaction(tx -> other[0] = tx.savepoint());
    PgException e =
        catchThrowableOfType(
            PgException.class,
            () ->
                db.useTransaction(
                    tx -> {
                      assertThatThrownBy(() -> tx.rollbackTo(other[0]))
                          .isInstanceOf(IllegalArgumentException.class)
                          .hasMessage("Savepoint[sluice_sp_1] belongs to another transaction");
                      throw new PgException("P0001", "done");
                    }));
    assertThat(e.sqlState()).isEqualTo("P0001");
  }

  @Test
  void aSerializationFailureRunsTheWholeTransactionAgain() throws Exception {
    // Two serializable transactions each read both balances and write one: write skew, so one of
    // them fails with 40001 at its write or its COMMIT, and runs again.
    TxOptions serializable = TxOptions.DEFAULT.isolation(IsolationLevel.SERIALIZABLE).attempts(5);
    AtomicInteger attempts = new AtomicInteger();
    CountDownLatch bothRead = new CountDownLatch(2);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<?>[] done = new Future<?>[2];
      for (int k = 0; k < 2; k++) {
        int id = k + 1;
        done[k] =
            pool.submit(
                () ->
                    db.transaction(
                        serializable,
                        tx -> {
                          int first = attempts.incrementAndGet();
                          long total =
                              tx.query("SELECT sum(balance)::int FROM account", TestDecoders.INT)
                                  .get(0);
                          if (first <= 2) {
                            bothRead.countDown();
                            await(bothRead);
                          }
                          return tx.execute(
                              "UPDATE account SET balance = balance - $1 WHERE id = $2",
                              (int) total / 2,
                              id);
                        }));
      }
      for (Future<?> f : done) {
        f.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(attempts.get()).isEqualTo(3); // two first attempts, one of them run again
    // Run one after the other: the first takes 100 of 200, the second 50 of the 100 left.
    assertThat(balance(1) + balance(2)).isEqualTo(50);
  }

  @Test
  void otherFailuresAreNotRunAgain() {
    AtomicInteger attempts = new AtomicInteger();
    assertThatThrownBy(
            () ->
                db.useTransaction(
                    TxOptions.DEFAULT.attempts(5),
                    tx -> {
                      attempts.incrementAndGet();
                      tx.execute("INSERT INTO account VALUES (1, 0)");
                    }))
        .isInstanceOf(PgException.class)
        .hasMessageContaining("duplicate key");
    assertThat(attempts.get()).isEqualTo(1);
    assertThatThrownBy(() -> TxOptions.DEFAULT.attempts(0))
        .hasMessage("attempts must be 1..100: 0");
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
