package dev.sluice.driver;

import dev.sluice.NoticeListener;
import dev.sluice.PgException;
import dev.sluice.SluiceListener;
import dev.sluice.driver.config.ConnectionConfig;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A bounded pool of {@link PgConnection}s, safe for any number of threads.
 *
 * <p>Design: one lock guards the idle stack, the queue of waiting callers and the count of open
 * connections; it is never held during I/O (connecting, validating, closing happen outside it), and
 * waiting uses Conditions, not {@code synchronized}, so virtual threads do not pin a carrier while
 * they wait. Idle connections are reused most-recent-first, which keeps few connections warm and
 * lets the rest age out. Under contention a thread that releases and at once re-acquires may take
 * its connection back (no thread switch: the best throughput), but once the longest waiter has
 * waited {@link #HANDOFF_AFTER_NANOS}, a released connection goes straight to it (and a freed slot
 * lets it open one): no caller starves, latency stays bounded.
 *
 * <p>A connection comes back through {@link #release}. One that is broken (I/O error, protocol
 * violation), closed, past its max lifetime, or left inside a transaction is closed and a slot
 * freed; the next acquire opens a fresh one, so the pool heals after a server restart. Before an
 * idle connection is handed out it is checked without blocking for messages the server sent while
 * it idled (a FATAL termination notice, say).
 *
 * <p>Through a failover: once a connection has come back lost (broken or closed by the server),
 * every connection that was idle at that moment is probed before it is handed out, however short
 * its idle time, since its server may be gone too; and a connection whose server reported that it
 * no longer fits target_session_attrs (a promoted standby, a primary turned read-only: see {@link
 * TargetSessionCheck}) is closed at release and at checkout. New connections go through {@link
 * Connector}, which tries the hosts again and so finds the new primary.
 *
 * <p>Misuse: a connection must be released exactly once and not used after; {@link
 * dev.sluice.Database} does this for its callers.
 */
public final class ConnectionPool implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(ConnectionPool.class.getName());

  /**
   * A connection idle longer than this is probed (a non-blocking read of one byte, three system
   * calls) before it is handed out, to find sessions the server or the network closed silently.
   */
  static final long PROBE_AFTER_IDLE_NANOS = TimeUnit.SECONDS.toNanos(1);

  /**
   * A caller that has waited this long gets the next released connection directly; before that, a
   * thread that releases and re-acquires may take it again (cheaper: no thread switch). This bounds
   * the wait of every caller under contention without giving up throughput.
   */
  static final long HANDOFF_AFTER_NANOS = TimeUnit.MICROSECONDS.toNanos(1000);

  private final ConnectionConfig config;
  private final NoticeListener noticeListener;

  /** Hears acquires, opens, closes and every call on the pool's connections; null: none. */
  private final SluiceListener listener;

  private final int maxSize;
  private final long acquireTimeoutNanos;
  private final long idleTimeoutNanos;
  private final long maxLifetimeNanos;

  private final ReentrantLock lock = new ReentrantLock();

  /** Callers waiting for a connection, longest first. Guarded by lock. */
  private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();

  /** Idle connections, most recently released last. Guarded by lock. */
  private final ArrayDeque<Idle> idle = new ArrayDeque<>();

  /** Connections open or being opened, idle or in use. Guarded by lock. */
  private int total;

  /** Guarded by lock. */
  private boolean closed;

  /**
   * System.nanoTime() when a connection last came back lost: connections idle since before then are
   * probed at checkout.
   */
  private volatile long lostAtNanos = System.nanoTime();

  private final ScheduledExecutorService housekeeper;

  private record Idle(PgConnection connection, long sinceNanos) {}

  /** A caller in line for a connection. Fields guarded by lock. */
  private static final class Waiter {
    final Condition ready;

    /** When the caller started waiting. */
    final long sinceNanos;

    /** A connection released straight to this caller (or taken from idle on waking). */
    PgConnection handed;

    /** Whether {@link #handed} idled long enough to be probed. */
    boolean probe;

    /** Leave to open a new connection; {@code total} already counts it. */
    boolean slot;

    Waiter(Condition ready, long sinceNanos) {
      this.ready = ready;
      this.sinceNanos = sinceNanos;
    }
  }

  public ConnectionPool(
      ConnectionConfig config,
      NoticeListener noticeListener,
      int maxSize,
      Duration acquireTimeout,
      Duration idleTimeout,
      Duration maxLifetime) {
    this(config, noticeListener, maxSize, acquireTimeout, idleTimeout, maxLifetime, null);
  }

  /**
   * A pool whose events, and the calls on whose connections, {@code listener} hears (null: none;
   * see {@link PoolTrace}, {@link StatementTrace}); it must not throw.
   */
  public ConnectionPool(
      ConnectionConfig config,
      NoticeListener noticeListener,
      int maxSize,
      Duration acquireTimeout,
      Duration idleTimeout,
      Duration maxLifetime,
      SluiceListener listener) {
    if (maxSize < 1) {
      throw new IllegalArgumentException("pool size < 1: " + maxSize);
    }
    this.config = config;
    this.noticeListener = noticeListener;
    this.listener = listener;
    this.maxSize = maxSize;
    this.acquireTimeoutNanos = acquireTimeout.toNanos();
    this.idleTimeoutNanos = idleTimeout.toNanos();
    this.maxLifetimeNanos = maxLifetime.toNanos();
    this.housekeeper =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "sluice-pool-housekeeper");
              t.setDaemon(true);
              return t;
            });
    long period = sweepPeriodMillis(idleTimeout, maxLifetime);
    housekeeper.scheduleWithFixedDelay(this::evictIdle, period, period, TimeUnit.MILLISECONDS);
  }

  /**
   * How often a pool looks for connections past the idle timeout or the max lifetime: at half the
   * shorter limit that is on (a limit of zero or less is off), within 0.1..30 s; 30 s when neither
   * is on. The pipelined pool's sweep uses the same period.
   */
  static long sweepPeriodMillis(Duration idleTimeout, Duration maxLifetime) {
    long basis = Long.MAX_VALUE;
    if (!idleTimeout.isZero() && !idleTimeout.isNegative()) {
      basis = idleTimeout.toMillis();
    }
    if (!maxLifetime.isZero() && !maxLifetime.isNegative()) {
      basis = Math.min(basis, maxLifetime.toMillis());
    }
    return Math.max(100, Math.min(30_000, basis / 2));
  }

  /**
   * A connection for exclusive use until {@link #release}; waits up to the acquire timeout. A
   * caller that has waited {@link #HANDOFF_AFTER_NANOS} is served before any newcomer, so no caller
   * starves while others release and re-acquire.
   */
  public PgConnection acquire() {
    if (!PoolTrace.acquireObserved(listener)) {
      return take();
    }
    long start = System.nanoTime();
    JfrPoolAcquire jfr = null;
    if (JfrPoolAcquire.TYPE.isEnabled()) {
      jfr = new JfrPoolAcquire();
      jfr.begin();
    }
    PgConnection c = take();
    PoolTrace.acquired(listener, jfr, start, c);
    return c;
  }

  private PgConnection take() {
    long deadline = System.nanoTime() + acquireTimeoutNanos;
    for (; ; ) {
      PgConnection candidate = null;
      boolean open = false;
      boolean probe = false;
      lock.lock();
      try {
        if (closed) {
          throw new PgException("08003", "the database pool is closed");
        }
        Idle i = idle.pollLast();
        if (i != null) {
          candidate = i.connection;
          probe = needsProbe(i);
        } else if (waiters.isEmpty() && total < maxSize) {
          total++;
          open = true;
        } else {
          Waiter w = awaitTurn(deadline);
          candidate = w.handed;
          open = candidate == null;
          probe = w.probe;
        }
      } finally {
        lock.unlock();
      }
      if (open) {
        try {
          PgConnection c = PgConnection.connect(config, noticeListener, listener);
          PoolTrace.opened(listener, c);
          return c;
        } catch (RuntimeException e) {
          freeSlot();
          throw e;
        }
      }
      if (expired(candidate)
          || !candidate.checkIdle(probe)
          || !TargetSessionCheck.stillFits(candidate, config.targetSessionAttrs())) {
        discard(candidate);
        continue;
      }
      return candidate;
    }
  }

  /**
   * Queues the caller and waits until a connection or a slot is handed to it. Called with the lock
   * held; returns with it held. On timeout, interrupt or close, whatever was handed meanwhile is
   * passed on, and the caller gets a PgException.
   */
  private Waiter awaitTurn(long deadline) {
    Waiter w = new Waiter(lock.newCondition(), System.nanoTime());
    waiters.addLast(w);
    PgException failure = null;
    try {
      while (w.handed == null && !w.slot) {
        if (closed) {
          failure = new PgException("08003", "the database pool is closed");
          break;
        }
        // Woken by a release that left the connection idle: take it if no one was quicker.
        Idle i = idle.pollLast();
        if (i != null) {
          waiters.remove(w);
          w.handed = i.connection;
          w.probe = needsProbe(i);
          break;
        }
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
          failure =
              new PgException(
                  "08001",
                  "timed out after "
                      + TimeUnit.NANOSECONDS.toMillis(acquireTimeoutNanos)
                      + " ms waiting for a connection: all "
                      + maxSize
                      + " are in use (raise maxPoolSize, or look for a"
                      + " caller that holds a connection: an unclosed stream or a long transaction)");
          break;
        }
        long untilOverdue = w.sinceNanos + HANDOFF_AFTER_NANOS - System.nanoTime();
        w.ready.awaitNanos(untilOverdue > 0 ? Math.min(remaining, untilOverdue) : remaining);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure = new PgException("08001", "interrupted while waiting for a connection");
    }
    if (failure == null) {
      return w;
    }
    waiters.remove(w);
    if (w.handed != null) {
      handOff(w.handed);
    } else if (w.slot) {
      total--;
      grantSlot();
    }
    throw failure;
  }

  /**
   * Returns a connection. Only one whose last exchange is complete, outside a transaction and not
   * expired is kept, after the session state its caller left is reset; any other (broken, closed,
   * busy with an exchange a failure left half-way, still in a transaction, failing its reset) is
   * closed instead.
   */
  public void release(PgConnection c) {
    if (c.isBroken() || c.isClosed()) {
      lostAtNanos = System.nanoTime(); // its server may have gone: probe the others before use
    }
    boolean keep =
        c.isReusable()
            && !expired(c)
            && c.transactionStatus() == Protocol.TX_IDLE
            && TargetSessionCheck.stillFits(c, config.targetSessionAttrs());
    if (keep && c.needsReset()) {
      // Session state the caller left (a SET, LISTEN, a temporary table, …) must not reach the
      // next caller: clear it, or close the connection if that fails.
      try {
        c.reset();
      } catch (RuntimeException e) {
        keep = false;
      }
    }
    if (keep) {
      lock.lock();
      try {
        if (!closed) {
          handOff(c);
          return;
        }
      } finally {
        lock.unlock();
      }
    }
    discard(c);
  }

  /**
   * Gives a healthy connection to the longest waiter if it has waited {@link #HANDOFF_AFTER_NANOS}
   * or more; else makes it idle. Lock held.
   */
  private void handOff(PgConnection c) {
    Waiter w = waiters.peekFirst();
    if (w != null && System.nanoTime() - w.sinceNanos >= HANDOFF_AFTER_NANOS) {
      waiters.pollFirst();
      w.handed = c;
      w.ready.signal();
      return;
    }
    // No wake-up: a waiter that is not yet overdue wakes by itself when it becomes so (see
    // awaitTurn) and takes an idle connection then; waking it now would mostly make it find the
    // connection re-taken and sleep again, two thread switches for nothing.
    idle.addLast(new Idle(c, System.nanoTime()));
  }

  /** Lets the longest waiter open a connection in a slot that just came free. Lock held. */
  private void grantSlot() {
    if (total < maxSize) {
      Waiter w = waiters.pollFirst();
      if (w != null) {
        total++;
        w.slot = true;
        w.ready.signal();
      }
    }
  }

  /** Idle long enough to have been dropped silently, or idle since before a connection was lost. */
  private boolean needsProbe(Idle i) {
    return System.nanoTime() - i.sinceNanos > PROBE_AFTER_IDLE_NANOS
        || i.sinceNanos - lostAtNanos <= 0;
  }

  private boolean expired(PgConnection c) {
    return maxLifetimeNanos > 0 && System.nanoTime() - c.createdNanos() > maxLifetimeNanos;
  }

  private void discard(PgConnection c) {
    try {
      PoolTrace.closing(listener, c);
      c.close();
    } finally {
      freeSlot();
    }
  }

  private void freeSlot() {
    lock.lock();
    try {
      total--;
      grantSlot();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Closes connections idle longer than the idle timeout or older than the max lifetime (runs on
   * the housekeeper thread). Either limit may be off (zero) while the other is on.
   */
  private void evictIdle() {
    if (idleTimeoutNanos <= 0 && maxLifetimeNanos <= 0) {
      return;
    }
    List<PgConnection> stale = new ArrayList<>();
    long now = System.nanoTime();
    lock.lock();
    try {
      Iterator<Idle> it = idle.iterator(); // eldest first
      while (it.hasNext()) {
        Idle i = it.next();
        if ((idleTimeoutNanos > 0 && now - i.sinceNanos > idleTimeoutNanos)
            || expired(i.connection)) {
          it.remove();
          stale.add(i.connection);
        }
      }
    } finally {
      lock.unlock();
    }
    for (PgConnection c : stale) {
      LOG.log(System.Logger.Level.DEBUG, "closing idle {0}", c);
      discard(c);
    }
  }

  /** Connections open now (idle and in use). */
  public int size() {
    lock.lock();
    try {
      return total;
    } finally {
      lock.unlock();
    }
  }

  public int idleCount() {
    lock.lock();
    try {
      return idle.size();
    } finally {
      lock.unlock();
    }
  }

  /** Callers waiting for a connection now. */
  public int waitingCallers() {
    lock.lock();
    try {
      return waiters.size();
    } finally {
      lock.unlock();
    }
  }

  public int maxSize() {
    return maxSize;
  }

  /** Hears each call's end on the pool's connections (the Database's listeners), or null. */
  public SluiceListener listener() {
    return listener;
  }

  public ConnectionConfig config() {
    return config;
  }

  /** Closes idle connections now and every in-use one when it is released; later acquires fail. */
  @Override
  public void close() {
    List<PgConnection> toClose = new ArrayList<>();
    lock.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      for (Idle i : idle) {
        toClose.add(i.connection);
      }
      idle.clear();
      for (Waiter w : waiters) {
        w.ready.signal();
      }
    } finally {
      lock.unlock();
    }
    housekeeper.shutdownNow();
    for (PgConnection c : toClose) {
      discard(c);
    }
  }
}
