package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/** Server errors are reported in full and leave the connection usable. */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ErrorRecoveryTest {
  private Database db;
  private int pid;

  @BeforeAll
  void open(TestDatabase tdb) throws Exception {
    tdb.execute(
        "CREATE TABLE person (id int CONSTRAINT person_pk PRIMARY KEY, name text NOT NULL)");
    db = Database.builder().url(tdb.url()).maxPoolSize(1).build();
    pid = backendPid();
  }

  @AfterAll
  void close() {
    db.close();
  }

  private int backendPid() {
    return db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
  }

  /** The one pooled connection is still the same session and answers queries. */
  private void assertUsable() {
    assertThat(db.query("SELECT 40 + $1", TestDecoders.INT, 2)).containsExactly(42);
    assertThat(backendPid()).isEqualTo(pid);
    assertThat(db.poolSize()).isEqualTo(1);
  }

  @Test
  void aDecoderThatRejectsTheColumnsLeavesNoReplyUnread() {
    RowDecoder<String> needsTitle =
        columns -> {
          int title = columns.require("title", "the test's decoder");
          return row -> row.getString(title);
        };
    PgException e =
        catchThrowableOfType(() -> db.query("SELECT 1 AS film_id", needsTitle), PgException.class);
    assertThat(e.sqlState()).isEqualTo("42703");
    assertThat(e.getMessage()).contains("film_id");
    // The same (only) connection goes on in step: prepared statements and cursors alike.
    assertUsable();
    assertThat(db.query("SELECT 'x' AS title", needsTitle)).containsExactly("x");
    PgException again =
        catchThrowableOfType(() -> db.stream("SELECT 2 AS film_id", needsTitle), PgException.class);
    assertThat(again.sqlState()).isEqualTo("42703");
    assertUsable();
  }

  @Test
  void syntaxErrorHasAPosition() {
    PgException e =
        catchThrowableOfType(
            () -> db.query("SELECT 1 FROMM person", TestDecoders.INT), PgException.class);
    assertThat(e.sqlState()).isEqualTo("42601");
    assertThat(e.position())
        .isEqualTo(16); // "FROMM" is read as a column alias; "person" is the error
    assertThat(e.statement()).isEqualTo("SELECT 1 FROMM person");
    assertThat(e.getMessage())
        .contains("ERROR")
        .contains("[SQLSTATE 42601]")
        .contains(e.serverMessage())
        .contains("Statement: SELECT 1 FROMM person")
        .contains("Position: 16");
    assertUsable();
  }

  @Test
  void uniqueViolationNamesTheConstraintAndTheKey() {
    db.execute("INSERT INTO person VALUES (1, 'Ada') ON CONFLICT DO NOTHING");
    PgException e =
        catchThrowableOfType(
            () -> db.execute("INSERT INTO person VALUES ($1, $2)", 1, "Bob"), PgException.class);
    assertThat(e.sqlState()).isEqualTo("23505");
    assertThat(e.constraint()).isEqualTo("person_pk");
    assertThat(e.table()).isEqualTo("person");
    assertThat(e.detail()).isEqualTo("Key (id)=(1) already exists.");
    assertThat(e.getMessage())
        .contains("Detail: Key (id)=(1) already exists.")
        .contains("[SQLSTATE 23505]");
    assertUsable();
  }

  @Test
  void divisionByZeroInTheMiddleOfAResult() {
    PgException e =
        catchThrowableOfType(
            () -> db.query("SELECT 1/(n-500) FROM generate_series(1,1000) n", TestDecoders.INT),
            PgException.class);
    assertThat(e.sqlState()).isEqualTo("22012");
    assertThat(e.serverMessage()).isEqualTo("division by zero");
    assertUsable();
    // The same statement, now cached, runs again and fails the same way.
    PgException again =
        catchThrowableOfType(
            () -> db.query("SELECT 1/(n-500) FROM generate_series(1,1000) n", TestDecoders.INT),
            PgException.class);
    assertThat(again.sqlState()).isEqualTo("22012");
    assertUsable();
  }

  @Test
  void notNullViolationNamesTheColumn() {
    PgException e =
        catchThrowableOfType(
            () -> db.execute("INSERT INTO person VALUES ($1, $2)", 7, null), PgException.class);
    assertThat(e.sqlState()).isEqualTo("23502");
    assertThat(e.column()).isEqualTo("name");
    assertThat(e.detail()).startsWith("Failing row contains (7, null)");
    assertUsable();
  }

  @Test
  void hintIsInTheMessage() {
    PgException e =
        catchThrowableOfType(
            () -> db.query("SELECT lower(1)", TestDecoders.STRING), PgException.class);
    assertThat(e.sqlState()).isEqualTo("42883");
    assertThat(e.hint()).contains("explicit type casts");
    assertThat(e.getMessage()).contains("Hint: " + e.hint());
    assertUsable();
  }

  @Test
  void errorInAScriptAndInAnExplicitTransaction() {
    PgException e =
        catchThrowableOfType(
            () -> db.executeScript("SELECT 1; SELECT nope; SELECT 3"), PgException.class);
    assertThat(e.sqlState()).isEqualTo("42703");
    assertUsable();
    PgException inTx =
        catchThrowableOfType(
            () -> db.useTransaction(tx -> tx.execute("INSERT INTO person VALUES (2, NULL)")),
            PgException.class);
    assertThat(inTx.sqlState()).isEqualTo("23502");
    assertUsable();
  }
}
