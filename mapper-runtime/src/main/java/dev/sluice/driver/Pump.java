package dev.sluice.driver;

import dev.sluice.PgException;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Who reads a {@link SharedConnection}'s replies, and what a caller that gives up leaves behind.
 *
 * <p>No thread of its own reads the connection. The caller that finds no one reading takes the pump
 * and reads replies in order, handing each to its exchange and waking that exchange's caller, until
 * its own exchange is done; it then hands the pump to the caller of the oldest exchange still
 * waiting. A caller whose reply another is reading parks, and is woken when its reply is in or the
 * pump is its. No monitor is held around I/O, so virtual threads are never pinned.
 *
 * <p>A caller that times out (or is interrupted) abandons its exchange: never cancelled, its reply
 * read and dropped when it comes. Until every abandoned exchange has ended the connection takes no
 * new caller ({@link #isDraining}); past {@link #DRAIN_BOUND_MILLIS} it is closed. When only
 * abandoned exchanges remain and no caller waits, a drainer thread reads them to their end.
 */
final class Pump {
  private static final System.Logger LOG = System.getLogger(PgConnection.class.getName());

  /** The longest a waiting caller parks before it looks again at its reply and the pump. */
  static final long PARK_SLICE_NANOS = 50_000_000;

  /** How long abandoned exchanges may take to end before the connection is closed. */
  static final long DRAIN_BOUND_MILLIS = 10_000;

  private final SharedConnection connection;
  private final Session session;
  private final SendGate gate;

  /** Guards {@link #pumper}. */
  private final ReentrantLock lock = new ReentrantLock();

  /** The thread reading replies, or null. Guarded by lock. */
  private Thread pumper;

  /** Exchanges whose callers gave up, not yet ended. */
  private final AtomicInteger abandoned = new AtomicInteger();

  /** Told when the last abandoned exchange ends (the pool's waiters may use it again). */
  volatile Runnable drained;

  Pump(SharedConnection connection, Session session, SendGate gate) {
    this.connection = connection;
    this.session = session;
    this.gate = gate;
  }

  /** Whether a caller gave up on an exchange still in flight. */
  boolean isDraining() {
    return abandoned.get() > 0;
  }

  /** Called when an abandoned exchange ends (on the reading thread). */
  void abandonedEnded() {
    if (abandoned.decrementAndGet() == 0) {
      Runnable r = drained;
      if (r != null) {
        r.run();
      }
    }
  }

  /**
   * Waits until {@code x} is done, reading replies whenever no one else does; throws what its
   * caller is told if the deadline passes or the thread is interrupted first.
   */
  void await(Exchange x, long deadline, long timeoutMillis) {
    for (; ; ) {
      if (x.finished) {
        return;
      }
      if (x instanceof SharedQuery q && q.sendState() != SharedQuery.SENT) {
        if (!awaitSent(q, deadline, timeoutMillis)) {
          return; // given back unsent: its caller sees why
        }
        continue;
      }
      if (take()) {
        try {
          pump(x, deadline);
        } catch (IOException | RuntimeException | Error e) {
          connection.breakAll(e); // x fails with the others: its reply is lost with the connection
        } finally {
          release();
        }
        if (x.finished) {
          return;
        }
      } else {
        // Woken when the reply is in or the pump is handed over. A wake-up is a permit that any
        // park of this thread may take (a lock's, inside take), so the state is looked at again
        // before parking, and no park lasts more than a slice.
        long slice = PARK_SLICE_NANOS;
        if (deadline != 0) {
          slice = Math.min(slice, deadline - System.nanoTime());
        }
        if (slice > 0 && !x.finished) {
          LockSupport.parkNanos(this, slice);
        }
      }
      boolean late = deadline != 0 && deadline - System.nanoTime() <= 0;
      if ((late || Thread.currentThread().isInterrupted()) && abandon(x)) {
        throw SharedQuery.abandonedError(x, late, timeoutMillis);
      }
    }
  }

  /**
   * One turn of waiting for {@code q}'s send, which the send lock's holder does (see {@link
   * SendGate}): sends it (and the others pending) if the lock is free, else parks, as for a reply,
   * since the holder wakes no one when it sends. False if {@code q} was given back unsent. A caller
   * whose time passes before its statement was taken withdraws it: it never reaches the server.
   */
  private boolean awaitSent(SharedQuery q, long deadline, long timeoutMillis) {
    int state = q.sendState();
    if (state == SharedQuery.PENDING) {
      gate.combine();
      state = q.sendState();
    }
    if (state > SharedQuery.SENT) {
      return false;
    }
    if (state == SharedQuery.SENT || q.finished) {
      return true;
    }
    long slice = PARK_SLICE_NANOS;
    if (deadline != 0) {
      slice = Math.min(slice, deadline - System.nanoTime());
    }
    if (slice > 0) {
      LockSupport.parkNanos(this, slice);
    }
    boolean late = deadline != 0 && deadline - System.nanoTime() <= 0;
    if ((late || Thread.currentThread().isInterrupted()) && q.withdraw()) {
      throw new PgException(
          "57014",
          (late
                  ? "the query timeout of " + timeoutMillis + " ms passed"
                  : "the thread was interrupted")
              + " before the statement was sent on its shared connection; it did not run",
          q.sql,
          null);
    }
    return true;
  }

  /**
   * Reads replies until {@code x} is done, or its deadline passes (then it returns with {@code x}
   * not done).
   */
  private void pump(Exchange x, long deadline) throws IOException {
    while (!x.finished) {
      if (deadline == 0) {
        session.receive(x);
        continue;
      }
      if (session.buffer.hasPendingInput()) {
        session.receiveBuffered(x);
        continue;
      }
      long left = deadline - System.nanoTime();
      if (left <= 0 || Thread.currentThread().isInterrupted()) {
        return;
      }
      if (gate.waitReadable(left)) {
        session.receiveBuffered(x);
      }
    }
    // Replies of the callers behind that are already in the receive buffer are read now: each of
    // those callers is spared a hand-off of the pump (a wake-up and a thread switch).
    Exchange last;
    while (session.buffer.limit() > session.buffer.position()
        && (last = session.lastInflight()) != null) {
      session.receiveBuffered(last);
    }
  }

  /**
   * Wakes the caller of the oldest exchange still waiting if no one reads replies now: statements
   * were just sent that someone must read while their write goes out.
   */
  void nudge() {
    lock.lock();
    try {
      if (pumper == null) {
        Thread next = session.firstWaiter();
        if (next != null && next != Thread.currentThread()) {
          LockSupport.unpark(next);
        }
      }
    } finally {
      lock.unlock();
    }
  }

  private boolean take() {
    lock.lock();
    try {
      if (pumper == null) {
        pumper = Thread.currentThread();
        return true;
      }
      return false;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Gives up the pump: to the caller of the oldest exchange still waiting, or, when only abandoned
   * exchanges remain, to a drainer thread that reads them to their end.
   */
  private void release() {
    lock.lock();
    try {
      pumper = null;
      handOn();
    } finally {
      lock.unlock();
    }
  }

  /** Under lock, with no pumper: wakes whoever must read next. */
  private void handOn() {
    if (connection.isBroken()) {
      return;
    }
    Thread next = session.firstWaiter();
    if (next != null) {
      LockSupport.unpark(next);
    } else if (session.lastInflight() != null) {
      Thread t = new Thread(this::drain, "sluice-shared-connection-drain");
      t.setDaemon(true);
      t.start();
    }
  }

  /** Reads the replies of abandoned exchanges (no caller waits for them) to their end. */
  private void drain() {
    if (!take()) {
      return; // a caller reads
    }
    try {
      Exchange last;
      while ((last = session.lastInflight()) != null && session.firstWaiter() == null) {
        session.receive(last);
      }
    } catch (IOException | RuntimeException | Error e) {
      connection.breakAll(e);
    } finally {
      release();
    }
  }

  /**
   * The caller of {@code x} stops waiting; false if {@code x} is done after all. The reply is
   * dropped when it comes; past the drain bound the connection is closed.
   */
  private boolean abandon(Exchange x) {
    lock.lock();
    try {
      if (x instanceof SharedQuery q) {
        abandoned.incrementAndGet();
        if (!q.abandon()) {
          abandoned.decrementAndGet();
          return false; // done after all
        }
      } else if (x.finished) {
        return false;
      }
      x.waiter = null;
      Deadlines.schedule(
          () -> {
            if (!x.finished) {
              LOG.log(
                  System.Logger.Level.WARNING,
                  "an abandoned statement did not end within {0} ms; closing its shared connection",
                  DRAIN_BOUND_MILLIS);
              connection.breakAll(
                  new PgException("08006", "abandoned statements did not end in time"));
            }
          },
          DRAIN_BOUND_MILLIS);
      if (pumper == null) {
        handOn();
      }
      return true;
    } finally {
      lock.unlock();
    }
  }
}
