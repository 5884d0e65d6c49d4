package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The transaction-pooling test proxy ({@link TransactionPooler}) does what it claims, and Sluice's
 * default statement mode fails through it as it fails through PgBouncer in transaction mode.
 */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TransactionPoolerTest {
  private static final Object[] NONE = new Object[0];

  private static PgConnection connect(TransactionPooler pooler) {
    return PgConnection.connect(ConnectionConfig.builder().url(pooler.url()).build(), null);
  }

  /** A fresh table {@code seen} (the class's tests share one database). */
  private static void createSeen(TestDatabase tdb) throws Exception {
    tdb.execute("DROP TABLE IF EXISTS seen");
    tdb.execute("CREATE TABLE seen (n serial PRIMARY KEY, pid int NOT NULL)");
  }

  /** The backend PIDs recorded in table {@code seen}, in insertion order, read past the proxy. */
  private static List<Integer> seen(TestDatabase tdb) throws Exception {
    List<Integer> pids = new ArrayList<>();
    try (Connection c = tdb.jdbc();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT pid FROM seen ORDER BY n")) {
      while (rs.next()) {
        pids.add(rs.getInt(1));
      }
    }
    return pids;
  }

  @Test
  void eachTransactionOfOneClientGoesToTheNextIdleBackend(TestDatabase tdb) throws Exception {
    createSeen(tdb);
    try (TransactionPooler pooler = TransactionPooler.of(tdb, 2);
        PgConnection c = connect(pooler)) {
      c.simpleQuery("INSERT INTO seen (pid) SELECT pg_backend_pid()");
      c.simpleQuery("INSERT INTO seen (pid) SELECT pg_backend_pid()");
      List<Integer> pids = seen(tdb);
      assertThat(pids).hasSize(2);
      assertThat(pids.get(0)).isNotEqualTo(pids.get(1));
      assertThat(pooler.backendPids()).containsExactlyInAnyOrderElementsOf(pids);
      // The client's own PID is the proxy's, not a backend's.
      assertThat(c.backendPid()).isNotIn(pids);
    }
  }

  @Test
  void aTransactionKeepsItsBackendUntilItEnds(TestDatabase tdb) throws Exception {
    createSeen(tdb);
    try (TransactionPooler pooler = TransactionPooler.of(tdb, 2);
        PgConnection c = connect(pooler)) {
      c.simpleQuery("BEGIN");
      c.simpleQuery("INSERT INTO seen (pid) SELECT pg_backend_pid()");
      c.simpleQuery("INSERT INTO seen (pid) SELECT pg_backend_pid()");
      c.simpleQuery("COMMIT");
      c.simpleQuery("INSERT INTO seen (pid) SELECT pg_backend_pid()");
      List<Integer> pids = seen(tdb);
      assertThat(pids.get(0)).isEqualTo(pids.get(1));
      assertThat(pids.get(2)).isNotEqualTo(pids.get(0));
      assertThat(pooler.loans()).isEqualTo(2);
    }
  }

  @Test
  void aClientThatLeavesMidTransactionDoesNotPassItOn(TestDatabase tdb) throws Exception {
    createSeen(tdb);
    try (TransactionPooler pooler = TransactionPooler.of(tdb, 1)) {
      int first = pooler.backendPids().get(0);
      try (PgConnection c = connect(pooler)) {
        c.simpleQuery("BEGIN");
        c.simpleQuery("INSERT INTO seen (pid) SELECT pg_backend_pid()");
      }
      try (PgConnection c = connect(pooler)) {
        c.simpleQuery("INSERT INTO seen (pid) SELECT pg_backend_pid()");
      }
      // The first insert was rolled back with its backend; the second ran on a fresh one.
      List<Integer> pids = seen(tdb);
      assertThat(pids).hasSize(1);
      assertThat(pids.get(0)).isNotEqualTo(first);
    }
  }

  // ---------------------------------------------------------------- the default mode fails

  @Test
  void theDefaultModesNamedStatementIsLostBetweenPrepareAndBind(TestDatabase tdb) throws Exception {
    try (TransactionPooler pooler = TransactionPooler.of(tdb, 2);
        PgConnection c = connect(pooler)) {
      List<Integer> out = new ArrayList<>();
      // A text's first use runs as the unnamed statement, parsed again with its Bind: it works.
      c.query("SELECT 1 AS one", NONE, TestDecoders.INT, out);
      assertThat(out).containsExactly(1);
      // Its second use names it: Parse + Describe + Sync run on one backend, Bind + Execute + Sync
      // on the other; the retry with a new name meets the same fate. Almost always: the pooler
      // puts a backend back after writing its ReadyForQuery, so a fast retry can find only the
      // backend it prepared on and succeed once; the next use is lost again. Hence a few tries.
      PgException e = null;
      for (int use = 0; use < 5 && e == null; use++) {
        e =
            catchThrowableOfType(
                () -> c.query("SELECT 1 AS one", NONE, TestDecoders.INT, out), PgException.class);
      }
      assertThat(e).as("a named statement lost between backends").isNotNull();
      assertThat(e.sqlState()).isEqualTo("26000");
      assertThat(e.getMessage()).containsPattern("prepared statement \"s[12]\" does not exist");
    }
  }

  @Test
  void theDefaultModesNamedStatementsClashAcrossClients(TestDatabase tdb) throws Exception {
    try (TransactionPooler pooler = TransactionPooler.of(tdb, 1);
        PgConnection a = connect(pooler);
        PgConnection b = connect(pooler)) {
      List<Integer> out = new ArrayList<>();
      // One backend: every statement of both clients runs on it. Each client names its
      // statements s1, s2, … from a text's second use.
      a.query("SELECT 1 AS one", NONE, TestDecoders.INT, out);
      a.query("SELECT 1 AS one", NONE, TestDecoders.INT, out);
      b.query("SELECT 2 AS two", NONE, TestDecoders.INT, out);
      PgException e =
          catchThrowableOfType(
              () -> b.query("SELECT 2 AS two", NONE, TestDecoders.INT, out), PgException.class);
      assertThat(e.sqlState()).isEqualTo("42P05");
      assertThat(e.getMessage()).contains("prepared statement \"s1\" already exists");
      assertThat(out).containsExactly(1, 1, 2);
    }
  }
}
