package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgServer;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Authentication against a server of its own with one rule per method. */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class AuthTest {
  /** A password with characters that need percent-encoding in a URL. */
  private static final String SECRET = "S3cr/et:p@ss%w0rd é";

  private static PgServer server;
  private static final List<String> logged = new ArrayList<>();

  /** Held so the JUL logger and its level are not collected. */
  private static Logger sluiceLogger;

  private static final Handler capture =
      new Handler() {
        @Override
        public void publish(LogRecord r) {
          synchronized (logged) {
            logged.add(String.valueOf(new java.util.logging.SimpleFormatter().formatMessage(r)));
          }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeAll
  static void start() throws Exception {
    sluiceLogger = Logger.getLogger("dev.sluice");
    sluiceLogger.setLevel(Level.ALL);
    sluiceLogger.addHandler(capture);
    server =
        PgServer.builder()
            .hba(
                "host all postgres 127.0.0.1/32 trust",
                "host all postgres ::1/128 trust",
                "host all trustuser 127.0.0.1/32 trust",
                "host all trustuser ::1/128 trust",
                "host all pwuser 127.0.0.1/32 password",
                "host all pwuser ::1/128 password",
                "host all md5user 127.0.0.1/32 md5",
                "host all md5user ::1/128 md5",
                "host all scramuser 127.0.0.1/32 scram-sha-256",
                "host all scramuser ::1/128 scram-sha-256")
            .start();
    String quoted = SECRET.replace("'", "''");
    server.execute(
        "postgres",
        "CREATE ROLE trustuser LOGIN;"
            + " CREATE ROLE pwuser LOGIN PASSWORD '"
            + quoted
            + "';"
            + " SET password_encryption = 'md5';"
            + " CREATE ROLE md5user LOGIN PASSWORD '"
            + quoted
            + "';"
            + " SET password_encryption = 'scram-sha-256';"
            + " CREATE ROLE scramuser LOGIN PASSWORD '"
            + quoted
            + "'");
  }

  @AfterAll
  static void stop() {
    sluiceLogger.removeHandler(capture);
    if (server != null) {
      server.close();
    }
  }

  private static String url(String user, String password) {
    String host = server.host().contains(":") ? "[" + server.host() + "]" : server.host();
    return "postgresql://"
        + user
        + (password == null ? "" : ":" + encode(password))
        + "@"
        + host
        + ":"
        + server.port()
        + "/postgres";
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static String currentUser(String url) {
    try (Database db = Database.connect(url)) {
      return db.query("SELECT current_user::text", TestDecoders.STRING).get(0);
    }
  }

  @Test
  void requireAuthAcceptsOnlyTheMethodsItNames() {
    assertThat(currentUser(url("scramuser", SECRET) + "?require_auth=scram-sha-256"))
        .isEqualTo("scramuser");
    assertThat(currentUser(url("md5user", SECRET) + "?require_auth=md5,scram-sha-256"))
        .isEqualTo("md5user");
    assertThat(currentUser(url("trustuser", null) + "?require_auth=!password"))
        .isEqualTo("trustuser");
    // A server that asks for a method not listed is refused before the password is sent.
    assertThatThrownBy(() -> currentUser(url("pwuser", SECRET) + "?require_auth=scram-sha-256"))
        .isInstanceOf(PgException.class)
        .hasMessageContaining(
            "the server asks for password authentication, which require_auth=scram-sha-256 does"
                + " not allow; refusing the connection before sending any password")
        .hasMessageNotContaining("S3cr");
    assertThatThrownBy(() -> currentUser(url("pwuser", SECRET) + "?require_auth=!password,!md5"))
        .hasMessageContaining("the server asks for password authentication");
    // Trust is "none": refused unless allowed.
    assertThatThrownBy(() -> currentUser(url("trustuser", null) + "?require_auth=scram-sha-256"))
        .isInstanceOf(PgException.class)
        .hasMessageContaining(
            "the server accepted the connection without authentication, which"
                + " require_auth=scram-sha-256 does not allow");
    assertThatThrownBy(() -> currentUser(url("trustuser", null) + "?require_auth=gss,sspi"))
        .hasMessageContaining("without authentication");
    assertThat(currentUser(url("trustuser", null) + "?require_auth=none")).isEqualTo("trustuser");
  }

  @Test
  void requireAuthIsCheckedWhenTheUrlIsRead() {
    assertThatThrownBy(
            () -> ConnectionConfig.parse("postgresql://u@h/db?require_auth=md5,!password"))
        .isInstanceOf(PgException.class)
        .hasMessageContaining("mixes negated and plain methods");
    assertThatThrownBy(() -> ConnectionConfig.parse("postgresql://u@h/db?require_auth=kerberos"))
        .hasMessageContaining("names an unknown method \"kerberos\"");
    assertThatThrownBy(() -> ConnectionConfig.parse("postgresql://u@h/db?require_auth=md5,md5"))
        .hasMessageContaining("lists \"md5\" twice");
  }

  @Test
  void everyMethodConnectsWithTheRightPassword() {
    assertThat(currentUser(url("trustuser", null))).isEqualTo("trustuser");
    assertThat(currentUser(url("pwuser", SECRET))).isEqualTo("pwuser");
    assertThat(currentUser(url("md5user", SECRET))).isEqualTo("md5user");
    assertThat(currentUser(url("scramuser", SECRET))).isEqualTo("scramuser");
  }

  @Test
  void theServerReallyAskedForEachMethod() throws Exception {
    try (var c = server.jdbc("postgres");
        var rows =
            c.createStatement()
                .executeQuery(
                    "SELECT rolname, left(rolpassword, 6) FROM pg_authid"
                        + " WHERE rolname IN ('md5user', 'scramuser') ORDER BY 1")) {
      rows.next();
      assertThat(rows.getString(2)).isEqualTo("md5" + rows.getString(2).substring(3));
      assertThat(rows.getString(2)).startsWith("md5");
      rows.next();
      assertThat(rows.getString(2)).startsWith("SCRAM-");
    }
  }

  @Test
  void wrongPasswordFailsWith28P01ForEveryPasswordMethod() {
    for (String user : List.of("pwuser", "md5user", "scramuser")) {
      String wrong = "not-" + SECRET;
      assertThatThrownBy(() -> currentUser(url(user, wrong)))
          .as(user)
          .isInstanceOfSatisfying(
              PgException.class,
              e -> {
                assertThat(e.sqlState()).isEqualTo("28P01");
                assertThat(e.getMessage())
                    .contains(user)
                    .doesNotContain(wrong)
                    .doesNotContain(SECRET);
              });
    }
  }

  @Test
  void missingPasswordIsAClearError() {
    for (String user : List.of("pwuser", "md5user", "scramuser")) {
      assertThatThrownBy(() -> currentUser(url(user, null)))
          .as(user)
          .isInstanceOfSatisfying(
              PgException.class,
              e -> assertThat(e.getMessage()).contains("no password was given").contains(user));
    }
  }

  @Test
  void thePasswordIsNeverShown() {
    String url = url("scramuser", SECRET);
    ConnectionConfig config = ConnectionConfig.parse(url);
    assertThat(config.password()).isEqualTo(SECRET);
    assertThat(config.toString())
        .doesNotContain(SECRET)
        .doesNotContain(encode(SECRET))
        .contains("***");
    try (Database db = Database.connect(url)) {
      db.query("SELECT 1", TestDecoders.INT);
      assertThat(db.toString()).doesNotContain(SECRET).doesNotContain(encode(SECRET));
    }
    try (PgConnection c = PgConnection.connect(config, null)) {
      assertThat(c.toString()).doesNotContain(SECRET);
    }
    // A URL that is not a PostgreSQL URL is quoted in the error, without its password.
    assertThatThrownBy(
            () -> ConnectionConfig.parse("jdbc:postgresql://scramuser:" + encode(SECRET) + "@h/db"))
        .isInstanceOf(PgException.class)
        .hasMessageNotContaining(encode(SECRET))
        .hasMessageNotContaining("S3cr");
    assertThatThrownBy(() -> ConnectionConfig.parse("mysql://scramuser:pa/ss@h/db"))
        .isInstanceOf(PgException.class)
        .hasMessageNotContaining("pa/ss");
    synchronized (logged) {
      for (String line : logged) {
        assertThat(line).doesNotContain(SECRET).doesNotContain(encode(SECRET));
      }
    }
  }

  @Test
  void aServerThatNeverAnswersTheStartupHitsTheConnectTimeout() throws Exception {
    try (FakePgServer silent = FakePgServer.silent()) {
      ConnectionConfig config =
          ConnectionConfig.builder()
              .url(silent.url())
              .connectTimeout(Duration.ofMillis(300))
              .build();
      assertThatThrownBy(() -> PgConnection.connect(config, null))
          .isInstanceOfSatisfying(
              PgException.class,
              e -> {
                assertThat(e.sqlState()).isEqualTo("08001");
                assertThat(e.getMessage()).contains("timed out");
              });
      assertThat(silent.accepted()).isEqualTo(1);
    }
  }
}
