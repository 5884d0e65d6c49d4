package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.Protocol;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * libpq 18's protocol keywords: the startup message asks for max_protocol_version (3.0 unless
 * told); a server that answers with NegotiateProtocolVersion is followed down to its version,
 * unless that is below min_protocol_version; cancel keys of 4 to 256 bytes (protocol 3.2) are kept
 * and sent back whole in CancelRequest. Against a peer written here, which plays a server that
 * speaks 3.0 only or 3.2, and against the real PostgreSQL 17, which speaks 3.0.
 */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ProtocolVersionTest {

  /** A peer that completes the startup at the version it speaks and records what it was sent. */
  static final class VersionedServer implements AutoCloseable {
    final ServerSocket socket;
    final int speaks;
    final byte[] key;
    final List<Integer> asked = new CopyOnWriteArrayList<>();
    final List<byte[]> cancels = new CopyOnWriteArrayList<>();

    VersionedServer(int speaks, byte[] key) throws IOException {
      this.socket = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
      this.speaks = speaks;
      this.key = key;
      Thread t = new Thread(this::accept, "versioned-server");
      t.setDaemon(true);
      t.start();
    }

    String url(String options) {
      return "postgresql://u@127.0.0.1:" + socket.getLocalPort() + "/db?sslmode=disable" + options;
    }

    private void accept() {
      while (!socket.isClosed()) {
        try {
          Socket s = socket.accept();
          Thread t = new Thread(() -> serve(s), "versioned-server-conn");
          t.setDaemon(true);
          t.start();
        } catch (IOException e) {
          return;
        }
      }
    }

    private void serve(Socket s) {
      try (s;
          DataInputStream in = new DataInputStream(s.getInputStream());
          DataOutputStream out = new DataOutputStream(s.getOutputStream())) {
        int length = in.readInt();
        int version = in.readInt();
        byte[] rest = new byte[length - 8];
        in.readFully(rest);
        if (version == Protocol.CANCEL_REQUEST_CODE) {
          cancels.add(rest); // pid and key
          return;
        }
        asked.add(version);
        if (version > speaks) {
          out.writeByte('v'); // NegotiateProtocolVersion: newest minor, no unknown options
          out.writeInt(12);
          out.writeInt(speaks & 0xffff);
          out.writeInt(0);
        }
        out.writeByte('R');
        out.writeInt(8);
        out.writeInt(0);
        out.writeByte('K');
        out.writeInt(8 + key.length);
        out.writeInt(4242);
        out.write(key);
        out.writeByte('Z');
        out.writeInt(5);
        out.writeByte('I');
        out.flush();
        while (in.read() >= 0) {
          // until Terminate closes the connection
        }
      } catch (IOException e) {
        // the client went away
      }
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }

  private static byte[] key(int length) {
    byte[] k = new byte[length];
    for (int i = 0; i < length; i++) {
      k[i] = (byte) (i * 7 + 1);
    }
    return k;
  }

  @Test
  void theDefaultAsksForThreeZeroAsLibpqDoes() throws Exception {
    try (VersionedServer server = new VersionedServer(Protocol.PROTOCOL_VERSION_3_2, key(32));
        PgConnection c = PgConnection.connect(ConnectionConfig.parse(server.url("")), null)) {
      assertThat(server.asked).containsExactly(Protocol.PROTOCOL_VERSION_3);
      assertThat(c.protocolVersion()).isEqualTo(Protocol.PROTOCOL_VERSION_3);
    }
  }

  @Test
  void threeTwoIsFollowedDownToAServerThatSpeaksThreeZero() throws Exception {
    try (VersionedServer server = new VersionedServer(Protocol.PROTOCOL_VERSION_3, key(4));
        PgConnection c =
            PgConnection.connect(
                ConnectionConfig.parse(server.url("&max_protocol_version=3.2")), null)) {
      assertThat(server.asked).containsExactly(Protocol.PROTOCOL_VERSION_3_2);
      assertThat(c.protocolVersion()).isEqualTo(Protocol.PROTOCOL_VERSION_3);
      assertThat(c.isReusable()).isTrue();
    }
  }

  @Test
  void aServerBelowMinProtocolVersionIsRefused() throws Exception {
    try (VersionedServer server = new VersionedServer(Protocol.PROTOCOL_VERSION_3, key(4))) {
      PgException e =
          catchThrowableOfType(
              PgException.class,
              () ->
                  PgConnection.connect(
                      ConnectionConfig.parse(
                          server.url("&min_protocol_version=3.2&max_protocol_version=latest")),
                      null));
      assertThat(e.sqlState()).isEqualTo("08004");
      assertThat(e.getMessage())
          .contains("supports protocol 3.0 at most, but min_protocol_version is 3.2");
    }
  }

  @Test
  void aLongCancelKeyIsSentBackWhole() throws Exception {
    byte[] key = key(32);
    try (VersionedServer server = new VersionedServer(Protocol.PROTOCOL_VERSION_3_2, key);
        PgConnection c =
            PgConnection.connect(
                ConnectionConfig.parse(server.url("&max_protocol_version=3.2")), null)) {
      assertThat(c.protocolVersion()).isEqualTo(Protocol.PROTOCOL_VERSION_3_2);
      c.cancel();
      assertThat(server.cancels).hasSize(1);
      byte[] sent = server.cancels.get(0);
      assertThat(sent.length).isEqualTo(4 + 32);
      assertThat(
              ((sent[0] & 0xff) << 24)
                  | ((sent[1] & 0xff) << 16)
                  | ((sent[2] & 0xff) << 8)
                  | (sent[3] & 0xff))
          .isEqualTo(4242);
      assertThat(Arrays.copyOfRange(sent, 4, sent.length)).isEqualTo(key);
    }
  }

  @Test
  void aCancelKeyOverTwoHundredFiftySixBytesIsAProtocolViolation() throws Exception {
    try (VersionedServer server = new VersionedServer(Protocol.PROTOCOL_VERSION_3_2, key(300))) {
      PgException e =
          catchThrowableOfType(
              PgException.class,
              () ->
                  PgConnection.connect(
                      ConnectionConfig.parse(server.url("&max_protocol_version=3.2")), null));
      // A violation during startup fails the connection attempt (08001), naming it.
      assertThat(e.sqlState()).isEqualTo("08001");
      assertThat(e.getMessage())
          .contains("malformed BackendKeyData: a cancel key of 300 bytes (4 to 256)");
    }
  }

  @Test
  void theKeywordsAreCheckedAsLibpqChecksThem() {
    PgException bad =
        catchThrowableOfType(
            PgException.class,
            () -> ConnectionConfig.parse("postgresql://u@h/db?max_protocol_version=3.1"));
    assertThat(bad.getMessage())
        .contains("invalid max_protocol_version value: \"3.1\" (expected 3.0, 3.2 or latest)");
    PgException crossed =
        catchThrowableOfType(
            PgException.class,
            () ->
                ConnectionConfig.parse(
                    "postgresql://u@h/db?min_protocol_version=3.2&max_protocol_version=3.0"));
    assertThat(crossed.getMessage())
        .contains("min_protocol_version 3.2 is above max_protocol_version 3.0");
  }

  /**
   * Against the real server: PostgreSQL 18 (the driver suite's run on 18) speaks 3.2 and sends a
   * 32-byte cancel key, which a cancel must carry whole to stop a running statement; 17 and older
   * answer 3.2 with NegotiateProtocolVersion, and the session goes on at 3.0 with a 4-byte key.
   */
  @Test
  void theRealServerSpeaksTheNewestVersionBothKnowAndItsCancelKeyWorks(TestDatabase tdb)
      throws Exception {
    try (PgConnection c =
        PgConnection.connect(
            ConnectionConfig.builder()
                .url(tdb.url())
                .keyword("max_protocol_version", "3.2")
                .build(),
            null)) {
      int major = Integer.parseInt(c.parameter("server_version").split("[.\\s]")[0]);
      assertThat(c.protocolVersion())
          .isEqualTo(major >= 18 ? Protocol.PROTOCOL_VERSION_3_2 : Protocol.PROTOCOL_VERSION_3);
      List<Integer> out = new ArrayList<>();
      c.query("SELECT 41 + 1", new Object[0], TestDecoders.INT, out);
      assertThat(out).containsExactly(42);
      // The key cancels a running statement only if it went back whole.
      Thread canceller =
          new Thread(
              () -> {
                try {
                  Thread.sleep(300);
                } catch (InterruptedException e) {
                  return;
                }
                c.cancel();
              });
      canceller.start();
      PgException e =
          catchThrowableOfType(
              PgException.class, () -> c.execute("SELECT pg_sleep(30)", new Object[0]));
      canceller.join();
      assertThat(e.sqlState()).isEqualTo("57014");
      assertThat(c.isReusable()).isTrue();
    }
  }
}
