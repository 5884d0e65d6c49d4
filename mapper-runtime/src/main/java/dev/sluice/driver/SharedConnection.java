package dev.sluice.driver;

import dev.sluice.NoticeListener;
import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import dev.sluice.driver.config.ConnectionConfig;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

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
 * <p><b>Receiving and deadlines.</b> The callers themselves read replies, one at a time (the {@link
 * Pump}); a caller that times out abandons its exchange, never cancels it (a cancel hits whatever
 * the backend runs, perhaps another caller's statement), and is told the outcome is unknown when
 * its statement may write. A caller with a deadline waits for bytes in a selector, coordinated with
 * the senders by the {@link SendGate}.
 *
 * <p><b>Failure.</b> If the connection breaks (an I/O error, a FATAL error, a protocol violation,
 * an {@code Error} while reading), every caller with an exchange on it fails: with 08007 ("may or
 * may not have run") when its messages were sent, with 08006 when its Sync never left (nothing it
 * did can have been committed). Nothing is retried. A server error fails only its own caller's
 * statement.
 */
public final class SharedConnection implements AutoCloseable {

  private final Session session;

  /** The send lock, and the reader's timed wait that holds it (see {@link SendGate}). */
  private final SendGate sendLock;

  /** Who reads replies, and what callers that gave up leave behind. */
  final Pump pump;

  /** Statements prepared for a caller that gave up: closed by the next sender. */
  private final ConcurrentLinkedQueue<String> lateCloses = new ConcurrentLinkedQueue<>();

  private volatile boolean broken;

  /** Calls on this connection now; maintained by the pool under its lock. */
  int load;

  /** When {@link #load} last fell to 0 (System.nanoTime()); the pool's, under its lock. */
  long idleSinceNanos;

  /** Taken out of the pool (too old, or no longer the target kind): closed once its load is 0. */
  boolean retired;

  final long createdNanos = System.nanoTime();

  /** Hears each statement's end (see {@link StatementTrace}); null: none. Must not throw. */
  private final dev.sluice.SluiceListener listener;

  private SharedConnection(Session session, dev.sluice.SluiceListener listener) {
    this.session = session;
    this.sendLock = new SendGate(session.transport, this::sendPending);
    this.pump = new Pump(this, session, sendLock);
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
    return pump.isDraining();
  }

  /** Whether the connection broke or was closed: it takes nothing more. */
  public boolean isBroken() {
    return broken || session.isClosed();
  }

  /** A parameter the server reported (ParameterStatus), or null. */
  String parameter(String name) {
    return session.parameter(name);
  }

  public int backendPid() {
    return session.backendPid();
  }

  /**
   * For the pool, while no caller uses the connection and nothing is in flight: handles what the
   * server sent meanwhile that is already read (a FATAL error before a shutdown, a notice) and,
   * with {@code probe}, looks without blocking whether the server closed the connection (three
   * system calls); false if the connection is no longer usable. So a call does not go to a
   * connection the server already ended, where it would be told its statement may have run when it
   * never could.
   */
  boolean probeIdle(boolean probe) {
    if (isBroken() || session.lastInflight() != null) {
      return !isBroken();
    }
    if (!session.checkIdle(probe)) {
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
    SharedQuery x = send(sql, params, sink, deadline, timeoutMillis);
    try {
      return finish(x, deadline, timeoutMillis);
    } catch (PgException e) {
      if (!Preparer.isStalePlan(e) || (sink != null && !sink.restart())) {
        throw e;
      }
      // DDL changed what the statement reads: prepare it again, once. Each shared statement is
      // its own implicit transaction, so running it again repeats nothing that committed.
      evict(x.prepared);
      return finish(send(sql, params, sink, deadline, timeoutMillis), deadline, timeoutMillis);
    }
  }

  private static long finish(SharedQuery x, long deadline, long timeoutMillis) {
    x.connection.pump.await(x, deadline, timeoutMillis);
    if (x.failure != null) {
      throw x.failure;
    }
    if (x.sinkFailure != null) {
      throw x.sinkFailure;
    }
    x.throwIfFailed();
    if (x.replicationWarning != null) {
      // Each shared statement is its own implicit transaction: its commit's wait was cancelled.
      throw CommitCall.notReplicated(x.replicationWarning, x.sql);
    }
    return x.count;
  }

  /**
   * Sends the caller's Bind + Execute + Sync for {@code sql} and queues its exchange. A statement
   * prepared on the connection is left to the send lock's holder (see {@link SendGate}), which
   * sends it with the others waiting, in one write. A text's first use costs a Parse + Describe
   * exchange of its own, always named.
   */
  private SharedQuery send(
      String sql, Object[] params, Sink sink, long deadline, long timeoutMillis) {
    SharedQuery x = new SharedQuery(this, session, sql, params, sink);
    x.waiter = Thread.currentThread();
    sendLock.offer(x);
    pump.await(x, deadline, timeoutMillis); // until its reply is in, or it was given back unsent
    if (x.finished) {
      return x;
    }
    switch (x.sendState()) {
      case SharedQuery.REFUSED:
        if (x.notSent instanceof Error e) {
          throw e;
        }
        throw (RuntimeException) x.notSent;
      default: // UNPREPARED
        return prepareAndSend(x, deadline, timeoutMillis);
    }
  }

  /**
   * The send lock's holder sends every statement left pending, in one write. Each is encoded whole
   * or not at all: one that cannot be encoded (a bad value, a decoder that refuses the columns) is
   * given back to its caller with the error, and the others go. A statement not prepared on the
   * connection is given back to its caller, who prepares it.
   */
  private void sendPending() {
    List<SharedQuery> batch = combined;
    boolean closed = false;
    for (SharedQuery x = sendLock.takeAll(), next; x != null; x = next) {
      next = x.nextPending;
      x.nextPending = null;
      if (!x.take()) {
        continue; // withdrawn: its caller gave up before it was sent
      }
      if (isBroken()) {
        x.notSent(
            SharedQuery.REFUSED,
            new PgException(
                "08006",
                "the shared connection is broken; the statement was not sent",
                x.sql,
                null));
        continue;
      }
      Prepared p = session.statements.find(x.sql, x.params);
      if (p == null) {
        x.notSent(SharedQuery.UNPREPARED, null);
        continue;
      }
      if (!closed) {
        closeLate();
        session.writeCloses();
        closed = true;
      }
      int mark = session.writer.out.position();
      try {
        encodeBound(x, p);
        session.enqueue(x);
      } catch (RuntimeException | Error e) {
        session.writer.out.truncate(mark); // nothing of this statement goes; the others do
        x.notSent(SharedQuery.REFUSED, e);
        continue;
      }
      batch.add(x);
    }
    if (batch.isEmpty() && session.writer.unsent() == 0) {
      return;
    }
    try {
      session.sendUnsent(); // in flight: from here on any caller may read their replies
      boolean own = false;
      Thread me = Thread.currentThread();
      for (SharedQuery q : batch) {
        own |= q.waiter == me;
        q.sent();
      }
      if (!own || session.writer.unsent() > NUDGE_BYTES) {
        pump.nudge(); // someone must read while this write goes out
      }
      session.writer.send();
    } catch (IOException | RuntimeException | Error e) {
      if (e instanceof IOException && !batch.isEmpty()) {
        SharedQuery last = batch.get(batch.size() - 1);
        last.failure =
            new PgException(
                "08006",
                "connection lost while the statement was sent; its Sync never reached the server,"
                    + " so nothing it did was committed: "
                    + Causes.describe(e),
                last.sql,
                e);
        last.finish();
      }
      breakAll(e); // the others' Syncs may have left: they may have run
      for (SharedQuery q : batch) {
        if (!q.finished && q.sendState() == SharedQuery.TAKEN) {
          // The failure came before the statement went in flight: it never left.
          q.notSent(
              SharedQuery.REFUSED,
              new PgException(
                  "08006",
                  "the shared connection broke before the statement was sent; it did not run: "
                      + Causes.describe(e),
                  q.sql,
                  e));
        }
      }
    } finally {
      batch.clear();
    }
  }

  /** A write larger than this may fill the socket: someone must be reading while it goes out. */
  private static final int NUDGE_BYTES = 32 * 1024;

  /** {@link #sendPending}'s list, reused (guarded by the send lock). */
  private final List<SharedQuery> combined = new java.util.ArrayList<>();

  /**
   * The caller's statement was not prepared on the connection: prepares it (a Parse + Describe
   * exchange of its own) unless another caller did meanwhile, then sends it.
   */
  private SharedQuery prepareAndSend(SharedQuery x, long deadline, long timeoutMillis) {
    String sql = x.sql;
    Object[] params = x.params;
    Preparer.Describe d = new Preparer.Describe(session);
    d.sql = sql;
    String name;
    sendLock.lock();
    try {
      Prepared p = session.statements.find(sql, params);
      if (p != null) {
        return sendBound(x, p);
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
      pump.await(d, deadline, timeoutMillis);
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
      } else {
        p = new Prepared(name, sql, d.paramOids, d.columns);
        session.statements.put(p);
      }
      return sendBound(x, p);
    } finally {
      sendLock.unlock();
    }
  }

  /** Under the send lock: sends Bind + Execute + Sync of {@code p} for {@code x} and queues it. */
  private SharedQuery sendBound(SharedQuery x, Prepared p) {
    checkOpen(p.sql);
    closeLate();
    session.writeCloses();
    try {
      encodeBound(x, p);
    } catch (RuntimeException | Error e) {
      session.discardUnsent(); // a value that cannot be encoded: nothing of this call is sent
      throw e;
    }
    x.sent(); // sent by its own caller, under the lock: its reply ends it
    submit(x);
    return x;
  }

  /**
   * Under the send lock: encodes the Bind + Execute + Sync of {@code x} as statement {@code p},
   * whole or not at all (a Bind that fails leaves nothing, see {@link MessageWriter}).
   */
  private void encodeBound(SharedQuery x, Prepared p) {
    x.prepared = p;
    Sink sink = x.sink();
    if (sink != null && p.columns != null) {
      sink.start(p); // binds the decoder (the statement's bindings are guarded by the lock)
    }
    session.writer.bind(p, x.params);
    session.writer.execute();
    session.writer.sync();
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

  // ------------------------------------------------------------------ breaking

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
    for (SharedQuery unsent = sendLock.takeAll(); unsent != null; unsent = unsent.nextPending) {
      if (unsent.take()) {
        unsent.notSent(
            SharedQuery.REFUSED,
            new PgException(
                "08006",
                "the shared connection broke before the statement was sent; it did not run ("
                    + lost.getMessage()
                    + ")",
                unsent.sql,
                lost));
      }
    }
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
