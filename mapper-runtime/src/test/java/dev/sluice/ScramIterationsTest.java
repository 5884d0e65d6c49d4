package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The SCRAM iteration count is the server's choice: a fake server asks for a huge one. Above
 * scram_max_iterations the client refuses before computing anything or sending a proof; with the
 * ceiling raised, the connect deadline stops the key derivation; a low count is allowed with a
 * warning.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ScramIterationsTest {
  private static final String SECRET = "iter-s3cret";

  /** Proofs (SASLResponse messages) the fake server received. */
  private final AtomicInteger proofs = new AtomicInteger();

  /** AuthenticationSASL, then a server-first message asking for {@code iterations}. */
  private FakePgServer.Authentication scram(long iterations) {
    return (DataInputStream in, OutputStream out) -> {
      FakePgServer.Replies r = new FakePgServer.Replies();
      r.message('R').putInt(10).putCString("SCRAM-SHA-256").putBytes(new byte[] {0}).end();
      r.sendTo(out);
      if (in.readByte() != 'p') {
        return false;
      }
      byte[] body = new byte[in.readInt() - 4];
      in.readFully(body);
      String message = new String(body, StandardCharsets.UTF_8);
      String clientNonce = message.substring(message.indexOf("r=") + 2);
      String salt = Base64.getEncoder().encodeToString("0123456789abcdef".getBytes());
      FakePgServer.Replies first = new FakePgServer.Replies();
      first
          .message('R')
          .putInt(11)
          .putBytes(
              ("r=" + clientNonce + "srv,s=" + salt + ",i=" + iterations)
                  .getBytes(StandardCharsets.UTF_8))
          .end();
      first.sendTo(out);
      try {
        if (in.readByte() == 'p') {
          proofs.incrementAndGet();
        }
      } catch (EOFException e) {
        // the client gave up without answering, as it should above the ceiling
      }
      return false;
    };
  }

  private static ConnectionConfig config(FakePgServer fake, String keywords) {
    return ConnectionConfig.builder()
        .environment(Map.of())
        .url(fake.url().replace("fake@", "fake:" + SECRET + "@") + keywords)
        .build();
  }

  @Test
  void aCountAboveTheCeilingIsRefusedBeforeAnyProofIsSent() throws Exception {
    try (FakePgServer fake = FakePgServer.authenticating(scram(2_000_000_000L), (n, out) -> true)) {
      assertThatThrownBy(() -> PgConnection.connect(config(fake, ""), null))
          .isInstanceOfSatisfying(
              PgException.class, e -> assertThat(e.sqlState()).isEqualTo("28000"))
          .hasMessageContaining("the server asks for 2000000000 SCRAM iterations")
          .hasMessageContaining("more than scram_max_iterations (1000000)")
          .hasMessageContaining("refusing before computing any")
          .hasMessageNotContaining(SECRET);
      assertThatThrownBy(
              () -> PgConnection.connect(config(fake, "?scram_max_iterations=1000"), null))
          .hasMessageContaining("more than scram_max_iterations (1000)");
      assertThat(proofs).hasValue(0);
    }
  }

  @Test
  void theConnectDeadlineStopsAHugeKeyDerivation() throws Exception {
    try (FakePgServer fake = FakePgServer.authenticating(scram(2_000_000_000L), (n, out) -> true)) {
      ConnectionConfig config = config(fake, "?scram_max_iterations=2147483647&connect_timeout=2");
      // 2e9 HMAC rounds take many minutes; the deadline ends them after about 2 s.
      assertThatThrownBy(() -> PgConnection.connect(config, null))
          .isInstanceOfSatisfying(
              PgException.class,
              e -> {
                assertThat(e.sqlState()).isEqualTo("08001");
                assertThat(e.getMessage()).contains("timed out after 2000 ms");
                assertThat(e.getCause())
                    .hasMessageContaining("the connect deadline passed after")
                    .hasMessageContaining("of the server's 2000000000 SCRAM iterations");
              })
          .hasMessageNotContaining(SECRET);
      assertThat(proofs).hasValue(0);
    }
  }

  @Test
  void aLowCountIsAllowedWithAWarning() throws Exception {
    List<String> warnings = new ArrayList<>();
    Handler capture =
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
    Logger logger = Logger.getLogger("dev.sluice");
    logger.addHandler(capture);
    try (FakePgServer fake = FakePgServer.authenticating(scram(1000), (n, out) -> true)) {
      // The fake closes after the proof, so the connection fails; the proof was sent.
      assertThatThrownBy(() -> PgConnection.connect(config(fake, ""), null))
          .isInstanceOf(PgException.class)
          .hasMessageNotContaining(SECRET);
      assertThat(proofs).hasValue(1);
    } finally {
      logger.removeHandler(capture);
    }
    synchronized (warnings) {
      assertThat(warnings)
          .anySatisfy(w -> assertThat(w).contains("only 1000 SCRAM iterations (fewer than 4096)"));
    }
  }
}
