package dev.sluice.driver;

import dev.sluice.NoticeListener;
import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import dev.sluice.driver.config.ConnectionConfig;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One connection shared by concurrent callers through pipelining: each caller's Bind + Execute +
 * Sync is sent as soon as it comes, behind the others in flight, and each reply goes back to its
 * caller. Only statements that leave nothing in the session come here (see {@link
 * PipelinedPool#mayShare}); each is its own implicit transaction.
 *
 * <p><b>Sending.</b> A caller encodes and sends its messages under {@link #sendLock} (the statement
 * cache is guarded by it too), and the exchange is queued in the session before its bytes leave. A
 * text's first use on the connection costs a Parse + Describe exchange of its own, always named
 * (the unnamed statement of one caller could be replaced by another's Parse before its Bind).
 *
 * <p><b>Receiving: the pump.</b> No thread of its own reads the connection. The caller that finds
 * no one reading takes the pump and reads replies in order, handing each to its exchange and waking
 * that exchange's caller, until its own exchange is done; it then hands the pump to the caller of
 * the oldest exchange still waiting. A caller whose reply another is reading parks, and is woken
 * when its reply is in or the pump is its. No monitor is held around I/O, so virtual threads are
 * never pinned.
 *
 * <p><b>Deadlines.</b> A caller that times out abandons its exchange: never cancelled (a cancel
 * hits whatever the backend runs, perhaps another caller's statement), its reply read and dropped
 * when it comes. The statement still runs and may commit, so the caller is told the outcome is
 * unknown when the statement may write. The connection takes no new caller ({@link #isDraining})
 * until abandoned exchanges are done; past {@link #DRAIN_BOUND_MILLIS} it is closed and every
 * exchange on it fails. A caller with a deadline waits for bytes in a selector, coordinated with
 * the senders by the {@link SendGate}.
 *
 * <p><b>Failure.</b> If the connection breaks (an I/O error, a FATAL error, a protocol violation,
 * an {@code Error} while reading), every caller with an exchange on it fails: with 08007 ("may or
 * may not have run") when its messages were sent, with 08006 when its Sync never left (nothing it
 * did can have been committed). Nothing is retried. A server error fails only its own caller's
 * statement.
 */
public final class SharedConnection implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(PgConnection.class.getName());

  /** The longest a waiting caller parks before it looks again at its reply and the pump. */
  private static final long PARK_SLICE_NANOS = 50_000_000;

  /** How long abandoned exchanges may take to end before the connection is closed. */
  static final long DRAIN_BOUND_MILLIS = 10_000;

  private final Session session;

  /** The send lock, and the reader's timed wait that holds it (see {@link SendGate}). */
  private final SendGate sendLock;

  /** Guards {@link #pumper}. */
  private final ReentrantLock pumpLock = new ReentrantLock();

  /** The thread reading replies, or null. Guarded by pumpLock. */
  private Thread pumper;

  /** Exchanges whose callers gave up, not yet ended. */
  private final AtomicInteger abandoned = new AtomicInteger();

  /** Statements prepared for a caller that gave up: closed by the next sender. */
  private final ConcurrentLinkedQueue<String> lateCloses = new ConcurrentLinkedQueue<>();

  private volatile boolean broken;

  /** Calls on this connection now; maintained by the pool under its lock. */
  int load;

  /** Told when the last abandoned exchange ends (the pool's waiters may use it again). */
  volatile Runnable drained;

  /** Hears each statement's end (see {@link StatementTrace}); null: none. Must not throw. */
  private final dev.sluice.SluiceListener listener;

  private SharedConnection(Session session, dev.sluice.SluiceListener listener) {
    this.session = session;
    this.sendLock = new SendGate(session.transport);
    this.listener = listener;
    session.share();
  }

  /** Opens a connection to be shared; {@code listener} (or null) hears each statement's end. */
  public static SharedConnection open(
      ConnectionConfig config, NoticeListener notices, dev.sluice.SluiceListener listener) {
    return new SharedConnection(Connector.connect(config, notices), listener);
  }

  /** Whether a caller gave up on an exchange still in flight: the connection takes no new one. */
  public boolean isDraining() {
    return abandoned.get() > 0;
  }

  /** Whether the connection broke or was closed: it takes nothing more. */
  public boolean isBroken() {
    return broken || session.isClosed();
  }

  public int backendPid() {
    return session.backendPid();
  }

  /**
   * For the pool, while no caller uses the connection and nothing is in flight: handles what the
   * server sent meanwhile (a FATAL error before a shutdown, a notice) and looks, without blocking,
   * whether it closed the connection; false if the connection is no longer usable. So a call never
   * goes to a connection the server already ended, where it would be told its statement may have
   * run when it never could.
   */
  boolean probeIdle() {
    if (isBroken() || session.lastInflight() != null) {
      return !isBroken();
    }
    if (!session.checkIdle(true)) {
      broken = true;
      return false;
    }
    return true;
  }

  // ------------------------------------------------------------------ calls

  /** Runs a query; its rows, decoded by {@code decoder}, are added to {@code out}. */
  public <T> void query(
      String sql, Object[] params, RowDecoder<T> decoder, List<? super T> out, long timeoutMillis) {
    run(sql, params, new Sink.ToList<>(decoder, out), timeoutMillis);
  }

  /** Runs a statement; returns its row count. */
  public long execute(String sql, Object[] params, long timeoutMillis) {
    return run(sql, params, null, timeoutMillis);
  }

  private long run(String sql, Object[] params, Sink sink, long timeoutMillis) {
    if (!StatementTrace.active(listener)) {
      return runStatement(sql, params, sink, timeoutMillis);
    }
    StatementTrace trace = StatementTrace.start(session, sql, listener);
    try {
      long rows = runStatement(sql, params, sink, timeoutMillis);
      trace.succeeded(rows);
      return rows;
    } catch (RuntimeException | Error e) {
      trace.failed(e);
      throw e;
    }
  }

  private long runStatement(String sql, Object[] params, Sink sink, long timeoutMillis) {
    long deadline = timeoutMillis > 0 ? System.nanoTime() + timeoutMillis * 1_000_000 : 0;
    Prepared p = statement(sql, params, deadline, timeoutMillis);
    try {
      return runOnce(p, params, sink, deadline, timeoutMillis);
    } catch (PgException e) {
      if (!Preparer.isStalePlan(e) || (sink != null && !sink.restart())) {
        throw e;
      }
      // DDL changed what the statement reads: prepare it again, once. Each shared statement is
      // its own implicit transaction, so running it again repeats nothing that committed.
      evict(p);
      return runOnce(
          statement(sql, params, deadline, timeoutMillis), params, sink, deadline, timeoutMillis);
    }
  }

  private long runOnce(Prepared p, Object[] params, Sink sink, long deadline, long timeoutMillis) {
    SharedQuery x = new SharedQuery(session, p, sink, this::abandonedEnded);
    sendLock.lock();
    try {
      checkOpen(p.sql);
      if (sink != null && p.columns != null) {
        sink.start(p); // binds the decoder (the statement's bindings are guarded by the lock)
      }
      closeLate();
      session.writeCloses();
      try {
        session.writer.bind(p, params);
        session.writer.execute();
        session.writer.sync();
      } catch (RuntimeException | Error e) {
        session.discardUnsent(); // a value that cannot be encoded: nothing of this call is sent
        throw e;
      }
      submit(x);
    } finally {
      sendLock.unlock();
    }
    await(x, deadline, timeoutMillis);
    if (x.failure != null) {
      throw x.failure;
    }
    if (x.sinkFailure != null) {
      throw x.sinkFailure;
    }
    x.throwIfFailed();
    return x.count;
  }

  /** The cached statement for {@code sql}, else one prepared now (Parse + Describe, named). */
  private Prepared statement(String sql, Object[] params, long deadline, long timeoutMillis) {
    Preparer.Describe d = new Preparer.Describe(session);
    d.sql = sql;
    String name;
    sendLock.lock();
    try {
      Prepared p = session.statements.find(sql, params);
      if (p != null) {
        return p;
      }
      checkOpen(sql);
      closeLate();
      name = session.statements.nextName();
      session.writeCloses();
      try {
        session.writer.parse(name, sql, params);
        session.writer.describeStatement(name);
        session.writer.sync();
      } catch (RuntimeException | Error e) {
        session.discardUnsent();
        throw e;
      }
      submit(d);
    } finally {
      sendLock.unlock();
    }
    try {
      await(d, deadline, timeoutMillis);
    } catch (PgException e) {
      lateCloses.add(name); // abandoned: the statement may exist on the server
      throw e;
    }
    if (d.failure != null) {
      throw d.failure;
    }
    sendLock.lock();
    try {
      if (d.error != null) {
        session.statements.closeLater(name); // Parse may have succeeded before Describe failed
        throw d.error;
      }
      if (d.paramOids == null) {
        throw session.protocolViolation("no ParameterDescription for Describe");
      }
      Prepared p = session.statements.find(sql, params);
      if (p != null) {
        session.statements.closeLater(name); // another caller prepared it meanwhile
        return p;
      }
      p = new Prepared(name, sql, d.paramOids, d.columns);
      session.statements.put(p);
      return p;
    } finally {
      sendLock.unlock();
    }
  }

  private void evict(Prepared p) {
    sendLock.lock();
    try {
      session.statements.evict(p);
    } finally {
      sendLock.unlock();
    }
  }

  private void closeLate() {
    String name;
    while ((name = lateCloses.poll()) != null) {
      session.statements.closeLater(name);
    }
  }

  private void checkOpen(String sql) {
    if (isBroken()) {
      throw new PgException(
          "08006", "the shared connection is broken; the statement was not sent", sql, null);
    }
  }

  /**
   * Queues {@code x} (encoded) and sends it. If the send fails, the connection is broken and the
   * statement cannot have committed: its Sync, the last bytes, never reached the server, and a
   * backend whose connection is gone aborts the implicit transaction it was in.
   */
  private void submit(Exchange x) {
    x.waiter = Thread.currentThread();
    try {
      session.submit(x);
    } catch (IOException e) {
      x.failure =
          new PgException(
              "08006",
              "connection lost while the statement was sent; its Sync never reached the server,"
                  + " so nothing it did was committed: "
                  + Causes.describe(e),
              x.sql,
              e);
      x.finish();
      breakAll(e);
      throw x.failure;
    }
  }

  // ------------------------------------------------------------------ the pump

  /** Waits until {@code x} is done, reading replies whenever no one else does. */
  private void await(Exchange x, long deadline, long timeoutMillis) {
    for (; ; ) {
      if (x.finished) {
        return;
      }
      if (takePump()) {
        try {
          pump(x, deadline);
        } catch (IOException | RuntimeException | Error e) {
          breakAll(e); // x fails with the others: its reply is lost with the connection
        } finally {
          releasePump();
        }
        if (x.finished) {
          return;
        }
      } else {
        // Woken when the reply is in or the pump is handed over. A wake-up is a permit that any
        // park of this thread may take (a lock's, inside takePump), so the state is looked at
        // again before parking, and no park lasts more than a slice.
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
      if (sendLock.waitReadable(left)) {
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

  private boolean takePump() {
    pumpLock.lock();
    try {
      if (pumper == null) {
        pumper = Thread.currentThread();
        return true;
      }
      return false;
    } finally {
      pumpLock.unlock();
    }
  }

  /**
   * Gives up the pump: to the caller of the oldest exchange still waiting, or, when only abandoned
   * exchanges remain, to a drainer thread that reads them to their end.
   */
  private void releasePump() {
    pumpLock.lock();
    try {
      pumper = null;
      handOnPump();
    } finally {
      pumpLock.unlock();
    }
  }

  /** Under pumpLock, with no pumper: wakes whoever must read next. */
  private void handOnPump() {
    if (broken) {
      return;
    }
    Thread next = session.firstWaiter();
    if (next != null) {
      LockSupport.unpark(next);
    } else if (session.lastInflight() != null) {
      startDrainer();
    }
  }

  private void startDrainer() {
    Thread t = new Thread(this::drain, "sluice-shared-connection-drain");
    t.setDaemon(true);
    t.start();
  }

  /** Reads the replies of abandoned exchanges (no caller waits for them) to their end. */
  private void drain() {
    if (!takePump()) {
      return; // a caller reads
    }
    try {
      Exchange last;
      while ((last = session.lastInflight()) != null && session.firstWaiter() == null) {
        session.receive(last);
      }
    } catch (IOException | RuntimeException | Error e) {
      breakAll(e);
    } finally {
      releasePump();
    }
  }

  // ------------------------------------------------------------------ giving up and breaking

  /**
   * The caller of {@code x} stops waiting; false if {@code x} is done after all. The reply is
   * dropped when it comes; past the drain bound the connection is closed.
   */
  private boolean abandon(Exchange x) {
    pumpLock.lock();
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
              breakAll(new PgException("08006", "abandoned statements did not end in time"));
            }
          },
          DRAIN_BOUND_MILLIS);
      if (pumper == null) {
        handOnPump();
      }
      return true;
    } finally {
      pumpLock.unlock();
    }
  }

  private void abandonedEnded() {
    if (abandoned.decrementAndGet() == 0) {
      Runnable r = drained;
      if (r != null) {
        r.run();
      }
    }
  }

  /**
   * The connection is unusable: closes it and fails every exchange on it that is not done (08007:
   * its messages were sent, so it may or may not have run).
   */
  void breakAll(Throwable cause) {
    broken = true;
    PgException lost =
        cause instanceof IOException io
            ? session.connectionLost(io)
            : cause instanceof PgException pe
                ? pe
                : new PgException(
                    "08006", "the shared connection broke: " + Causes.describe(cause), null, cause);
    session.markBroken();
    for (Exchange q : session.takeInflight()) {
      if (!q.finished) {
        q.failure =
            new PgException(
                "08007",
                "the connection broke before this statement's reply was read: it may or may not"
                    + " have run ("
                    + lost.getMessage()
                    + ")",
                q.sql,
                lost);
        q.finish();
      }
    }
  }

  /** Closes the connection; exchanges still in flight fail. */
  @Override
  public void close() {
    if (session.lastInflight() == null) {
      broken = true;
      session.close();
    } else {
      breakAll(new PgException("08003", "the shared connection was closed"));
    }
  }

  @Override
  public String toString() {
    return "SharedConnection[pid " + session.backendPid() + ", load " + load + "]";
  }
}
