package dev.sluice.driver;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The send lock of a {@link SharedConnection}, and the reader's timed wait that must hold it.
 *
 * <p>A caller encodes and sends under the lock, which also guards the statement cache. A reader
 * with a deadline waits for bytes in a selector, and a selector needs the channel in non-blocking
 * mode, which a blocking write must never meet. So the waiting reader holds the lock. A sender that
 * wants the lock counts itself in {@link #wanting} and wakes the selector first, and a reader that
 * sees a sender waiting does not start a wait. Both sides publish first and look second (volatile
 * fields), so at least one of them sees the other.
 */
final class SendGate {
  private final ReentrantLock lock = new ReentrantLock();
  private final Transport transport;

  /** Senders waiting for the lock: a reader sees them and does not start a timed wait. */
  private final AtomicInteger wanting = new AtomicInteger();

  /** Whether the reader is in (or entering) a timed wait, holding the lock. */
  private volatile boolean selecting;

  SendGate(Transport transport) {
    this.transport = transport;
  }

  /** Takes the lock, first ending a reader's timed wait that holds it. */
  void lock() {
    wanting.incrementAndGet();
    try {
      if (selecting) {
        transport.wakeupReader();
      }
      lock.lock();
    } finally {
      wanting.decrementAndGet();
    }
  }

  void unlock() {
    lock.unlock();
  }

  /**
   * The reader waits up to {@code nanos} for bytes; true when a read should follow (bytes came, or
   * a sender is stuck writing, which may be waiting for this reader), false to look at the time
   * again.
   */
  boolean waitReadable(long nanos) throws IOException {
    if (wanting.get() > 0) {
      LockSupport.parkNanos(this, 20_000); // let the sender go first
      return false;
    }
    boolean locked;
    try {
      locked = lock.tryLock(1, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
    if (!locked) {
      // A sender has been writing for a millisecond: the server may be waiting for its replies to
      // be read before it reads more. Block on a read (bytes will come).
      return true;
    }
    try {
      selecting = true;
      if (wanting.get() > 0) {
        return false;
      }
      long millis = Math.max(1, Math.min(nanos / 1_000_000, 1_000));
      return transport.awaitReadable(millis);
    } finally {
      selecting = false;
      lock.unlock();
    }
  }
}
