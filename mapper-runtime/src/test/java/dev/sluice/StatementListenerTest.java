package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/** The listener SPI: one event per statement, whatever API ran it, with the server's facts. */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StatementListenerTest {
  private final List<StatementEvent> events = new CopyOnWriteArrayList<>();
  private Database db;
  private TestDatabase tdb;

  @BeforeAll
  void open(TestDatabase tdb) throws Exception {
    this.tdb = tdb;
    tdb.execute("CREATE TABLE item (id int PRIMARY KEY, name text NOT NULL)");
    db =
        Database.builder()
            .url(tdb.url())
            .maxPoolSize(1)
            .listener(
                new SluiceListener() {
                  @Override
                  public void statementEnded(StatementEvent event) {
                    events.add(event);
                  }
                })
            .build();
  }

  @AfterAll
  void close() {
    db.close();
  }

  @BeforeEach
  void empty() {
    db.execute("TRUNCATE item");
    events.clear();
  }

  private StatementEvent only() {
    assertThat(events).hasSize(1);
    return events.get(0);
  }

  @Test
  void aQueryIsOneEventWithItsTextRowsConnectionAndServer() {
    db.execute("INSERT INTO item VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    events.clear();
    int pid = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
    events.clear();

    List<String> names =
        db.query("SELECT name FROM item WHERE id >= $1 ORDER BY id", TestDecoders.STRING, 2);

    assertThat(names).containsExactly("b", "c");
    StatementEvent e = only();
    assertThat(e.sql()).isEqualTo("SELECT name FROM item WHERE id >= $1 ORDER BY id");
    assertThat(e.rows()).isEqualTo(2);
    assertThat(e.durationNanos()).isPositive();
    assertThat(e.backendPid()).isEqualTo(pid);
    assertThat(e.database()).isEqualTo(tdb.name());
    assertThat(e.host()).isEqualTo(tdb.host());
    assertThat(e.port()).isEqualTo(tdb.port());
    assertThat(e.failed()).isFalse();
    assertThat(e.sqlState()).isNull();
  }

  @Test
  void writesBatchesScriptsAndTransactionsReportTheirRows() {
    assertThat(db.execute("INSERT INTO item VALUES (1, 'a'), (2, 'b')")).isEqualTo(2);
    assertThat(only().rows()).isEqualTo(2);
    events.clear();

    db.executeBatch(
        "INSERT INTO item VALUES ($1, $2)",
        List.of(new Object[] {3, "c"}, new Object[] {4, "d"}, new Object[] {5, "e"}));
    assertThat(only().sql()).isEqualTo("INSERT INTO item VALUES ($1, $2)");
    assertThat(only().rows()).isEqualTo(3);
    events.clear();

    db.executeScript("UPDATE item SET name = upper(name) WHERE id > 3");
    assertThat(only().rows()).isEqualTo(2); // the tag UPDATE 2
    events.clear();

    db.useTransaction(tx -> tx.execute("DELETE FROM item WHERE id = $1", 1));
    assertThat(events)
        .extracting(StatementEvent::sql)
        .containsExactly("BEGIN", "DELETE FROM item WHERE id = $1", "COMMIT");
    assertThat(events.get(1).rows()).isEqualTo(1);
    assertThat(events.get(2).rows()).isEqualTo(-1); // COMMIT has no count
  }

  @Test
  void aStreamIsOneEventAtItsOpeningWithRowsUnknown() {
    db.execute("INSERT INTO item VALUES (1, 'a'), (2, 'b')");
    events.clear();
    try (var s = db.stream("SELECT id FROM item ORDER BY id", TestDecoders.INT)) {
      assertThat(s.toList()).containsExactly(1, 2);
    }
    assertThat(only().sql()).isEqualTo("SELECT id FROM item ORDER BY id");
    assertThat(only().rows()).isEqualTo(-1);
  }

  @Test
  void aFailedStatementCarriesItsErrorAndSqlState() {
    db.execute("INSERT INTO item VALUES (1, 'a')");
    events.clear();

    assertThatThrownBy(() -> db.execute("INSERT INTO item VALUES ($1, $2)", 1, "again"))
        .isInstanceOf(PgException.class);

    StatementEvent e = only();
    assertThat(e.failed()).isTrue();
    assertThat(e.sqlState()).isEqualTo("23505");
    assertThat(e.rows()).isEqualTo(-1);
    assertThat(e.failure()).isInstanceOf(PgException.class);
    assertThat(e.sql()).isEqualTo("INSERT INTO item VALUES ($1, $2)");
  }

  @Test
  void aRowConsumerThatThrowsIsTheFailureWithoutSqlState() {
    db.execute("INSERT INTO item VALUES (1, 'a')");
    events.clear();
    IllegalStateException boom = new IllegalStateException("consumer");

    assertThatThrownBy(
            () ->
                db.forEach(
                    "SELECT id FROM item",
                    TestDecoders.INT,
                    id -> {
                      throw boom;
                    }))
        .isSameAs(boom);

    assertThat(only().failure()).isSameAs(boom);
    assertThat(only().sqlState()).isNull();
  }

  @Test
  void thePoolsResetOfWhatACallerLeftIsAnEventOfItsOwn() {
    int pid = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
    events.clear();

    db.execute("SET statement_timeout = '7s'");

    // The caller's statement, then the reset the pool ran as the connection came back.
    assertThat(events).hasSize(2);
    assertThat(events.get(0).sql()).isEqualTo("SET statement_timeout = '7s'");
    StatementEvent reset = events.get(1);
    assertThat(reset.sql()).isEqualTo("SET SESSION AUTHORIZATION DEFAULT; RESET ROLE; RESET ALL;");
    assertThat(reset.backendPid()).isEqualTo(pid);
    assertThat(reset.failed()).isFalse();
    assertThat(db.query("SHOW statement_timeout", TestDecoders.STRING)).containsExactly("0");
  }

  @Test
  void listenAndUnlistenAreEventsButTheHeartbeatIsNot() throws Exception {
    try (Database listening =
        Database.builder()
            .url(tdb.url())
            .listenerHeartbeat(java.time.Duration.ofMillis(100))
            .listener(
                new SluiceListener() {
                  @Override
                  public void statementEnded(StatementEvent event) {
                    events.add(event);
                  }
                })
            .build()) {
      events.clear();
      Listening sub = listening.listen("audit_feed", n -> {});
      Thread.sleep(500); // several heartbeats' time with nothing to hear
      sub.close();
      // LISTEN may run twice: the connection's first LISTEN of every channel, and the command the
      // subscription queued meanwhile. The heartbeats never appear.
      List<String> sqls = events.stream().map(StatementEvent::sql).toList();
      assertThat(sqls).containsOnly("LISTEN \"audit_feed\"", "UNLISTEN \"audit_feed\"");
      assertThat(sqls).startsWith("LISTEN \"audit_feed\"").endsWith("UNLISTEN \"audit_feed\"");
      assertThat(sqls).filteredOn(q -> q.startsWith("UNLISTEN")).hasSize(1);
      assertThat(events).allSatisfy(e -> assertThat(e.failed()).isFalse());
    }
  }
}
