package dev.sluice.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * An application closes its server and expects nothing left behind: no postmaster process, no
 * listening port, no directory. It cannot count on the shutdown hook: under {@code mvn exec:java}
 * (main runs inside Maven's JVM) a server left open outlived the command, with its data directory.
 */
class EmbeddedServerCloseTest {
  @Test
  void closeStopsTheServerAndDeletesItsDirectory() throws Exception {
    EmbeddedServer server = EmbeddedServer.start();
    Path base = server.baseDirectory();
    int port = server.port();
    long pid = postmasterPid(server.dataDirectory());
    try (Connection c = server.jdbc(EmbeddedServer.SUPERUSER, "close-test");
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT 1")) {
      assertThat(rs.next()).isTrue();
    }
    Optional<ProcessHandle> postmaster = ProcessHandle.of(pid);
    assertThat(postmaster).as("postmaster %d before close", pid).isPresent();
    assertThat(postmaster.get().isAlive()).isTrue();

    server.close();

    // pg_ctl stop waits for the postmaster to exit; a little slack for the OS to reap it.
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (postmaster.get().isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(postmaster.get().isAlive()).as("postmaster %d after close", pid).isFalse();
    assertThat(base).doesNotExist();
    assertThatThrownBy(
            () -> {
              try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("localhost", port), 1000);
              }
            })
        .isInstanceOf(IOException.class);
  }

  @Test
  void closeTwiceIsHarmless() {
    EmbeddedServer server = EmbeddedServer.start();
    Path base = server.baseDirectory();
    server.close();
    server.close();
    assertThat(base).doesNotExist();
  }

  /** The first line of postmaster.pid is the postmaster's process id. */
  private static long postmasterPid(Path dataDirectory) throws IOException {
    String first =
        Files.readAllLines(dataDirectory.resolve("postmaster.pid"), StandardCharsets.UTF_8).get(0);
    return Long.parseLong(first.trim());
  }
}
