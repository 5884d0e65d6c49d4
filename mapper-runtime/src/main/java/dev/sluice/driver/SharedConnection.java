package dev.sluice.driver;

import dev.sluice.NoticeListener;
import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import dev.sluice.driver.codec.CompositeCodec;
import dev.sluice.driver.codec.TypeRegistry;
import dev.sluice.driver.config.ConnectionConfig;
import java.io.IOException;
import java.util.List;

/**
 * One connection shared by concurrent callers through pipelining: each caller's Bind + Execute +
 * Sync is sent as soon as it comes, behind the others in flight, and each reply goes back to its
 * caller. Only statements that leave nothing in the session come here (see {@link
 * PipelinedPool#mayShare}); each is its own implicit transaction.
 *
 * <p><b>Sending</b> is {@link SharedSender}'s: a caller's statement is left to whoever holds the
 * send lock, who writes every waiting one at once; the exchange is queued in the session before its
 * bytes leave. A text's first use on the connection costs a Parse + Describe exchange of its own,
 * always named (the unnamed statement of one caller could be replaced by another's Parse before its
 * Bind).
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

  /**
   * The OIDs of user types (composites bound as records), each looked up by the caller that first
   * needs it; read by whoever binds, under the send lock.
   */
  private final TypeRegistry types;

  /** How callers' statements are sent: the send lock, combined writes, preparing (see there). */
  private final SharedSender sender;

  /** Who reads replies, and what callers that gave up leave behind. */
  final Pump pump;

  private volatile boolean broken;

  /**
   * Calls on this connection now, kept by the pool: raised and lowered without its lock on the busy
   * path, which is why it is atomic.
   */
  final java.util.concurrent.atomic.AtomicInteger load =
      new java.util.concurrent.atomic.AtomicInteger();

  /** When {@link #load} last fell to 0 (System.nanoTime()); the pool's, under its lock. */
  long idleSinceNanos;

  /**
   * Taken out of the pool (too old, or no longer the target kind): closed once its load is 0. Set
   * under the pool's lock before the load is read, and read after a release lowers the load, so one
   * of the two sees the other and the connection is closed.
   */
  volatile boolean retired;

  final long createdNanos = System.nanoTime();

  /** Hears each statement's end (see {@link StatementTrace}); null: none. Must not throw. */
  private final dev.sluice.SluiceListener listener;

  private SharedConnection(Session session, dev.sluice.SluiceListener listener) {
    this.session = session;
    this.types = session.types;
    types.catalog((sql, values, rows, out) -> query(sql, values, rows, out, 0));
    this.sender = new SharedSender(this, session);
    this.pump = new Pump(this, session, sender.gate);
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

  /** Whether each statement's portal is described and its columns checked (the tracked mode). */
  boolean checksColumns() {
    return sender.checksColumns;
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
    for (int attempt = 0; ; attempt++) {
      try {
        return runOnce(sql, params, sink, timeoutMillis);
      } catch (PgException e) {
        // A record bound as a composite whose type this connection has not looked up yet: its
        // Bind was refused before anything was sent. Look the type up (a shared query of its
        // own, no lock held) and send again; each parameter needs at most one such round.
        CompositeCodec.UnknownComposite unknown = CompositeCodec.UnknownComposite.in(e);
        if (unknown == null || attempt >= params.length || !lookUp(unknown, timeoutMillis)) {
          throw e;
        }
      }
    }
  }

  /** Looks up the composite {@code unknown} names; false if it is none. */
  private boolean lookUp(CompositeCodec.UnknownComposite unknown, long timeoutMillis) {
    TypeRegistry.Catalog shared =
        (sql, values, rows, out) -> query(sql, values, rows, out, timeoutMillis);
    try {
      return unknown.array
          ? types.compositeByArrayOid(unknown.oid, shared) != null
          : types.compositeByOid(unknown.oid, shared) != null;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e); // not thrown: shared queries report PgException
    }
  }

  private long runOnce(String sql, Object[] params, Sink sink, long timeoutMillis) {
    long deadline = timeoutMillis > 0 ? System.nanoTime() + timeoutMillis * 1_000_000 : 0;
    SharedQuery x = sender.send(sql, params, sink, deadline, timeoutMillis);
    try {
      return finish(x, deadline, timeoutMillis);
    } catch (PgException e) {
      // The session emptied its type registry if e says a type was dropped or altered.
      if (!Preparer.isStalePlan(e) || (sink != null && !sink.restart())) {
        throw e;
      }
      // DDL changed what the statement reads: prepare it again, once. Each shared statement is
      // its own implicit transaction, so running it again repeats nothing that committed.
      sender.evict(x.prepared);
      try {
        return finish(
            sender.send(sql, params, sink, deadline, timeoutMillis), deadline, timeoutMillis);
      } catch (PgException again) {
        if ("26000".equals(again.sqlState())) {
          // Prepared by this connection a round trip ago, and gone: nothing on a shared
          // connection drops statements, but a transaction pooler lends each round trip a session.
          throw new PgException(again, sql, STATEMENT_LOST);
        }
        throw again;
      }
    }
  }

  /** What a statement prepared anew and missing again means; see {@link #runStatement}. */
  static final String STATEMENT_LOST =
      "a statement this shared connection had just prepared was missing: behind a"
          + " transaction-pooling proxy the pipelined pool needs one that tracks prepared"
          + " statements (PgBouncer 1.21+ with max_prepared_statements > 0, statement_mode=tracked);"
          + " without that, use the ordinary pool with statement_mode=unnamed";

  private long finish(SharedQuery x, long deadline, long timeoutMillis) {
    pump.await(x, deadline, timeoutMillis);
    if (x.failure != null) {
      throw x.failure;
    }
    if (x.sinkFailure != null) {
      throw x.sinkFailure;
    }
    x.throwIfFailed();
    if (x.columnsChanged != null) {
      sender.evict(x.prepared); // the next call prepares it anew
      throw x.columnsChanged;
    }
    if (x.replicationWarning != null) {
      // Each shared statement is its own implicit transaction: its commit's wait was cancelled.
      throw CommitCall.notReplicated(x.replicationWarning, x.sql);
    }
    return x.count;
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
    sender.failPending(lost);
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
