package dev.sluice.driver;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * A blocking InputStream over a Unix-domain {@link SocketChannel} whose {@link #available()} really
 * looks at the socket. The stream of {@code Channels.newInputStream} always answers 0 there, so
 * {@link PgConnection#checkIdle(boolean)} could not see the FATAL message (or the close) of a
 * session the server ended while it idled, and the pool handed the dead connection out.
 *
 * <p>{@link #available()} peeks by reading one byte in non-blocking mode and keeps it for the next
 * read. Not thread-safe, like the connection that owns it.
 */
final class ChannelInput extends InputStream {
  private final SocketChannel channel;

  /** A byte read ahead by available(), or -1. */
  private int peeked = -1;

  /** Whether available() met the end of the stream. */
  private boolean eof;

  ChannelInput(SocketChannel channel) {
    this.channel = channel;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xff;
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
    return channel.read(ByteBuffer.wrap(b, off, len));
  }

  /** 1 when a byte is waiting or the peer has closed (a read then returns at once), else 0. */
  @Override
  public int available() throws IOException {
    if (peeked >= 0 || eof) {
      return 1;
    }
    synchronized (channel.blockingLock()) {
      channel.configureBlocking(false);
      try {
        ByteBuffer one = ByteBuffer.allocate(1);
        int n = channel.read(one);
        if (n > 0) {
          peeked = one.get(0) & 0xff;
          return 1;
        }
        if (n < 0) {
          eof = true;
          return 1;
        }
        return 0;
      } finally {
        channel.configureBlocking(true);
      }
    }
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
