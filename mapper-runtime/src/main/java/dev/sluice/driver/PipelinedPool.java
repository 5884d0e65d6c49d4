package dev.sluice.driver;

import dev.sluice.NoticeListener;
import dev.sluice.PgException;
import dev.sluice.driver.config.ConnectionConfig;
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

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition freed = lock.newCondition();
  private final ArrayList<SharedConnection> connections = new ArrayList<>();
  private int opening;
  private boolean closed;

  public PipelinedPool(
      ConnectionConfig config,
      NoticeListener noticeListener,
      dev.sluice.SluiceListener listener,
      int maxConnections,
      int maxInFlight,
      java.time.Duration acquireTimeout) {
    if (maxConnections < 1 || maxInFlight < 1) {
      throw new IllegalArgumentException(
          "a pipelined pool needs at least 1 connection and 1 call in flight per connection");
    }
    this.config = config;
    this.noticeListener = noticeListener;
    this.listener = listener;
    this.maxConnections = maxConnections;
    this.maxInFlight = maxInFlight;
    this.acquireTimeoutNanos = acquireTimeout.toNanos();
  }

  /** A connection with room for one more call, until {@link #release}. */
  public SharedConnection acquire() {
    long deadline = System.nanoTime() + acquireTimeoutNanos;
    lock.lock();
    try {
      for (; ; ) {
        if (closed) {
          throw new PgException("08003", "the database is closed");
        }
        SharedConnection best = null;
        for (int i = connections.size() - 1; i >= 0; i--) {
          SharedConnection c = connections.get(i);
          if (c.isBroken()) {
            connections.remove(i);
            if (c.load == 0) {
              c.close();
            }
            continue;
          }
          if (!c.isDraining() && c.load < maxInFlight && (best == null || c.load < best.load)) {
            best = c;
          }
        }
        boolean canOpen = connections.size() + opening < maxConnections;
        if (best != null && (best.load == 0 || !canOpen)) {
          if (best.load == 0 && !best.probeIdle()) {
            connections.remove(best); // the server ended it while it was idle
            best.close();
            continue;
          }
          best.load++;
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
      lock.unlock();
    }
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
    c.drained = this::signalFreed;
    connections.add(c);
    c.load++;
    return c;
  }

  /** Gives back the room a call took on {@code c}. */
  public void release(SharedConnection c) {
    lock.lock();
    try {
      c.load--;
      if (c.isBroken() || closed) {
        connections.remove(c);
        if (c.load == 0) {
          c.close();
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
        c.close();
      }
      connections.clear();
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
