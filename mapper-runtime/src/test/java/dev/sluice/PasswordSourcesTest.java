package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgServer;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a password comes from when the connection string has none (the password supplier, then the
 * password file), against a server of its own that asks for passwords; and that no part of a
 * password shows in messages, toString, logs or thread names.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PasswordSourcesTest {
  private static final String SECRET = "Pf9-pgpass-Zx";

  private static PgServer server;

  @TempDir Path home;

  private final List<String> logged = new CopyOnWriteArrayList<>();
  private final Logger logger = Logger.getLogger("dev.sluice");
  private final Handler capture =
      new Handler() {
        @Override
        public void publish(LogRecord r) {
          logged.add(r.getLevel() + " " + new java.util.logging.SimpleFormatter().formatMessage(r));
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeAll
  static void start() throws Exception {
    server =
        PgServer.builder()
            .hba(
                "host all postgres 127.0.0.1/32 trust",
                "host all postgres ::1/128 trust",
                // password: the server reads the role's password after the client sent one, so a
                // token rotated by the supplier itself is the one checked.
                "host all tokenuser 127.0.0.1/32 password",
                "host all tokenuser ::1/128 password",
                "host all all 127.0.0.1/32 scram-sha-256",
                "host all all ::1/128 scram-sha-256",
                "local all all trust")
            .start();
    server.execute(
        "postgres",
        "CREATE ROLE fileuser LOGIN PASSWORD '"
            + SECRET
            + "'; CREATE ROLE tokenuser LOGIN PASSWORD 'none yet'");
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @BeforeEach
  void listen() {
    logger.addHandler(capture);
  }

  @AfterEach
  void stopListening() {
    logger.removeHandler(capture);
  }

  private static String hostField() {
    return server.host().replace("\\", "\\\\").replace(":", "\\:");
  }

  private String url(String user) {
    String host = server.host().contains(":") ? "[" + server.host() + "]" : server.host();
    return "postgresql://" + user + "@" + host + ":" + server.port() + "/postgres";
  }

  private ConnectionConfig.Builder builder(String user) {
    return ConnectionConfig.builder().environment(Map.of()).homeDirectory(home).url(url(user));
  }

  private static String currentUser(ConnectionConfig config) {
    try (PgConnection c = PgConnection.connect(config, null)) {
      List<String> out = new ArrayList<>();
      c.query("SELECT current_user::text", new Object[0], TestDecoders.STRING, out);
      return out.get(0);
    }
  }

  private Path pgpass(String permissions, String... lines) throws Exception {
    Path f = home.resolve(".pgpass");
    Files.write(f, List.of(lines));
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(permissions));
    return f;
  }

  @Test
  void thePasswordFileGivesThePassword() throws Exception {
    pgpass(
        "rw-------",
        hostField() + ":" + server.port() + ":postgres:otheruser:wrong",
        hostField() + ":" + server.port() + ":*:fileuser:" + SECRET,
        "*:*:*:*:wrong");
    assertThat(currentUser(builder("fileuser").build())).isEqualTo("fileuser");
    // PGPASSFILE names another file; ~/.pgpass is then not read.
    Path other = home.resolve("elsewhere");
    Files.write(other, List.of("*:*:*:fileuser:" + SECRET));
    Files.setPosixFilePermissions(other, PosixFilePermissions.fromString("rw-------"));
    pgpass("rw-------", "*:*:*:*:wrong");
    assertThat(
            currentUser(
                ConnectionConfig.builder()
                    .environment(Map.of("PGPASSFILE", other.toString()))
                    .homeDirectory(home)
                    .url(url("fileuser"))
                    .build()))
        .isEqualTo("fileuser");
    assertThat(currentUser(builder("fileuser").keyword("passfile", other.toString()).build()))
        .isEqualTo("fileuser");
  }

  @Test
  void aGivenPasswordSkipsThePasswordFile() throws Exception {
    pgpass("rw-------", "*:*:*:fileuser:" + SECRET);
    assertThatThrownBy(() -> currentUser(builder("fileuser").password("wrong").build()))
        .isInstanceOfSatisfying(
            PgException.class, e -> assertThat(e.sqlState()).isEqualTo("28P01"));
    assertThatThrownBy(
            () ->
                currentUser(
                    ConnectionConfig.builder()
                        .environment(Map.of("PGPASSWORD", "wrong"))
                        .homeDirectory(home)
                        .url(url("fileuser"))
                        .build()))
        .hasMessageContaining("password authentication failed");
  }

  @Test
  void aPasswordFileOthersCanReadIsIgnoredWithAWarning() throws Exception {
    Path f = pgpass("rw-r--r--", "*:*:*:fileuser:" + SECRET);
    assertThatThrownBy(() -> currentUser(builder("fileuser").build()))
        .isInstanceOfSatisfying(PgException.class, e -> assertThat(e.sqlState()).isEqualTo("28P01"))
        .hasMessageContaining("no password was given (nor found in password file \"" + f + "\")")
        .hasMessageNotContaining(SECRET);
    assertThat(logged)
        .anySatisfy(
            line ->
                assertThat(line)
                    .startsWith("WARNING")
                    .contains("password file \"" + f + "\" has group or world access"));
    assertThat(logged).allSatisfy(line -> assertThat(line).doesNotContain(SECRET));
  }

  private static void rotate(String password) {
    try {
      server.execute("postgres", "ALTER ROLE tokenuser PASSWORD '" + password + "'");
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void theSupplierIsCalledForEachPoolConnection() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    List<String> tokens = new CopyOnWriteArrayList<>();
    // A token per call, as an IAM token service gives; the role's password is rotated between the
    // two connections, so the second one is refused unless it asked for a fresh token.
    Supplier<String> supplier =
        () -> {
          String token = "token-" + calls.incrementAndGet();
          tokens.add(token);
          return token;
        };
    server.execute("postgres", "ALTER ROLE tokenuser PASSWORD 'token-1'");
    try (Database db =
        Database.builder()
            .url(url("tokenuser"))
            .passwordSupplier(supplier)
            .maxPoolSize(2)
            .build()) {
      // Two connections at once: the outer transaction holds one while the inner opens another.
      String inner =
          db.transaction(
              outer -> {
                assertThat(outer.query("SELECT current_user::text", TestDecoders.STRING))
                    .containsExactly("tokenuser");
                rotate("token-2");
                return db.transaction(
                    tx -> tx.query("SELECT current_user::text", TestDecoders.STRING).get(0));
              });
      assertThat(inner).isEqualTo("tokenuser");
      assertThat(calls).hasValue(2);
      assertThat(tokens).containsExactly("token-1", "token-2");
      for (String token : tokens) {
        assertThat(db.toString()).doesNotContain(token);
      }
    }
  }

  @Test
  void theSuppliersFailureIsTheCauseOfAClearError() {
    UncheckedIOException failure =
        new UncheckedIOException(new java.io.IOException("token service unreachable"));
    ConnectionConfig config =
        builder("tokenuser")
            .passwordSupplier(
                () -> {
                  throw failure;
                })
            .build();
    assertThatThrownBy(() -> currentUser(config))
        .isInstanceOfSatisfying(PgException.class, e -> assertThat(e.sqlState()).isEqualTo("08001"))
        .hasMessageContaining(
            "the password supplier failed (java.io.UncheckedIOException) for user \"tokenuser\"")
        .hasCause(failure);
    assertThatThrownBy(() -> currentUser(builder("tokenuser").passwordSupplier(() -> null).build()))
        .hasMessageContaining("the password supplier returned null");
    // A password given is used, and the supplier never called.
    AtomicInteger calls = new AtomicInteger();
    assertThat(
            currentUser(
                builder("fileuser")
                    .password(SECRET)
                    .passwordSupplier(
                        () -> {
                          calls.incrementAndGet();
                          return "unused";
                        })
                    .build()))
        .isEqualTo("fileuser");
    assertThat(calls).hasValue(0);
  }

  @Test
  void noPartOfAPasswordInMessagesToStringOrThreadNames() throws Exception {
    String secretParts = "Xq7Lm";
    String tail = "Wv9Rt";
    List<String> malformed =
        List.of(
            "postgresql://u:" + secretParts + "%zz" + tail + "@h/db",
            "postgresql://u:" + secretParts + "%C3" + tail + "@h/db",
            "postgresql://u:" + secretParts + "]" + tail + "@[::1/db",
            "postgresql://u:" + secretParts + "?" + tail + "@h/db",
            "postgresql://u:" + secretParts + "/" + tail + "@h:99999/db",
            "postgresql://u@h/db?password=" + secretParts + "%zz" + tail,
            "postgresql://u@h/db?password=" + secretParts + "&" + tail,
            "user=u password=" + secretParts + " " + tail,
            "user=u password='" + secretParts + " " + tail,
            "jdbc:postgresql://u:" + secretParts + tail + "@h/db");
    for (String s : malformed) {
      assertThatThrownBy(() -> ConnectionConfig.builder().environment(Map.of()).url(s).build())
          .as(s)
          .isInstanceOf(PgException.class)
          .hasMessageNotContaining(secretParts)
          .hasMessageNotContaining(tail);
    }
    // A wrong password, and a right one: neither in the message, toString or a thread's name.
    String wrong = "wrong-" + secretParts;
    assertThatThrownBy(() -> currentUser(builder("fileuser").password(wrong).build()))
        .isInstanceOf(PgException.class)
        .hasMessageNotContaining(secretParts);
    ConnectionConfig config =
        ConnectionConfig.builder()
            .environment(Map.of())
            .url(
                "host="
                    + server.host()
                    + " port="
                    + server.port()
                    + " dbname=postgres user=fileuser password="
                    + SECRET)
            .build();
    assertThat(config.toString()).doesNotContain(SECRET).contains("***");
    try (Database db =
        Database.builder()
            .url(url("fileuser"))
            .password(SECRET)
            .queryTimeout(Duration.ofSeconds(30))
            .maxPoolSize(2)
            .build()) {
      assertThat(db.query("SELECT current_user::text", TestDecoders.STRING))
          .containsExactly("fileuser");
      assertThat(db.toString()).doesNotContain(SECRET);
      for (Thread t : Thread.getAllStackTraces().keySet()) {
        assertThat(t.getName()).doesNotContain(SECRET).doesNotContain(secretParts);
      }
    }
    assertThat(logged)
        .allSatisfy(line -> assertThat(line).doesNotContain(SECRET).doesNotContain(secretParts));
  }
}
