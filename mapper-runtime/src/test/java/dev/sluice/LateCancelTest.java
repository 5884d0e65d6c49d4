package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A cancel sent by the query timeout that reaches the server only after its statement has ended
 * (held back by {@link FaultProxy}): it must never cancel the next statement. The connection it was
 * sent for is discarded unless the statement ended with 57014 and the cancel has been taken by the
 * server by then.
 */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LateCancelTest {
  private FaultProxy proxy;
  private TestDatabase tdb;

  @BeforeEach
  void proxy(TestDatabase tdb) throws Exception {
    this.tdb = tdb;
    proxy = new FaultProxy(tdb.host(), tdb.port());
  }

  @AfterEach
  void close() throws Exception {
    proxy.close();
  }

  private Database database() {
    return Database.builder().url(proxy.url(tdb)).maxPoolSize(1).build();
  }

  private static int pid(Queries q) {
    return q.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
  }

  @Test
  void aStatementThatEndsBeforeItsDelayedCancelArrivesCostsItsConnection() throws Exception {
    proxy.delayCancelRequests(2_500);
    try (Database db = database()) {
      int before = pid(db);
      // Past the limit (the cancel leaves at 200 ms) but over before the cancel gets through.
      Queries limited = db.withQueryTimeout(Duration.ofMillis(200));
      assertThat(limited.query("SELECT 7 FROM pg_sleep(0.5)", TestDecoders.INT)).containsExactly(7);
      int after = pid(db);
      assertThat(after).isNotEqualTo(before);
      // This statement is running when the held-back cancel lands (at about 2.7 s): untouched.
      assertThat(db.query("SELECT 8 FROM pg_sleep(3)", TestDecoders.INT)).containsExactly(8);
      assertThat(proxy.cancelsForwarded()).isEqualTo(1);
      assertThat(pid(db)).isEqualTo(after);
    }
  }

  @Test
  void a57014OfAnotherCauseThatBeatsOurDelayedCancelDoesNotLetItHitTheNextStatement()
      throws Exception {
    proxy.delayCancelRequests(2_500);
    // The statement ends with a 57014 of its own (as a server-side statement_timeout would) at
    // 300 ms, while our cancel, sent at 200 ms, is still held back: that 57014 is not the answer to
    // our cancel.
    try (Database db = database()) {
      int before = pid(db);
      Queries limited = db.withQueryTimeout(Duration.ofMillis(200));
      PgException e =
          catchThrowableOfType(
              PgException.class,
              () ->
                  limited.execute(
                      "DO $$ BEGIN PERFORM pg_sleep(0.3); RAISE EXCEPTION 'not ours'"
                          + " USING ERRCODE = 'query_canceled'; END $$"));
      assertThat(e.sqlState()).isEqualTo("57014");
      // This statement runs from about 1.3 s to 4.3 s: the held-back cancel lands inside it.
      assertThat(db.query("SELECT 8 FROM pg_sleep(3)", TestDecoders.INT)).containsExactly(8);
      assertThat(proxy.cancelsForwarded()).isEqualTo(1);
      assertThat(pid(db)).isNotEqualTo(before);
    }
  }
}
