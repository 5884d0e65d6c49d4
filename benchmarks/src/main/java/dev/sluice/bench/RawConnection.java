package dev.sluice.bench;

import dev.sluice.driver.config.ConnectionConfig;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * The smallest PostgreSQL client that can run the workloads: startup with trust authentication,
 * named statements prepared once (Parse + Sync), then per execution Bind (binary parameters, binary
 * results for every column) + Execute + Sync in one write, and replies framed in place in one 64
 * KiB receive buffer (the size Sluice's ReadBuffer starts with). It frames messages and nothing
 * more: what a caller does with a DataRow is the caller's business, which makes it both the raw
 * drain (count rows) and the base of the ideal decoder (decode rows by hand).
 *
 * <p>Not a driver: no error recovery (an ErrorResponse fails the benchmark cell), no authentication
 * but trust. With {@code sslmode=require} in the URL (the {@code --tls} runs) it sends an
 * SSLRequest and then speaks through the JDK's {@link SSLSocket}, checking no certificate, as
 * sslmode=require does: the floor over TLS, with the same JDK ciphers every Java client uses.
 * Big-endian reads use byte-array VarHandles.
 */
final class RawConnection implements AutoCloseable {
  static final VarHandle SHORT =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
  static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  static final byte DATA_ROW = 'D';
  static final byte ERROR_RESPONSE = 'E';
  static final byte READY_FOR_QUERY = 'Z';
  private static final byte AUTHENTICATION = 'R';

  private static final int SSL_REQUEST_CODE = 80877103;

  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;

  /** Received bytes; [pos, limit) are not consumed yet. */
  private byte[] buf = new byte[64 * 1024];

  private int pos;
  private int limit;

  /** Where the body of the message last returned by {@link #next()} starts. */
  private int body;

  /** The message being written; its bytes are wbuf[0, wpos). */
  private byte[] wbuf = new byte[1024];

  private int wpos;

  private RawConnection(Socket socket) throws IOException {
    this.socket = socket;
    this.in = socket.getInputStream();
    this.out = socket.getOutputStream();
  }

  /** Connects to the first host of a {@code postgresql://} URL; the server must trust the user. */
  static RawConnection open(String url) throws IOException {
    ConnectionConfig config = ConnectionConfig.parse(url);
    ConnectionConfig.HostPort hp = config.hosts().get(0);
    Socket socket = new Socket();
    socket.setTcpNoDelay(true);
    socket.connect(new InetSocketAddress(hp.host(), hp.port()), 10_000);
    RawConnection c;
    try {
      c = new RawConnection(url.contains("sslmode=require") ? tls(socket, hp.host()) : socket);
    } catch (IOException | RuntimeException e) {
      socket.close();
      throw e;
    }
    try {
      c.startup(config.user(), config.database());
    } catch (IOException | RuntimeException e) {
      c.close();
      throw e;
    }
    return c;
  }

  /**
   * SSLRequest, then the handshake over the same socket; the server's certificate is not checked.
   */
  private static Socket tls(Socket socket, String host) throws IOException {
    OutputStream out = socket.getOutputStream();
    byte[] request = new byte[8];
    INT.set(request, 0, 8);
    INT.set(request, 4, SSL_REQUEST_CODE);
    out.write(request);
    out.flush();
    int answer = socket.getInputStream().read();
    if (answer != 'S') {
      throw new IOException("the server refused TLS (answered " + answer + " to SSLRequest)");
    }
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, new TrustManager[] {new TrustAll()}, null);
      SSLSocket tls =
          (SSLSocket) context.getSocketFactory().createSocket(socket, host, socket.getPort(), true);
      tls.startHandshake();
      return tls;
    } catch (GeneralSecurityException e) {
      throw new IOException("no TLS context", e);
    }
  }

  /** sslmode=require: encryption without authentication of the server. */
  private static final class TrustAll implements X509TrustManager {
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }

  private void startup(String user, String database) throws IOException {
    wpos = 0;
    int at = reserveLength();
    putInt(196608); // protocol 3.0
    putCString("user");
    putCString(user);
    putCString("database");
    putCString(database);
    putCString("client_encoding");
    putCString("UTF8");
    putByte(0);
    patchLength(at);
    flush();
    for (; ; ) {
      byte type = next();
      if (type == AUTHENTICATION) {
        int code = (int) INT.get(buf, body);
        if (code != 0) {
          throw new IOException(
              "the raw drain supports trust authentication only; the server asks"
                  + " for authentication code "
                  + code
                  + " (run against a server that trusts the user)");
        }
      } else if (type == READY_FOR_QUERY) {
        return;
      }
    }
  }

  /** Parse + Sync: prepares a named statement with the given parameter types, once. */
  void prepare(String name, String sql, int... paramOids) throws IOException {
    wpos = 0;
    putByte('P');
    int at = reserveLength();
    putCString(name);
    putCString(sql);
    putShort(paramOids.length);
    for (int oid : paramOids) {
      putInt(oid);
    }
    patchLength(at);
    putSync();
    flush();
    while (next() != READY_FOR_QUERY) {
      // ParseComplete
    }
  }

  /** Bind (no parameters, all results binary) + Execute + Sync, sent in one write. */
  void execute(String statement) throws IOException {
    wpos = 0;
    putByte('B');
    int at = reserveLength();
    putByte(0); // unnamed portal
    putCString(statement);
    putShort(0); // parameter formats
    putShort(0); // parameters
    putShort(1); // one result format for all columns:
    putShort(1); // binary
    patchLength(at);
    putExecuteSync();
    flush();
  }

  /** Like {@link #execute(String)} with one int4 parameter, sent in binary. */
  void execute(String statement, int param) throws IOException {
    wpos = 0;
    putByte('B');
    int at = reserveLength();
    putByte(0);
    putCString(statement);
    putShort(1);
    putShort(1); // the parameter is binary
    putShort(1);
    putInt(4);
    putInt(param);
    putShort(1);
    putShort(1);
    patchLength(at);
    putExecuteSync();
    flush();
  }

  /**
   * Frames the next message and consumes it, reading from the socket when it is not complete in the
   * buffer. Returns its type; its body stays at {@link #buffer()}[{@link #body()}…] until the next
   * call. An ErrorResponse becomes an IOException carrying the server's message.
   */
  byte next() throws IOException {
    int p = pos;
    if (limit - p < 5 || limit - p - 1 < (int) INT.get(buf, p + 1)) {
      p = fillMessage();
    }
    byte type = buf[p];
    body = p + 5;
    pos = p + 1 + (int) INT.get(buf, p + 1);
    if (type == ERROR_RESPONSE) {
      throw new IOException("server error: " + errorMessage());
    }
    return type;
  }

  byte[] buffer() {
    return buf;
  }

  int body() {
    return body;
  }

  /** Reads until a whole message starts at pos; returns pos (which compaction may have moved). */
  private int fillMessage() throws IOException {
    int needed = 5;
    for (; ; ) {
      if (limit - pos >= 5) {
        needed = 1 + (int) INT.get(buf, pos + 1);
        if (limit - pos >= needed) {
          return pos;
        }
      }
      if (buf.length - pos < needed) {
        byte[] target = needed > buf.length ? new byte[Math.max(needed, buf.length * 2)] : buf;
        System.arraycopy(buf, pos, target, 0, limit - pos);
        limit -= pos;
        pos = 0;
        buf = target;
      }
      int n = in.read(buf, limit, buf.length - limit);
      if (n < 0) {
        throw new EOFException("the server closed the connection");
      }
      limit += n;
    }
  }

  private String errorMessage() {
    StringBuilder sb = new StringBuilder();
    int p = body;
    while (buf[p] != 0) {
      byte field = buf[p++];
      int start = p;
      while (buf[p] != 0) {
        p++;
      }
      if (field == 'C' || field == 'M') {
        sb.append(sb.length() == 0 ? "" : " ")
            .append(new String(buf, start, p - start, StandardCharsets.UTF_8));
      }
      p++;
    }
    return sb.toString();
  }

  // ---- writing

  private void putExecuteSync() {
    putByte('E');
    int at = reserveLength();
    putByte(0); // unnamed portal
    putInt(0); // all rows
    patchLength(at);
    putSync();
  }

  private void putSync() {
    putByte('S');
    putInt(4);
  }

  private void ensure(int n) {
    if (wbuf.length - wpos < n) {
      byte[] bigger = new byte[Math.max(wbuf.length * 2, wpos + n)];
      System.arraycopy(wbuf, 0, bigger, 0, wpos);
      wbuf = bigger;
    }
  }

  private void putByte(int v) {
    ensure(1);
    wbuf[wpos++] = (byte) v;
  }

  private void putShort(int v) {
    ensure(2);
    SHORT.set(wbuf, wpos, (short) v);
    wpos += 2;
  }

  private void putInt(int v) {
    ensure(4);
    INT.set(wbuf, wpos, v);
    wpos += 4;
  }

  /** A NUL-terminated string; ASCII is written char by char, so statement names cost no garbage. */
  private void putCString(String s) {
    int n = s.length();
    ensure(n + 1);
    for (int k = 0; k < n; k++) {
      char c = s.charAt(k);
      if (c >= 0x80) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        ensure(bytes.length + 1);
        System.arraycopy(bytes, 0, wbuf, wpos, bytes.length);
        wpos += bytes.length;
        wbuf[wpos++] = 0;
        return;
      }
      wbuf[wpos + k] = (byte) c;
    }
    wpos += n;
    wbuf[wpos++] = 0;
  }

  /** Reserves a message's int32 length; {@link #patchLength} writes it once the body is written. */
  private int reserveLength() {
    int at = wpos;
    putInt(0);
    return at;
  }

  private void patchLength(int at) {
    INT.set(wbuf, at, wpos - at);
  }

  private void flush() throws IOException {
    out.write(wbuf, 0, wpos);
    out.flush();
    wpos = 0;
  }

  @Override
  public void close() throws IOException {
    try {
      wpos = 0;
      putByte('X');
      putInt(4);
      flush();
    } catch (IOException ignored) {
      // The server went away first; closing the socket is all that is left to do.
    } finally {
      socket.close();
    }
  }
}
