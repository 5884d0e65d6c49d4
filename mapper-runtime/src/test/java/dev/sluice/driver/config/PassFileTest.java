package dev.sluice.driver.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.driver.config.ConnectionConfig.HostPort;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** libpq's password file rules, on real files with real POSIX permissions. */
class PassFileTest {
  @TempDir Path dir;

  private final List<String> warnings = new ArrayList<>();
  private final Logger logger = Logger.getLogger("dev.sluice");
  private final Handler capture =
      new Handler() {
        @Override
        public void publish(LogRecord r) {
          if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
            synchronized (warnings) {
              warnings.add(new java.util.logging.SimpleFormatter().formatMessage(r));
            }
          }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeEach
  void listen() {
    logger.addHandler(capture);
  }

  @AfterEach
  void stopListening() {
    logger.removeHandler(capture);
  }

  private Path file(String permissions, String... lines) throws Exception {
    Path f = dir.resolve("pgpass" + System.nanoTime());
    Files.write(f, List.of(lines));
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(permissions));
    return f;
  }

  private static String lookup(Path f, String host, int port, String db, String user) {
    return PassFile.lookup(f, new HostPort(host, port), db, user);
  }

  @Test
  void firstMatchingLineWinsAndStarMatchesAnything() throws Exception {
    Path f =
        file(
            "rw-------",
            "# hostname:port:database:username:password",
            "db1:5432:shop:alice:first",
            "db1:5432:shop:alice:second",
            "db1:*:*:bob:bobs",
            "*:*:*:*:fallback",
            "short:line");
    assertThat(lookup(f, "db1", 5432, "shop", "alice")).isEqualTo("first");
    assertThat(lookup(f, "db1", 6543, "other", "bob")).isEqualTo("bobs");
    assertThat(lookup(f, "db2", 5432, "shop", "alice")).isEqualTo("fallback");
    assertThat(warnings).isEmpty();
  }

  @Test
  void backslashEscapesColonsAndBackslashes() throws Exception {
    Path f =
        file(
            "r--------",
            "\\:\\:1:5432:d\\\\b:u:pa\\:ss\\\\word:ignored",
            "*:5432:\\*:u:literal star",
            "*:*:*:u:any");
    assertThat(lookup(f, "::1", 5432, "d\\b", "u")).isEqualTo("pa:ss\\word");
    assertThat(lookup(f, "h", 5432, "*", "u")).isEqualTo("literal star");
    assertThat(lookup(f, "h", 5432, "star", "u")).isEqualTo("any");
  }

  @Test
  void localhostMatchesSocketsInTheDefaultDirectory() throws Exception {
    Path f = file("rw-------", "localhost:5432:*:u:local", "/srv/pg:5432:*:u:srvsocket");
    assertThat(lookup(f, "localhost", 5432, "db", "u")).isEqualTo("local");
    assertThat(lookup(f, "/tmp", 5432, "db", "u")).isEqualTo("local");
    assertThat(lookup(f, "/var/run/postgresql", 5432, "db", "u")).isEqualTo("local");
    assertThat(lookup(f, "/srv/pg", 5432, "db", "u")).isEqualTo("srvsocket");
    assertThat(lookup(f, "/elsewhere", 5432, "db", "u")).isNull();
    // hostaddr without a name: the address is what is matched.
    Path byAddress = file("rw-------", "192.0.2.9:5432:*:u:byaddr");
    assertThat(
            PassFile.lookup(
                byAddress,
                ConnectionConfig.builder()
                    .environment(java.util.Map.of())
                    .keyword("hostaddr", "192.0.2.9")
                    .build()
                    .hosts()
                    .get(0),
                "db",
                "u"))
        .isEqualTo("byaddr");
  }

  @Test
  void aFileOthersCanAccessIsIgnoredWithAWarning() throws Exception {
    for (String permissions : List.of("rw-r--r--", "rw----r--", "rw-r-----", "rw------x")) {
      Path f = file(permissions, "*:*:*:*:secret");
      assertThat(lookup(f, "h", 5432, "db", "u")).as(permissions).isNull();
    }
    synchronized (warnings) {
      assertThat(warnings).hasSize(4);
      assertThat(warnings.get(0))
          .contains("has group or world access; permissions should be u=rw (0600) or less")
          .doesNotContain("secret");
    }
  }

  @Test
  void aMissingFileOrADirectoryGivesNothing() throws Exception {
    assertThat(lookup(dir.resolve("absent"), "h", 5432, "db", "u")).isNull();
    assertThat(warnings).isEmpty();
    assertThat(lookup(dir, "h", 5432, "db", "u")).isNull();
    assertThat(warnings).singleElement().asString().contains("is not a plain file");
  }
}
