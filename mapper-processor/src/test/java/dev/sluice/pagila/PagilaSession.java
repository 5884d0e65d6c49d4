package dev.sluice.pagila;

import dev.sluice.Database;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * What the Pagila DSL tests share: a test class's own Pagila database, opened once as a Sluice
 * {@link Database} ({@link #db}, the code under test) and a pgjdbc connection ({@link #jdbc}, for
 * the hand-written SQL each answer is compared with). A subclass's own {@code @AfterAll} runs
 * before these are closed.
 */
@PgTest(pagila = true)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class PagilaSession {
  Database db;
  Connection jdbc;

  @BeforeAll
  final void openSessions(TestDatabase tdb) throws SQLException {
    db = Database.connect(tdb.url());
    jdbc = tdb.jdbc();
  }

  @AfterAll
  final void closeSessions() throws SQLException {
    jdbc.close();
    db.close();
  }
}
