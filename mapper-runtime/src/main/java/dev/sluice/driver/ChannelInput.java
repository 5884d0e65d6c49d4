package dev.sluice.driver;

import java.io.IOException;
import java.io.InputStream;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * The blocking InputStream of a connection's {@link SocketChannel} (TCP or Unix-domain). A blocking
 * channel reads with one blocking system call; a {@code java.net.Socket} stream, once it has had a
 * read timeout (the startup's, or a probe's), stays non-blocking and pays a failed read and a poll
 * before every read that has to wait, a reply's round trip on every statement.
 *
 * <p>{@link #available()} asks the kernel how many bytes are waiting, without reading (over a
 * Unix-domain socket, which offers no such question, it peeks). {@link #peek()} also finds a close
 * by the peer, which no byte announces: it reads one byte in non-blocking mode and keeps it for the
 * next read. Not thread-safe, like the connection that owns it.
 */
public final class ChannelInput extends InputStream {
  private final SocketChannel channel;

  /**
   * The channel's socket adaptor stream, for its available() (FIONREAD; never read from); null for
   * a Unix-domain channel, which has no adaptor: available() peeks there.
   */
  private final InputStream counter;

  /** A wrapper around the last array read into, reused while the array is the same. */
  private ByteBuffer wrapped = ByteBuffer.allocate(0);

  private final ByteBuffer one = ByteBuffer.allocate(1);

  /** A byte read ahead by peek(), or -1. */
  private int peeked = -1;

  /** Whether peek() met the end of the stream. */
  private boolean eof;

  private final Readiness readiness;

  ChannelInput(SocketChannel channel) throws IOException {
    this.channel = channel;
    this.readiness = new Readiness(channel);
    this.counter =
        channel.getLocalAddress() instanceof UnixDomainSocketAddress
            ? null
            : channel.socket().getInputStream();
  }

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
    if (peeked >= 0) {
      b[off] = (byte) peeked;
      peeked = -1;
      return 1;
    }
    if (eof) {
      return -1;
    }
    ByteBuffer bb = wrapped;
    if (bb.array() != b) {
      bb = ByteBuffer.wrap(b);
      wrapped = bb;
    }
    bb.limit(off + len).position(off);
    return channel.read(bb);
  }

  /** The bytes waiting to be read (a peeked byte or the end of the stream count as 1). */
  @Override
  public int available() throws IOException {
    if (peeked >= 0 || eof) {
      return 1;
    }
    if (counter != null) {
      return counter.available();
    }
    peek();
    return peeked >= 0 || eof ? 1 : 0;
  }

  /**
   * Looks, without blocking, whether a byte is waiting or the peer has closed; either makes {@link
   * #available()} answer 1 and the next read return at once.
   */
  void peek() throws IOException {
    if (peeked >= 0 || eof) {
      return;
    }
    synchronized (channel.blockingLock()) {
      channel.configureBlocking(false);
      try {
        one.clear();
        int n = channel.read(one);
        if (n > 0) {
          peeked = one.get(0) & 0xff;
        } else if (n < 0) {
          eof = true;
        }
      } finally {
        channel.configureBlocking(true);
      }
    }
  }

  /**
   * Waits up to {@code millis} for a byte or the end of the stream; true if one is there (then
   * kept, as by {@link #peek()}), false when the time passed first. The socket stays open either
   * way.
   */
  boolean awaitReadable(long millis) throws IOException {
    if (peeked >= 0 || eof) {
      return true;
    }
    long deadline = System.nanoTime() + millis * 1_000_000;
    for (; ; ) {
      long left = (deadline - System.nanoTime()) / 1_000_000;
      if (left <= 0 || !readiness.await(left)) {
        peek(); // a last look, without waiting
        return peeked >= 0 || eof;
      }
      peek();
      if (peeked >= 0 || eof) {
        return true;
      }
    }
  }

  /** Releases what a timed wait opened; the channel itself is the transport's to close. */
  void wakeupReadiness() {
    readiness.wakeup();
  }

  void closeReadiness() {
    readiness.close();
  }

  @Override
  public void close() throws IOException {
    readiness.close();
    channel.close();
  }
}
