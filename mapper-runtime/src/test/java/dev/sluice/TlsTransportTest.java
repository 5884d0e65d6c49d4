package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The driver over TLS on a real server: large results read in large chunks, large writes, the idle
 * probe, and CancelRequest on a side connection that uses TLS too.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TlsTransportTest {
  private static final Object[] NONE = new Object[0];
  private static PgServer server;

  @BeforeAll
  static void start() throws Exception {
    server =
        PgServer.builder()
            .tls()
            .hba("local all all trust", "hostssl all all 127.0.0.1/32 trust")
            .start();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static ConnectionConfig config(int port) {
    return ConnectionConfig.parse(
        "postgresql://"
            + server.superuser()
            + "@127.0.0.1:"
            + port
            + "/postgres?sslmode=verify-full&sslrootcert="
            + server.tlsCertificate().orElseThrow());
  }

  @Test
  void callersSharingATlsConnectionReadAndWriteAtOnce() throws Exception {
    String url =
        "postgresql://"
            + server.superuser()
            + "@127.0.0.1:"
            + server.port()
            + "/postgres?sslmode=verify-full&sslrootcert="
            + server.tlsCertificate().orElseThrow();
    try (Database db = Database.builder().url(url).maxPoolSize(1).pipelining(8).build()) {
      java.util.concurrent.ExecutorService pool =
          java.util.concurrent.Executors.newFixedThreadPool(8);
      try {
        java.util.List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
        for (int t = 0; t < 8; t++) {
          int id = t;
          done.add(
              pool.submit(
                  () -> {
                    for (int i = 0; i < 30; i++) {
                      // 200 KB up and 200 KB down per call: records each way at once.
                      String big =
                          ("caller" + id + "-" + i + "-").repeat(20_000).substring(0, 200_000);
                      java.util.List<String> back =
                          db.query("SELECT $1::text || 'x'", TestDecoders.STRING, big);
                      assertThat(back).containsExactly(big + "x");
                    }
                    return null;
                  }));
        }
        for (java.util.concurrent.Future<?> f : done) {
          f.get(60, TimeUnit.SECONDS);
        }
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  void aTimedWaitOverTlsEndsWithoutClosingAndWakesOnANotification() {
    try (PgConnection listener = PgConnection.connect(config(server.port()), null);
        PgConnection sender = PgConnection.connect(config(server.port()), null)) {
      TimedWaitTest.waitsWithoutClosingAndWakesOnANotification(listener, sender);
    }
  }

  @Test
  void aLargeResultIsReadInLargeChunksOverTls() {
    try (PgConnection c = PgConnection.connect(config(server.port()), null)) {
      long before = c.socketReads();
      List<String> rows = new ArrayList<>();
      c.query(
          "SELECT repeat('x', 100) || g FROM generate_series(1, 100000) g",
          NONE,
          TestDecoders.STRING,
          rows);
      assertThat(rows).hasSize(100_000);
      assertThat(rows.get(99_999)).isEqualTo("x".repeat(100) + 100000);
      // Invariant 1 over TLS: many rows per read, never a read per message (100,000 DataRows).
      // (About 11 MB arrive in records of at most 16 KiB, which PostgreSQL writes 8 KiB at a time.)
      assertThat(c.socketReads() - before).isLessThan(100_000 / 20);
    }
  }

  @Test
  void largeWritesAndCopyGoOverTls() {
    try (PgConnection c = PgConnection.connect(config(server.port()), null)) {
      c.execute("CREATE TEMP TABLE t (s text)", NONE);
      StringBuilder data = new StringBuilder();
      for (int i = 0; i < 50_000; i++) {
        data.append("line ").append(i).append(' ').append("y".repeat(60)).append('\n');
      }
      long copied =
          c.copyIn(
              "COPY t FROM STDIN",
              new ByteArrayInputStream(data.toString().getBytes(StandardCharsets.UTF_8)));
      assertThat(copied).isEqualTo(50_000);
      // A parameter bigger than several TLS records.
      String big = "z".repeat(200_000);
      List<Integer> out = new ArrayList<>();
      c.query("SELECT length($1::text)", new Object[] {big}, TestDecoders.INT, out);
      assertThat(out).containsExactly(200_000);
    }
  }

  @Test
  void anIdleTlsConnectionIsProbedAndReused() {
    String url =
        "postgresql://"
            + server.superuser()
            + "@127.0.0.1:"
            + server.port()
            + "/postgres?sslmode=require";
    try (Database db = Database.builder().url(url).maxPoolSize(1).build()) {
      int pid = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
      for (int i = 0; i < 20; i++) {
        assertThat(db.query("SELECT pg_backend_pid()", TestDecoders.INT)).containsExactly(pid);
      }
      assertThat(
              db.query(
                  "SELECT ssl::text FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
                  TestDecoders.STRING))
          .containsExactly("true");
    }
  }

  @Test
  void cancelTravelsOverTlsWhenTheConnectionDoes() throws Exception {
    try (RecordingProxy proxy = new RecordingProxy(server.port());
        PgConnection c = PgConnection.connect(config(proxy.port()), null)) {
      CompletableFuture<Void> canceller =
          CompletableFuture.runAsync(
              () -> {
                awaitActive(c.backendPid());
                c.cancel();
              });
      PgException e =
          catchThrowableOfType(() -> c.execute("SELECT pg_sleep(20)", NONE), PgException.class);
      canceller.get(20, TimeUnit.SECONDS);
      assertThat(e.sqlState()).isEqualTo("57014");
      // Both connections began with SSLRequest: the CancelRequest (80877102) was never in clear.
      assertThat(proxy.firstCodes).hasSize(2).containsOnly(80877103);
      List<Integer> out = new ArrayList<>();
      c.query("SELECT 7", NONE, TestDecoders.INT, out);
      assertThat(out).containsExactly(7);
    }
  }

  /** Waits (bounded) until backend {@code pid} runs pg_sleep. */
  private static void awaitActive(int pid) {
    try (java.sql.Connection jdbc = server.jdbc("postgres");
        java.sql.PreparedStatement ps =
            jdbc.prepareStatement(
                "SELECT count(*) FROM pg_stat_activity WHERE pid = ? AND state = 'active'"
                    + " AND query LIKE '%pg_sleep%'")) {
      ps.setInt(1, pid);
      for (int i = 0; i < 2000; i++) {
        try (java.sql.ResultSet rs = ps.executeQuery()) {
          rs.next();
          if (rs.getInt(1) == 1) {
            return;
          }
        }
        Thread.sleep(10);
      }
      throw new AssertionError("backend " + pid + " never ran pg_sleep");
    } catch (java.sql.SQLException | InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Forwards TCP to the server and records the int32 code of each connection's first message. */
  private static final class RecordingProxy implements AutoCloseable {
    final ServerSocket listener = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
    final List<Integer> firstCodes = new CopyOnWriteArrayList<>();
    final List<Socket> sockets = new CopyOnWriteArrayList<>();

    RecordingProxy(int target) throws IOException {
      Thread t =
          new Thread(
              () -> {
                while (!listener.isClosed()) {
                  try {
                    Socket client = listener.accept();
                    Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
                    sockets.add(client);
                    sockets.add(upstream);
                    byte[] head = client.getInputStream().readNBytes(8);
                    firstCodes.add(
                        ((head[4] & 0xff) << 24)
                            | ((head[5] & 0xff) << 16)
                            | ((head[6] & 0xff) << 8)
                            | (head[7] & 0xff));
                    upstream.getOutputStream().write(head);
                    pump(client.getInputStream(), upstream.getOutputStream(), upstream);
                    pump(upstream.getInputStream(), client.getOutputStream(), client);
                  } catch (IOException e) {
                    return;
                  }
                }
              },
              "recording-proxy");
      t.setDaemon(true);
      t.start();
    }

    int port() {
      return listener.getLocalPort();
    }

    private static void pump(InputStream in, OutputStream out, Socket to) {
      Thread t =
          new Thread(
              () -> {
                byte[] buf = new byte[65536];
                try {
                  int n;
                  while ((n = in.read(buf)) >= 0) {
                    out.write(buf, 0, n);
                    out.flush();
                  }
                  to.shutdownOutput();
                } catch (IOException e) {
                  // one side closed
                }
              },
              "recording-proxy-pump");
      t.setDaemon(true);
      t.start();
    }

    @Override
    public void close() throws IOException {
      listener.close();
      for (Socket s : sockets) {
        s.close();
      }
    }
  }
}
