package dev.sluice;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real TCP hop between the driver and the real server, for faults no server produces on its own:
 * it forwards both ways until the client sends a chosen byte sequence (the text of a statement, say
 * {@code "COMMIT"}), and then cuts the connection — either before forwarding those bytes (the
 * server never sees them) or after the server has answered them (the server acted, the client never
 * hears). It can also cut after a given number of the server's or the client's bytes (in the middle
 * of a message, as a dying link does), stall every connection (bytes read but not passed on,
 * sockets open), and hold back CancelRequests (a connection whose first message is one) for a
 * while, so that a cancel reaches the server only after the statement it was meant for has ended.
 * Each accepted connection gets two pump threads; every cut closes both sockets.
 */
final class FaultProxy implements AutoCloseable {
  /** When a cut happens relative to the trigger bytes. */
  enum Cut {
    /** The chunk holding the trigger is not forwarded: the server never receives it. */
    BEFORE_THE_SERVER_SEES_IT,
    /** The trigger is forwarded; the server's next reply is swallowed and the connection cut. */
    AFTER_THE_SERVER_ANSWERS,
    /**
     * Nothing from the trigger on is forwarded and the sockets stay open: the link goes silent, as
     * a network that dies without a reset does.
     */
    SILENCED_FROM_THE_TRIGGER
  }

  private final ServerSocket listener;
  private final String targetHost;
  private final int targetPort;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicInteger cuts = new AtomicInteger();
  private volatile byte[] trigger;
  private volatile Cut cut;
  private volatile long cancelDelayMillis;

  /** Server bytes still to pass before a cut; negative when not armed. */
  private final java.util.concurrent.atomic.AtomicLong serverBytesBeforeCut =
      new java.util.concurrent.atomic.AtomicLong(-1);

  /** Client bytes still to pass before a cut; negative when not armed. */
  private final java.util.concurrent.atomic.AtomicLong clientBytesBeforeCut =
      new java.util.concurrent.atomic.AtomicLong(-1);

  private volatile boolean stalled;

  /** Run before forwarding the {@link #hookCount}th chunk from a client holding these bytes. */
  private volatile byte[] hookTrigger;

  private volatile Runnable hook;
  private final AtomicInteger hookCount = new AtomicInteger();
  private final AtomicInteger cancelsForwarded = new AtomicInteger();

  FaultProxy(String targetHost, int targetPort) throws IOException {
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    Thread acceptor = new Thread(this::accept, "fault-proxy-acceptor");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return listener.getLocalPort();
  }

  /** The URL of {@code tdb}'s database through this proxy, with its user and password. */
  String url(dev.sluice.testkit.TestDatabase tdb) {
    String auth = tdb.password() == null ? tdb.user() : tdb.user() + ":" + tdb.password();
    return "postgresql://" + auth + "@127.0.0.1:" + port() + "/" + tdb.name();
  }

  /** Arms the proxy: the next time a client sends {@code text}, cut as {@code how} says. */
  void cutWhenClientSends(String text, Cut how) {
    this.cut = how;
    this.trigger = text.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Arms the proxy: after {@code bytes} more bytes from the server (to any client) have been passed
   * on, the connection is cut, wherever that falls in a message.
   */
  void cutAfterServerBytes(long bytes) {
    serverBytesBeforeCut.set(bytes);
  }

  /**
   * Arms the proxy: after {@code bytes} more bytes from a client have been passed on to the server,
   * the connection is cut, wherever that falls in a message (in the middle of a COPY's data, say).
   */
  void cutAfterClientBytes(long bytes) {
    clientBytesBeforeCut.set(bytes);
  }

  /**
   * Stops passing bytes on, both ways, on every connection (open ones and new ones), with the
   * sockets left open: a peer that stopped answering, as a hung server or a silent network does.
   */
  void stall() {
    stalled = true;
  }

  /** Passes bytes on again after {@link #stall()}, on the connections still open and new ones. */
  void resume() {
    stalled = false;
  }

  /**
   * Runs {@code action} (on the proxy's thread, the client's bytes held meanwhile) just before
   * forwarding the {@code nth} chunk a client sends that holds {@code text}: something that happens
   * on the server between two of the client's messages.
   */
  void beforeClientSends(String text, int nth, Runnable action) {
    hookCount.set(nth);
    hook = action;
    hookTrigger = text.getBytes(StandardCharsets.UTF_8);
  }

  /** Holds every later CancelRequest back for {@code millis} before forwarding it. */
  void delayCancelRequests(long millis) {
    this.cancelDelayMillis = millis;
  }

  /** CancelRequests forwarded to the server so far (after their delay). */
  int cancelsForwarded() {
    return cancelsForwarded.get();
  }

  /** Cuts made so far. */
  int cuts() {
    return cuts.get();
  }

  private void accept() {
    try {
      for (; ; ) {
        Socket client = listener.accept();
        Socket server = new Socket(targetHost, targetPort);
        client.setTcpNoDelay(true);
        server.setTcpNoDelay(true);
        sockets.add(client);
        sockets.add(server);
        Link link = new Link(client, server);
        start(() -> link.clientToServer(), "fault-proxy-up");
        start(() -> link.serverToClient(), "fault-proxy-down");
      }
    } catch (IOException e) {
      // closed
    }
  }

  private static void start(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    t.start();
  }

  /** One client's connection through the proxy. */
  private final class Link {
    private final Socket client;
    private final Socket server;

    /** Set once the trigger was forwarded: the next bytes from the server are swallowed. */
    private volatile boolean cutOnReply;

    Link(Socket client, Socket server) {
      this.client = client;
      this.server = server;
    }

    void clientToServer() {
      try (InputStream in = client.getInputStream();
          OutputStream out = server.getOutputStream()) {
        byte[] buf = new byte[64 * 1024];
        int n;
        boolean first = true;
        while ((n = in.read(buf)) >= 0) {
          if (first && isCancelRequest(buf, n)) {
            sleep(cancelDelayMillis);
            cancelsForwarded.incrementAndGet();
          }
          first = false;
          awaitNotStalled();
          byte[] h = hookTrigger;
          if (h != null && contains(buf, n, h) && hookCount.decrementAndGet() == 0) {
            hookTrigger = null;
            hook.run();
          }
          byte[] t = trigger;
          if (t != null && contains(buf, n, t)) {
            trigger = null;
            if (cut == Cut.BEFORE_THE_SERVER_SEES_IT) {
              cutBoth();
              return;
            }
            if (cut == Cut.SILENCED_FROM_THE_TRIGGER) {
              cuts.incrementAndGet();
              while (in.read(buf) >= 0) {
                // swallowed: the server never hears from this client again
              }
              return;
            }
            cutOnReply = true;
          }
          long left = clientBytesBeforeCut.get();
          if (left >= 0 && left <= n && clientBytesBeforeCut.compareAndSet(left, -1)) {
            out.write(buf, 0, (int) left);
            out.flush();
            cutBoth();
            return;
          }
          if (left > n) {
            clientBytesBeforeCut.addAndGet(-n);
          }
          out.write(buf, 0, n);
          out.flush();
        }
      } catch (IOException e) {
        // a side closed
      } finally {
        closeQuietly(server);
      }
    }

    void serverToClient() {
      try (InputStream in = server.getInputStream();
          OutputStream out = client.getOutputStream()) {
        byte[] buf = new byte[64 * 1024];
        int n;
        while ((n = in.read(buf)) >= 0) {
          if (cutOnReply) {
            cutBoth(); // the server answered: it acted on the trigger; the client never hears
            return;
          }
          awaitNotStalled();
          long left = serverBytesBeforeCut.get();
          if (left >= 0 && left <= n && serverBytesBeforeCut.compareAndSet(left, -1)) {
            out.write(buf, 0, (int) left);
            out.flush();
            cutBoth();
            return;
          }
          if (left > n) {
            serverBytesBeforeCut.addAndGet(-n);
          }
          out.write(buf, 0, n);
          out.flush();
        }
      } catch (IOException e) {
        // a side closed
      } finally {
        closeQuietly(client);
      }
    }

    private void cutBoth() {
      cuts.incrementAndGet();
      closeQuietly(client);
      closeQuietly(server);
    }
  }

  /** Length 16, then the cancel request code 80877102 (1234 << 16 | 5678). */
  private static boolean isCancelRequest(byte[] buf, int n) {
    return n >= 8 && readInt(buf, 0) == 16 && readInt(buf, 4) == 80877102;
  }

  private static int readInt(byte[] b, int at) {
    return (b[at] & 0xff) << 24
        | (b[at + 1] & 0xff) << 16
        | (b[at + 2] & 0xff) << 8
        | b[at + 3] & 0xff;
  }

  private void awaitNotStalled() {
    while (stalled && !listener.isClosed()) {
      sleep(10);
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static boolean contains(byte[] buf, int n, byte[] t) {
    outer:
    for (int i = 0; i + t.length <= n; i++) {
      for (int j = 0; j < t.length; j++) {
        if (buf[i + j] != t[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // already closed
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
    for (Socket s : sockets) {
      closeQuietly(s);
    }
  }
}
