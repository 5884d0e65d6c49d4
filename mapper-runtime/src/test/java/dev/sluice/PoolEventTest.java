package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Pool events for listeners, and listeners that throw. */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PoolEventTest {

  /** Records every event. */
  private static final class Recorder implements SluiceListener {
    final List<PoolEvent> pool = new CopyOnWriteArrayList<>();
    final List<StatementEvent> statements = new CopyOnWriteArrayList<>();

    @Override
    public void statementEnded(StatementEvent event) {
      statements.add(event);
    }

    @Override
    public void poolEvent(PoolEvent event) {
      pool.add(event);
    }

    List<PoolEvent.Kind> kinds() {
      return pool.stream().map(PoolEvent::kind).toList();
    }
  }

  @Test
  void opensAcquiresDiscardsBrokenAndClosesWithTheConnectionsPid(TestDatabase tdb) {
    Recorder r = new Recorder();
    int first;
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).listener(r).build()) {
      first = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
      assertThat(r.kinds()).containsExactly(PoolEvent.Kind.OPENED, PoolEvent.Kind.ACQUIRED);
      assertThat(r.pool).allSatisfy(e -> assertThat(e.backendPid()).isEqualTo(first));
      assertThat(r.pool.get(1).waitNanos()).isPositive(); // the wait included the connect
      assertThat(r.pool.get(0).host()).isEqualTo(tdb.host());
      assertThat(r.pool.get(0).port()).isEqualTo(tdb.port());
      r.pool.clear();

      // The server ends the session: the statement fails and the pool discards the connection.
      assertThatThrownBy(() -> db.execute("SELECT pg_terminate_backend(pg_backend_pid())"))
          .isInstanceOfSatisfying(
              PgException.class, e -> assertThat(e.sqlState()).isEqualTo("57P01"));
      assertThat(r.kinds()).containsExactly(PoolEvent.Kind.ACQUIRED, PoolEvent.Kind.BROKEN);
      assertThat(r.pool.get(1).backendPid()).isEqualTo(first);
      assertThat(r.statements.get(r.statements.size() - 1).sqlState()).isEqualTo("57P01");
      r.pool.clear();

      int second = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
      assertThat(second).isNotEqualTo(first);
      assertThat(r.kinds()).containsExactly(PoolEvent.Kind.OPENED, PoolEvent.Kind.ACQUIRED);
      r.pool.clear();
      db.query("SELECT 1", TestDecoders.INT);
      assertThat(r.kinds()).containsExactly(PoolEvent.Kind.ACQUIRED); // reused: no OPENED
      r.pool.clear();
    }
    assertThat(r.kinds()).containsExactly(PoolEvent.Kind.CLOSED);
  }

  @Test
  void aListenerThatThrowsBreaksNothingAndIsLoggedOnce(TestDatabase tdb) {
    Recorder after = new Recorder();
    SluiceListener thrower =
        new SluiceListener() {
          @Override
          public void statementEnded(StatementEvent event) {
            throw new IllegalStateException("listener bug");
          }

          @Override
          public void poolEvent(PoolEvent event) {
            throw new IllegalStateException("listener bug");
          }

          @Override
          public String toString() {
            return "the throwing listener";
          }
        };
    try (JulCapture log = new JulCapture(SluiceListener.class.getName());
        Database db =
            Database.builder()
                .url(tdb.url())
                .maxPoolSize(1)
                .listener(thrower)
                .listener(after)
                .build()) {
      int pid = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
      assertThat(db.execute("SELECT generate_series(1, 3)")).isEqualTo(3);
      int again =
          db.transaction(tx -> tx.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0));

      // The same connection throughout: no statement failed, no connection was discarded.
      assertThat(again).isEqualTo(pid);
      assertThat(db.poolSize()).isEqualTo(1);
      assertThat(after.statements).hasSize(5); // the listener after the thrower heard them all
      assertThat(after.kinds())
          .containsExactly(
              PoolEvent.Kind.OPENED,
              PoolEvent.Kind.ACQUIRED,
              PoolEvent.Kind.ACQUIRED,
              PoolEvent.Kind.ACQUIRED);
      List<String> warnings = log.messages(Level.WARNING);
      assertThat(warnings).hasSize(1);
      assertThat(warnings.get(0))
          .contains("the throwing listener threw")
          .contains("not affected")
          .contains("later failures of this listener are logged at DEBUG");
      assertThat(log.records.get(0).getThrown()).hasMessage("listener bug");
    }
  }
}
