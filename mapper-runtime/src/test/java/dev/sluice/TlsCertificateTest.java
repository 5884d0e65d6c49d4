package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgServer;
import dev.sluice.testkit.TestTls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Certificates on a real server with the testkit's CA: verify-full's host check (the certificate
 * names localhost, not 127.0.0.1), an untrusted CA, client certificates in each key format,
 * SCRAM-SHA-256-PLUS with each certificate hash, direct TLS, and the protocol range.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TlsCertificateTest {
  private static PgServer server;

  @TempDir static Path home;

  @BeforeAll
  static void start() throws Exception {
    server =
        PgServer.builder()
            .tls(TestTls.Server.LOCALHOST)
            .clientCertificates()
            .hba(
                "local all all trust",
                "host all postgres 127.0.0.1/32 trust",
                "host all postgres ::1/128 trust",
                "hostssl all hostuser all trust",
                "hostssl all certuser all cert",
                "hostssl all scramuser all scram-sha-256")
            .start();
    server.execute(
        "postgres",
        "CREATE ROLE hostuser LOGIN; CREATE ROLE certuser LOGIN;"
            + " CREATE ROLE scramuser LOGIN PASSWORD 'scram secret'");
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static ConnectionConfig config(String userHost, String keywords) {
    return ConnectionConfig.builder()
        .url("postgresql://" + userHost + ":" + server.port() + "/postgres?" + keywords)
        .homeDirectory(home)
        .build();
  }

  /** The TLS version the server reports for the session. */
  private static String connect(String userHost, String keywords) {
    try (PgConnection c = PgConnection.connect(config(userHost, keywords), null)) {
      return TlsModeTest.one(
          c, "SELECT version FROM pg_stat_ssl WHERE pid = pg_backend_pid() AND ssl");
    }
  }

  private static PgException refused(String userHost, String keywords) {
    return catchThrowableOfType(
        () -> PgConnection.connect(config(userHost, keywords), null), PgException.class);
  }

  private static String ca() {
    return "sslrootcert=" + TestTls.ca();
  }

  @Test
  void verifyFullChecksTheHostNameAgainstTheCertificate() {
    assertThat(connect("hostuser@localhost", "sslmode=verify-full&" + ca())).startsWith("TLSv1.");
    // The certificate names only the DNS name localhost: 127.0.0.1 is the wrong host.
    PgException e = refused("hostuser@127.0.0.1", "sslmode=verify-full&" + ca());
    assertThat(e.sqlState()).isEqualTo("08001");
    assertThat(e.getMessage())
        .contains("server certificate for \"localhost\" does not match host name \"127.0.0.1\"");
    // verify-ca does not look at the name.
    assertThat(connect("hostuser@127.0.0.1", "sslmode=verify-ca&" + ca())).startsWith("TLSv1.");
  }

  @Test
  void aCertificateFromAnotherCaIsRefusedByVerifyCaAndVerifyFull() {
    String untrusted = "sslrootcert=" + TestTls.untrustedCa();
    for (String mode : new String[] {"verify-ca", "verify-full"}) {
      PgException e = refused("hostuser@localhost", "sslmode=" + mode + "&" + untrusted);
      assertThat(e.getMessage())
          .as(mode)
          .contains("could not connect")
          .containsIgnoringCase("cert");
    }
    // require with an explicit root behaves as verify-ca.
    PgException e = refused("hostuser@localhost", "sslmode=require&" + untrusted);
    assertThat(e.getMessage()).containsIgnoringCase("cert");
    // require without any root: encryption only, no check.
    assertThat(connect("hostuser@localhost", "sslmode=require")).startsWith("TLSv1.");
  }

  @Test
  void sslrootcertSystemUsesTheJdkTrustStoreAndNeedsVerifyFull() {
    PgException weak = refused("hostuser@localhost", "sslmode=require&sslrootcert=system");
    assertThat(weak.getMessage())
        .contains("weak sslmode \"require\" may not be used with sslrootcert=system");
    // Default sslmode becomes verify-full; the test CA is in no JDK trust store.
    PgException e = refused("hostuser@localhost", "sslrootcert=system");
    assertThat(e.getMessage()).containsIgnoringCase("cert");
  }

  @Test
  void clientCertificatesInEachKeyFormat() {
    String cert = "sslmode=verify-full&" + ca() + "&sslcert=" + TestTls.clientCertificate();
    assertThat(connect("certuser@localhost", cert + "&sslkey=" + TestTls.clientKey()))
        .startsWith("TLSv1.");
    assertThat(connect("certuser@localhost", cert + "&sslkey=" + TestTls.clientKeyPkcs1()))
        .startsWith("TLSv1.");
    assertThat(
            connect(
                "certuser@localhost",
                cert
                    + "&sslkey="
                    + TestTls.clientKeyEncrypted()
                    + "&sslpassword="
                    + TestTls.CLIENT_KEY_PASSWORD))
        .startsWith("TLSv1.");
    PgException wrong =
        refused(
            "certuser@localhost",
            cert + "&sslkey=" + TestTls.clientKeyEncrypted() + "&sslpassword=not-the-passphrase");
    assertThat(wrong.getMessage())
        .contains("could not decrypt sslkey file")
        .doesNotContain("not-the-passphrase");
    PgException none =
        refused("certuser@localhost", cert + "&sslkey=" + TestTls.clientKeyEncrypted());
    assertThat(none.getMessage()).contains("is encrypted and no sslpassword was given");
  }

  @Test
  void clientKeysInOpensslsTraditionalForms() {
    String base = "sslmode=verify-full&" + ca() + "&sslcert=";
    String password = "&sslpassword=" + TestTls.CLIENT_KEY_PASSWORD;
    // An EC certificate whose key is SEC1 (BEGIN EC PRIVATE KEY), plain and legacy-encrypted.
    String ec = base + TestTls.clientEcCertificate() + "&sslkey=";
    assertThat(connect("certuser@localhost", ec + TestTls.clientEcKey())).startsWith("TLSv1.");
    assertThat(
            connect("certuser@localhost", ec + TestTls.clientEcKeyLegacy("AES-256-CBC") + password))
        .startsWith("TLSv1.");
    // The RSA key as openssl rsa -traditional -aes256 writes it (Proc-Type/DEK-Info).
    String rsa = base + TestTls.clientCertificate() + "&sslkey=";
    assertThat(
            connect("certuser@localhost", rsa + TestTls.clientKeyLegacy("AES-256-CBC") + password))
        .startsWith("TLSv1.");
    // The key is the one used: with the EC key the JDK finds no usable RSA certificate entry,
    // sends none, and the server refuses cert authentication.
    PgException mismatch = refused("certuser@localhost", rsa + TestTls.clientEcKey());
    assertThat(mismatch.sqlState()).isEqualTo("28000");
    PgException wrong =
        refused(
            "certuser@localhost",
            ec + TestTls.clientEcKeyLegacy("AES-256-CBC") + "&sslpassword=not-the-passphrase");
    assertThat(wrong.getMessage())
        .contains(
            "could not decrypt sslkey file \""
                + TestTls.clientEcKeyLegacy("AES-256-CBC")
                + "\" (AES-256-CBC): wrong sslpassword")
        .doesNotContain("not-the-passphrase");
  }

  @Test
  void anSslcertFileThatDoesNotExistMeansNoCertificate(@TempDir Path dir) {
    // As libpq: no such file, no client certificate (and its key is not read).
    String missing =
        "sslmode=verify-full&" + ca() + "&sslcert=" + dir.resolve("none.crt") + "&sslkey=" + dir;
    assertThat(connect("hostuser@localhost", missing)).startsWith("TLSv1.");
    PgException e = refused("certuser@localhost", missing);
    assertThat(e.sqlState()).isEqualTo("28000");
    // A path that exists but is no certificate file is still an error.
    PgException unreadable =
        refused("hostuser@localhost", "sslmode=verify-full&" + ca() + "&sslcert=" + dir);
    assertThat(unreadable.getMessage()).contains("could not read sslcert file \"" + dir + "\"");
  }

  @Test
  void theTlsEnvironmentVariablesAreRead() {
    java.util.Map<String, String> env = new java.util.HashMap<>();
    env.put("PGSSLMODE", "verify-full");
    env.put("PGSSLROOTCERT", TestTls.ca().toString());
    env.put("PGSSLCERT", TestTls.clientEcCertificate().toString());
    env.put("PGSSLKEY", TestTls.clientEcKey().toString());
    env.put("PGSSLNEGOTIATION", "direct");
    String url = "postgresql://certuser@localhost:" + server.port() + "/postgres";
    // cert authentication, direct TLS, verify-full: all from the environment.
    try (PgConnection c = PgConnection.connect(fromEnvironment(url, env), null)) {
      assertThat(TlsModeTest.one(c, "SELECT current_user::text")).isEqualTo("certuser");
    }
    // PGSSLNEGOTIATION is read: direct with a weak PGSSLMODE is a configuration error.
    java.util.Map<String, String> weak = new java.util.HashMap<>(env);
    weak.put("PGSSLMODE", "prefer");
    assertThat(
            catchThrowableOfType(() -> fromEnvironment(url, weak), PgException.class).getMessage())
        .contains("weak sslmode \"prefer\" may not be used with sslnegotiation=direct");
    env.put("PGCHANNELBINDING", "require");
    PgException binding =
        catchThrowableOfType(
            () -> PgConnection.connect(fromEnvironment(url, env), null), PgException.class);
    assertThat(binding.getMessage())
        .contains("channel binding required, but the server authenticated the client without");
    // The URL wins over the environment.
    try (PgConnection c =
        PgConnection.connect(fromEnvironment(url + "?channel_binding=prefer", env), null)) {
      assertThat(TlsModeTest.one(c, "SELECT current_user::text")).isEqualTo("certuser");
    }
  }

  private static ConnectionConfig fromEnvironment(String url, java.util.Map<String, String> env) {
    return ConnectionConfig.builder().url(url).homeDirectory(home).environment(env).build();
  }

  @Test
  void withoutAClientCertificateCertAuthenticationIsRefusedByTheServer() {
    PgException e = refused("certuser@localhost", "sslmode=verify-full&" + ca());
    assertThat(e.sqlState()).isEqualTo("28000");
    assertThat(e.getMessage()).contains("certificate");
  }

  @Test
  void aKeyFileOthersCanReadIsRefused(@TempDir Path dir) throws Exception {
    Path key = dir.resolve("client.key");
    Files.copy(TestTls.clientKey(), key);
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-r--r--"));
    PgException e =
        refused(
            "certuser@localhost",
            "sslmode=verify-full&"
                + ca()
                + "&sslcert="
                + TestTls.clientCertificate()
                + "&sslkey="
                + key);
    assertThat(e.getMessage())
        .contains("private key file \"" + key + "\" has group or world access");
  }

  @Test
  void scramSha256PlusBindsToEachKindOfCertificateHash() throws Exception {
    String scram = "scramuser:scram%20secret@localhost";
    try {
      for (TestTls.Server s :
          new TestTls.Server[] {
            TestTls.Server.LOCALHOST, TestTls.Server.SHA384, TestTls.Server.RSASSA_PSS
          }) {
        TestTls.use(server, s);
        // require succeeds only if SCRAM-SHA-256-PLUS ran and the server agreed on the hash.
        assertThat(
                connect(
                    scram,
                    "sslmode=verify-full&sslrootcert=" + s.root() + "&channel_binding=require"))
            .as(s.name())
            .startsWith("TLSv1.");
      }
      TestTls.use(server, TestTls.Server.ED25519);
      String root = "sslmode=verify-full&sslrootcert=" + TestTls.Server.ED25519.root();
      PgException e = refused(scram, root + "&channel_binding=require");
      assertThat(e.getMessage())
          .contains("signature algorithm (Ed25519) defines no hash for tls-server-end-point");
      // prefer: no binding possible, so plain SCRAM-SHA-256 ("n,,"), which the server accepts.
      assertThat(connect(scram, root + "&channel_binding=prefer")).startsWith("TLSv1.");
    } finally {
      TestTls.use(server, TestTls.Server.LOCALHOST);
    }
  }

  @Test
  void channelBindingRequireRefusesMethodsThatCannotBind() {
    String cert =
        "sslmode=verify-full&"
            + ca()
            + "&sslcert="
            + TestTls.clientCertificate()
            + "&sslkey="
            + TestTls.clientKey();
    // cert authentication answers AuthenticationOk at once: no binding, refused.
    PgException e = refused("certuser@localhost", cert + "&channel_binding=require");
    assertThat(e.getMessage())
        .contains("channel binding required, but the server authenticated the client without");
  }

  @Test
  void sslcrlRefusesARevokedServerCertificate() throws Exception {
    try {
      TestTls.use(server, TestTls.Server.REVOKED);
      String k = "sslmode=verify-full&" + ca();
      assertThat(connect("hostuser@localhost", k)).startsWith("TLSv1.");
      PgException e = refused("hostuser@localhost", k + "&sslcrl=" + TestTls.crl());
      assertThat(e.getMessage()).containsIgnoringCase("revoked");
    } finally {
      TestTls.use(server, TestTls.Server.LOCALHOST);
    }
    // The CRL does not touch a certificate it does not list.
    assertThat(
            connect(
                "hostuser@localhost", "sslmode=verify-full&" + ca() + "&sslcrl=" + TestTls.crl()))
        .startsWith("TLSv1.");
  }

  @Test
  void sslcrldirRefusesARevokedServerCertificate(@TempDir Path elsewhere) throws Exception {
    Path dir = TestTls.crlDirectory();
    try (var files = Files.list(dir)) {
      // OpenSSL's hashed layout: <issuer hash>.r0, nothing else.
      assertThat(files.map(f -> f.getFileName().toString()))
          .singleElement()
          .asString()
          .matches("[0-9a-f]{8}\\.r0");
    }
    // The same CRL under a name OpenSSL would not look for is ignored, as OpenSSL ignores it:
    // with revocation checking on and no CRL for the issuer, nothing can be verified.
    Files.copy(TestTls.crl(), elsewhere.resolve("ca.crl"));
    String k = "sslmode=verify-full&" + ca();
    try {
      TestTls.use(server, TestTls.Server.REVOKED);
      PgException e = refused("hostuser@localhost", k + "&sslcrldir=" + dir);
      assertThat(e.getMessage()).containsIgnoringCase("revoked");
      // From PGSSLCRLDIR too, where the connection string says nothing.
      ConnectionConfig fromEnvironment =
          ConnectionConfig.builder()
              .url("postgresql://hostuser@localhost:" + server.port() + "/postgres?" + k)
              .homeDirectory(home)
              .environment(java.util.Map.of("PGSSLCRLDIR", dir.toString()))
              .build();
      PgException env =
          catchThrowableOfType(
              () -> PgConnection.connect(fromEnvironment, null), PgException.class);
      assertThat(env.getMessage()).containsIgnoringCase("revoked");
    } finally {
      TestTls.use(server, TestTls.Server.LOCALHOST);
    }
    // A certificate the CRL does not list passes; a directory without hashed names has no CRL.
    assertThat(connect("hostuser@localhost", k + "&sslcrldir=" + dir)).startsWith("TLSv1.");
    PgException none = refused("hostuser@localhost", k + "&sslcrldir=" + elsewhere);
    assertThat(none.getMessage()).containsIgnoringCase("revocation");
    PgException missing =
        refused("hostuser@localhost", k + "&sslcrldir=" + elsewhere.resolve("no"));
    assertThat(missing.getMessage())
        .contains("sslcrldir \"" + elsewhere.resolve("no") + "\" is not a directory");
  }

  @Test
  void directTlsAgainstPostgresql17() {
    assertThat(
            connect("hostuser@localhost", "sslmode=verify-full&" + ca() + "&sslnegotiation=direct"))
        .startsWith("TLSv1.");
    PgException e = refused("hostuser@localhost", "sslmode=prefer&sslnegotiation=direct");
    assertThat(e.getMessage())
        .contains("weak sslmode \"prefer\" may not be used with sslnegotiation=direct");
  }

  @Test
  void theProtocolRangeIsHonoured() {
    assertThat(connect("hostuser@localhost", "sslmode=require&ssl_max_protocol_version=TLSv1.2"))
        .isEqualTo("TLSv1.2");
    assertThat(connect("hostuser@localhost", "sslmode=require&ssl_min_protocol_version=TLSv1.3"))
        .isEqualTo("TLSv1.3");
    PgException e =
        refused(
            "hostuser@localhost",
            "sslmode=require&ssl_min_protocol_version=TLSv1.3&ssl_max_protocol_version=TLSv1.2");
    assertThat(e.getMessage()).contains("invalid SSL protocol version range");
  }
}
