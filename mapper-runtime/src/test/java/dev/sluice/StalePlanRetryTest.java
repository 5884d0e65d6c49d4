package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The stale-plan retry (prepare again after "cached plan must not change result type") never
 * delivers a row twice: a server ({@link FakePgServer}) answers the first execution with a row and
 * then that error. A list is rolled back to where it was and the statement retried once; a consumer
 * that has already been handed a row gets the error instead, since it cannot be taken back.
 * PostgreSQL itself raises this error at Bind, before any row; the rule must hold whatever a server
 * does.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StalePlanRetryTest {
  private static final Object[] NONE = new Object[0];

  /** Odd Syncs are prepares; the first execution fails after one row, later ones return 1, 2. */
  private static FakePgServer server(AtomicInteger executions) throws Exception {
    return FakePgServer.start(
        (sync, out) -> {
          if (sync % 2 == 1) {
            out.describeOneIntColumn();
            return true;
          }
          out.message('2').end();
          out.intRow(1);
          if (executions.incrementAndGet() == 1) {
            out.message('E')
                .putCString("SERROR")
                .putCString("VERROR")
                .putCString("C0A000")
                .putCString("Mcached plan must not change result type")
                .putCString("RRevalidateCachedQuery")
                .putBytes(new byte[] {0})
                .end();
          } else {
            out.intRow(2);
            out.message('C').putCString("SELECT 2").end();
          }
          out.readyForQuery('I');
          return true;
        });
  }

  @Test
  void aListIsRolledBackAndTheStatementRetriedOnce() throws Exception {
    AtomicInteger executions = new AtomicInteger();
    try (FakePgServer fake = server(executions);
        PgConnection c = PgConnection.connect(ConnectionConfig.parse(fake.url()), null)) {
      List<Integer> out = new ArrayList<>(List.of(-1));
      c.query("SELECT n", NONE, TestDecoders.INT, out);
      assertThat(out).containsExactly(-1, 1, 2);
      assertThat(executions).hasValue(2);
      assertThat(c.isReusable()).isTrue();
    }
  }

  @Test
  void aConsumerThatSawARowGetsTheErrorAndNoRetry() throws Exception {
    AtomicInteger executions = new AtomicInteger();
    try (FakePgServer fake = server(executions);
        PgConnection c = PgConnection.connect(ConnectionConfig.parse(fake.url()), null)) {
      List<Integer> seen = new ArrayList<>();
      PgException e =
          catchThrowableOfType(
              PgException.class, () -> c.forEach("SELECT n", NONE, TestDecoders.INT, seen::add));
      assertThat(e.sqlState()).isEqualTo("0A000");
      assertThat(e.getMessage()).contains("cached plan must not change result type");
      assertThat(seen).containsExactly(1);
      assertThat(executions).hasValue(1);
      // The exchange ended with ReadyForQuery: the connection is in step and usable.
      assertThat(c.isReusable()).isTrue();
    }
  }
}
