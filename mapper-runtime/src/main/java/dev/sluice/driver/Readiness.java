package dev.sluice.driver;

import java.io.IOException;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;

/**
 * A bounded wait for a blocking channel to become readable, for the calls that must stop waiting at
 * a deadline without closing the socket (an idle listener, a timed poll). The hot read path never
 * comes here: it reads with one blocking system call. Here the channel is switched to non-blocking
 * mode for the wait, registered with a selector of its own (opened on first use and kept), and
 * switched back before returning; the key is cancelled and flushed from the selector first, as a
 * registered channel cannot go back to blocking mode. No monitor is held while waiting (a virtual
 * thread stays unpinned). Not thread-safe: one wait at a time, and on a shared connection no write
 * during it (the reader holds the send lock while it waits; see {@link SharedConnection}).
 */
public final class Readiness {
  private final SocketChannel channel;

  /** Opened on the first wait; closed with the connection, perhaps from another thread. */
  private volatile Selector selector;

  /** Set by close(): no selector is opened after it. */
  private volatile boolean closed;

  public Readiness(SocketChannel channel) {
    this.channel = channel;
  }

  /**
   * Waits up to {@code millis} (at least 1) for bytes, or the end of the stream, to be readable;
   * true if they are, false when the time passed first. The caller then reads as usual.
   */
  public boolean await(long millis) throws IOException {
    Selector s = selector;
    if (s == null) {
      s = Selector.open();
      selector = s;
      if (closed) {
        s.close();
        throw new AsynchronousCloseException();
      }
    }
    channel.configureBlocking(false);
    SelectionKey key = null;
    try {
      key = channel.register(s, SelectionKey.OP_READ);
      return s.select(Math.max(1, millis)) > 0;
    } catch (ClosedSelectorException e) {
      throw new AsynchronousCloseException(); // the connection was closed meanwhile
    } finally {
      if (key != null) {
        key.cancel();
        if (s.isOpen()) {
          s.selectNow(); // deregisters the cancelled key
        }
      }
      if (channel.isOpen()) {
        channel.configureBlocking(true);
      }
    }
  }

  /**
   * Ends a wait in progress at once, or the next one to start (a selector's wakeup): for a shared
   * connection's sender, which must not wait for the reader's timed wait to end. Any thread.
   */
  public void wakeup() {
    Selector s = selector;
    if (s != null) {
      s.wakeup();
    }
  }

  /** Closes the selector, if one was opened; safe from any thread, and more than once. */
  public void close() {
    closed = true;
    Selector selector = this.selector;
    if (selector != null) {
      try {
        selector.close();
      } catch (IOException e) {
        // nothing held but the selector's own descriptors
      }
    }
  }
}
