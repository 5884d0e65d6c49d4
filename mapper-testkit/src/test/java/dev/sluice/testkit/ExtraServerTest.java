package dev.sluice.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The one extra server of this module's tests: password authentication rules, settings and TLS. */
class ExtraServerTest {
  private static PgServer server;

  @BeforeAll
  static void start() throws SQLException {
    server =
        PgServer.builder()
            .setting("work_mem", "5MB")
            .setting("application_name", "it's a test")
            .tls()
            .hba(
                "hostssl all tlsuser 127.0.0.1/32 trust",
                "local all all trust",
                "host all postgres 127.0.0.1/32 trust",
                "host all postgres ::1/128 trust",
                "host all md5user 127.0.0.1/32 md5",
                "host all md5user ::1/128 md5",
                "host all scramuser 127.0.0.1/32 scram-sha-256",
                "host all scramuser ::1/128 scram-sha-256")
            .start();
    server.execute(
        "postgres",
        "SET password_encryption = 'md5';"
            + " CREATE ROLE md5user LOGIN PASSWORD 'md5 secret';"
            + " SET password_encryption = 'scram-sha-256';"
            + " CREATE ROLE scramuser LOGIN PASSWORD 'scram secret';"
            + " CREATE ROLE tlsuser LOGIN");
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void tlsWithAGeneratedCertificateThatVerifiesForLocalhost() throws SQLException {
    String cert = server.tlsCertificate().orElseThrow().toString();
    String url =
        "jdbc:postgresql://localhost:"
            + server.port()
            + "/postgres?user=tlsuser"
            + "&sslmode=verify-full&sslrootcert="
            + cert;
    try (Connection connection = java.sql.DriverManager.getConnection(url);
        Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT ssl, version FROM pg_stat_ssl WHERE pid = pg_backend_pid()")) {
      rows.next();
      assertThat(rows.getBoolean(1)).isTrue();
      assertThat(rows.getString(2)).startsWith("TLSv1.");
    }
    // hostssl: the same user without TLS is refused.
    SQLException plain =
        catchThrowableOfType(
            () ->
                java.sql.DriverManager.getConnection(
                    "jdbc:postgresql://localhost:"
                        + server.port()
                        + "/postgres?user=tlsuser&sslmode=disable"),
            SQLException.class);
    assertThat(plain.getSQLState()).isEqualTo("28000");
  }

  @Test
  void appliesSettingsIncludingQuotedOnes() throws SQLException {
    try (Connection connection = server.jdbc("postgres");
        Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT current_setting('work_mem'), current_setting('fsync'),"
                    + " (SELECT setting FROM pg_file_settings"
                    + "  WHERE name = 'application_name' AND applied)")) {
      rows.next();
      assertThat(rows.getString(1)).isEqualTo("5MB");
      assertThat(rows.getString(2)).isEqualTo("off");
      assertThat(rows.getString(3)).isEqualTo("it's a test");
    }
    assertThat(server.unixSocketDirectory()).isPresent();
    assertThat(server.port()).isNotEqualTo(PgServer.shared().port());
  }

  @Test
  void md5RuleChecksThePassword() throws SQLException {
    assertThat(connectsAs("md5user", "md5 secret")).isEqualTo("md5user");
    assertThatThrownBy(() -> connectsAs("md5user", "wrong"))
        .isInstanceOf(SQLException.class)
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("28P01");
  }

  @Test
  void scramRuleChecksThePassword() throws SQLException {
    try (Connection connection = server.jdbc("postgres");
        Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT rolpassword FROM pg_authid WHERE rolname IN ('md5user', 'scramuser')"
                    + " ORDER BY rolname")) {
      rows.next();
      assertThat(rows.getString(1)).startsWith("md5");
      rows.next();
      assertThat(rows.getString(1)).startsWith("SCRAM-SHA-256$");
    }
    assertThat(connectsAs("scramuser", "scram secret")).isEqualTo("scramuser");
    assertThatThrownBy(() -> connectsAs("scramuser", "wrong"))
        .isInstanceOf(SQLException.class)
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("28P01");
  }

  @Test
  void usersWithoutARuleAreRejected() {
    assertThatThrownBy(() -> connectsAs("nobody_here", "x"))
        .isInstanceOf(SQLException.class)
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("28000");
  }

  @Test
  void rejectedRulesNameTheLineAndLeaveTheServerAsItWas() throws SQLException {
    assertThatThrownBy(
            () ->
                ServerConfig.replaceHba(
                    server,
                    List.of("host all postgres 127.0.0.1/32 trust", "host all all nowhere md6")))
        .isInstanceOf(TestkitException.class)
        .hasMessageContaining("line 2 \"host all all nowhere md6\"");
    assertThat(connectsAs("md5user", "md5 secret")).isEqualTo("md5user");
  }

  private static String connectsAs(String user, String password) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", user);
    properties.setProperty("password", password);
    String url = "jdbc:postgresql://" + server.host() + ":" + server.port() + "/postgres";
    try (Connection connection = DriverManager.getConnection(url, properties);
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT current_user")) {
      rows.next();
      return rows.getString(1);
    }
  }
}
