package dev.sluice.driver;

import dev.sluice.NoticeListener;
import dev.sluice.PgException;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.driver.config.StatementMode;
import java.util.ArrayList;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Connections shared by concurrent callers through pipelining ({@link SharedConnection}): each call
 * goes to the least-loaded connection with fewer than {@code maxInFlight} calls on it, a new
 * connection is opened while every open one is busy and the pool is below its size, and a caller
 * waits (up to the acquire timeout) only when every connection is full. A connection that broke is
 * dropped; one draining an abandoned call takes no new call until it is done.
 *
 * <p>As in the ordinary pool, a connection idle (no call on it) longer than the idle timeout is
 * closed, one older than the max lifetime takes no new call and is closed when its last call ends,
 * and so is one whose server reported that it no longer fits the target_session_attrs (a primary
 * demoted, see {@link TargetSessionCheck}). A sweep on the deadline thread, at half the shorter
 * limit, closes idle connections when no call comes.
 *
 * <p>Only statements that leave nothing in the session may share a connection ({@link #mayShare}):
 * the caller sends the rest to a pinned connection of the ordinary pool.
 */
public final class PipelinedPool implements AutoCloseable {
  private final ConnectionConfig config;
  private final NoticeListener noticeListener;
  private final dev.sluice.SluiceListener listener;
  private final int maxConnections;
  private final int maxInFlight;
  private final long acquireTimeoutNanos;
  private final long idleTimeoutNanos;
  private final long maxLifetimeNanos;
  private final long sweepMillis;

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition freed = lock.newCondition();
  private final ArrayList<SharedConnection> connections = new ArrayList<>();

  /**
   * The connections as of the last change to {@link #connections}, for the busy path, which takes
   * no lock (see {@link #acquire}).
   */
  private volatile SharedConnection[] open = new SharedConnection[0];

  /** Callers in the locked path of {@link #acquire}: a release must take the lock to wake them. */
  private final java.util.concurrent.atomic.AtomicInteger waiting =
      new java.util.concurrent.atomic.AtomicInteger();

  private int opening;
  private volatile boolean closed;

  /** When a connection was last found broken: the others idle since then are probed. */
  private long lostAtNanos = System.nanoTime();

  /** Whether a sweep is scheduled. Guarded by lock. */
  private boolean sweeping;

  public PipelinedPool(
      ConnectionConfig config,
      NoticeListener noticeListener,
      dev.sluice.SluiceListener listener,
      int maxConnections,
      int maxInFlight,
      java.time.Duration acquireTimeout,
      java.time.Duration idleTimeout,
      java.time.Duration maxLifetime) {
    if (maxConnections < 1 || maxInFlight < 1) {
      throw new IllegalArgumentException(
          "a pipelined pool needs at least 1 connection and 1 call in flight per connection");
    }
    if (config.statementMode() == StatementMode.UNNAMED) {
      // Its connections bind named statements prepared by an earlier round trip, and many
      // callers' statements interleave on them: nothing a transaction-pooling proxy allows.
      throw new PgException(
          "0A000",
          "the pipelined pool needs statement_mode=named; use the ordinary pool behind a"
              + " transaction-pooling proxy");
    }
    this.config = config;
    this.noticeListener = noticeListener;
    this.listener = listener;
    this.maxConnections = maxConnections;
    this.maxInFlight = maxInFlight;
    this.acquireTimeoutNanos = acquireTimeout.toNanos();
    this.idleTimeoutNanos = Math.max(0, idleTimeout.toNanos());
    this.maxLifetimeNanos = Math.max(0, maxLifetime.toNanos());
    this.sweepMillis =
        idleTimeoutNanos > 0 || maxLifetimeNanos > 0
            ? ConnectionPool.sweepPeriodMillis(idleTimeout, maxLifetime)
            : 0;
  }

  /**
   * A connection with room for one more call, until {@link #release}.
   *
   * <p>The busy path takes no lock: when the pool is at its size and the least-loaded connection
   * already has calls on it, the call joins it by raising its load atomically. Everything else —
   * opening a connection, probing or retiring one, waiting for room — goes through the lock. Every
   * call took and released the pool's lock before, and 16 callers on two cores queued on it.
   */
  public SharedConnection acquire() {
    SharedConnection busy = joinBusy();
    return busy != null ? busy : acquireLocked();
  }

  /**
   * Joins the least-loaded connection without the lock, or returns null for the locked path: the
   * pool can still open one, the least loaded is idle (it may need a probe) or full, or one may
   * need retiring.
   */
  private SharedConnection joinBusy() {
    SharedConnection[] all = open;
    if (all.length < maxConnections || closed) {
      return null;
    }
    SharedConnection best = null;
    int bestLoad = Integer.MAX_VALUE;
    for (SharedConnection c : all) {
      if (c.retired || c.isBroken() || c.isDraining()) {
        return null; // the locked path retires it, or waits
      }
      int l = c.load.get();
      if (l < bestLoad) {
        best = c;
        bestLoad = l;
      }
    }
    if (best == null || bestLoad == 0 || bestLoad >= maxInFlight || !fits(best)) {
      return null;
    }
    if (!best.load.compareAndSet(bestLoad, bestLoad + 1)) {
      return null; // another caller moved it: decide under the lock
    }
    if (best.retired || closed) {
      release(best);
      return null;
    }
    return best;
  }

  private SharedConnection acquireLocked() {
    long deadline = System.nanoTime() + acquireTimeoutNanos;
    lock.lock();
    waiting.incrementAndGet();
    try {
      for (; ; ) {
        if (closed) {
          throw new PgException("08003", "the database is closed");
        }
        SharedConnection best = null;
        for (int i = connections.size() - 1; i >= 0; i--) {
          SharedConnection c = connections.get(i);
          if (c.isBroken() || !fits(c)) {
            retire(i);
            continue;
          }
          if (!c.isDraining()
              && c.load.get() < maxInFlight
              && (best == null || c.load.get() < best.load.get())) {
            best = c;
          }
        }
        boolean canOpen = connections.size() + opening < maxConnections;
        if (best != null && (best.load.get() == 0 || !canOpen)) {
          if (best.load.get() == 0 && !best.probeIdle(needsProbe(best))) {
            connections.remove(best); // the server ended it while it was idle
            published();
            best.close();
            lostAtNanos = System.nanoTime(); // the others may be gone too
            continue;
          }
          best.load.incrementAndGet();
          return best;
        }
        if (canOpen) {
          return openOne();
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new PgException(
              "08001", // as the ordinary pool's acquire timeout
              "no shared connection had room for a call within the acquire timeout of "
                  + TimeUnit.NANOSECONDS.toMillis(acquireTimeoutNanos)
                  + " ms ("
                  + connections.size()
                  + " connections, "
                  + maxInFlight
                  + " calls in flight each)");
        }
        freed.awaitNanos(left);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PgException("08001", "interrupted while waiting for a shared connection");
    } finally {
      waiting.decrementAndGet();
      lock.unlock();
    }
  }

  /** Publishes {@link #connections} to the busy path after a change. Lock held. */
  private void published() {
    open = connections.toArray(new SharedConnection[0]);
  }

  /** Opens a connection for the caller, outside the lock (held on entry and on return). */
  private SharedConnection openOne() {
    opening++;
    lock.unlock();
    SharedConnection c = null;
    try {
      c = SharedConnection.open(config, noticeListener, listener);
    } finally {
      lock.lock();
      opening--;
      if (c == null) {
        freed.signal(); // another caller may open one instead
      }
    }
    if (closed) {
      c.close();
      throw new PgException("08003", "the database is closed");
    }
    c.pump.drained = this::signalFreed;
    connections.add(c);
    published();
    c.load.incrementAndGet();
    if (sweepMillis > 0 && !sweeping) {
      sweeping = true;
      Deadlines.schedule(this::sweep, sweepMillis);
    }
    return c;
  }

  /**
   * Whether {@code c} may take a new call: not past its max lifetime, and still of the kind
   * target_session_attrs asks for. Reads nothing the lock guards (the busy path calls it too).
   */
  private boolean fits(SharedConnection c) {
    return (maxLifetimeNanos == 0 || System.nanoTime() - c.createdNanos <= maxLifetimeNanos)
        && TargetSessionCheck.stillFits(c::parameter, config.targetSessionAttrs());
  }

  /**
   * Whether idle {@code c} is probed before a call goes to it, by the ordinary pool's rule: idle
   * longer than {@link ConnectionPool#PROBE_AFTER_IDLE_NANOS}, or since before a connection was
   * found broken (its server may be gone too). A busy pool's connections fall idle for microseconds
   * at a time, and a probe each time would cost three system calls a call. Lock held.
   */
  private boolean needsProbe(SharedConnection c) {
    return System.nanoTime() - c.idleSinceNanos > ConnectionPool.PROBE_AFTER_IDLE_NANOS
        || c.idleSinceNanos - lostAtNanos <= 0;
  }

  /** Takes connection {@code i} out of the pool, closing it now if no call is on it. Lock held. */
  private void retire(int i) {
    SharedConnection c = connections.remove(i);
    published();
    if (c.isBroken()) {
      lostAtNanos = System.nanoTime();
    }
    c.retired = true; // before the load is read: see SharedConnection.retired
    if (c.load.get() == 0) {
      c.close();
    }
  }

  /**
   * Closes connections idle longer than the idle timeout, and retires those past their max
   * lifetime; runs on the deadline thread while the pool has connections.
   */
  private void sweep() {
    lock.lock();
    try {
      long now = System.nanoTime();
      for (int i = connections.size() - 1; i >= 0; i--) {
        SharedConnection c = connections.get(i);
        boolean idle =
            c.load.get() == 0 && idleTimeoutNanos > 0 && now - c.idleSinceNanos > idleTimeoutNanos;
        if (idle || c.isBroken() || !fits(c)) {
          retire(i);
        }
      }
      sweeping = !closed && !connections.isEmpty();
      if (sweeping) {
        Deadlines.schedule(this::sweep, sweepMillis);
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * Gives back the room a call took on {@code c}. Without the lock while calls remain on {@code c}
   * and nothing else is to do; with it when the load falls to 0 (the idle time starts), when {@code
   * c} is retired, broken or no longer fits, the pool is closed, or a caller waits for room.
   */
  public void release(SharedConnection c) {
    int left = c.load.decrementAndGet();
    if (left > 0 && waiting.get() == 0 && !c.retired && !closed && !c.isBroken()) {
      return;
    }
    lock.lock();
    try {
      if (c.isBroken()) {
        lostAtNanos = System.nanoTime();
      }
      if (c.load.get() == 0) {
        c.idleSinceNanos = System.nanoTime();
      }
      if (c.retired) {
        if (c.load.get() == 0) {
          c.close();
        }
      } else if (c.isBroken() || closed || !fits(c)) {
        int i = connections.indexOf(c);
        if (i >= 0) {
          retire(i);
        }
      }
      freed.signal();
    } finally {
      lock.unlock();
    }
  }

  private void signalFreed() {
    lock.lock();
    try {
      freed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /** Connections open now. */
  public int size() {
    lock.lock();
    try {
      return connections.size();
    } finally {
      lock.unlock();
    }
  }

  /** Closes every connection; calls still in flight fail. Later acquires fail. */
  @Override
  public void close() {
    lock.lock();
    try {
      closed = true;
      for (SharedConnection c : connections) {
        c.retired = true;
        c.close();
      }
      connections.clear();
      published();
      freed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  // ------------------------------------------------------------------ routing

  /** Routing decisions by text; cleared when it grows past {@link #ROUTES_KEPT}. */
  private static final ConcurrentHashMap<String, Boolean> ROUTES = new ConcurrentHashMap<>();

  private static final int ROUTES_KEPT = 4096;

  /**
   * Commands whose first word shows they use or change session state, or a transaction: they run on
   * a pinned connection, never a shared one.
   */
  private static final java.util.Set<String> PINNED_COMMANDS =
      java.util.Set.of(
          "set",
          "reset",
          "listen",
          "unlisten",
          "declare",
          "prepare",
          "execute",
          "deallocate",
          "discard",
          "begin",
          "start",
          "commit",
          "end",
          "rollback",
          "abort",
          "savepoint",
          "release",
          "copy",
          "lock",
          "load",
          "close",
          "fetch",
          "move");

  /**
   * Whether {@code sql} may run on a shared connection: its text shows no change to the session (no
   * SET, LISTEN, cursor, SQL PREPARE, transaction control, COPY or LOCK as its command; no
   * temporary object, advisory lock, {@code set_config}, or sequence function that the session
   * remembers for {@code currval}/{@code lastval}). What the text cannot show — a function that
   * sets state inside its body — is the caller's to route with a pinned connection.
   */
  public static boolean mayShare(String sql) {
    Boolean known = ROUTES.get(sql);
    if (known != null) {
      return known;
    }
    boolean share = decide(sql);
    if (ROUTES.size() >= ROUTES_KEPT) {
      ROUTES.clear();
    }
    ROUTES.put(sql, share);
    return share;
  }

  private static boolean decide(String sql) {
    String word = firstWord(sql);
    if (word.isEmpty() || PINNED_COMMANDS.contains(word)) {
      return false;
    }
    if (SessionResidue.ofText(sql) != SessionResidue.NONE) {
      return false;
    }
    String s = sql.toLowerCase(Locale.ROOT);
    return !s.contains("currval") && !s.contains("lastval");
  }

  /**
   * Whether running {@code sql} may change data (anything but a plain SELECT, VALUES, TABLE, SHOW
   * or EXPLAIN without ANALYZE, and a WITH that modifies nothing). A SELECT that calls a function
   * which writes is not seen.
   */
  static boolean mayWrite(String sql) {
    String word = firstWord(sql);
    switch (word) {
      case "select":
      case "values":
      case "table":
      case "show":
        return false;
      case "explain":
        return sql.toLowerCase(Locale.ROOT).contains("analyze");
      case "with":
        String s = sql.toLowerCase(Locale.ROOT);
        return s.contains("insert")
            || s.contains("update")
            || s.contains("delete")
            || s.contains("merge");
      default:
        return true;
    }
  }

  /** The first word of {@code sql} in lower case, after blanks, comments and parentheses. */
  static String firstWord(String sql) {
    String s = TransactionControl.leadingWords(sql);
    int i = 0;
    while (i < s.length() && Character.isLetter(s.charAt(i))) {
      i++;
    }
    return s.substring(0, i);
  }

  @Override
  public String toString() {
    return "PipelinedPool[" + size() + " of " + maxConnections + ", " + maxInFlight + " in flight]";
  }
}
