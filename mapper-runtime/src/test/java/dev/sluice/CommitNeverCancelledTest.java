package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.PipelineStep;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.ReplicatedPair;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A COMMIT on a synchronous pair whose standby is stopped waits for the standby. A cancel would end
 * that wait with a WARNING and an apparently successful COMMIT of a transaction that is on the
 * primary only; so the query timeout never cancels a COMMIT (the connection is closed and the
 * outcome reported unknown, 08007), and a wait cancelled by someone else is reported as 08007 too.
 * Neither is retried by {@link TxOptions#attempts}. A statement outside a transaction commits
 * implicitly: its query timeout's cancel may end that wait, which is reported as 08007 as well.
 */
class CommitNeverCancelledTest {
  private static ReplicatedPair pair;

  @BeforeAll
  static void start() {
    pair = ReplicatedPair.startSynchronous();
    pair.executeOnPrimary("CREATE TABLE c (k text PRIMARY KEY)");
  }

  @AfterAll
  static void stop() {
    if (pair != null) {
      pair.close();
    }
  }

  @BeforeEach
  void stopStandby() {
    pair.stopStandby();
  }

  @AfterEach
  void startStandby() {
    pair.startStandby();
  }

  @Test
  void theQueryTimeoutClosesTheConnectionInsteadOfCancellingTheCommit() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    try (Database db =
        Database.builder()
            .url(pair.primaryUrl())
            .applicationName("never-cancelled")
            .queryTimeout(Duration.ofMillis(500))
            .build()) {
      long start = System.nanoTime();
      assertThatThrownBy(
              () ->
                  db.useTransaction(
                      TxOptions.DEFAULT.attempts(5),
                      tx -> {
                        runs.incrementAndGet();
                        tx.execute("INSERT INTO c VALUES ('timeout')");
                      }))
          .isInstanceOfSatisfying(
              PgException.class,
              e -> {
                assertThat(e.sqlState()).isEqualTo("08007");
                assertThat(e.getCause()).hasMessageContaining("query timeout of 500 ms");
              });
      assertThat(runs).hasValue(1); // never retried
      assertThat(System.nanoTime() - start).isLessThan(TimeUnit.SECONDS.toNanos(5));
      assertThat(db.poolSize()).isZero();
    }
    // No CancelRequest reached the backend: it still waits for the standby, its COMMIT not cut
    // short (a cancel would have ended the wait with the WARNING).
    assertThat(
            text(
                "SELECT wait_event FROM pg_stat_activity WHERE application_name = 'never-cancelled'"))
        .isEqualTo("SyncRep");
  }

  @Test
  void aWaitCancelledByAnotherSessionIsReportedAsUnknownNotAsCommitted() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    try (Database db =
        Database.builder().url(pair.primaryUrl()).applicationName("cancelled-elsewhere").build()) {
      CompletableFuture<Void> commit =
          CompletableFuture.runAsync(
              () ->
                  db.useTransaction(
                      TxOptions.DEFAULT.attempts(5),
                      tx -> {
                        runs.incrementAndGet();
                        tx.execute("INSERT INTO c VALUES ('elsewhere')");
                      }));
      awaitSyncRepWait("cancelled-elsewhere");
      text(
          "SELECT pg_cancel_backend(pid)::text FROM pg_stat_activity"
              + " WHERE application_name = 'cancelled-elsewhere'");
      assertThatThrownBy(() -> commit.get(10, TimeUnit.SECONDS))
          .hasCauseInstanceOf(PgException.class)
          .cause()
          .satisfies(
              e -> {
                assertThat(((PgException) e).sqlState()).isEqualTo("08007");
                assertThat(e).hasMessageContaining("synchronous replication");
              });
      assertThat(runs).hasValue(1);
      // The server committed it locally; the connection is in step and kept.
      assertThat(db.queryOne("SELECT count(*)::int FROM c WHERE k = 'elsewhere'", Integer.class))
          .contains(1);
      assertThat(db.poolSize()).isEqualTo(1);
    }
  }

  @Test
  void aStatementOutsideATransactionWhoseImplicitCommitWasCancelledIsReportedAsUnknown() {
    // Outside a transaction the statement commits at its Sync, so the timeout's cancel lands on
    // the wait for the standby: the server answers INSERT 0 1 with the WARNING.
    try (Database db = Database.connect(pair.primaryUrl())) {
      assertThatThrownBy(
              () ->
                  db.withQueryTimeout(Duration.ofMillis(300))
                      .execute("INSERT INTO c VALUES ('implicit')"))
          .isInstanceOfSatisfying(
              PgException.class,
              e -> {
                assertThat(e.sqlState()).isEqualTo("08007");
                assertThat(e.statement()).isEqualTo("INSERT INTO c VALUES ('implicit')");
              })
          .hasMessageContaining("synchronous replication");
      // Committed on the primary all the same.
      assertThat(db.queryOne("SELECT count(*)::int FROM c WHERE k = 'implicit'", Integer.class))
          .contains(1);
    }
  }

  @Test
  void theWarningIsKnownByItsRoutineNotItsEnglishText() throws Exception {
    List<Notice> notices = new CopyOnWriteArrayList<>();
    try (Database db =
        Database.builder()
            .url(pair.primaryUrl())
            .applicationName("by-routine")
            .noticeListener(notices::add)
            .build()) {
      CompletableFuture<Long> insert =
          CompletableFuture.supplyAsync(() -> db.execute("INSERT INTO c VALUES ('routine')"));
      awaitSyncRepWait("by-routine");
      cancel("by-routine");
      assertThatThrownBy(() -> insert.get(10, TimeUnit.SECONDS))
          .cause()
          .isInstanceOfSatisfying(
              PgException.class, e -> assertThat(e.sqlState()).isEqualTo("08007"));
    }
    // The server names the routine; that, not the (translatable) message, is what is matched.
    assertThat(notices).anySatisfy(n -> assertThat(n.routine()).isEqualTo("SyncRepWaitForLSN"));
  }

  @Test
  void aStreamsImplicitCommitWhoseWaitWasCancelledIsReportedAsUnknown() throws Exception {
    try (Database db =
        Database.builder().url(pair.primaryUrl()).applicationName("streamed").build()) {
      CompletableFuture<List<String>> read =
          CompletableFuture.supplyAsync(
              () -> {
                try (Stream<String> s =
                    db.stream("INSERT INTO c VALUES ('stream') RETURNING k", String.class)) {
                  return s.toList();
                }
              });
      awaitSyncRepWait("streamed");
      cancel("streamed");
      assertThatThrownBy(() -> read.get(10, TimeUnit.SECONDS))
          .cause()
          .isInstanceOfSatisfying(
              PgException.class,
              e -> {
                assertThat(e.sqlState()).isEqualTo("08007");
                assertThat(e.statement()).isEqualTo("INSERT INTO c VALUES ('stream') RETURNING k");
              });
      assertThat(db.queryOne("SELECT count(*)::int FROM c WHERE k = 'stream'", Integer.class))
          .contains(1);
    }
  }

  @Test
  void aPipelinedPoolsStatementWhoseImplicitCommitWasCancelledIsReportedAsUnknown()
      throws Exception {
    try (Database db =
        Database.builder()
            .url(pair.primaryUrl())
            .applicationName("pipelined")
            .pipelining(4)
            .build()) {
      CompletableFuture<Long> insert =
          CompletableFuture.supplyAsync(() -> db.execute("INSERT INTO c VALUES ('pipelined')"));
      awaitSyncRepWait("pipelined");
      cancel("pipelined");
      assertThatThrownBy(() -> insert.get(10, TimeUnit.SECONDS))
          .cause()
          .isInstanceOfSatisfying(
              PgException.class,
              e -> {
                assertThat(e.sqlState()).isEqualTo("08007");
                assertThat(e.statement()).isEqualTo("INSERT INTO c VALUES ('pipelined')");
              });
    }
  }

  @Test
  void aPipelineStepsCancelledCommitIsNotHiddenByALaterWarning() throws Exception {
    try (PgConnection c =
        PgConnection.connect(
            ConnectionConfig.builder()
                .url(pair.primaryUrl())
                .applicationName("pipeline-steps")
                .build(),
            null)) {
      CompletableFuture<Void> run =
          CompletableFuture.runAsync(
              () ->
                  c.pipeline(
                      List.of(
                          PipelineStep.execute("INSERT INTO c VALUES ('step')", new Object[0]),
                          PipelineStep.execute(
                              "DO $$ BEGIN RAISE WARNING 'a later warning'; END $$",
                              new Object[0])),
                      false));
      awaitSyncRepWait("pipeline-steps");
      cancel("pipeline-steps");
      assertThatThrownBy(() -> run.get(10, TimeUnit.SECONDS))
          .cause()
          .isInstanceOfSatisfying(
              PgException.class, e -> assertThat(e.sqlState()).isEqualTo("08007"));
    }
  }

  private static void cancel(String applicationName) throws SQLException {
    text(
        "SELECT pg_cancel_backend(pid)::text FROM pg_stat_activity"
            + " WHERE application_name = '"
            + applicationName
            + "'");
  }

  private static void awaitSyncRepWait(String applicationName) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline) {
      String event =
          text(
              "SELECT coalesce(max(wait_event), '') FROM pg_stat_activity"
                  + " WHERE application_name = '"
                  + applicationName
                  + "'");
      if (event.equals("SyncRep")) {
        return;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("no COMMIT of " + applicationName + " waits for the standby");
  }

  private static String text(String sql) throws SQLException {
    try (Connection c = pair.jdbcPrimary();
        Statement s = c.createStatement();
        ResultSet rows = s.executeQuery(sql)) {
      assertThat(rows.next()).as(sql).isTrue();
      return rows.getString(1);
    }
  }
}
