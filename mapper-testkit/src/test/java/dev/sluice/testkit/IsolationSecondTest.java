package dev.sluice.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;

/** Constructor injection with one instance per class; {@link IsolationFirstTest} is the other. */
@PgTest
@TestInstance(Lifecycle.PER_CLASS)
class IsolationSecondTest {
  private final TestDatabase database;

  IsolationSecondTest(TestDatabase database) throws SQLException {
    this.database = database;
    database.execute("CREATE TABLE second_only (id int)");
    Isolation.record(IsolationSecondTest.class, database.name());
  }

  @Test
  void tableOfTheOtherClassIsAbsent(TestDatabase injected) throws SQLException {
    assertThat(injected).isSameAs(database);
    assertThat(Isolation.tableExists(database, "second_only")).isTrue();
    assertThat(Isolation.tableExists(database, "first_only")).isFalse();
    assertThat(Isolation.databaseNames()).doesNotHaveDuplicates();
  }

  @AfterAll
  void stillThereInAfterAll(TestDatabase injected) throws SQLException {
    assertThat(injected).isSameAs(database);
    assertThat(SharedServerTest.databaseExists(PgServer.shared(), database.name())).isTrue();
  }
}
