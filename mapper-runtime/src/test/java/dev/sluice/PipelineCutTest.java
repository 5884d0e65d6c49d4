package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A pipeline whose connection is cut ({@link FaultProxy}) after k of its n replies: the k
 * statements answered keep their results, every other one is told the connection was lost and that
 * it may or may not have run — never a silent success, never a result that is not its own — and
 * what the server did is consistent with that: every statement reported done is in the table.
 */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PipelineCutTest {
  /** BindComplete (5) + CommandComplete "INSERT 0 1" (16) + ReadyForQuery (6). */
  private static final int REPLY_BYTES = 27;

  private static final int N = 40;

  private FaultProxy proxy;
  private TestDatabase tdb;

  @BeforeEach
  void proxy(TestDatabase tdb) throws Exception {
    this.tdb = tdb;
    tdb.execute("CREATE TABLE IF NOT EXISTS cut_piped (id int PRIMARY KEY); TRUNCATE cut_piped");
    proxy = new FaultProxy(tdb.host(), tdb.port());
  }

  @AfterEach
  void close() throws Exception {
    proxy.close();
  }

  private static List<Pipelined<Long>> inserts(Pipeline p, int from) {
    List<Pipelined<Long>> r = new ArrayList<>();
    for (int i = 0; i < N; i++) {
      r.add(p.execute("INSERT INTO cut_piped VALUES ($1)", from + i));
    }
    return r;
  }

  @Test
  void aCutAfterKRepliesTellsEachUnansweredStatementItMayHaveRun() {
    try (Database db = Database.builder().url(proxy.url(tdb)).maxPoolSize(1).build()) {
      // Prepared and named beforehand, so the pipeline's replies are the executions' alone.
      db.pipeline(p -> inserts(p, 1000));
      db.pipeline(p -> inserts(p, 2000));
      // The DISCARD SEQUENCES the INSERTs left owed goes with this call, not into the bytes
      // counted.
      db.execute("SELECT 1");
      int k = 13;
      proxy.cutAfterServerBytes((long) REPLY_BYTES * k + 10); // inside reply k + 1
      List<Pipelined<Long>> r = db.pipeline(p -> inserts(p, 0));
      assertThat(proxy.cuts()).isEqualTo(1);
      for (int i = 0; i < k; i++) {
        assertThat(r.get(i).get()).as("statement %d", i).isEqualTo(1);
      }
      for (int i = k; i < N; i++) {
        PgException e = catchThrowableOfType(PgException.class, r.get(i)::get);
        assertThat(e.sqlState()).as("statement %d", i).isEqualTo("08007");
        assertThat(e.getMessage()).contains("may or may not have run");
        assertThat(e.statement()).isEqualTo("INSERT INTO cut_piped VALUES ($1)");
      }
      // The pool goes on with a new connection; every statement reported done is there.
      Set<Integer> present =
          new HashSet<>(db.query("SELECT id FROM cut_piped WHERE id < 1000", TestDecoders.INT));
      for (int i = 0; i < k; i++) {
        assertThat(present).contains(i);
      }
    }
  }

  @Test
  void aCutInAnAtomicPipelineReportsItsOutcomeUnknown() {
    try (Database db = Database.builder().url(proxy.url(tdb)).maxPoolSize(1).build()) {
      db.pipeline(Pipeline.Mode.ATOMIC, p -> inserts(p, 1000));
      db.pipeline(Pipeline.Mode.ATOMIC, p -> inserts(p, 2000));
      db.execute("SELECT 1"); // as above
      proxy.cutAfterServerBytes(5L * 21 + 3); // after five executions' replies, before the end
      PgException e =
          catchThrowableOfType(
              PgException.class, () -> db.pipeline(Pipeline.Mode.ATOMIC, p -> inserts(p, 0)));
      assertThat(e.sqlState()).isEqualTo("08007");
      assertThat(e.getMessage()).contains("may or may not have committed");
      long rows =
          db.query("SELECT count(*) FROM cut_piped WHERE id < 1000", TestDecoders.LONG).get(0);
      assertThat(rows).as("all or nothing, whichever it was").isIn(0L, (long) N);
    }
  }
}
