package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.PipelineStep;
import dev.sluice.driver.PipelinedPool;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.driver.config.StatementMode;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code statement_mode=unnamed} through a transaction-pooling proxy ({@link TransactionPooler},
 * two backends, handed out in turn): every execution is one batch, results stay binary, and what
 * needs a session is refused.
 */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class UnnamedStatementModeTest {
  private static final Object[] NONE = new Object[0];

  /** Each column's format as the decoder was told it: "binary" or "text". */
  private static final RowDecoder<List<String>> FORMATS =
      cols -> {
        List<String> formats = new ArrayList<>();
        for (int i = 0; i < cols.count(); i++) {
          formats.add(cols.isBinary(i) ? "binary" : "text");
        }
        return row -> formats;
      };

  private static PgConnection connect(TransactionPooler pooler) {
    return PgConnection.connect(
        ConnectionConfig.builder().url(pooler.url()).statementMode(StatementMode.UNNAMED).build(),
        null);
  }

  private static <T> List<T> query(PgConnection c, String sql, RowDecoder<T> d, Object... p) {
    List<T> out = new ArrayList<>();
    c.query(sql, p, d, out);
    return out;
  }

  @Test
  void theKeywordSelectsTheModeAndABadValueIsNamed() {
    assertThat(ConnectionConfig.parse("postgresql://u@h/d").statementMode())
        .isEqualTo(StatementMode.NAMED);
    assertThat(ConnectionConfig.parse("postgresql://u@h/d?statement_mode=unnamed").statementMode())
        .isEqualTo(StatementMode.UNNAMED);
    assertThatThrownBy(() -> ConnectionConfig.parse("postgresql://u@h/d?statement_mode=cached"))
        .isInstanceOf(PgException.class)
        .hasMessageContaining(
            "invalid statement_mode \"cached\": expected named, unnamed or tracked");
  }

  @Test
  void theBuilderSelectsTheModeOverTheUrl(TestDatabase tdb) throws Exception {
    // One backend behind the pooler: whatever a client leaves prepared there, the next loan sees.
    String prepared =
        "SELECT count(*)::int4 FROM pg_prepared_statements WHERE statement = 'SELECT $1::int4 * 3'";
    try (TransactionPooler pooler = TransactionPooler.of(tdb, 1);
        Database unnamed =
            Database.builder().url(pooler.url()).statementMode(StatementMode.UNNAMED).build();
        Database named =
            Database.builder()
                .url(pooler.url() + "?statement_mode=unnamed")
                .statementMode(StatementMode.NAMED)
                .build()) {
      for (int i = 0; i < 4; i++) {
        assertThat(unnamed.query("SELECT $1::int4 * 3", TestDecoders.INT, i))
            .containsExactly(i * 3);
      }
      // The builder's UNNAMED over the URL's default: nothing was named on the backend.
      assertThat(unnamed.query(prepared, TestDecoders.INT)).containsExactly(0);
      // The builder's NAMED overrides the URL's keyword: a text's second use names it, and the
      // name stays prepared on the backend.
      for (int i = 0; i < 2; i++) {
        assertThat(named.query("SELECT $1::int4 * 3", TestDecoders.INT, i)).containsExactly(i * 3);
      }
      assertThat(unnamed.query(prepared, TestDecoders.INT)).containsExactly(1);
      assertThatThrownBy(() -> Database.builder().statementMode(null))
          .isInstanceOf(NullPointerException.class)
          .hasMessage("mode");
    }
  }

  @Test
  void thePoolStillResetsWhatABorrowerLeftInALoanOfItsOwn(TestDatabase tdb) throws Exception {
    String tenant = "SELECT coalesce(current_setting('app.tenant', true), '')";
    // Straight to the server (the mode does not require a pooler): the next borrower of the one
    // connection does not see the setting.
    try (Database db =
        Database.builder()
            .url(tdb.url())
            .statementMode(StatementMode.UNNAMED)
            .maxPoolSize(1)
            .build()) {
      db.execute("SET app.tenant = '42'");
      assertThat(db.query(tenant, TestDecoders.STRING)).containsExactly("");
    }
    // Through the pooler the reset is one loan of its own, on whichever backend is idle, which
    // need not be the one the SET ran on: the reset cannot clear what a pooler's other session
    // holds, and nothing session-level may be relied on there (SET LOCAL in a transaction
    // instead). Which backend the proxy lends next depends on when each one's ReadyForQuery is
    // read, so the test pins the loans, not which session a later call sees.
    try (TransactionPooler pooler = TransactionPooler.of(tdb, 2);
        Database db =
            Database.builder()
                .url(pooler.url())
                .statementMode(StatementMode.UNNAMED)
                .maxPoolSize(1)
                .build()) {
      assertThat(db.query(tenant, TestDecoders.STRING)).containsExactly("");
      int loans = pooler.loans();
      int queries = pooler.clientMessages('Q');
      db.execute("SET app.tenant = '42'");
      assertThat(pooler.loans() - loans)
          .as("the SET's description, its execution, then the reset")
          .isEqualTo(3);
      assertThat(pooler.clientMessages('Q') - queries).as("the reset's simple Query").isEqualTo(1);
      assertThat(db.query(tenant, TestDecoders.STRING)).containsAnyOf("", "42");
    }
  }

  @Test
  void aTextIsDescribedOnceThenEachExecutionIsOneBatchWithBinaryResults(TestDatabase tdb)
      throws Exception {
    try (TransactionPooler pooler = TransactionPooler.of(tdb, 2);
        PgConnection c = connect(pooler)) {
      String sql = "SELECT $1::int4 + 1 AS n, now() AS t, 1.5::numeric AS x";
      assertThat(query(c, sql, TestDecoders.INT, 41)).containsExactly(42);
      // The first use: a describe-only round trip, then the execution: two loans.
      assertThat(pooler.loans()).isEqualTo(2);
      for (int i = 0; i < 4; i++) {
        assertThat(query(c, sql, TestDecoders.INT, i)).containsExactly(i + 1);
      }
      // From the description cached on the client: one loan (one batch) per execution, each on
      // the other backend than the one before.
      assertThat(pooler.loans()).isEqualTo(6);
      assertThat(query(c, sql, FORMATS, 1)).containsExactly(List.of("binary", "binary", "binary"));
      // Nothing was left on either backend.
      assertThat(query(c, "SELECT count(*)::int FROM pg_prepared_statements", TestDecoders.INT))
          .containsExactly(0);
    }
  }

  @Test
  void transactionsStayOnOneBackendAndAFailedOneLeavesTheConnectionClean(TestDatabase tdb)
      throws Exception {
    tdb.execute("DROP TABLE IF EXISTS tx_rows");
    tdb.execute("CREATE TABLE tx_rows (k int PRIMARY KEY, pid int NOT NULL)");
    try (TransactionPooler pooler = TransactionPooler.of(tdb, 2);
        Database db = Database.connect(pooler.url() + "?statement_mode=unnamed")) {
      db.useTransaction(
          tx -> {
            tx.execute("INSERT INTO tx_rows VALUES ($1, pg_backend_pid())", 1);
            tx.execute("INSERT INTO tx_rows VALUES ($1, pg_backend_pid())", 2);
          });
      assertThat(db.query("SELECT DISTINCT pid FROM tx_rows", TestDecoders.INT)).hasSize(1);

      PgException e =
          catchThrowableOfType(
              () ->
                  db.useTransaction(
                      tx -> {
                        tx.execute("INSERT INTO tx_rows VALUES ($1, pg_backend_pid())", 3);
                        tx.execute("INSERT INTO tx_rows VALUES ($1, pg_backend_pid())", 1);
                      }),
              PgException.class);
      assertThat(e.sqlState()).isEqualTo("23505");
      assertThat(db.query("SELECT k FROM tx_rows ORDER BY k", TestDecoders.INT))
          .containsExactly(1, 2);

      // An error outside a transaction, then the same connection goes on.
      PgException missing =
          catchThrowableOfType(
              () -> db.query("SELECT * FROM no_such_table", TestDecoders.INT), PgException.class);
      assertThat(missing.sqlState()).isEqualTo("42P01");
      assertThat(db.query("SELECT count(*)::int FROM tx_rows", TestDecoders.INT))
          .containsExactly(2);
    }
  }

  @Test
  void batchesRunAsOnePipelineWithTheirParseAhead(TestDatabase tdb) throws Exception {
    tdb.execute("DROP TABLE IF EXISTS batch_rows");
    tdb.execute("CREATE TABLE batch_rows (k int PRIMARY KEY, v text)");
    try (TransactionPooler pooler = TransactionPooler.of(tdb, 2);
        PgConnection c = connect(pooler)) {
      List<Object[]> rows = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        rows.add(new Object[] {i, "v" + i});
      }
      long[] counts = c.executeBatch("INSERT INTO batch_rows VALUES ($1, $2)", rows);
      assertThat(counts).hasSize(300).containsOnly(1L);
      // A failing row rolls back the whole batch and leaves the connection usable.
      List<Object[]> clash = List.of(new Object[] {1000, "a"}, new Object[] {5, "dup"});
      PgException e =
          catchThrowableOfType(
              () -> c.executeBatch("INSERT INTO batch_rows VALUES ($1, $2)", clash),
              PgException.class);
      assertThat(e.sqlState()).isEqualTo("23505");
      assertThat(query(c, "SELECT count(*)::int FROM batch_rows", TestDecoders.INT))
          .containsExactly(300);
    }
  }

  @Test
  void aStreamKeepsItsBackendUntilItsSync(TestDatabase tdb) throws Exception {
    try (TransactionPooler pooler = TransactionPooler.of(tdb, 2);
        Database db = Database.connect(pooler.url() + "?statement_mode=unnamed")) {
      long sum;
      try (Stream<Integer> s =
          db.stream("SELECT g FROM generate_series(1, $1) g", TestDecoders.INT, 20_000)) {
        sum = s.mapToLong(Integer::longValue).sum();
      }
      assertThat(sum).isEqualTo(20_000L * 20_001 / 2);
      // Closed early: the portal is closed and the connection goes on.
      try (Stream<Integer> s =
          db.stream("SELECT g FROM generate_series(1, $1) g", TestDecoders.INT, 20_000)) {
        assertThat(s.limit(3).toList()).containsExactly(1, 2, 3);
      }
      assertThat(db.query("SELECT 7", TestDecoders.INT)).containsExactly(7);
    }
  }

  @Test
  void changedColumnsAreReadByTheNewDescriptionWhenTheFormatsFit(TestDatabase tdb)
      throws Exception {
    tdb.execute("DROP TABLE IF EXISTS widening");
    tdb.execute("CREATE TABLE widening (a int4)");
    tdb.execute("INSERT INTO widening VALUES (5)");
    try (TransactionPooler pooler = TransactionPooler.of(tdb, 2);
        PgConnection c = connect(pooler)) {
      assertThat(query(c, "SELECT * FROM widening", TestDecoders.LONG)).containsExactly(5L);
      tdb.execute("ALTER TABLE widening ALTER a TYPE int8");
      tdb.execute("UPDATE widening SET a = 5000000000");
      // Asked in binary from the int4 description; int8 is binary too: decoded as int8.
      assertThat(query(c, "SELECT * FROM widening", TestDecoders.LONG))
          .containsExactly(5_000_000_000L);
      assertThat(query(c, "SELECT * FROM widening", TestDecoders.LONG))
          .containsExactly(5_000_000_000L);
    }
  }

  @Test
  void changedColumnsInFormatsThatDoNotFitFailTheCallAndAreDescribedAgain(TestDatabase tdb)
      throws Exception {
    tdb.execute("DROP TABLE IF EXISTS grown");
    tdb.execute("CREATE TABLE grown (a int4)");
    tdb.execute("INSERT INTO grown VALUES (5)");
    try (TransactionPooler pooler = TransactionPooler.of(tdb, 2);
        PgConnection c = connect(pooler)) {
      assertThat(query(c, "SELECT * FROM grown", TestDecoders.INT)).containsExactly(5);
      // point has no binary codec here: it came in binary (asked for every column) and cannot be
      // read.
      tdb.execute("ALTER TABLE grown ADD COLUMN p point DEFAULT '(1,2)'");
      PgException e =
          catchThrowableOfType(
              () -> query(c, "SELECT * FROM grown", TestDecoders.INT), PgException.class);
      assertThat(e.sqlState()).isEqualTo("0A000");
      assertThat(e.getMessage())
          .contains("the result's columns changed since the statement was described");
      assertThat(query(c, "SELECT * FROM grown", TestDecoders.ALL_STRINGS))
          .containsExactly(List.of("5", "(1,2)"));
    }
  }

  @Test
  void copyRunsThroughTheProxy(TestDatabase tdb) throws Exception {
    tdb.execute("DROP TABLE IF EXISTS copied");
    tdb.execute("CREATE TABLE copied (k int, v text)");
    try (TransactionPooler pooler = TransactionPooler.of(tdb, 2);
        PgConnection c = connect(pooler)) {
      long in =
          c.copyIn(
              "COPY copied FROM STDIN",
              new ByteArrayInputStream("1\ta\n2\tb\n".getBytes(StandardCharsets.UTF_8)));
      assertThat(in).isEqualTo(2);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      c.copyOut("COPY (SELECT * FROM copied ORDER BY k) TO STDOUT", out);
      assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("1\ta\n2\tb\n");
      List<Integer> keys = new ArrayList<>();
      c.copyOut("SELECT k FROM copied ORDER BY k", TestDecoders.INT, keys::add);
      assertThat(keys).containsExactly(1, 2);
    }
  }

  @Test
  void whatNeedsASessionIsRefused(TestDatabase tdb) throws Exception {
    try (TransactionPooler pooler = TransactionPooler.of(tdb, 2);
        PgConnection c = connect(pooler);
        Database db = Database.connect(pooler.url() + "?statement_mode=unnamed")) {
      PgException pipeline =
          catchThrowableOfType(
              () -> c.pipeline(List.of(PipelineStep.execute("SELECT 1", NONE)), true),
              PgException.class);
      assertThat(pipeline.sqlState()).isEqualTo("0A000");
      assertThat(pipeline.getMessage()).contains("pipelines of different statements need");

      PgException listen = catchThrowableOfType(() -> db.listen("jobs"), PgException.class);
      assertThat(listen.sqlState()).isEqualTo("0A000");
      assertThat(listen.getMessage()).contains("LISTEN needs a server session of its own");

      PgException pooled =
          catchThrowableOfType(
              () ->
                  new PipelinedPool(
                      ConnectionConfig.builder()
                          .url(pooler.url())
                          .statementMode(StatementMode.UNNAMED)
                          .build(),
                      null,
                      null,
                      1,
                      8,
                      Duration.ofSeconds(1),
                      Duration.ZERO,
                      Duration.ZERO),
              PgException.class);
      assertThat(pooled.sqlState()).isEqualTo("0A000");
      // The refusals left the connection as it was.
      assertThat(query(c, "SELECT 3", TestDecoders.INT)).containsExactly(3);
    }
  }
}
