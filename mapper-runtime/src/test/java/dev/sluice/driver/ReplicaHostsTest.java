package dev.sluice.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.ReplicatedPair;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Choosing a host against a real primary and streaming standby (an asynchronous {@link
 * ReplicatedPair}, shared by the class): target_session_attrs, load_balance_hosts, every address of
 * a host, the pool dropping a connection whose server turned read-only, and reads kept on the
 * standby by a second {@link Database} (the read/write split).
 */
class ReplicaHostsTest {
  private static ReplicatedPair pair;

  @BeforeAll
  static void start() {
    pair = ReplicatedPair.startAsynchronous();
  }

  @AfterAll
  static void stop() {
    if (pair != null) {
      pair.close();
    }
  }

  /** The port of the server a new connection for {@code url} lands on. */
  private static int portFor(String url) {
    try (PgConnection c = PgConnection.connect(ConnectionConfig.parse(url), null)) {
      return c.hostPort().port();
    }
  }

  private static String reversed(String query) {
    return "postgresql://postgres@127.0.0.1:"
        + pair.standbyPort()
        + ",127.0.0.1:"
        + pair.primaryPort()
        + "/postgres?"
        + query;
  }

  @Test
  void eachTargetLandsOnTheRightServerWhicheverHostComesFirst() {
    int primary = pair.primaryPort();
    int standby = pair.standbyPort();
    // The primary named first, then the standby first.
    List<Function<String, String>> orders = List.of(pair::url, ReplicaHostsTest::reversed);
    for (Function<String, String> url : orders) {
      assertThat(portFor(url.apply("target_session_attrs=read-write"))).isEqualTo(primary);
      assertThat(portFor(url.apply("target_session_attrs=primary"))).isEqualTo(primary);
      assertThat(portFor(url.apply("target_session_attrs=read-only"))).isEqualTo(standby);
      assertThat(portFor(url.apply("target_session_attrs=standby"))).isEqualTo(standby);
      assertThat(portFor(url.apply("target_session_attrs=prefer-standby"))).isEqualTo(standby);
    }
    // any takes the first host that answers.
    assertThat(portFor(reversed("target_session_attrs=any"))).isEqualTo(standby);
    assertThat(portFor(pair.url("target_session_attrs=any"))).isEqualTo(primary);
  }

  @Test
  void readOnlyAndStandbyRefuseAPrimaryAlone() {
    for (String attrs : List.of("read-only", "standby")) {
      assertThatThrownBy(() -> portFor(pair.primaryUrl() + "?target_session_attrs=" + attrs))
          .isInstanceOfSatisfying(
              PgException.class, e -> assertThat(e.sqlState()).isEqualTo("08001"))
          .hasMessageContaining("is not " + attrs);
    }
    assertThatThrownBy(() -> portFor(pair.standbyUrl() + "?target_session_attrs=read-write"))
        .isInstanceOfSatisfying(PgException.class, e -> assertThat(e.sqlState()).isEqualTo("08001"))
        .hasMessageContaining("is not read-write");
  }

  @Test
  void preferStandbyFallsBackToThePrimaryWhileTheStandbyIsDownAndStandbyFails() {
    pair.stopStandby();
    try {
      assertThat(portFor(pair.url("target_session_attrs=prefer-standby")))
          .isEqualTo(pair.primaryPort());
      assertThatThrownBy(() -> portFor(pair.url("target_session_attrs=standby")))
          .isInstanceOfSatisfying(
              PgException.class, e -> assertThat(e.sqlState()).isEqualTo("08001"));
    } finally {
      pair.startStandby();
    }
    assertThat(portFor(pair.url("target_session_attrs=prefer-standby")))
        .isEqualTo(pair.standbyPort());
  }

  @Test
  void loadBalanceHostsRandomSpreadsConnectionsOverBothServers() {
    Set<Integer> ports = new HashSet<>();
    List<Integer> withoutBalancing = new ArrayList<>();
    for (int i = 0; i < 40 && ports.size() < 2; i++) {
      ports.add(portFor(pair.url("load_balance_hosts=random")));
    }
    for (int i = 0; i < 10; i++) {
      withoutBalancing.add(portFor(pair.url("load_balance_hosts=disable")));
    }
    // 40 fair coin tosses all alike: about one chance in 5e11.
    assertThat(ports).containsExactlyInAnyOrder(pair.primaryPort(), pair.standbyPort());
    assertThat(withoutBalancing).containsOnly(pair.primaryPort());
  }

  @Test
  void everyAddressOfAHostIsTriedUntilTheRightServerAnswers() throws Exception {
    // No DNS tricks: the resolver seam gives "db.test" two addresses, the first refusing (nothing
    // listens on 127.0.0.2), the second the server's; under read-only the first host (the primary)
    // is passed over and both addresses of the second are tried.
    InetAddress refusing = InetAddress.getByAddress(new byte[] {127, 0, 0, 2});
    InetAddress listening = InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
    ConnectionConfig config =
        ConnectionConfig.parse(
            "postgresql://postgres@db.test:"
                + pair.primaryPort()
                + ",db.test:"
                + pair.standbyPort()
                + "/postgres?target_session_attrs=read-only");
    List<String> asked = new ArrayList<>();
    try (PgConnection c =
        PgConnection.connect(
            config,
            null,
            host -> {
              asked.add(host);
              return new InetAddress[] {refusing, listening};
            })) {
      assertThat(c.hostPort().port()).isEqualTo(pair.standbyPort());
      assertThat(((InetSocketAddress) c.remoteAddress()).getAddress()).isEqualTo(listening);
      assertThat(asked).containsExactly("db.test", "db.test");
    }
  }

  @Test
  void aPooledConnectionWhoseServerTurnedReadOnlyIsDiscardedNotReused() throws SQLException {
    pair.executeOnPrimary("CREATE TABLE IF NOT EXISTS demoted (id int)");
    try (Database db =
        Database.builder()
            .url(pair.primaryUrl() + "?target_session_attrs=read-write")
            .maxPoolSize(1)
            .build()) {
      db.execute("INSERT INTO demoted VALUES (1)");
      assertThat(db.poolSize()).isEqualTo(1);
      int firstPid = db.queryOne("SELECT pg_backend_pid()", Integer.class).orElseThrow();
      // The primary turns read-only, as a demoted one would; sessions learn it at their reload.
      setDefaultReadOnly("on");
      try {
        assertThatThrownBy(() -> db.execute("INSERT INTO demoted VALUES (2)"))
            .isInstanceOfSatisfying(
                PgException.class, e -> assertThat(e.sqlState()).isEqualTo("25006"));
        // Released and closed, not kept: the server reported default_transaction_read_only=on.
        assertThat(db.poolSize()).isZero();
        // A new connection is not made on a server that is not read-write.
        assertThatThrownBy(() -> db.execute("INSERT INTO demoted VALUES (3)"))
            .isInstanceOfSatisfying(
                PgException.class, e -> assertThat(e.sqlState()).isEqualTo("08001"))
            .hasMessageContaining("is not read-write");
      } finally {
        setDefaultReadOnly("off");
      }
      db.execute("INSERT INTO demoted VALUES (4)");
      assertThat(db.queryOne("SELECT pg_backend_pid()", Integer.class).orElseThrow())
          .isNotEqualTo(firstPid);
    }
  }

  @Test
  void aSharedConnectionWhoseServerTurnedReadOnlyIsRetiredNotReused() throws SQLException {
    pair.executeOnPrimary("CREATE TABLE IF NOT EXISTS demoted_shared (id int)");
    try (Database db =
        Database.builder()
            .url(pair.primaryUrl() + "?target_session_attrs=read-write")
            .maxPoolSize(1)
            .pipelining(4)
            .build()) {
      db.execute("INSERT INTO demoted_shared VALUES (1)");
      int firstPid = db.queryOne("SELECT pg_backend_pid()", Integer.class).orElseThrow();
      setDefaultReadOnly("on");
      try {
        // The shared connection learns it with this statement's reply, and is retired at release.
        assertThatThrownBy(() -> db.execute("INSERT INTO demoted_shared VALUES (2)"))
            .isInstanceOfSatisfying(
                PgException.class, e -> assertThat(e.sqlState()).isEqualTo("25006"));
        // Even a read is not sent on it again: a new connection is needed, and the server is not
        // read-write.
        assertThatThrownBy(() -> db.queryOne("SELECT pg_backend_pid()", Integer.class))
            .isInstanceOfSatisfying(
                PgException.class, e -> assertThat(e.sqlState()).isEqualTo("08001"))
            .hasMessageContaining("is not read-write");
      } finally {
        setDefaultReadOnly("off");
      }
      db.execute("INSERT INTO demoted_shared VALUES (4)");
      assertThat(db.queryOne("SELECT pg_backend_pid()", Integer.class).orElseThrow())
          .isNotEqualTo(firstPid);
    }
  }

  @Test
  void readsGoToTheStandbyAndFallBackToThePrimaryOnlyWhenAllowed() {
    pair.executeOnPrimary(
        "CREATE TABLE IF NOT EXISTS split (id int); INSERT INTO split VALUES (7)");
    pair.awaitReplay();
    try (Database writes = Database.connect(pair.url("target_session_attrs=read-write"));
        Database reads =
            Database.builder()
                .url(pair.url("target_session_attrs=prefer-standby"))
                .maxLifetime(java.time.Duration.ofSeconds(5))
                .build();
        Database standbyOnly = Database.connect(pair.url("target_session_attrs=standby"))) {
      assertThat(writes.queryOne("SELECT inet_server_port()", Integer.class))
          .contains(pair.primaryPort());
      assertThat(reads.queryOne("SELECT inet_server_port()", Integer.class))
          .contains(pair.standbyPort());
      assertThat(reads.queryOne("SELECT max(id) FROM split", Integer.class)).contains(7);
      pair.stopStandby();
      try {
        // Its connection to the standby is gone: the next read finds it lost or probes it away,
        // and then connects to the primary.
        Integer port = null;
        for (int i = 0; i < 3 && port == null; i++) {
          try {
            port = reads.queryOne("SELECT inet_server_port()", Integer.class).orElseThrow();
          } catch (PgException lost) {
            assertThat(lost.sqlState()).startsWith("08");
          }
        }
        assertThat(port).isEqualTo(pair.primaryPort());
        assertThatThrownBy(() -> standbyOnly.queryOne("SELECT 1", Integer.class))
            .isInstanceOfSatisfying(
                PgException.class, e -> assertThat(e.sqlState()).startsWith("08"));
      } finally {
        pair.startStandby();
      }
    }
  }

  private static void setDefaultReadOnly(String value) throws SQLException {
    try (Connection c = pair.jdbcPrimary();
        Statement s = c.createStatement()) {
      s.execute("SET default_transaction_read_only = off");
      s.execute("ALTER SYSTEM SET default_transaction_read_only = " + value);
      s.execute("SELECT pg_reload_conf()");
    }
    // The reload reaches the backends asynchronously; new sessions are checked by the Connector.
    long deadline = System.currentTimeMillis() + 5_000;
    while (System.currentTimeMillis() < deadline) {
      try (Connection c = pair.jdbcPrimary();
          Statement s = c.createStatement();
          java.sql.ResultSet rows = s.executeQuery("SHOW default_transaction_read_only")) {
        rows.next();
        if (rows.getString(1).equals(value)) {
          return;
        }
      }
    }
    throw new AssertionError("default_transaction_read_only did not become " + value);
  }
}
