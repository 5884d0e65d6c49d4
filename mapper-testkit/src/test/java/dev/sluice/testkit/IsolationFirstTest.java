package dev.sluice.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Static @BeforeAll injection; {@link IsolationSecondTest} is the other class. */
@PgTest
class IsolationFirstTest {
  private static TestDatabase fromBeforeAll;
  private TestDatabase fromBeforeEach;

  @BeforeAll
  static void createTable(TestDatabase database) throws SQLException {
    fromBeforeAll = database;
    database.execute("CREATE TABLE first_only (id int)");
    Isolation.record(IsolationFirstTest.class, database.name());
  }

  @BeforeEach
  void remember(TestDatabase database) {
    fromBeforeEach = database;
  }

  @Test
  void everyInjectionGetsTheClassDatabase(TestDatabase database, PgServer server) {
    assertThat(database).isSameAs(fromBeforeAll).isSameAs(fromBeforeEach);
    assertThat(server).isSameAs(PgServer.shared());
  }

  @Test
  void tableOfTheOtherClassIsAbsent(TestDatabase database) throws SQLException {
    assertThat(Isolation.tableExists(database, "first_only")).isTrue();
    assertThat(Isolation.tableExists(database, "second_only")).isFalse();
    assertThat(Isolation.databaseNames()).doesNotHaveDuplicates();
  }

  @Nested
  class Inner {
    @Test
    void sharesTheEnclosingClassDatabase(TestDatabase database) throws SQLException {
      assertThat(database).isSameAs(fromBeforeAll);
      assertThat(Isolation.tableExists(database, "first_only")).isTrue();
    }
  }
}
