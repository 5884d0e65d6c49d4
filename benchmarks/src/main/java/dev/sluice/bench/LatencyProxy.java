package dev.sluice.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * A loopback TCP proxy that holds every chunk of bytes, each way, for a fixed delay before passing
 * it on, in order: the round trip of a network between the client and the server (W3cL), where
 * pipelining pays. Per connection and direction one thread reads and one writes; the writer sleeps
 * until each chunk is due, so the delay adds to, never multiplies with, what is in flight.
 */
final class LatencyProxy implements AutoCloseable {
  private final ServerSocket listener;
  private final String host;
  private final int targetPort;
  private final long delayNanos;
  private volatile boolean closed;

  LatencyProxy(String host, int targetPort, long delayNanos) throws IOException {
    this.host = host;
    this.targetPort = targetPort;
    this.delayNanos = delayNanos;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    start(this::accept, "latency-proxy-accept");
  }

  int port() {
    return listener.getLocalPort();
  }

  private void accept() {
    while (!closed) {
      try {
        Socket client = listener.accept();
        Socket server = new Socket(host, targetPort);
        client.setTcpNoDelay(true);
        server.setTcpNoDelay(true);
        pipe(client, server, "up");
        pipe(server, client, "down");
      } catch (IOException e) {
        if (!closed) {
          System.err.println("latency proxy: " + e);
        }
      }
    }
  }

  private record Chunk(long due, byte[] bytes) {}

  private static final Chunk END = new Chunk(0, null);

  /** Passes what {@code from} sends on to {@code to}, each chunk {@link #delayNanos} later. */
  private void pipe(Socket from, Socket to, String way) throws IOException {
    LinkedBlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
    InputStream in = from.getInputStream();
    OutputStream out = to.getOutputStream();
    start(
        () -> {
          byte[] buf = new byte[64 * 1024];
          try {
            int n;
            while ((n = in.read(buf)) > 0) {
              queue.add(new Chunk(System.nanoTime() + delayNanos, Arrays.copyOf(buf, n)));
            }
          } catch (IOException e) {
            // the peer closed
          }
          queue.add(END);
        },
        "latency-proxy-read-" + way);
    start(
        () -> {
          try {
            for (; ; ) {
              Chunk c = queue.take();
              if (c == END) {
                break;
              }
              long wait;
              while ((wait = c.due() - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
              }
              out.write(c.bytes());
            }
          } catch (IOException | InterruptedException e) {
            // the peer closed
          }
          closeQuietly(from);
          closeQuietly(to);
        },
        "latency-proxy-write-" + way);
  }

  private static void start(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    t.start();
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // closing anyway
    }
  }

  @Override
  public void close() throws IOException {
    closed = true;
    listener.close();
  }
}
