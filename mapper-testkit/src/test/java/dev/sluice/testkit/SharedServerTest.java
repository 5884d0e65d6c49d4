package dev.sluice.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

class SharedServerTest {
  @Test
  void sharedServerRunsPostgres17() throws SQLException {
    PgServer server = PgServer.shared();
    assertThat(PgServer.shared()).isSameAs(server);
    try (Connection connection = server.jdbc("postgres");
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT version()")) {
      rows.next();
      assertThat(rows.getString(1)).startsWith("PostgreSQL 17.");
    }
  }

  @Test
  void createdDatabaseIsReachableThroughItsUrlsAndDroppedOnClose() throws SQLException {
    PgServer server = PgServer.shared();
    String name;
    try (TestDatabase database = server.createDatabase()) {
      name = database.name();
      assertThat(name).startsWith("sluice_t_");
      assertThat(database.url())
          .isEqualTo(
              "postgresql://"
                  + database.user()
                  + "@"
                  + database.host()
                  + ":"
                  + database.port()
                  + "/"
                  + name);
      database.execute("CREATE TABLE t (id int); INSERT INTO t VALUES (1), (2)");
      try (Connection connection = DriverManager.getConnection(database.jdbcUrl());
          Statement statement = connection.createStatement();
          ResultSet rows =
              statement.executeQuery("SELECT current_database(), (SELECT count(*) FROM t)")) {
        rows.next();
        assertThat(rows.getString(1)).isEqualTo(name);
        assertThat(rows.getLong(2)).isEqualTo(2);
      }
    }
    assertThat(databaseExists(server, name)).isFalse();
  }

  @Test
  void executeReportsTheStatementAndKeepsTheSqlState() {
    assertThatThrownBy(() -> PgServer.shared().execute("postgres", "SELECT * FROM no_such_table"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("no_such_table")
        .hasMessageContaining("in database postgres")
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("42P01");
  }

  @Test
  void closingTheSharedServerDoesNotStopIt() throws SQLException {
    PgServer.shared().close();
    assertThat(databaseExists(PgServer.shared(), "postgres")).isTrue();
  }

  @Test
  void externalUrlDescribesAnExistingServer() throws SQLException {
    PgServer embedded = PgServer.shared();
    String url = embedded.url("postgres").replace("postgresql:", "postgres:");
    PgServer external = PgServer.external(url);
    assertThat(external.host()).isEqualTo(embedded.host());
    assertThat(external.port()).isEqualTo(embedded.port());
    assertThat(external.superuser()).isEqualTo("postgres");
    assertThat(external.unixSocketDirectory()).isEmpty();
    try (TestDatabase database = external.createPagilaDatabase()) {
      // A random run id keeps JVMs sharing one external server apart.
      assertThat(database.name()).matches("sluice_t_[a-z0-9]{6}_1");
      database.execute("SELECT count(*) FROM film");
    }
    external.close();
    assertThat(databaseExists(embedded, "postgres")).isTrue();
  }

  @Test
  void externalUrlCarriesEncodedCredentials() throws SQLException {
    int port = PgServer.shared().port();
    // The embedded server trusts localhost, so any password gets in.
    PgServer external =
        PgServer.external("postgresql://postgres:p%40ss%20w+rd@localhost:" + port + "/postgres");
    assertThat(external.superuserPassword()).isEqualTo("p@ss w+rd");
    assertThat(external.url("db"))
        .isEqualTo("postgresql://postgres:p%40ss%20w%2Brd@localhost:" + port + "/db");
    try (Connection connection = DriverManager.getConnection(external.jdbcUrl("postgres"))) {
      assertThat(connection.isValid(5)).isTrue();
    }
  }

  @Test
  void externalUrlMustBePostgresql() {
    assertThatThrownBy(() -> PgServer.external("mysql://localhost/x"))
        .isInstanceOf(TestkitException.class)
        .hasMessageContaining("SLUICE_TEST_URL must look like postgresql://");
  }

  static boolean databaseExists(PgServer server, String name) throws SQLException {
    try (Connection connection = server.jdbc("postgres");
        Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT count(*) FROM pg_database WHERE datname = '" + name + "'")) {
      rows.next();
      return rows.getInt(1) == 1;
    }
  }
}
