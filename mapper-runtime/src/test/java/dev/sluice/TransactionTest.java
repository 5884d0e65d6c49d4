package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/** Database.transaction: commit, rollback on exceptions, never commit a failed transaction. */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TransactionTest {
  private Database db;

  @BeforeAll
  void open(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE TABLE account (id int PRIMARY KEY, balance int NOT NULL)");
    db = Database.builder().url(tdb.url()).maxPoolSize(2).build();
  }

  @AfterAll
  void close() {
    db.close();
  }

  @BeforeEach
  void empty() {
    db.execute("TRUNCATE account");
  }

  private long count() {
    return db.query("SELECT count(*) FROM account", TestDecoders.LONG).get(0);
  }

  /** Every connection is back in the pool, idle (none left inside a transaction). */
  private void assertAllIdle() {
    assertThat(db.idleConnections()).isEqualTo(db.poolSize());
  }

  @Test
  void commitsAndReturnsTheResult() {
    long n =
        db.transaction(
            tx -> {
              tx.execute("INSERT INTO account VALUES (1, 10)");
              assertThat(
                      tx.query(
                          "SELECT current_setting('transaction_isolation')", TestDecoders.STRING))
                  .containsExactly("read committed");
              return tx.execute("INSERT INTO account VALUES (2, 20), (3, 30)");
            });
    assertThat(n).isEqualTo(2);
    assertThat(count()).isEqualTo(3);
    assertAllIdle();
  }

  @Test
  void anExceptionRollsBackAndIsRethrownAsIs() {
    RuntimeException boom = new IllegalArgumentException("boom");
    Throwable thrown =
        catchThrowable(
            () ->
                db.useTransaction(
                    tx -> {
                      tx.execute("INSERT INTO account VALUES (1, 10)");
                      throw boom;
                    }));
    assertThat(thrown).isSameAs(boom);
    assertThat(count()).isZero();
    assertAllIdle();
  }

  @Test
  void aCaughtServerErrorStillPreventsTheCommit() {
    PgException e =
        catchThrowableOfType(
            () ->
                db.useTransaction(
                    tx -> {
                      tx.execute("INSERT INTO account VALUES (1, 10)");
                      try {
                        tx.execute("INSERT INTO account VALUES (1, 11)");
                      } catch (PgException duplicate) {
                        assertThat(duplicate.sqlState()).isEqualTo("23505");
                      }
                      assertThat(tx.isFailed()).isTrue();
                    }),
            PgException.class);
    assertThat(e.sqlState()).isEqualTo("25P02");
    assertThat(e.getMessage()).contains("rolled back");
    assertThat(count()).isZero();
    assertAllIdle();
  }

  @Test
  void isolationLevelAndReadOnly() {
    String level =
        db.transaction(
            TxOptions.DEFAULT.isolation(IsolationLevel.SERIALIZABLE),
            tx -> tx.query("SHOW transaction_isolation", TestDecoders.STRING).get(0));
    assertThat(level).isEqualTo("serializable");
    String rr =
        db.transaction(
            TxOptions.DEFAULT.isolation(IsolationLevel.REPEATABLE_READ).readOnly(),
            tx ->
                tx.query("SHOW transaction_isolation", TestDecoders.STRING).get(0)
                    + "/"
                    + tx.query("SHOW transaction_read_only", TestDecoders.STRING).get(0));
    assertThat(rr).isEqualTo("repeatable read/on");

    PgException e =
        catchThrowableOfType(
            () ->
                db.useTransaction(
                    TxOptions.DEFAULT.readOnly(),
                    tx -> tx.execute("INSERT INTO account VALUES (1, 1)")),
            PgException.class);
    assertThat(e.sqlState()).isEqualTo("25006");
    assertThat(count()).isZero();
    assertAllIdle();
  }

  @Test
  void useTransactionCommits() {
    db.useTransaction(
        tx -> {
          tx.execute("INSERT INTO account VALUES ($1, $2)", 5, 50);
          tx.execute("UPDATE account SET balance = balance + $1 WHERE id = $2", 1, 5);
        });
    assertThat(db.query("SELECT balance FROM account WHERE id = 5", TestDecoders.INT))
        .containsExactly(51);
  }

  @Test
  void statementsRunOnTheTransactionsOneConnection() {
    int[] pids =
        db.transaction(
            tx ->
                new int[] {
                  tx.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0),
                  tx.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0)
                });
    assertThat(pids[0]).isEqualTo(pids[1]);
    // Uncommitted rows are invisible to the pool's other connection until COMMIT.
    long seenOutside =
        db.transaction(
            tx -> {
              tx.execute("INSERT INTO account VALUES (9, 9)");
              return count();
            });
    assertThat(seenOutside).isZero();
    assertThat(count()).isEqualTo(1);
  }

  @Test
  void theTransactionCannotBeUsedAfterItsCall() {
    AtomicReference<Transaction> escaped = new AtomicReference<>();
    db.useTransaction(escaped::set);
    PgException e =
        catchThrowableOfType(() -> escaped.get().execute("SELECT 1"), PgException.class);
    assertThat(e.sqlState()).isEqualTo("25000");
    assertAllIdle();
  }
}
