package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * Pipelines of different statements against the real server: results in order; in both modes a
 * failure at every position fails exactly what PostgreSQL says it fails and nothing else; the
 * atomic mode refuses transaction control before sending; new statements are described together;
 * and the connection is idle and in step afterwards, whatever failed.
 */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PipelineTest {
  private static final int SIZE = 5;

  private Database db;
  private int pid;

  @BeforeAll
  void open(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE TABLE piped (id int PRIMARY KEY, label text NOT NULL)");
    db = Database.builder().url(tdb.url()).maxPoolSize(1).build();
    pid = backend();
  }

  @AfterAll
  void close() {
    db.close();
  }

  @BeforeEach
  void empty() {
    db.execute("DELETE FROM piped");
  }

  private int backend() {
    return db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
  }

  private List<Integer> ids() {
    return db.query("SELECT id FROM piped ORDER BY id", TestDecoders.INT);
  }

  /** Insert i, i from 1 to SIZE; the one at {@code failing} repeats id 1 (23505) if it is > 0. */
  private List<Pipelined<Long>> inserts(Pipeline p, int failing) {
    List<Pipelined<Long>> out = new ArrayList<>();
    for (int i = 0; i < SIZE; i++) {
      int id = i == failing && i > 0 ? 1 : i + 1;
      String sql =
          i == failing && i == 0
              ? "INSERT INTO piped VALUES ($1, NULL)" // 23502 for the first position
              : "INSERT INTO piped VALUES ($1, 'row')";
      out.add(p.execute(sql, id));
    }
    return out;
  }

  @Test
  void differentStatementsComeBackInOrder() {
    db.execute("INSERT INTO piped VALUES (1, 'one'), (2, 'two')");
    record Results(
        Pipelined<List<String>> labels,
        Pipelined<Long> added,
        Pipelined<Optional<Integer>> max,
        Pipelined<Long> renamed,
        Pipelined<List<String>> after) {}
    Results r =
        db.pipeline(
            p ->
                new Results(
                    p.query("SELECT label FROM piped ORDER BY id", TestDecoders.STRING),
                    p.execute("INSERT INTO piped VALUES ($1, $2)", 3, "three"),
                    p.queryOne("SELECT max(id) FROM piped", TestDecoders.INT),
                    p.execute("UPDATE piped SET label = upper(label) WHERE id < $1", 3),
                    p.query("SELECT label FROM piped ORDER BY id", TestDecoders.STRING)));
    // Each statement saw the effects of the ones before it, in order.
    assertThat(r.labels().get()).containsExactly("one", "two");
    assertThat(r.added().get()).isEqualTo(1);
    assertThat(r.max().get()).contains(3);
    assertThat(r.renamed().get()).isEqualTo(2);
    assertThat(r.after().get()).containsExactly("ONE", "TWO", "three");
    assertThat(backend()).isEqualTo(pid);
  }

  @Test
  void independentModeFailsOnlyTheFailingStatementAtEveryPosition() {
    for (int failing = 0; failing < SIZE; failing++) {
      empty();
      int f = failing;
      List<Pipelined<Long>> results = db.pipeline(p -> inserts(p, f));
      for (int i = 0; i < SIZE; i++) {
        if (i == failing) {
          PgException e = catchThrowableOfType(PgException.class, results.get(i)::get);
          assertThat(e.sqlState()).isEqualTo(failing == 0 ? "23502" : "23505");
          assertThat(e.getMessage()).contains("statement " + (i + 1) + " of a pipeline of 5");
          assertThat(e.statement()).startsWith("INSERT INTO piped");
        } else {
          assertThat(results.get(i).get()).as("statement %d, failing %d", i, failing).isEqualTo(1);
        }
      }
      List<Integer> expected = new ArrayList<>();
      for (int i = 0; i < SIZE; i++) {
        if (i != failing) {
          expected.add(i + 1);
        }
      }
      if (failing > 0) {
        expected.remove(Integer.valueOf(1)); // id 1 stays: inserted by statement 1
        expected.add(0, 1);
      }
      assertThat(ids()).as("failing at %d", failing).containsExactlyElementsOf(expected);
      assertThat(backend()).isEqualTo(pid);
    }
  }

  @Test
  void atomicModeFailsEverythingAtEveryPosition() {
    for (int failing = 0; failing < SIZE; failing++) {
      empty();
      int f = failing;
      List<List<Pipelined<Long>>> seen = new ArrayList<>();
      PgException e =
          catchThrowableOfType(
              PgException.class,
              () ->
                  db.pipeline(
                      Pipeline.Mode.ATOMIC,
                      p -> {
                        List<Pipelined<Long>> r = inserts(p, f);
                        seen.add(r);
                        return r;
                      }));
      assertThat(e.sqlState()).isEqualTo(failing == 0 ? "23502" : "23505");
      assertThat(e.getMessage()).contains("statement " + (failing + 1) + " of a pipeline of 5");
      List<Pipelined<Long>> results = seen.get(0);
      for (int i = failing + 1; i < SIZE; i++) {
        PgException notRun = catchThrowableOfType(PgException.class, results.get(i)::get);
        assertThat(notRun.sqlState()).isEqualTo("25P02");
        assertThat(notRun.getMessage()).contains("not run");
      }
      assertThat(ids()).as("nothing of a failed atomic pipeline stays").isEmpty();
      assertThat(backend()).isEqualTo(pid);
    }
  }

  @Test
  void anAtomicPipelineCommitsAllWhenNothingFails() {
    List<Pipelined<Long>> results = db.pipeline(Pipeline.Mode.ATOMIC, p -> inserts(p, -1));
    for (Pipelined<Long> r : results) {
      assertThat(r.get()).isEqualTo(1);
    }
    assertThat(ids()).containsExactly(1, 2, 3, 4, 5);
  }

  @Test
  void anAtomicPipelineRefusesTransactionControlBeforeSendingAnything() {
    for (String sql :
        List.of(
            "BEGIN",
            "commit",
            "  /* c */ ROLLBACK",
            "SAVEPOINT s",
            "VACUUM piped",
            "CREATE INDEX CONCURRENTLY piped_label ON piped (label)")) {
      PgException e =
          catchThrowableOfType(
              PgException.class,
              () ->
                  db.pipeline(
                      Pipeline.Mode.ATOMIC,
                      p -> {
                        p.execute("INSERT INTO piped VALUES (1, 'x')");
                        return p.execute(sql);
                      }));
      assertThat(e.sqlState()).isEqualTo("25001");
      assertThat(e.getMessage()).contains("atomic pipeline").contains("nothing was sent");
      assertThat(e.statement()).isEqualTo(sql);
      assertThat(ids()).isEmpty();
    }
    assertThat(backend()).isEqualTo(pid);
  }

  @Test
  void aValueThatCannotBeEncodedFailsOnlyItsStatementOrTheWholeAtomicPipeline() {
    Object unencodable = new Object();
    List<Pipelined<Long>> r =
        db.pipeline(
            p ->
                List.of(
                    p.execute("INSERT INTO piped VALUES ($1, 'a')", 1),
                    p.execute("INSERT INTO piped VALUES ($1, 'b')", unencodable),
                    p.execute("INSERT INTO piped VALUES ($1, 'c')", 3)));
    assertThat(r.get(0).get()).isEqualTo(1);
    assertThat(r.get(1).failed()).isTrue();
    assertThat(r.get(2).get()).isEqualTo(1);
    assertThat(ids()).containsExactly(1, 3);

    empty();
    PgException e =
        catchThrowableOfType(
            PgException.class,
            () ->
                db.pipeline(
                    Pipeline.Mode.ATOMIC,
                    p ->
                        List.of(
                            p.execute("INSERT INTO piped VALUES ($1, 'a')", 1),
                            p.execute("INSERT INTO piped VALUES ($1, 'b')", 2),
                            p.execute("INSERT INTO piped VALUES ($1, 'c')", unencodable))));
    assertThat(e.getMessage()).contains("statement 3 of a pipeline of 3");
    assertThat(ids()).as("the rows sent before it were rolled back").isEmpty();
    assertThat(backend()).isEqualTo(pid);
  }

  @Test
  void aDecoderThatRejectsAValueFailsOnlyItsQuery() {
    db.execute("INSERT INTO piped VALUES (1, 'one')");
    List<Pipelined<List<Integer>>> r =
        db.pipeline(
            p ->
                List.of(
                    p.query("SELECT id FROM piped", TestDecoders.INT),
                    p.query(
                        "SELECT g FROM generate_series(1, 3) g",
                        columns ->
                            row -> {
                              if (row.getInt(0) == 2) {
                                throw new IllegalArgumentException("two is refused");
                              }
                              return row.getInt(0);
                            }),
                    p.query("SELECT id + 1 FROM piped", TestDecoders.INT)));
    assertThat(r.get(0).get()).containsExactly(1);
    assertThat(r.get(1).error()).hasMessageContaining("two is refused");
    assertThat(r.get(2).get()).containsExactly(2);
    assertThat(backend()).isEqualTo(pid);
  }

  @Test
  void newStatementsAreDescribedTogetherInOneRoundTrip(TestDatabase tdb) {
    try (dev.sluice.driver.PgConnection c =
        dev.sluice.driver.PgConnection.connect(
            dev.sluice.driver.config.ConnectionConfig.parse(tdb.url()), null)) {
      List<dev.sluice.driver.PipelineStep> steps = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        steps.add(
            dev.sluice.driver.PipelineStep.query(
                "SELECT $1::int + " + i + " AS described_" + i,
                new Object[] {i},
                TestDecoders.INT,
                new ArrayList<>()));
      }
      long reads = c.socketReads();
      c.pipeline(steps, true);
      // Twenty new statements: one round trip to describe them all, one for the executions (the
      // replies may take a read or two more); one per statement would be at least 21.
      assertThat(c.socketReads() - reads).isLessThanOrEqualTo(5);
      for (int i = 0; i < 20; i++) {
        assertThat(steps.get(i).error()).isNull();
      }
      assertThat(c.cachedStatements()).isEqualTo(20);
      assertThat(c.isReusable()).isTrue();
    }
  }

  @Test
  void insideATransactionAFailureAbortsTheTransaction() {
    PgException e =
        catchThrowableOfType(
            PgException.class,
            () ->
                db.useTransaction(
                    tx -> {
                      List<Pipelined<Long>> r = tx.pipeline(p -> inserts(p, 2));
                      assertThat(r.get(0).get()).isEqualTo(1);
                      assertThat(r.get(2).error().sqlState()).isEqualTo("23505");
                      // The transaction is aborted: every later statement fails with 25P02.
                      assertThat(r.get(3).error().sqlState()).isEqualTo("25P02");
                      assertThat(r.get(4).error().sqlState()).isEqualTo("25P02");
                      throw r.get(2).error();
                    }));
    assertThat(e.sqlState()).isEqualTo("23505");
    assertThat(ids()).isEmpty();
    List<Pipelined<Long>> ok = db.transaction(tx -> tx.pipeline(p -> inserts(p, -1)));
    assertThat(ok.get(4).get()).isEqualTo(1);
    assertThat(ids()).containsExactly(1, 2, 3, 4, 5);
    assertThat(backend()).isEqualTo(pid);
  }

  @Test
  void aHandleBeforeThePipelineRanSaysSo() {
    IllegalStateException e =
        catchThrowableOfType(
            IllegalStateException.class,
            () ->
                db.pipeline(
                    p -> {
                      Pipelined<Long> h = p.execute("SELECT 1");
                      return h.get();
                    }));
    assertThat(e).hasMessageContaining("has not run yet");
  }
}
