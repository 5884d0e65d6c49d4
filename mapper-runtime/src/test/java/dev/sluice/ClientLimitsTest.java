package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the client refuses or reports on its own, before the server could: more parameters than the
 * protocol's 16-bit count can say (which would wrap and send a malformed message), and a failure
 * whose exception carries no message (an interrupt while a connection is opened) — every error
 * names its cause.
 */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ClientLimitsTest {

  /** {@code SELECT array_length(ARRAY[$1, …, $n]::int[], 1)} and its n values. */
  private static String arrayOf(int n, Object[] values) {
    StringBuilder sql = new StringBuilder("SELECT array_length(ARRAY[");
    for (int i = 1; i <= n; i++) {
      sql.append(i == 1 ? "$" : ", $").append(i);
      values[i - 1] = i;
    }
    return sql.append("]::int[], 1)").toString();
  }

  @Test
  void moreThan65535ParametersAreRefusedBeforeAnythingIsSent(TestDatabase tdb) {
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      int pid = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);

      Object[] most = new Object[65_535];
      assertThat(db.query(arrayOf(65_535, most), TestDecoders.INT, most)).containsExactly(65_535);

      Object[] tooMany = new Object[65_536];
      String sql = arrayOf(65_536, tooMany);
      PgException e =
          catchThrowableOfType(PgException.class, () -> db.query(sql, TestDecoders.INT, tooMany));
      assertThat(e.sqlState()).isEqualTo("54023");
      assertThat(e.getMessage()).contains("at most 65,535 parameters").contains("given 65536");
      assertThat(e.statement()).isEqualTo(sql);
      // Nothing was sent: the same connection goes on, in step.
      assertThat(db.query("SELECT pg_backend_pid()", TestDecoders.INT)).containsExactly(pid);
    }
  }

  @Test
  void anInterruptWhileAConnectionOpensNamesTheInterrupt() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
      String url = "postgresql://nobody@127.0.0.1:" + silent.getLocalPort() + "/none";
      AtomicReference<Throwable> failure = new AtomicReference<>();
      Thread caller =
          new Thread(
              () -> {
                try (Database db = Database.builder().url(url).maxPoolSize(1).build()) {
                  db.query("SELECT 1", TestDecoders.INT);
                } catch (Throwable t) {
                  failure.set(t);
                }
              });
      caller.start();
      try (Socket accepted = silent.accept()) { // the startup is sent and never answered
        Thread.sleep(100);
        caller.interrupt();
        caller.join(10_000);
      }
      assertThat(caller.isAlive()).isFalse();
      assertThat(failure.get()).isInstanceOf(PgException.class);
      assertThat(failure.get().getMessage())
          .contains("could not connect to 127.0.0.1:" + silent.getLocalPort())
          .contains("interrupted")
          .doesNotContain("null");
    }
  }
}
