package dev.sluice.driver;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * The blocking OutputStream of a connection's {@link SocketChannel}: writes the whole range,
 * reusing one wrapper around the send buffer's array (the stream of {@code Channels} wraps it anew
 * on every write). Not thread-safe, like the connection that owns it.
 */
final class ChannelOutput extends OutputStream {
  private final SocketChannel channel;

  private ByteBuffer wrapped = ByteBuffer.allocate(0);

  ChannelOutput(SocketChannel channel) {
    this.channel = channel;
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    ByteBuffer bb = wrapped;
    if (bb.array() != b) {
      bb = ByteBuffer.wrap(b);
      wrapped = bb;
    }
    bb.limit(off + len).position(off);
    while (bb.hasRemaining()) {
      channel.write(bb);
    }
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
