package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The transport's bounded wait for the server (plain text here; TLS in {@link TlsTransportTest}):
 * on an idle connection it returns false when the time passes, with the socket still open and in
 * step, and true as soon as the server sends something — a notification, or the FATAL error and
 * close of a terminated backend.
 */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TimedWaitTest {
  private static final Object[] NONE = new Object[0];

  static int one(PgConnection c, String sql) {
    List<Integer> out = new ArrayList<>();
    c.query(sql, NONE, TestDecoders.INT, out);
    return out.get(0);
  }

  /** The checks shared with the TLS test: {@code listener} and {@code sender} are connected. */
  static void waitsWithoutClosingAndWakesOnANotification(
      PgConnection listener, PgConnection sender) {
    listener.simpleQuery("LISTEN timed_wait");
    long start = System.nanoTime();
    assertThat(listener.awaitServer(Duration.ofMillis(300))).isFalse();
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
        .isGreaterThanOrEqualTo(250);
    // The socket is open and in step: the connection goes on as if nothing happened.
    assertThat(listener.isReusable()).isTrue();
    assertThat(one(listener, "SELECT 41 + 1")).isEqualTo(42);

    sender.simpleQuery("NOTIFY timed_wait, 'hello'");
    assertThat(listener.awaitServer(Duration.ofSeconds(20))).isTrue();
    assertThat(listener.checkIdle(false)).isTrue(); // the notification handled, nothing else
    assertThat(listener.awaitServer(Duration.ofMillis(100))).isFalse();
    assertThat(one(listener, "SELECT 7")).isEqualTo(7);

    // A terminated backend: its FATAL error and close end the wait at once.
    int pid = listener.backendPid();
    sender.simpleQuery("SELECT pg_terminate_backend(" + pid + ")");
    assertThat(listener.awaitServer(Duration.ofSeconds(20))).isTrue();
    assertThat(listener.checkIdle(false)).isFalse();
    assertThat(listener.isBroken()).isTrue();
  }

  @Test
  void aPlainConnectionWaitsWithoutClosingAndWakesOnANotification(TestDatabase tdb) {
    ConnectionConfig config = ConnectionConfig.parse(tdb.url());
    try (PgConnection listener = PgConnection.connect(config, null);
        PgConnection sender = PgConnection.connect(config, null)) {
      waitsWithoutClosingAndWakesOnANotification(listener, sender);
    }
  }
}
