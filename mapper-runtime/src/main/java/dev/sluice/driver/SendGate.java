package dev.sluice.driver;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The send lock of a {@link SharedConnection}, the statements callers leave to its holder, and the
 * reader's timed wait that must hold it.
 *
 * <p><b>Combining.</b> A caller does not wait for the lock to send its statement: it leaves the
 * statement in {@link #pending} and sends it itself only if the lock is free. Whoever holds the
 * lock sends every pending statement before letting it go, in one write, and looks again after
 * letting it go (a statement left while it was unlocking). So callers that come together cost one
 * system call between them, and none of them parks on the lock: each parks once, for its reply.
 *
 * <p><b>The reader's timed wait.</b> A reader with a deadline waits for bytes in a selector, and a
 * selector needs the channel in non-blocking mode, which a blocking write must never meet. So the
 * waiting reader holds the lock. A caller that leaves a statement, or wants the lock, wakes the
 * selector first, and a reader that sees one does not start a wait. The reader never sends what was
 * left pending: it wakes the caller who left it (a reader blocked in a write, with the socket full,
 * would leave no one to read). Both sides publish first and look second (volatile fields), so at
 * least one of them sees the other.
 */
final class SendGate {
  private final ReentrantLock lock = new ReentrantLock();
  private final Transport transport;

  /** Sends the {@link #pending} statements; called with the lock held. */
  private final Runnable sendPending;

  /**
   * Statements left by their callers, to be sent by the lock's holder: a stack linked through
   * {@link SharedQuery#nextPending}, newest first, so leaving one allocates nothing. The holder
   * takes them all at once and sends them oldest first.
   */
  private volatile SharedQuery pending;

  private static final VarHandle PENDING;

  static {
    try {
      PENDING = MethodHandles.lookup().findVarHandle(SendGate.class, "pending", SharedQuery.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Senders waiting for the lock: a reader sees them and does not start a timed wait. */
  private final AtomicInteger wanting = new AtomicInteger();

  /** Whether the reader is in (or entering) a timed wait, holding the lock. */
  private volatile boolean selecting;

  SendGate(Transport transport, Runnable sendPending) {
    this.transport = transport;
    this.sendPending = sendPending;
  }

  /**
   * Leaves {@code x} to be sent, and sends it (with any others pending) if the lock is free; else
   * the lock's holder sends it.
   */
  void offer(SharedQuery x) {
    SharedQuery top;
    do {
      top = pending;
      x.nextPending = top;
    } while (!PENDING.compareAndSet(this, top, x));
    if (selecting) {
      transport.wakeupReader();
    }
    combine();
  }

  /**
   * Takes every pending statement: the oldest, linked to the next through {@link
   * SharedQuery#nextPending}, or null.
   */
  SharedQuery takeAll() {
    SharedQuery x = (SharedQuery) PENDING.getAndSet(this, null);
    SharedQuery oldestFirst = null;
    while (x != null) {
      SharedQuery next = x.nextPending;
      x.nextPending = oldestFirst;
      oldestFirst = x;
      x = next;
    }
    return oldestFirst;
  }

  /** Sends the pending statements while there are some and the lock is free. */
  void combine() {
    while (pending != null && lock.tryLock()) {
      try {
        sendPending.run();
      } finally {
        lock.unlock();
      }
    }
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

  /** Lets the lock go, then sends what was left pending meanwhile. */
  void unlock() {
    lock.unlock();
    combine();
  }

  /**
   * The reader waits up to {@code nanos} for bytes; true when a read should follow (bytes came, or
   * a sender is stuck writing, which may be waiting for this reader), false to look at the time
   * again.
   */
  boolean waitReadable(long nanos) throws IOException {
    if (pending != null || wanting.get() > 0) {
      wakePending();
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
      if (wanting.get() > 0 || pending != null) {
        return false;
      }
      long millis = Math.max(1, Math.min(nanos / 1_000_000, 1_000));
      return transport.awaitReadable(millis);
    } finally {
      selecting = false;
      lock.unlock();
      wakePending();
    }
  }

  /**
   * The reader never sends (see {@link #waitReadable}): it wakes the caller of the newest pending
   * statement, who sends them all. A reader that writes could fill the socket while no one reads.
   */
  private void wakePending() {
    SharedQuery x = pending;
    if (x != null) {
      Thread w = x.waiter;
      if (w != null) {
        LockSupport.unpark(w);
      }
    }
  }
}
