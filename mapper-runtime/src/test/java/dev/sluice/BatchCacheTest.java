package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * Batches against the statement cache: a cache smaller than the statements one batch binds
 * together, a batch after the server dropped every prepared statement, and the cache size keyword.
 * Each a clear result or error, never a hang.
 */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BatchCacheTest {
  private static final String INSERT = "INSERT INTO tagged (id, label, tag) VALUES ($1, $2, $3)";

  private TestDatabase tdb;

  @BeforeAll
  void schema(TestDatabase tdb) throws Exception {
    this.tdb = tdb;
    tdb.execute("CREATE TABLE tagged (id int PRIMARY KEY, label text NOT NULL, tag uuid)");
  }

  private static List<Object[]> rows(int from, int n) {
    List<Object[]> rows = new ArrayList<>();
    for (int i = from; i < from + n; i++) {
      // A String for the uuid column: no binary array for it, so the multi-row form is used.
      rows.add(new Object[] {i, "row " + i, UUID.randomUUID().toString()});
    }
    return rows;
  }

  private static int count(Database db) {
    return db.query("SELECT count(*)::int FROM tagged", TestDecoders.INT).get(0);
  }

  @Test
  void aCacheOfOneStatementHoldsEveryGroupOfAMultiRowBatch() {
    // 300 rows as multi-row statements of 128, 128, 32, 8 and 4 rows: four statements bound in one
    // pipeline, with room for one in the cache.
    try (Database db =
        Database.builder()
            .url(tdb.url())
            .maxPoolSize(1)
            .statementCacheSize(1)
            .rewriteBatchedInserts(true)
            .build()) {
      long[] counts = db.executeBatch(INSERT, rows(1, 300));
      assertThat(counts).hasSize(300).containsOnly(1L);
      assertThat(count(db)).isEqualTo(300);
      // And again, with the cache back at one statement and the others closed.
      long[] again = db.executeBatch(INSERT, rows(301, 300));
      assertThat(Arrays.stream(again).sum()).isEqualTo(300);
      assertThat(count(db)).isEqualTo(600);
      db.execute("DELETE FROM tagged");
    }
  }

  @Test
  void aBatchAfterDiscardAllPreparesAgainEvenInATransaction() {
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      db.executeBatch(INSERT, rows(1000, 3));
      db.execute("DISCARD ALL"); // drops every prepared statement of the session, ours included
      db.useTransaction(tx -> tx.executeBatch(INSERT, rows(2000, 3)));
      db.execute("DEALLOCATE ALL");
      db.useTransaction(tx -> tx.executeBatch(INSERT, rows(3000, 3)));
      assertThat(count(db)).isEqualTo(9);
      db.execute("DELETE FROM tagged");
    }
  }

  @Test
  void theCacheSizeKeywordIsCheckedAsTheBuilderChecksIt() {
    assertThatThrownBy(() -> ConnectionConfig.parse("postgresql://u@h/db?statement_cache_size=0"))
        .isInstanceOf(PgException.class)
        .hasMessageContaining("statement_cache_size must be at least 1: \"0\"");
    assertThatThrownBy(() -> Database.builder().statementCacheSize(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("statement cache size < 1: 0");
  }
}
