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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * libpq's environment variables (given as a map, not the process's) and service files, resolved
 * with libpq's precedence: what the connection string or builder says, then the service, then the
 * environment, then the defaults.
 */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ConnectionEnvironmentTest {
  @TempDir Path home;

  private ConnectionConfig config(Map<String, String> env, String connectionString) {
    return ConnectionConfig.builder()
        .environment(env)
        .homeDirectory(home)
        .url(connectionString)
        .build();
  }

  /** The variables that reach the test database. */
  private static Map<String, String> serverEnv(TestDatabase tdb) {
    Map<String, String> env = new HashMap<>();
    env.put("PGHOST", tdb.host());
    env.put("PGPORT", Integer.toString(tdb.port()));
    env.put("PGUSER", tdb.user());
    env.put("PGDATABASE", tdb.name());
    if (tdb.password() != null) {
      env.put("PGPASSWORD", tdb.password());
    }
    return env;
  }

  private static String one(ConnectionConfig config, String sql) {
    try (PgConnection c = PgConnection.connect(config, null)) {
      List<String> out = new ArrayList<>();
      c.query(sql, new Object[0], TestDecoders.STRING, out);
      return out.get(0);
    }
  }

  private static int closedPort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private Path write(Path file, String text) throws Exception {
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text);
  }

  @Test
  void anEmptyUrlConnectsOnTheEnvironmentAlone(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE SCHEMA IF NOT EXISTS envschema");
    Map<String, String> env = serverEnv(tdb);
    env.put("PGAPPNAME", "from env");
    env.put("PGOPTIONS", "-c search_path=envschema");
    env.put("PGCONNECT_TIMEOUT", "9");
    for (String empty : List.of("postgresql://", "postgres://", "")) {
      ConnectionConfig c = config(env, empty);
      assertThat(c.connectTimeout()).isEqualTo(Duration.ofSeconds(9));
      assertThat(
              one(
                  c,
                  "SELECT current_database() || ' ' || current_user || ' '"
                      + " || current_setting('application_name') || ' '"
                      + " || current_setting('search_path')"))
          .as(empty)
          .isEqualTo(tdb.name() + " " + tdb.user() + " from env envschema");
    }
  }

  @Test
  void theUrlWinsOverTheEnvironment(TestDatabase tdb) throws Exception {
    Map<String, String> env = serverEnv(tdb);
    env.put("PGPORT", Integer.toString(closedPort()));
    env.put("PGDATABASE", "no_such_database");
    env.put("PGAPPNAME", "from env");
    ConnectionConfig c =
        config(env, "postgresql://:" + tdb.port() + "/" + tdb.name() + "?application_name=url");
    assertThat(one(c, "SELECT current_database() || ' ' || current_setting('application_name')"))
        .isEqualTo(tdb.name() + " url");
    // Builder calls count as given too.
    ConnectionConfig built =
        ConnectionConfig.builder()
            .environment(env)
            .homeDirectory(home)
            .host(tdb.host(), tdb.port())
            .database(tdb.name())
            .applicationName("builder")
            .build();
    assertThat(built.hosts()).containsExactly(new HostPort(tdb.host(), tdb.port()));
    assertThat(one(built, "SELECT current_setting('application_name')")).isEqualTo("builder");
  }

  @Test
  void everyVariableMapsToItsKeyword() {
    Map<String, String> env = new HashMap<>();
    env.put("PGHOST", "h1,h2");
    env.put("PGHOSTADDR", "192.0.2.1,192.0.2.2");
    env.put("PGPORT", "7001,7002");
    env.put("PGDATABASE", "envdb");
    env.put("PGUSER", "envuser");
    env.put("PGPASSWORD", "envpw");
    env.put("PGAPPNAME", "envapp");
    env.put("PGCONNECT_TIMEOUT", "0");
    env.put("PGSSLMODE", "disable");
    env.put("PGREQUIREAUTH", "scram-sha-256");
    env.put("PGTARGETSESSIONATTRS", "read-write");
    env.put("PGLOADBALANCEHOSTS", "random");
    env.put("PGOPTIONS", "-c x.y=1");
    ConnectionConfig c = config(env, "");
    assertThat(c.hosts())
        .containsExactly(
            new HostPort("h1", 7001, "192.0.2.1"), new HostPort("h2", 7002, "192.0.2.2"));
    assertThat(c.database()).isEqualTo("envdb");
    assertThat(c.user()).isEqualTo("envuser");
    assertThat(c.password()).isEqualTo("envpw");
    assertThat(c.passFile()).as("a password is given: no password file").isNull();
    assertThat(c.applicationName()).isEqualTo("envapp");
    assertThat(c.connectTimeout()).isZero();
    assertThat(c.sslMode()).isEqualTo(SslMode.DISABLE);
    assertThat(c.targetSessionAttrs()).isEqualTo(TargetSessionAttrs.READ_WRITE);
    assertThat(c.loadBalanceHosts()).isTrue();
    assertThat(c.startupParameters()).containsEntry("options", "-c x.y=1");
    // PGPASSFILE, and ~/.pgpass without it.
    assertThat(config(Map.of("PGPASSFILE", "/some/where"), "").passFile())
        .isEqualTo(Path.of("/some/where"));
    assertThat(config(Map.of(), "").passFile()).isEqualTo(home.resolve(".pgpass"));
    // An empty password counts as none, as in libpq: the password file is still read.
    assertThat(config(Map.of(), "password=''").passFile()).isEqualTo(home.resolve(".pgpass"));
    assertThat(config(Map.of("PGPASSFILE", "/some/where"), "passfile=/else").passFile())
        .isEqualTo(Path.of("/else"));
  }

  @Test
  void libpqDefaultsWhenNothingIsGiven() {
    ConnectionConfig c = config(Map.of(), "");
    assertThat(c.user()).isEqualTo(System.getProperty("user.name"));
    assertThat(c.database()).isEqualTo(c.user());
    assertThat(c.hosts()).containsExactly(new HostPort("localhost", 5432));
    assertThat(config(Map.of("PGUSER", "someone"), "").database()).isEqualTo("someone");
  }

  @Test
  void aBadValueNamesItsVariable() {
    assertThatThrownBy(() -> config(Map.of("PGPORT", "fivefour"), "postgresql://h/db"))
        .isInstanceOfSatisfying(PgException.class, e -> assertThat(e.sqlState()).isEqualTo("08001"))
        .hasMessageContaining(
            "port is not a number: \"fivefour\" (from environment variable PGPORT)");
    assertThatThrownBy(() -> config(Map.of("PGSSLMODE", "sometimes"), ""))
        .hasMessageContaining("invalid sslmode \"sometimes\"")
        .hasMessageContaining("(from environment variable PGSSLMODE)");
    // Not used where the URL says otherwise, so not even checked.
    assertThat(config(Map.of("PGPORT", "fivefour"), "postgresql://h:1/db").hosts())
        .containsExactly(new HostPort("h", 1));
  }

  @Test
  void aServiceConnectsAndSitsBetweenTheStringAndTheEnvironment(TestDatabase tdb) throws Exception {
    write(
        home.resolve(".pg_service.conf"),
        "# services for the test\n"
            + "[other]\n"
            + "dbname=wrong\n"
            + "\n"
            + "  [app]  \n"
            + "  host="
            + tdb.host()
            + "\n"
            + "port="
            + tdb.port()
            + "\n"
            + "dbname="
            + tdb.name()
            + "\n"
            + "user="
            + tdb.user()
            + "\n"
            + (tdb.password() == null ? "" : "password=" + tdb.password() + "\n")
            + "application_name=from service\n"
            + "[later]\n"
            + "dbname=wrong too\n");
    Map<String, String> env = new HashMap<>();
    env.put("PGAPPNAME", "from env");
    env.put("PGOPTIONS", "-c search_path=envpath");
    env.put("PGPORT", Integer.toString(closedPort()));
    String sql =
        "SELECT current_setting('application_name') || ' ' || current_setting('search_path')";
    // The service beats the environment (port, application_name); the environment fills the rest.
    assertThat(one(config(env, "service=app"), sql)).isEqualTo("from service envpath");
    // The string beats the service.
    assertThat(one(config(env, "service=app application_name=explicit"), sql))
        .isEqualTo("explicit envpath");
    assertThat(one(config(env, "postgresql:///?service=app&application_name=url"), sql))
        .isEqualTo("url envpath");
    // PGSERVICE names the service when the string does not.
    env.put("PGSERVICE", "app");
    assertThat(one(config(env, "postgresql://"), sql)).isEqualTo("from service envpath");
    assertThat(config(env, "service=other").database()).isEqualTo("wrong");
  }

  @Test
  void theUserFileComesBeforeTheSystemFile() throws Exception {
    Path sysconf = home.resolve("sysconf");
    write(sysconf.resolve("pg_service.conf"), "[both]\nport=1111\n[system]\nport=2222\n");
    Path userFile = write(home.resolve("elsewhere/services.conf"), "[both]\nport=3333\n");
    Map<String, String> env = new HashMap<>();
    env.put("PGSYSCONFDIR", sysconf.toString());
    env.put("PGSERVICEFILE", userFile.toString());
    assertThat(config(env, "service=both").hosts().get(0).port()).isEqualTo(3333);
    assertThat(config(env, "service=system").hosts().get(0).port()).isEqualTo(2222);
    // servicefile= names the user file instead of PGSERVICEFILE.
    Path other = write(home.resolve("other.conf"), "[both]\nport=4444\n");
    assertThat(config(env, "service=both servicefile=" + other).hosts().get(0).port())
        .isEqualTo(4444);
    assertThatThrownBy(() -> config(env, "service=nope"))
        .hasMessageContaining("definition of service \"nope\" not found")
        .hasMessageContaining(userFile.toString());
  }

  @Test
  void serviceFileErrorsNameTheFileAndLine() throws Exception {
    Path file =
        write(
            home.resolve(".pg_service.conf"),
            "[nested]\nservice=other\n[typo]\nhost=h\nprot=5\n[spaced]\nport = 5\n[bad]\nport=x\n");
    Map<String, String> env = Map.of();
    assertThatThrownBy(() -> config(env, "service=nested"))
        .hasMessageContaining("nested service specifications are not supported")
        .hasMessageContaining(file + "\", line 2");
    assertThatThrownBy(() -> config(env, "service=typo"))
        .hasMessageContaining("unknown connection keyword \"prot\"")
        .hasMessageContaining("line 5 of service file \"" + file + "\"");
    // As in libpq, the text before '=' is the keyword, spaces included.
    assertThatThrownBy(() -> config(env, "service=spaced"))
        .hasMessageContaining("unknown connection keyword \"port \"");
    assertThatThrownBy(() -> config(env, "service=bad"))
        .hasMessageContaining("port is not a number: \"x\"")
        .hasMessageContaining("line 9 of service file");
  }
}
