package dev.sluice;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real socket peer that speaks just enough of the PostgreSQL protocol to reach a driver fault: it
 * declines TLS ('N' to an SSLRequest), answers the startup message with AuthenticationOk,
 * BackendKeyData and ReadyForQuery (or, if told to, with nothing at all), then answers each Sync
 * with what the test's {@link Script} writes. Every accepted connection runs the same script on its
 * own thread.
 */
final class FakePgServer implements AutoCloseable {
  /** What the server does after each Sync; {@code sync} counts from 1 per connection. */
  interface Script {
    /** Writes the reply to the {@code sync}-th Sync; return false to close the connection. */
    boolean onSync(int sync, Replies out) throws IOException;
  }

  private final ServerSocket serverSocket;
  private final boolean silent;
  private final Script script;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicInteger accepted = new AtomicInteger();

  /** The body of each StartupMessage received (protocol version, then name/value pairs). */
  private final List<byte[]> startupMessages = new CopyOnWriteArrayList<>();

  private final Thread acceptor;

  /**
   * What the server does between the startup message and AuthenticationOk, e.g. a hostile SCRAM
   * exchange; returns whether to go on with AuthenticationOk.
   */
  interface Authentication {
    boolean run(DataInputStream in, OutputStream out) throws IOException;
  }

  private final Authentication authentication;

  private FakePgServer(boolean silent, Script script) throws IOException {
    this(silent, script, null);
  }

  private FakePgServer(boolean silent, Script script, Authentication authentication)
      throws IOException {
    this.serverSocket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    this.silent = silent;
    this.script = script;
    this.authentication = authentication;
    this.acceptor = new Thread(this::acceptLoop, "fake-pg-acceptor");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** Completes the startup, then runs {@code script} for each Sync. */
  static FakePgServer start(Script script) throws IOException {
    return new FakePgServer(false, script);
  }

  /** Runs {@code authentication} after the startup message, then as {@link #start}. */
  static FakePgServer authenticating(Authentication authentication, Script script)
      throws IOException {
    return new FakePgServer(false, script, authentication);
  }

  /** Accepts connections, reads the startup message and never answers. */
  static FakePgServer silent() throws IOException {
    return new FakePgServer(true, (sync, out) -> true);
  }

  int port() {
    return serverSocket.getLocalPort();
  }

  /** The parameters of the {@code n}-th StartupMessage received (from 0), in the order sent. */
  java.util.Map<String, String> startupParameters(int n) {
    byte[] body = startupMessages.get(n);
    java.util.Map<String, String> parameters = new java.util.LinkedHashMap<>();
    int at = 4; // after the protocol version
    while (at < body.length && body[at] != 0) {
      int nameEnd = at;
      while (body[nameEnd] != 0) {
        nameEnd++;
      }
      int valueEnd = nameEnd + 1;
      while (body[valueEnd] != 0) {
        valueEnd++;
      }
      parameters.put(
          new String(body, at, nameEnd - at, StandardCharsets.UTF_8),
          new String(body, nameEnd + 1, valueEnd - nameEnd - 1, StandardCharsets.UTF_8));
      at = valueEnd + 1;
    }
    return parameters;
  }

  String url() {
    return "postgresql://fake@"
        + InetAddress.getLoopbackAddress().getHostAddress()
        + ":"
        + port()
        + "/fake";
  }

  /** Closes every accepted connection without a word, as a crashed server or a proxy would. */
  void dropConnections() throws IOException {
    for (Socket s : sockets) {
      s.close();
    }
  }

  /** Connections accepted so far (cancel requests included). */
  int accepted() {
    return accepted.get();
  }

  private void acceptLoop() {
    while (!serverSocket.isClosed()) {
      try {
        Socket s = serverSocket.accept();
        accepted.incrementAndGet();
        sockets.add(s);
        Thread t = new Thread(() -> serve(s), "fake-pg-session");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket s) {
    try (s) {
      DataInputStream in = new DataInputStream(s.getInputStream());
      OutputStream os = s.getOutputStream();
      int length = in.readInt();
      byte[] startup = new byte[length - 4];
      in.readFully(startup);
      if (length == 8 && startup[0] == 0x04 && startup[1] == (byte) 0xd2) {
        // SSLRequest (80877103 = 0x04d2162f): this server has no TLS.
        os.write('N');
        os.flush();
        length = in.readInt();
        startup = new byte[length - 4];
        in.readFully(startup);
      }
      if (silent) {
        // Say nothing; wait for the client to give up and close.
        while (in.read() >= 0) {
          // discard
        }
        return;
      }
      int code =
          ((startup[0] & 0xff) << 24)
              | ((startup[1] & 0xff) << 16)
              | ((startup[2] & 0xff) << 8)
              | (startup[3] & 0xff);
      if (code != 196608) {
        return; // a CancelRequest: close, as PostgreSQL does
      }
      startupMessages.add(startup);
      if (authentication != null && !authentication.run(in, os)) {
        return;
      }
      Replies r = new Replies();
      r.message('R').putInt(0).end();
      r.message('K').putInt(4242).putInt(99).end();
      r.message('S').putCString("client_encoding").putCString("UTF8").end();
      r.message('S').putCString("integer_datetimes").putCString("on").end();
      r.readyForQuery('I');
      r.sendTo(os);
      int syncs = 0;
      for (; ; ) {
        byte type = in.readByte();
        int len = in.readInt();
        in.readFully(new byte[len - 4]);
        if (type == 'X') {
          return;
        }
        if (type == 'S') {
          Replies out = new Replies();
          boolean keepOpen = script.onSync(++syncs, out);
          out.sendTo(os);
          if (!keepOpen) {
            return;
          }
        }
      }
    } catch (EOFException e) {
      // the client closed the connection
    } catch (IOException e) {
      // the client reset the connection
    }
  }

  @Override
  public void close() throws IOException {
    serverSocket.close();
    for (Socket s : sockets) {
      s.close();
    }
  }

  /** Backend messages being built; sent in one write. */
  static final class Replies {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    /** The body of the message being built. */
    private ByteArrayOutputStream body;

    Replies message(char type) {
      bytes.write(type);
      body = new ByteArrayOutputStream();
      return this;
    }

    Replies putInt(int v) {
      body.write(v >>> 24);
      body.write(v >>> 16);
      body.write(v >>> 8);
      body.write(v);
      return this;
    }

    Replies putShort(int v) {
      body.write(v >>> 8);
      body.write(v);
      return this;
    }

    Replies putCString(String s) {
      body.writeBytes(s.getBytes(StandardCharsets.UTF_8));
      body.write(0);
      return this;
    }

    Replies putBytes(byte[] b) {
      body.writeBytes(b);
      return this;
    }

    /** Ends the message, writing its length. */
    Replies end() {
      byte[] b = body.toByteArray();
      int len = b.length + 4;
      bytes.write(len >>> 24);
      bytes.write(len >>> 16);
      bytes.write(len >>> 8);
      bytes.write(len);
      bytes.writeBytes(b);
      body = null;
      return this;
    }

    /** Raw bytes, outside any message frame. */
    Replies raw(byte[] b) {
      bytes.writeBytes(b);
      return this;
    }

    Replies readyForQuery(char status) {
      return message('Z').putBytesOf(status).end();
    }

    private Replies putBytesOf(char c) {
      body.write(c);
      return this;
    }

    /**
     * ParseComplete, ParameterDescription (no parameters), RowDescription of one int4 column "n".
     */
    Replies describeOneIntColumn() {
      message('1').end();
      message('t').putShort(0).end();
      message('T')
          .putShort(1)
          .putCString("n")
          .putInt(0)
          .putShort(0)
          .putInt(23)
          .putShort(4)
          .putInt(-1)
          .putShort(0)
          .end();
      return readyForQuery('I');
    }

    /** The Parse/Describe replies for a statement returning two int4 columns, n and m. */
    Replies describeTwoIntColumns() {
      message('1').end();
      message('t').putShort(0).end();
      message('T')
          .putShort(2)
          .putCString("n")
          .putInt(0)
          .putShort(0)
          .putInt(23)
          .putShort(4)
          .putInt(-1)
          .putShort(0)
          .putCString("m")
          .putInt(0)
          .putShort(0)
          .putInt(23)
          .putShort(4)
          .putInt(-1)
          .putShort(0)
          .end();
      return readyForQuery('I');
    }

    /** A well-formed binary int4 DataRow. */
    Replies intRow(int v) {
      return message('D').putShort(1).putInt(4).putInt(v).end();
    }

    void sendTo(OutputStream os) throws IOException {
      os.write(bytes.toByteArray());
      os.flush();
    }
  }
}
