package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * A connection cut by {@link FaultProxy} in the middle of the work: the call fails with a clear
 * error, nothing half-written stays in the table (checked from another connection), the pool goes
 * on with a new connection, and a cut during COMMIT is reported as an unknown outcome (08007) —
 * never as success, never as a plain failure — whichever way the server went.
 */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CutConnectionTest {
  private TestDatabase tdb;
  private FaultProxy proxy;
  private Database db;

  @BeforeAll
  void schema(TestDatabase tdb) throws Exception {
    this.tdb = tdb;
    tdb.execute("CREATE TABLE ledger (id int PRIMARY KEY, note text NOT NULL)");
    proxy = new FaultProxy(tdb.host(), tdb.port());
    db = Database.builder().url(proxy.url(tdb)).maxPoolSize(2).build();
  }

  @BeforeEach
  void empty() throws Exception {
    tdb.execute("DELETE FROM ledger");
  }

  /** Rows of the ledger as another client, beside the proxy, sees them. */
  private List<Integer> committedIds() throws Exception {
    List<Integer> ids = new ArrayList<>();
    try (Connection c = tdb.jdbc();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT id FROM ledger ORDER BY id")) {
      while (rs.next()) {
        ids.add(rs.getInt(1));
      }
    }
    return ids;
  }

  private void assertThePoolGoesOn() {
    assertThat(db.query("SELECT 40 + $1", TestDecoders.INT, 2)).containsExactly(42);
  }

  @Test
  void aCutAfterTheServerCommittedIsAnUnknownOutcomeNotAFailure() throws Exception {
    proxy.cutWhenClientSends("COMMIT", FaultProxy.Cut.AFTER_THE_SERVER_ANSWERS);
    PgException e =
        catchThrowableOfType(
            PgException.class,
            () -> db.useTransaction(tx -> tx.execute("INSERT INTO ledger VALUES (1, 'one')")));
    assertThat(e).isNotNull();
    assertThat(e.sqlState()).isEqualTo("08007");
    assertThat(e.getMessage()).contains("may or may not have committed");
    assertThat(e.getCause()).isInstanceOf(PgException.class);
    assertThat(((PgException) e.getCause()).sqlState()).isEqualTo("08006");
    assertThat(committedIds()).containsExactly(1); // it did commit
    assertThePoolGoesOn();
  }

  @Test
  void aCutBeforeTheServerSawCommitIsAnUnknownOutcomeToo() throws Exception {
    proxy.cutWhenClientSends("COMMIT", FaultProxy.Cut.BEFORE_THE_SERVER_SEES_IT);
    PgException e =
        catchThrowableOfType(
            PgException.class,
            () -> db.useTransaction(tx -> tx.execute("INSERT INTO ledger VALUES (2, 'two')")));
    assertThat(e.sqlState()).isEqualTo("08007");
    // The server saw the connection end inside the transaction: it rolled back.
    awaitBackendsGone();
    assertThat(committedIds()).isEmpty();
    assertThePoolGoesOn();
  }

  @Test
  void aCutDuringABatchInsideATransactionLeavesNoRow() throws Exception {
    List<Object[]> rows = new ArrayList<>();
    for (int i = 100; i < 400; i++) {
      rows.add(new Object[] {i, "batch row " + i});
    }
    proxy.cutWhenClientSends("batch row 250", FaultProxy.Cut.BEFORE_THE_SERVER_SEES_IT);
    PgException e =
        catchThrowableOfType(
            PgException.class,
            () ->
                db.useTransaction(
                    tx -> tx.executeBatch("INSERT INTO ledger VALUES ($1, $2)", rows)));
    assertThat(e.sqlState()).isEqualTo("08006");
    awaitBackendsGone();
    assertThat(committedIds()).isEmpty();
    assertThePoolGoesOn();
  }

  @Test
  void aCutDuringCopyInsideATransactionLeavesNoRow() throws Exception {
    StringBuilder data = new StringBuilder();
    for (int i = 1000; i < 60000; i++) {
      data.append(i).append("\tcopied row ").append(i).append('\n');
    }
    proxy.cutWhenClientSends("copied row 50000", FaultProxy.Cut.BEFORE_THE_SERVER_SEES_IT);
    PgException e =
        catchThrowableOfType(
            PgException.class,
            () ->
                db.useTransaction(
                    tx ->
                        tx.copyIn(
                            "COPY ledger FROM STDIN",
                            new ByteArrayInputStream(
                                data.toString().getBytes(StandardCharsets.UTF_8)))));
    assertThat(e.sqlState()).isEqualTo("08006");
    awaitBackendsGone();
    assertThat(committedIds()).isEmpty();
    assertThePoolGoesOn();
  }

  @Test
  void aCutDuringAQueryFailsItClearlyAndTheNextCallWorks() {
    proxy.cutWhenClientSends("pg_sleep", FaultProxy.Cut.AFTER_THE_SERVER_ANSWERS);
    PgException e =
        catchThrowableOfType(
            PgException.class, () -> db.query("SELECT 1 FROM pg_sleep(0)", TestDecoders.INT));
    assertThat(e.sqlState()).isEqualTo("08006");
    assertThat(e.getMessage()).contains("lost");
    assertThat(e.statement()).isEqualTo("SELECT 1 FROM pg_sleep(0)");
    assertThePoolGoesOn();
  }

  /** Waits until the server has ended the backends whose connections the proxy cut. */
  private void awaitBackendsGone() throws Exception {
    for (int i = 0; i < 100; i++) {
      try (Connection c = tdb.jdbc();
          Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                      + " AND state LIKE 'idle in transaction%'")) {
        rs.next();
        if (rs.getInt(1) == 0) {
          return;
        }
      }
      Thread.sleep(20);
    }
  }
}
