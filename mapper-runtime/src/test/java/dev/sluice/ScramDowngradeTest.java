package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server that asks for SCRAM-SHA-256 and then, instead of proving that it knows the password,
 * answers AuthenticationOk at once: the client must refuse the connection, not run statements on a
 * server that never authenticated itself.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ScramDowngradeTest {
  @Test
  void anAuthenticationOkBeforeTheScramServerSignatureIsRefused() throws Exception {
    AtomicBoolean gotInitialResponse = new AtomicBoolean();
    try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Thread server =
          new Thread(
              () -> {
                try (Socket s = listener.accept()) {
                  DataInputStream in = new DataInputStream(s.getInputStream());
                  DataOutputStream out = new DataOutputStream(s.getOutputStream());
                  in.readFully(new byte[in.readInt() - 4]); // StartupMessage
                  byte[] mechanism = "SCRAM-SHA-256\0\0".getBytes(StandardCharsets.US_ASCII);
                  out.writeByte('R');
                  out.writeInt(8 + mechanism.length);
                  out.writeInt(10); // AuthenticationSASL
                  out.write(mechanism);
                  out.flush();
                  if (in.readByte() == 'p') { // SASLInitialResponse
                    in.readFully(new byte[in.readInt() - 4]);
                    gotInitialResponse.set(true);
                  }
                  // Skip SASLContinue and SASLFinal: straight to AuthenticationOk, then ready.
                  out.writeByte('R');
                  out.writeInt(8);
                  out.writeInt(0);
                  out.writeByte('Z');
                  out.writeInt(5);
                  out.writeByte('I');
                  out.flush();
                  while (in.read() >= 0) {
                    // until the client closes
                  }
                } catch (IOException e) {
                  // the client went away
                }
              });
      server.setDaemon(true);
      server.start();
      ConnectionConfig config =
          ConnectionConfig.parse(
              "postgresql://scram:secret@127.0.0.1:"
                  + listener.getLocalPort()
                  + "/db?sslmode=disable");
      assertThatThrownBy(() -> PgConnection.connect(config, null))
          .isInstanceOf(PgException.class)
          .hasMessageContaining("AuthenticationOk before completing SCRAM authentication")
          .hasMessageNotContaining("secret")
          .satisfies(e -> assertThat(((PgException) e).sqlState()).isEqualTo("28000"));
      assertThat(gotInitialResponse).isTrue();
    }
  }
}
