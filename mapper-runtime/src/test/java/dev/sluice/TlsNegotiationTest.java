package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hostile answers to SSLRequest from a real socket peer: bytes sent along with the 'S' (which
 * anyone on the path could have injected before TLS began, CVE-2021-23222), and an 'E' answer whose
 * text comes from an unauthenticated server (CVE-2024-10977).
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TlsNegotiationTest {
  /**
   * A peer that reads the SSLRequest, writes {@code answer} in one write, then records what the
   * client sends next (-1 when it closes without a byte) and closes.
   */
  private static final class OneAnswer implements AutoCloseable {
    final ServerSocket listener = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
    final AtomicInteger accepted = new AtomicInteger();
    final AtomicInteger codeSeen = new AtomicInteger();
    final AtomicReference<Integer> nextByte = new AtomicReference<>();

    OneAnswer(byte[] answer) throws IOException {
      Thread t =
          new Thread(
              () -> {
                while (!listener.isClosed()) {
                  try (Socket s = listener.accept()) {
                    accepted.incrementAndGet();
                    DataInputStream in = new DataInputStream(s.getInputStream());
                    int length = in.readInt();
                    codeSeen.set(in.readInt());
                    in.readFully(new byte[length - 8]);
                    OutputStream out = s.getOutputStream();
                    out.write(answer);
                    out.flush();
                    nextByte.set(in.read());
                  } catch (IOException e) {
                    nextByte.compareAndSet(null, -1);
                  }
                }
              },
              "one-answer");
      t.setDaemon(true);
      t.start();
    }

    ConnectionConfig config(String sslmode) {
      return ConnectionConfig.parse(
          "postgresql://u:topsecret@127.0.0.1:"
              + listener.getLocalPort()
              + "/db?sslmode="
              + sslmode);
    }

    @Override
    public void close() throws IOException {
      listener.close();
    }
  }

  @Test
  void bytesSentWithTheSslAnswerAreAProtocolViolation() throws Exception {
    // 'S' and, in the same write, an AuthenticationOk and ReadyForQuery in plain text.
    byte[] answer = {'S', 'R', 0, 0, 0, 8, 0, 0, 0, 0, 'Z', 0, 0, 0, 5, 'I'};
    try (OneAnswer server = new OneAnswer(answer)) {
      PgException e =
          catchThrowableOfType(
              () -> PgConnection.connect(server.config("require"), null), PgException.class);
      assertThat(server.codeSeen.get()).isEqualTo(80877103);
      assertThat(e.getMessage())
          .contains("unencrypted bytes after accepting SSLRequest")
          .contains("CVE-2021-23222")
          .doesNotContain("topsecret");
      // The client never began the handshake (no ClientHello, whose first byte is 0x16): it closed.
      awaitSet(server.nextByte);
      assertThat(server.nextByte.get()).isEqualTo(-1);
      assertThat(server.accepted.get()).isEqualTo(1);
    }
  }

  @Test
  void anErrorAnswerToSslRequestIsNotShownAsTheServersMessage() throws Exception {
    byte[] text =
        "Mthe server is down, log in at https://evil.example\0".getBytes(StandardCharsets.UTF_8);
    byte[] answer = new byte[1 + 4 + 1 + 6 + text.length + 1];
    int len = answer.length - 1;
    answer[0] = 'E';
    answer[1] = (byte) (len >>> 24);
    answer[2] = (byte) (len >>> 16);
    answer[3] = (byte) (len >>> 8);
    answer[4] = (byte) len;
    answer[5] = 'S';
    System.arraycopy("FATAL\0".getBytes(StandardCharsets.US_ASCII), 0, answer, 6, 6);
    System.arraycopy(text, 0, answer, 12, text.length);
    for (String mode : new String[] {"prefer", "require"}) {
      try (OneAnswer server = new OneAnswer(answer)) {
        PgException e =
            catchThrowableOfType(
                () -> PgConnection.connect(server.config(mode), null), PgException.class);
        assertThat(e.sqlState()).as(mode).isEqualTo("08001");
        assertThat(e.getMessage())
            .as(mode)
            .contains("sent an error response during SSL exchange")
            .doesNotContain("evil.example")
            .doesNotContain("server is down");
        // No retry in plain text, even under prefer: the error ends the attempt, as in libpq.
        assertThat(server.accepted.get()).as(mode).isEqualTo(1);
      }
    }
  }

  @Test
  void anAnswerThatIsNeitherSNorNNorEIsRefused() throws Exception {
    try (OneAnswer server = new OneAnswer(new byte[] {'X'})) {
      PgException e =
          catchThrowableOfType(
              () -> PgConnection.connect(server.config("prefer"), null), PgException.class);
      assertThat(e.getMessage()).contains("invalid response to SSL negotiation: 0x58");
    }
  }

  @Test
  void preferRetriesInPlainTextWhenTheServerHangsUpDuringTheHandshake() throws Exception {
    // 'S', then the peer closes on the ClientHello: the handshake failed, so prefer tries again
    // without TLS (as libpq does), and require does not.
    try (OneAnswer server = new OneAnswer(new byte[] {'S'})) {
      catchThrowableOfType(
          () -> PgConnection.connect(server.config("prefer"), null), PgException.class);
      assertThat(server.accepted).hasValue(2);
      // What the second connection began with: a StartupMessage (protocol 3.0), not SSLRequest.
      assertThat(server.codeSeen).hasValue(196608);
    }
    try (OneAnswer server = new OneAnswer(new byte[] {'S'})) {
      PgException e =
          catchThrowableOfType(
              () -> PgConnection.connect(server.config("require"), null), PgException.class);
      assertThat(e.getMessage()).contains("closed the connection during the TLS handshake");
      assertThat(server.accepted).hasValue(1);
    }
  }

  private static void awaitSet(AtomicReference<Integer> ref) throws InterruptedException {
    for (int i = 0; i < 1000 && ref.get() == null; i++) {
      Thread.sleep(10);
    }
  }
}
