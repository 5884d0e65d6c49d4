package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.driver.config.ConnectionConfig.HostPort;
import dev.sluice.driver.config.ConnectionConfig.SslMode;
import dev.sluice.driver.config.ConnectionConfig.TargetSessionAttrs;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** URL and keyword parsing, and what the parsed settings do on a real server. */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ConnectionUrlTest {
  private static String one(String url, String sql) {
    try (Database db = Database.connect(url)) {
      return db.query(sql, TestDecoders.STRING).get(0);
    }
  }

  /** tdb.url() with extra keywords. */
  private static String with(TestDatabase tdb, String keywords) {
    return tdb.url() + (tdb.url().contains("?") ? "&" : "?") + keywords;
  }

  private static String userInfo(TestDatabase tdb) {
    return tdb.user()
        + (tdb.password() == null
            ? ""
            : ":" + URLEncoder.encode(tdb.password(), StandardCharsets.UTF_8));
  }

  /** A port on which nothing listens (bound then closed). */
  private static int closedPort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @Test
  void parsesBothSchemesAndEncodedCredentials() {
    ConnectionConfig a =
        ConnectionConfig.parse("postgresql://al%40ice:p%3Aw%2Fd%20x+y@db.example:6543/my%20db");
    assertThat(a.user()).isEqualTo("al@ice");
    assertThat(a.password()).isEqualTo("p:w/d x+y");
    assertThat(a.database()).isEqualTo("my db");
    assertThat(a.hosts()).containsExactly(new HostPort("db.example", 6543));

    ConnectionConfig b = ConnectionConfig.parse("postgres://bob@db.example/shop");
    assertThat(b.user()).isEqualTo("bob");
    assertThat(b.password()).isNull();
    assertThat(b.database()).isEqualTo("shop");
    assertThat(b.hosts()).containsExactly(new HostPort("db.example", 5432));

    ConnectionConfig c = ConnectionConfig.parse("postgresql://carol@host");
    assertThat(c.database()).isEqualTo("carol");

    assertThatThrownBy(() -> ConnectionConfig.parse("jdbc:postgresql://h/db"))
        .isInstanceOfSatisfying(PgException.class, e -> assertThat(e.sqlState()).isEqualTo("08001"))
        .hasMessageContaining("postgresql://");
  }

  @Test
  void parsesIpv6AndMultipleHosts() {
    ConnectionConfig c =
        ConnectionConfig.parse("postgresql://u@[::1]:5433,[2001:db8::7],h3:5435,h4/db");
    assertThat(c.hosts())
        .containsExactly(
            new HostPort("::1", 5433),
            new HostPort("2001:db8::7", 5432),
            new HostPort("h3", 5435),
            new HostPort("h4", 5432));
    assertThat(c.hosts().get(0).toString()).isEqualTo("[::1]:5433");
  }

  @Test
  void parsesKeywords() {
    ConnectionConfig c =
        ConnectionConfig.parse(
            "postgresql://u@h/db?sslmode=disable&application_name=my%20app&connect_timeout=7"
                + "&target_session_attrs=read-write&options=-c%20search_path%3Dx&load_balance_hosts=random");
    assertThat(c.sslMode()).isEqualTo(SslMode.DISABLE);
    assertThat(c.applicationName()).isEqualTo("my app");
    assertThat(c.connectTimeout()).isEqualTo(Duration.ofSeconds(7));
    assertThat(c.targetSessionAttrs()).isEqualTo(TargetSessionAttrs.READ_WRITE);
    assertThat(c.startupParameters()).containsEntry("options", "-c search_path=x");
    assertThat(c.loadBalanceHosts()).isTrue();
    // libpq knows disable and random only; pgjdbc's loadBalanceHosts is a boolean.
    assertThat(
            ConnectionConfig.parse("postgresql://h/db?load_balance_hosts=disable")
                .loadBalanceHosts())
        .isFalse();
    assertThat(
            ConnectionConfig.parse("postgresql://h/db?loadBalanceHosts=false").loadBalanceHosts())
        .isFalse();
    assertThat(ConnectionConfig.parse("postgresql://h/db?loadBalanceHosts=true").loadBalanceHosts())
        .isTrue();
    assertThatThrownBy(() -> ConnectionConfig.parse("postgresql://h/db?load_balance_hosts=yes"))
        .hasMessageContaining(
            "invalid load_balance_hosts value: \"yes\" (expected disable or random)");

    ConnectionConfig k =
        ConnectionConfig.parse(
            "postgresql:///?host=h1,h2&port=7000,7001&user=u&dbname=d&password=pw");
    assertThat(k.hosts()).containsExactly(new HostPort("h1", 7000), new HostPort("h2", 7001));
    assertThat(k.user()).isEqualTo("u");
    assertThat(k.database()).isEqualTo("d");
    assertThat(k.password()).isEqualTo("pw");
  }

  @Test
  void rejectsUnknownKeywordsAndBadValues() {
    assertThatThrownBy(() -> ConnectionConfig.parse("postgresql://u@h/db?sslmod=disable"))
        .isInstanceOfSatisfying(PgException.class, e -> assertThat(e.sqlState()).isEqualTo("08001"))
        .hasMessageContaining("sslmod");
    assertThatThrownBy(() -> ConnectionConfig.parse("postgresql://u@h/db?sslmode=sometimes"))
        .hasMessageContaining("sometimes");
    assertThatThrownBy(
            () -> ConnectionConfig.parse("postgresql://u@h/db?target_session_attrs=master"))
        .hasMessageContaining("master");
    assertThatThrownBy(() -> ConnectionConfig.parse("postgresql://u@h:99999/db"))
        .hasMessageContaining("99999");
    assertThatThrownBy(() -> ConnectionConfig.parse("postgresql://u@h/db?connect_timeout=soon"))
        .hasMessageContaining("connect_timeout");
  }

  @Test
  void gssencmodeAndSslcompressionAreAcceptedAsLibpqWithoutGssapiAcceptsThem(TestDatabase tdb)
      throws Exception {
    // Strings written for libpq often carry gssencmode=disable; Sluice has no GSSAPI, as a libpq
    // built without it, so disable and prefer mean the same and require is refused.
    assertThat(one(with(tdb, "gssencmode=disable&sslcompression=0"), "SELECT 'ok'::text"))
        .isEqualTo("ok");
    assertThat(one(with(tdb, "gssencmode=prefer&sslcompression=1"), "SELECT 'ok'::text"))
        .isEqualTo("ok");
    assertThatThrownBy(() -> ConnectionConfig.parse("postgresql://u@h/db?gssencmode=require"))
        .isInstanceOfSatisfying(PgException.class, e -> assertThat(e.sqlState()).isEqualTo("08001"))
        .hasMessageContaining(
            "gssencmode value \"require\" invalid: Sluice does not support GSSAPI encryption");
    assertThatThrownBy(() -> ConnectionConfig.parse("postgresql://u@h/db?gssencmode=always"))
        .hasMessageContaining("invalid gssencmode \"always\"");
  }

  @Test
  void applicationNameAndOptionsReachTheServer(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE SCHEMA IF NOT EXISTS x");
    assertThat(one(with(tdb, "application_name=url%20test"), "SHOW application_name"))
        .isEqualTo("url test");
    assertThat(one(with(tdb, "options=-c%20search_path%3Dx"), "SHOW search_path")).isEqualTo("x");
    assertThat(one(with(tdb, "connect_timeout=5&sslmode=disable"), "SELECT 'ok'::text"))
        .isEqualTo("ok");
  }

  @Test
  void connectTimeoutZeroMeansNoTimeoutAsInLibpq(TestDatabase tdb) throws Exception {
    assertThat(ConnectionConfig.parse("postgresql://u@h/db?connect_timeout=0").connectTimeout())
        .isZero();
    assertThat(one(with(tdb, "connect_timeout=0"), "SELECT 'no deadline'::text"))
        .isEqualTo("no deadline");
    assertThat(one(with(tdb, "connect_timeout=-3"), "SELECT 'none either'::text"))
        .isEqualTo("none either");
  }

  @Test
  void tlsModesRefuseAServerWithoutTlsWithoutEverStartingInPlainText() throws Exception {
    try (FakePgServer fake = FakePgServer.start((sync, out) -> true)) {
      for (String mode : List.of("require", "verify-ca", "verify-full")) {
        // verify-* need a root certificate before anything else: any file will do here.
        Path root =
            Path.of(ConnectionUrlTest.class.getResource("/dev/sluice/tls-root.pem").toURI());
        ConnectionConfig config =
            ConnectionConfig.parse(fake.url() + "?sslmode=" + mode + "&sslrootcert=" + root);
        assertThatThrownBy(() -> PgConnection.connect(config, null))
            .as(mode)
            .isInstanceOfSatisfying(
                PgException.class, e -> assertThat(e.sqlState()).isEqualTo("08001"))
            .hasMessageContaining("does not support SSL, but SSL was required (sslmode=" + mode);
      }
    }
  }

  @Test
  void connectsThroughTheUnixSocketWhenTheHostIsADirectory(TestDatabase tdb) {
    Path dir = tdb.server().unixSocketDirectory().orElseThrow();
    String encodedDir = URLEncoder.encode(dir.toString(), StandardCharsets.UTF_8);
    List<String> urls = new ArrayList<>();
    urls.add(
        "postgresql://" + userInfo(tdb) + "@" + encodedDir + ":" + tdb.port() + "/" + tdb.name());
    urls.add(
        "postgresql://"
            + userInfo(tdb)
            + "@/"
            + tdb.name()
            + "?host="
            + encodedDir
            + "&port="
            + tdb.port());
    for (String url : urls) {
      ConnectionConfig config = ConnectionConfig.parse(url);
      assertThat(config.hosts()).as(url).containsExactly(new HostPort(dir.toString(), tdb.port()));
      // inet_server_addr() is NULL over a Unix-domain socket.
      assertThat(one(url, "SELECT coalesce(host(inet_server_addr()), 'unix')"))
          .as(url)
          .isEqualTo("unix");
    }
  }

  @Test
  void failsOverToTheNextHost(TestDatabase tdb) throws Exception {
    String url =
        "postgresql://"
            + userInfo(tdb)
            + "@127.0.0.1:"
            + closedPort()
            + ",127.0.0.1:"
            + tdb.port()
            + "/"
            + tdb.name();
    try (PgConnection c = PgConnection.connect(ConnectionConfig.parse(url), null)) {
      assertThat(c.hostPort().port()).isEqualTo(tdb.port());
      List<Integer> out = new ArrayList<>();
      c.query("SELECT 41 + 1", new Object[0], TestDecoders.INT, out);
      assertThat(out).containsExactly(42);
    }
  }

  @Test
  void targetSessionAttrsAgainstAPrimary(TestDatabase tdb) {
    assertThat(one(with(tdb, "target_session_attrs=read-write"), "SELECT 'rw'::text"))
        .isEqualTo("rw");
    assertThat(one(with(tdb, "target_session_attrs=primary"), "SELECT 'p'::text")).isEqualTo("p");
    assertThat(one(with(tdb, "target_session_attrs=prefer-standby"), "SELECT 'ps'::text"))
        .isEqualTo("ps");
    assertThat(one(with(tdb, "target_session_attrs=any"), "SELECT 'any'::text")).isEqualTo("any");
    for (String attrs : List.of("read-only", "standby")) {
      assertThatThrownBy(() -> one(with(tdb, "target_session_attrs=" + attrs), "SELECT 1"))
          .as(attrs)
          .isInstanceOfSatisfying(
              PgException.class, e -> assertThat(e.sqlState()).isEqualTo("08001"))
          .hasMessageContaining("is not " + attrs);
    }
  }
}
