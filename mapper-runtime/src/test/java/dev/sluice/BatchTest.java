package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/** executeBatch: one pipeline, all rows or none, and no deadlock however much is written. */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BatchTest {
  private static final String INSERT = "INSERT INTO item (id, label) VALUES ($1, $2)";
  private Database db;

  @BeforeAll
  void open(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE TABLE item (id int PRIMARY KEY, label text NOT NULL)");
    db = Database.builder().url(tdb.url()).maxPoolSize(1).build();
  }

  @AfterAll
  void close() {
    db.close();
  }

  @BeforeEach
  void empty() {
    db.execute("TRUNCATE item");
  }

  private long count() {
    return db.query("SELECT count(*) FROM item", TestDecoders.LONG).get(0);
  }

  private static List<Object[]> rows(int n, int labelLength) {
    List<Object[]> rows = new ArrayList<>(n);
    String pad = "x".repeat(labelLength);
    for (int i = 1; i <= n; i++) {
      rows.add(new Object[] {i, pad + i});
    }
    return rows;
  }

  /** The pooled connection is still the same one, idle and usable. */
  private void assertConnectionKept() {
    assertThat(db.query("SELECT 1", TestDecoders.INT)).containsExactly(1);
    assertThat(db.poolSize()).isEqualTo(1);
  }

  @Test
  void insertsTenThousandRowsAndReturnsEachCount() {
    long[] counts = db.executeBatch(INSERT, rows(10_000, 5));
    assertThat(counts).hasSize(10_000);
    assertThat(Arrays.stream(counts).allMatch(c -> c == 1)).isTrue();
    assertThat(count()).isEqualTo(10_000);
    assertThat(db.query("SELECT label FROM item WHERE id = 9876", TestDecoders.STRING))
        .containsExactly("xxxxx9876");
  }

  @Test
  void countsOfAnUpdateBatch() {
    db.executeBatch(INSERT, rows(10, 1));
    long[] counts =
        db.executeBatch(
            "UPDATE item SET label = 'u' WHERE id <= $1",
            List.of(new Object[] {3}, new Object[] {0}, new Object[] {10}));
    assertThat(counts).containsExactly(3, 0, 10);
  }

  @Test
  void aServerErrorNearTheEndLeavesNoRowAndNamesTheRow() {
    List<Object[]> rows = rows(10_000, 5);
    rows.set(9_998, new Object[] {1, "duplicate of row 1"}); // row 9,999
    PgException e = catchThrowableOfType(() -> db.executeBatch(INSERT, rows), PgException.class);
    assertThat(e.sqlState()).isEqualTo("23505");
    assertThat(e.getMessage()).contains("batch row 9999 of 10000");
    assertThat(e.constraint()).isEqualTo("item_pkey");
    assertThat(count()).isZero();
    assertConnectionKept();
  }

  @Test
  void aValueThatCannotBeSentLeavesNoRow() {
    List<Object[]> rows = rows(10_000, 5);
    rows.set(8_999, new Object[] {9_000}); // row 9,000 lacks its second parameter
    PgException e = catchThrowableOfType(() -> db.executeBatch(INSERT, rows), PgException.class);
    assertThat(e.sqlState()).isEqualTo("07001");
    assertThat(count()).isZero();
    assertThat(e.getMessage()).contains("batch row 9000 of 10000");
    assertConnectionKept();
  }

  @Test
  void aLargeBatchIsReadWhileItIsWritten() {
    long[] counts = db.executeBatch(INSERT, rows(100_000, 200));
    assertThat(counts).hasSize(100_000);
    assertThat(count()).isEqualTo(100_000);
  }

  @Test
  void largeReturningRowsDoNotDeadlock() {
    // Each reply is as large as its row: both directions carry megabytes at once.
    long[] counts =
        db.executeBatch(
            "INSERT INTO item (id, label) VALUES ($1, $2) RETURNING label", rows(400, 100_000));
    assertThat(counts).hasSize(400);
    assertThat(count()).isEqualTo(400);
  }

  @Test
  void aFailingBatchFailsTheEnclosingTransaction() {
    List<Object[]> rows = rows(500, 5);
    rows.set(300, new Object[] {1, "duplicate"});
    PgException e =
        catchThrowableOfType(
            () ->
                db.useTransaction(
                    tx -> {
                      tx.execute(INSERT, 100_000, "before the batch");
                      try {
                        tx.executeBatch(INSERT, rows);
                      } catch (PgException expected) {
                        assertThat(expected.sqlState()).isEqualTo("23505");
                        assertThat(tx.isFailed()).isTrue();
                      }
                    }),
            PgException.class);
    assertThat(e.sqlState()).isEqualTo("25P02");
    assertThat(count()).isZero();
    assertConnectionKept();
  }

  @Test
  void aBatchInsideATransactionCommitsWithIt() {
    db.useTransaction(tx -> tx.executeBatch(INSERT, rows(1_000, 3)));
    assertThat(count()).isEqualTo(1_000);
  }
}
