package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * libpq's sslmode table, cell by cell (issue 13): each mode against a server without TLS, and
 * against a TLS server whose pg_hba.conf gives the user a {@code host}, {@code hostssl} or {@code
 * hostnossl} rule. Each cell says whether the session runs in plain text, over TLS, or is refused,
 * and the server itself (pg_stat_ssl) says which it was.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TlsModeTest {
  private static PgServer tls;
  private static PgServer plain;

  @TempDir static Path home;

  @BeforeAll
  static void start() throws Exception {
    tls =
        PgServer.builder()
            .tls()
            .hba(
                "local all all trust",
                "host all postgres 127.0.0.1/32 trust",
                "host all hostuser 127.0.0.1/32 trust",
                "hostssl all ssluser 127.0.0.1/32 trust",
                "hostnossl all nossluser 127.0.0.1/32 trust")
            .start();
    tls.execute(
        "postgres",
        "CREATE ROLE hostuser LOGIN; CREATE ROLE ssluser LOGIN; CREATE ROLE nossluser LOGIN");
    plain =
        PgServer.builder().hba("local all all trust", "host all all 127.0.0.1/32 trust").start();
    plain.execute("postgres", "CREATE ROLE hostuser LOGIN");
  }

  @AfterAll
  static void stop() {
    if (tls != null) {
      tls.close();
    }
    if (plain != null) {
      plain.close();
    }
  }

  /** "plain", "TLS" (as the server reports it), or "refused". */
  private static String outcome(PgServer server, String user, String keywords) {
    ConnectionConfig config =
        ConnectionConfig.builder()
            .url("postgresql://" + user + "@127.0.0.1:" + server.port() + "/postgres?" + keywords)
            .homeDirectory(home) // no ~/.postgresql/root.crt
            .build();
    try (PgConnection c = PgConnection.connect(config, null)) {
      return one(
          c,
          "SELECT CASE WHEN ssl THEN 'TLS' ELSE 'plain' END FROM pg_stat_ssl"
              + " WHERE pid = pg_backend_pid()");
    } catch (PgException e) {
      return "refused";
    }
  }

  static String one(PgConnection c, String sql) {
    java.util.List<String> out = new java.util.ArrayList<>();
    c.query(sql, new Object[0], TestDecoders.STRING, out);
    return out.get(0);
  }

  @ParameterizedTest(name = "sslmode={0}: no TLS {1}, host {2}, hostssl {3}, hostnossl {4}")
  @CsvSource({
    "disable, plain,   plain, refused, plain",
    "allow,   plain,   plain, TLS,     plain",
    "prefer,  plain,   TLS,   TLS,     plain",
    "require, refused, TLS,   TLS,     refused",
  })
  void theSslmodeTable(String mode, String noTls, String host, String hostssl, String hostnossl) {
    String k = "sslmode=" + mode;
    assertThat(outcome(plain, "hostuser", k)).as("server without TLS").isEqualTo(noTls);
    assertThat(outcome(tls, "hostuser", k)).as("host rule").isEqualTo(host);
    assertThat(outcome(tls, "ssluser", k)).as("hostssl rule").isEqualTo(hostssl);
    assertThat(outcome(tls, "nossluser", k)).as("hostnossl rule").isEqualTo(hostnossl);
  }

  @ParameterizedTest(name = "sslmode={0}")
  @CsvSource({"verify-ca", "verify-full"})
  void theVerifyingModesCheckTheCertificate(String mode) {
    // The testkit's certificate names localhost and 127.0.0.1, so both modes accept it here.
    String k = "sslmode=" + mode + "&sslrootcert=" + tls.tlsCertificate().orElseThrow();
    assertThat(outcome(plain, "hostuser", k)).as("server without TLS").isEqualTo("refused");
    assertThat(outcome(tls, "hostuser", k)).as("host rule").isEqualTo("TLS");
    assertThat(outcome(tls, "ssluser", k)).as("hostssl rule").isEqualTo("TLS");
    assertThat(outcome(tls, "nossluser", k)).as("hostnossl rule").isEqualTo("refused");
  }

  @Test
  void verifyingWithoutAnyRootCertificateIsAnErrorBeforeConnecting() {
    for (String mode : new String[] {"verify-ca", "verify-full"}) {
      ConnectionConfig config =
          ConnectionConfig.builder()
              .url("postgresql://hostuser@127.0.0.1:" + tls.port() + "/postgres?sslmode=" + mode)
              .homeDirectory(home)
              .build();
      PgException e =
          catchThrowableOfType(() -> PgConnection.connect(config, null), PgException.class);
      assertThat(e.sqlState()).isEqualTo("08001");
      assertThat(e.getMessage())
          .contains("root certificate file")
          .contains(home.resolve(".postgresql").resolve("root.crt").toString())
          .contains("does not exist");
    }
  }

  @Test
  void requireActsAsVerifyCaWhenHomeHasARootCertificate(@TempDir Path otherHome) throws Exception {
    // A root certificate that did not sign the server's: require now checks the CA, and fails.
    Path dir = Files.createDirectories(otherHome.resolve(".postgresql"));
    try (var in = TlsModeTest.class.getResourceAsStream("/dev/sluice/tls-root.pem")) {
      Files.copy(in, dir.resolve("root.crt"));
    }
    ConnectionConfig untrusted =
        ConnectionConfig.builder()
            .url("postgresql://hostuser@127.0.0.1:" + tls.port() + "/postgres?sslmode=require")
            .homeDirectory(otherHome)
            .build();
    PgException e =
        catchThrowableOfType(() -> PgConnection.connect(untrusted, null), PgException.class);
    assertThat(e.getMessage()).contains("could not connect").containsIgnoringCase("certif");
    // The server's own certificate as root.crt: accepted.
    Files.copy(
        tls.tlsCertificate().orElseThrow(),
        dir.resolve("root.crt"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    ConnectionConfig trusted =
        ConnectionConfig.builder()
            .url("postgresql://hostuser@127.0.0.1:" + tls.port() + "/postgres?sslmode=require")
            .homeDirectory(otherHome)
            .build();
    try (PgConnection c = PgConnection.connect(trusted, null)) {
      assertThat(one(c, "SELECT 'ok'::text")).isEqualTo("ok");
    }
  }

  @Test
  void preferFallsBackToPlainTextWhenTheHandshakeFails(@TempDir Path otherHome) throws Exception {
    // root.crt present, so prefer checks the CA too (as libpq does) — and this one is wrong.
    Path dir = Files.createDirectories(otherHome.resolve(".postgresql"));
    try (var in = TlsModeTest.class.getResourceAsStream("/dev/sluice/tls-root.pem")) {
      Files.copy(in, dir.resolve("root.crt"));
    }
    ConnectionConfig config =
        ConnectionConfig.builder()
            .url("postgresql://hostuser@127.0.0.1:" + tls.port() + "/postgres?sslmode=prefer")
            .homeDirectory(otherHome)
            .build();
    try (PgConnection c = PgConnection.connect(config, null)) {
      assertThat(one(c, "SELECT ssl::text FROM pg_stat_ssl WHERE pid = pg_backend_pid()"))
          .isEqualTo("false");
    }
  }
}
