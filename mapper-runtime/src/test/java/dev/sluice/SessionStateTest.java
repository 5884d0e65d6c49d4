package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * The session's one rule: after any call, the connection is either exactly as clean as before
 * (ReadyForQuery read, nothing unsent, nothing unread) and reusable, or broken and discarded —
 * whatever was thrown in between. Against the real server.
 */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SessionStateTest {
  private static final Object[] NONE = new Object[0];

  private TestDatabase tdb;

  @BeforeAll
  void schema(TestDatabase tdb) throws Exception {
    this.tdb = tdb;
    tdb.execute("CREATE TABLE item (id int PRIMARY KEY, label text NOT NULL)");
  }

  private PgConnection connect() {
    return PgConnection.connect(ConnectionConfig.parse(tdb.url()), null);
  }

  private static List<Integer> ints(PgConnection c, String sql, Object... params) {
    List<Integer> out = new ArrayList<>();
    c.query(sql, params, TestDecoders.INT, out);
    return out;
  }

  @Test
  void aNulInsideTheStatementIsRefusedBeforeAnythingIsSent() {
    try (PgConnection c = connect()) {
      long reads = c.socketReads();
      PgException e =
          catchThrowableOfType(
              PgException.class, () -> c.execute("SELECT 1\0; DROP TABLE item", NONE));
      assertThat(e.sqlState()).isEqualTo("22021");
      assertThat(e.getMessage()).contains("the statement contains a NUL character (U+0000)");
      assertThat(e.statement()).isEqualTo("SELECT 1\0; DROP TABLE item");
      assertThat(c.isReusable()).isTrue();
      assertThat(c.socketReads()).isEqualTo(reads); // no round trip was made
      assertThat(ints(c, "SELECT count(*)::int FROM item")).containsExactly(0);
      assertThatThrownBy(() -> c.simpleQuery("SELECT 1\0")).hasMessageContaining("NUL");
      assertThat(ints(c, "SELECT 2")).containsExactly(2);
    }
  }

  @Test
  void anErrorThrownByAConsumerLeavesTheConnectionBrokenNeverHalfRead() {
    try (PgConnection c = connect()) {
      AtomicInteger seen = new AtomicInteger();
      AssertionError failure = new AssertionError("a test's assertion inside forEach");
      Throwable thrown =
          catchThrowableOfType(
              AssertionError.class,
              () ->
                  c.forEach(
                      "SELECT g FROM generate_series(1, 100000) g",
                      NONE,
                      TestDecoders.INT,
                      v -> {
                        if (seen.incrementAndGet() == 10) {
                          throw failure;
                        }
                      }));
      assertThat(thrown).isSameAs(failure);
      // Rows of that result are still unread: the connection must not be used again.
      assertThat(c.isReusable()).isFalse();
      assertThat(c.isBroken()).isTrue();
    }
  }

  @Test
  void thePoolReplacesAConnectionAnErrorLeftHalfWay() {
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      int pid = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
      assertThatThrownBy(
              () ->
                  db.forEach(
                      "SELECT g FROM generate_series(1, 100000) g",
                      TestDecoders.INT,
                      v -> {
                        throw new StackOverflowError("deep");
                      }))
          .isInstanceOf(StackOverflowError.class);
      // The next caller gets its own rows from a new session, not the rest of the last one's.
      assertThat(db.query("SELECT 7 + $1", TestDecoders.INT, 1)).containsExactly(8);
      assertThat(db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0)).isNotEqualTo(pid);
    }
  }

  /**
   * The consumer's exception stops a long query with a cancel, which ends it with 57014: the
   * connection is kept (10,000,000 rows: the server is still sending when the cancel lands).
   */
  @Test
  void aRuntimeExceptionFromAConsumerKeepsTheConnection() {
    try (PgConnection c = connect()) {
      int pid = c.backendPid();
      assertThatThrownBy(
              () ->
                  c.forEach(
                      "SELECT g FROM generate_series(1, 10000000) g",
                      NONE,
                      TestDecoders.INT,
                      v -> {
                        throw new IllegalStateException("consumer bug");
                      }))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("consumer bug");
      assertThat(c.isReusable()).isTrue();
      assertThat(ints(c, "SELECT pg_backend_pid()")).containsExactly(pid);
    }
  }

  /**
   * The consumer throws on the first row of a result the server has already sent whole: the
   * statement ends before the cancel can reach it, and a cancel still on its way could hit the next
   * statement on this session. So the session is not handed on: the pool gives the next caller a
   * new one, which runs its statement uncancelled.
   */
  @Test
  void aCancelThatCameTooLateDiscardsTheConnection() {
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      int pid = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
      assertThatThrownBy(
              () ->
                  db.forEach(
                      "SELECT g FROM generate_series(1, 3) g",
                      TestDecoders.INT,
                      v -> {
                        throw new IllegalStateException("consumer bug");
                      }))
          .hasMessage("consumer bug");
      assertThat(db.query("SELECT 1 FROM pg_sleep(0.3)", TestDecoders.INT)).containsExactly(1);
      assertThat(db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0)).isNotEqualTo(pid);
    }
  }

  @Test
  void aBatchOfAnEmptyStatementEndsInsteadOfHanging() {
    try (PgConnection c = connect()) {
      long[] counts = c.executeBatch("", List.of(NONE, NONE, NONE));
      assertThat(counts).containsExactly(0, 0, 0);
      assertThat(c.isReusable()).isTrue();
      assertThat(ints(c, "SELECT 3")).containsExactly(3);
    }
  }

  @Test
  void anUncheckedExceptionFromTheCopySourceAbortsTheCopyAndKeepsTheConnection() {
    try (PgConnection c = connect()) {
      byte[] rows = "1\tone\n2\ttwo\n".getBytes(StandardCharsets.UTF_8);
      IllegalStateException failure = new IllegalStateException("the source broke");
      InputStream failing =
          new InputStream() {
            @Override
            public int read() {
              throw failure;
            }

            @Override
            public int read(byte[] b, int off, int len) {
              throw failure;
            }
          };
      Throwable thrown =
          catchThrowableOfType(
              IllegalStateException.class,
              () ->
                  c.copyIn(
                      "COPY item FROM STDIN",
                      new SequenceInputStream(new ByteArrayInputStream(rows), failing)));
      assertThat(thrown).isSameAs(failure);
      assertThat(c.isReusable()).isTrue();
      // CopyFail: none of the rows sent before the failure were written.
      assertThat(ints(c, "SELECT count(*)::int FROM item")).containsExactly(0);
    }
  }

  @Test
  void aThrowingNoticeListenerCannotLeaveTheLoopHalfWay() {
    AtomicInteger notices = new AtomicInteger();
    try (Database db =
        Database.builder()
            .url(tdb.url())
            .maxPoolSize(1)
            .noticeListener(
                n -> {
                  notices.incrementAndGet();
                  throw new IllegalStateException("listener bug");
                })
            .build()) {
      int pid = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
      db.execute(
          "CREATE OR REPLACE FUNCTION noisy(n int) RETURNS int LANGUAGE plpgsql AS"
              + " $$ BEGIN RAISE NOTICE 'row %', n; RETURN n; END $$");
      assertThat(db.query("SELECT noisy(g) FROM generate_series(1, 3) g", TestDecoders.INT))
          .containsExactly(1, 2, 3);
      assertThat(notices.get()).isEqualTo(3);
      assertThat(db.query("SELECT pg_backend_pid()", TestDecoders.INT)).containsExactly(pid);
    }
  }

  @Test
  void aValueThatCannotBeEncodedLeavesNoQueuedCloseToBreakTheCommit() {
    // One cached statement: preparing the third statement evicts the second and queues its Close
    // to go with the next send. The Bind then fails (an Instant beyond PostgreSQL's range;
    // Instant.MAX itself is infinity): the queued Close must not stay in the send buffer, where it
    // would go out ahead of COMMIT and turn its reply into a protocol error although the server
    // committed.
    try (Database db =
        Database.builder().url(tdb.url()).maxPoolSize(1).statementCacheSize(1).build()) {
      PgException e =
          catchThrowableOfType(
              PgException.class,
              () ->
                  db.useTransaction(
                      tx -> {
                        tx.execute("INSERT INTO item VALUES (10, 'ten')");
                        tx.execute("INSERT INTO item VALUES (11, 'eleven')");
                        assertRefusedByTheClient(tx);
                        throw new PgException("P0001", "roll back on purpose");
                      }));
      assertThat(e.sqlState()).isEqualTo("P0001");
      db.useTransaction(
          tx -> {
            tx.execute("INSERT INTO item VALUES (12, 'twelve')");
            tx.execute("INSERT INTO item VALUES (13, 'thirteen')");
            assertRefusedByTheClient(tx);
          });
      assertThat(db.query("SELECT id FROM item WHERE id >= 10 ORDER BY id", TestDecoders.INT))
          .containsExactly(12, 13);
      db.execute("DELETE FROM item WHERE id >= 10");
    }
  }

  /** A statement prepared (so evicting the one before), whose Bind the client refuses. */
  private static void assertRefusedByTheClient(Transaction tx) {
    Instant beyond = Instant.MAX.minusSeconds(1);
    assertThatThrownBy(() -> tx.query("SELECT $1::timestamptz", TestDecoders.STRING, beyond))
        .isInstanceOf(PgException.class)
        .hasMessageContaining("out of range")
        .extracting(e -> ((PgException) e).sqlState())
        .isEqualTo("22008");
  }
}
