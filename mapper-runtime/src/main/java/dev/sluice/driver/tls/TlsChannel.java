package dev.sluice.driver.tls;

import dev.sluice.driver.ChannelInput;
import dev.sluice.driver.Readiness;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;

/**
 * TLS over a connection's blocking {@link SocketChannel}, with the JDK's {@link SSLEngine}: the
 * handshake, then an input stream that decrypts records straight into the caller's array (the
 * connection's one receive buffer, as many records per call as fit and have arrived) and an output
 * stream that encrypts the send buffer's range into one network buffer of several records per
 * write. Only a caller's range too small for the next record goes through {@link #staged}.
 *
 * <p>Not thread-safe, like the connection that owns it; {@link SocketChannel#close()} from another
 * thread (a deadline) ends a blocked read or write.
 */
public final class TlsChannel {
  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  private final SocketChannel channel;
  private final SSLEngine engine;

  /** TLS bytes received and not yet decrypted; kept in write mode ([0, position) is data). */
  private ByteBuffer netIn;

  /** TLS bytes to send; filled and drained within one call. */
  private final ByteBuffer netOut;

  /** Decrypted bytes that did not fit a caller's range; kept in read mode. */
  private final ByteBuffer staged;

  /** The channel's adaptor stream, for available() (FIONREAD); null over a Unix socket. */
  private final InputStream counter;

  private final Input input = new Input();
  private final Output output = new Output();

  /** Whether the peer closed the TCP connection (or sent close_notify). */
  private boolean eof;

  private final Readiness readiness;

  TlsChannel(SocketChannel channel, SSLEngine engine) throws IOException {
    this.channel = channel;
    this.readiness = new Readiness(channel);
    this.engine = engine;
    SSLSession s = engine.getSession();
    // Several records per system call each way: the read path's large reads, over TLS.
    this.netIn = ByteBuffer.allocate(Math.max(4 * s.getPacketBufferSize(), 64 * 1024));
    this.netOut = ByteBuffer.allocate(4 * s.getPacketBufferSize());
    this.staged = ByteBuffer.allocate(s.getApplicationBufferSize());
    staged.flip();
    this.counter =
        channel.getLocalAddress() instanceof UnixDomainSocketAddress
            ? null
            : channel.socket().getInputStream();
  }

  /** Runs the handshake to its end. */
  void handshake() throws IOException {
    engine.beginHandshake();
    SSLEngineResult.HandshakeStatus hs = engine.getHandshakeStatus();
    for (; ; ) {
      switch (hs) {
        case NEED_WRAP:
          {
            netOut.clear();
            SSLEngineResult r = engine.wrap(EMPTY, netOut);
            flushNetOut();
            if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
              throw new SSLException("the TLS handshake was closed by the client side");
            }
            hs = r.getHandshakeStatus();
            break;
          }
        case NEED_UNWRAP:
        case NEED_UNWRAP_AGAIN:
          {
            staged.compact();
            netIn.flip();
            SSLEngineResult r;
            try {
              r = engine.unwrap(netIn, staged);
            } finally {
              netIn.compact();
              staged.flip();
            }
            if (r.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW) {
              if (readNet(true) < 0) {
                // A handshake that failed, as libpq counts it: sslmode=prefer retries in plain
                // text.
                throw new SSLException("the server closed the connection during the TLS handshake");
              }
            } else if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
              throw new SSLException("the server closed the TLS session during the handshake");
            }
            hs = r.getHandshakeStatus();
            break;
          }
        case NEED_TASK:
          runTasks();
          hs = engine.getHandshakeStatus();
          break;
        default: // FINISHED, NOT_HANDSHAKING
          return;
      }
    }
  }

  SSLSession session() {
    return engine.getSession();
  }

  /** The server's leaf certificate (for channel binding). */
  public X509Certificate serverCertificate() throws SSLPeerUnverifiedException {
    return (X509Certificate) engine.getSession().getPeerCertificates()[0];
  }

  public InputStream input() {
    return input;
  }

  public OutputStream output() {
    return output;
  }

  /**
   * Looks, without blocking, whether decrypted bytes are waiting or the peer closed; either is then
   * seen by the next read (as in {@link ChannelInput#peek()}).
   */
  public void peek() throws IOException {
    if (staged.hasRemaining() || eof) {
      return;
    }
    readWithoutWaiting();
  }

  private void readWithoutWaiting() throws IOException {
    synchronized (channel.blockingLock()) {
      channel.configureBlocking(false);
      try {
        readNet(false);
      } finally {
        channel.configureBlocking(true);
      }
    }
    unwrapStaged();
  }

  /**
   * Waits up to {@code millis} for decrypted bytes or the end of the stream; true if there are
   * (then seen by the next read), false when the time passed first — a TLS record only half arrived
   * counts as nothing yet. The socket stays open either way.
   */
  public boolean awaitReadable(long millis) throws IOException {
    long deadline = System.nanoTime() + millis * 1_000_000;
    for (; ; ) {
      peek();
      if (staged.hasRemaining() || eof) {
        return true;
      }
      long left = (deadline - System.nanoTime()) / 1_000_000;
      if (left <= 0 || !readiness.await(left)) {
        peek();
        return staged.hasRemaining() || eof;
      }
    }
  }

  /** Ends a timed wait in progress, or the next (see {@link Readiness#wakeup}). */
  public void wakeupReadiness() {
    readiness.wakeup();
  }

  /** Releases what a timed wait opened; the channel itself is the transport's to close. */
  public void closeReadiness() {
    readiness.close();
  }

  private void runTasks() {
    Runnable task;
    while ((task = engine.getDelegatedTask()) != null) {
      task.run();
    }
  }

  /** Reads what the channel has into netIn (growing it when full); -1 at the end of the stream. */
  private int readNet(boolean blocking) throws IOException {
    if (!netIn.hasRemaining()) {
      ByteBuffer bigger = ByteBuffer.allocate(2 * netIn.capacity());
      netIn.flip();
      bigger.put(netIn);
      netIn = bigger;
    }
    int n = channel.read(netIn);
    if (n < 0) {
      eof = true;
    } else if (n == 0 && blocking) {
      throw new IOException("a blocking read returned no bytes");
    }
    return n;
  }

  private void flushNetOut() throws IOException {
    netOut.flip();
    while (netOut.hasRemaining()) {
      channel.write(netOut);
    }
  }

  /**
   * Decrypts the records complete in netIn into {@code dst}, as many as fit; returns the bytes
   * produced, 0 when a whole record has not arrived (or the next one does not fit), -1 when the
   * peer closed the TLS session.
   */
  private int unwrap(ByteBuffer dst) throws IOException {
    int produced = 0;
    // One flip and one compact per call, not per record: compacting after every record moved the
    // records still waiting behind it each time.
    netIn.flip();
    try {
      for (; ; ) {
        SSLEngineResult r = engine.unwrap(netIn, dst);
        produced += r.bytesProduced();
        switch (r.getStatus()) {
          case OK:
            if (r.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_TASK) {
              runTasks();
            }
            if (engine.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_WRAP) {
              // A post-handshake message (a TLS 1.3 key update) wants an answer.
              netOut.clear();
              engine.wrap(EMPTY, netOut);
              flushNetOut();
            }
            if (!netIn.hasRemaining() || !dst.hasRemaining()) {
              return produced;
            }
            continue;
          case CLOSED:
            eof = true;
            return produced > 0 ? produced : -1;
          default: // BUFFER_UNDERFLOW (a record not all here), BUFFER_OVERFLOW (dst too small)
            return produced;
        }
      }
    } finally {
      netIn.compact();
    }
  }

  /** Decrypts what netIn holds into {@link #staged}, once it is empty. */
  private void unwrapStaged() throws IOException {
    if (staged.hasRemaining()) {
      return;
    }
    staged.clear();
    try {
      unwrap(staged);
    } finally {
      staged.flip();
    }
  }

  /** The decrypted stream; reads block until at least one byte is decrypted. */
  private final class Input extends InputStream {
    /** A wrapper around the last array read into, reused while the array is the same. */
    private ByteBuffer wrapped = ByteBuffer.allocate(0);

    @Override
    public int read() throws IOException {
      byte[] b = new byte[1];
      int n = read(b, 0, 1);
      return n < 0 ? -1 : b[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      for (; ; ) {
        if (staged.hasRemaining()) {
          int n = Math.min(len, staged.remaining());
          staged.get(b, off, n);
          return n;
        }
        ByteBuffer dst = wrapped;
        if (dst.array() != b) {
          dst = ByteBuffer.wrap(b);
          wrapped = dst;
        }
        dst.limit(off + len).position(off);
        int n = unwrap(dst); // straight into the receive buffer
        if (n != 0) {
          return n;
        }
        if (netIn.position() > 0 && len < staged.capacity()) {
          // The range may be too small for the record waiting: decrypt it aside.
          unwrapStaged();
          if (staged.hasRemaining()) {
            continue;
          }
        }
        if (eof || readNet(true) < 0) {
          return -1;
        }
      }
    }

    /** Decrypted bytes ready without blocking (0 when only a partial record has arrived). */
    @Override
    public int available() throws IOException {
      if (staged.hasRemaining() || eof) {
        return eof ? 1 : staged.remaining();
      }
      if (counter != null && counter.available() == 0 && netIn.position() == 0) {
        return 0;
      }
      peek();
      return eof ? 1 : staged.remaining();
    }

    @Override
    public void close() throws IOException {
      channel.close();
    }
  }

  /** Encrypts whole ranges, several records per network write. */
  private final class Output extends OutputStream {
    private ByteBuffer wrapped = ByteBuffer.allocate(0);

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      ByteBuffer src = wrapped;
      if (src.array() != b) {
        src = ByteBuffer.wrap(b);
        wrapped = src;
      }
      src.limit(off + len).position(off);
      while (src.hasRemaining()) {
        netOut.clear();
        while (src.hasRemaining()) {
          SSLEngineResult r = engine.wrap(src, netOut);
          if (r.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW) {
            break; // netOut is full: send it, then go on
          }
          if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
            throw new SSLException("the TLS session is closed");
          }
        }
        flushNetOut();
      }
    }

    @Override
    public void close() throws IOException {
      channel.close();
    }
  }
}
