package dev.sluice.driver;

import dev.sluice.PgException;
import java.io.IOException;

/**
 * One caller's Bind + Execute + Sync on a {@link SharedConnection}: the state of its reply lives
 * here, not in the session, because several callers' exchanges are in flight at once and the thread
 * that reads this reply may be another caller's. Rows go to the caller's sink on that thread; the
 * caller reads them after {@link #finished}, which publishes them.
 *
 * <p>If the sink throws (a decoder rejecting a value), the rest of the rows are skipped, never
 * cancelled: a cancel hits whatever statement the backend runs, which may be another caller's. Rows
 * of an exchange whose caller gave up waiting ({@link #abandoned}) are skipped too.
 */
final class SharedQuery extends Exchange {
  /** {@link #sendState}: waiting for the send lock's holder to send it (see {@link SendGate}). */
  static final int PENDING = 0;

  /** {@link #sendState}: taken by the send lock's holder, being encoded and sent. */
  static final int TAKEN = 1;

  /** {@link #sendState}: its messages were written; its reply will end it. */
  static final int SENT = 2;

  /** {@link #sendState}: not sent; the statement is not prepared on the connection yet. */
  static final int UNPREPARED = 3;

  /** {@link #sendState}: not sent; {@link #notSent} says why (a value that cannot be encoded). */
  static final int REFUSED = 4;

  /** {@link #sendState}: not sent; its caller stopped waiting before it was taken. */
  static final int WITHDRAWN = 5;

  private static final java.lang.invoke.VarHandle SEND_STATE;

  static {
    try {
      SEND_STATE =
          java.lang.invoke.MethodHandles.lookup()
              .findVarHandle(SharedQuery.class, "sendState", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  final SharedConnection connection;

  /** The statement bound, once found in the connection's cache (under the send lock). */
  Prepared prepared;

  /** The parameter values, until the statement is encoded. */
  Object[] params;

  private final Sink sink;

  /** Where the statement's send stands: {@link #PENDING} to {@link #WITHDRAWN}. */
  private volatile int sendState;

  /** The next statement in {@link SendGate}'s pending list. */
  SharedQuery nextPending;

  /** Why a {@link #REFUSED} statement was not sent: thrown to its caller. */
  Throwable notSent;

  /** Set by the caller when it stops waiting: the reply is read and dropped. */
  private volatile boolean abandoned;

  /** Claimed by whichever comes first: the end of the exchange, or its caller giving up. */
  private final java.util.concurrent.atomic.AtomicBoolean claimed =
      new java.util.concurrent.atomic.AtomicBoolean();

  private boolean started;
  RuntimeException sinkFailure;

  /**
   * The portal's columns are not those of {@link #prepared} (the tracked mode: a pooler prepared it
   * again after DDL): its rows are dropped, and the caller evicts the statement and fails.
   */
  PgException columnsChanged;

  long count;

  SharedQuery(
      SharedConnection connection, Session session, String sql, Object[] params, Sink sink) {
    super(session);
    this.connection = connection;
    this.params = params;
    this.sink = sink;
    this.sql = sql;
  }

  Sink sink() {
    return sink;
  }

  int sendState() {
    return sendState;
  }

  /** The send lock's holder takes the statement to send it; false if its caller withdrew it. */
  boolean take() {
    return SEND_STATE.compareAndSet(this, PENDING, TAKEN);
  }

  /** Its caller stops waiting before the statement was taken: true if it will never be sent. */
  boolean withdraw() {
    return SEND_STATE.compareAndSet(this, PENDING, WITHDRAWN);
  }

  /** The statement goes in flight now (its bytes are about to be written): its reply ends it. */
  void sent() {
    params = null;
    sendState = SENT;
  }

  /**
   * By the send lock's holder: the statement is not sent, for {@code state}; its caller is woken.
   */
  void notSent(int state, Throwable why) {
    notSent = why;
    sendState = state;
    Thread w = waiter;
    if (w != null) {
      java.util.concurrent.locks.LockSupport.unpark(w);
    }
  }

  /** The caller gives up: true, unless the exchange ended first (its result then stands). */
  boolean abandon() {
    if (!claimed.compareAndSet(false, true)) {
      return false;
    }
    abandoned = true;
    return true;
  }

  @Override
  void finish() {
    super.finish();
    if (!claimed.compareAndSet(false, true)) {
      connection.pump.abandonedEnded(); // its caller gave up first
    }
  }

  @Override
  String name() {
    return "a shared connection's extended query";
  }

  @Override
  boolean message(byte type) throws IOException {
    MessageReader r = session.reader;
    switch (type) {
      case Protocol.DATA_ROW:
        if (sink == null
            || error != null
            || sinkFailure != null
            || columnsChanged != null
            || abandoned) {
          r.skipRows();
          return false;
        }
        if (!started) {
          session.rowView.start(prepared.columns, prepared.binaryOids);
          started = true;
        }
        try {
          sink.rows(session.rowView);
        } catch (RuntimeException e) {
          if (e instanceof PgException pe && "08P01".equals(pe.sqlState())) {
            throw e; // a malformed row: the connection is broken
          }
          sinkFailure = e; // the later rows are skipped; never a cancel (see the class comment)
        }
        return false;
      case Protocol.ROW_DESCRIPTION:
        if (!connection.checksColumns()) {
          throw session.unexpected(type, name());
        }
        columnsChanged = ExtendedQuery.portalColumnsChanged(session, r, prepared, sql);
        return false;
      case Protocol.BIND_COMPLETE:
      case Protocol.NO_DATA:
      case Protocol.PORTAL_SUSPENDED:
      case Protocol.EMPTY_QUERY_RESPONSE:
        r.skip();
        return false;
      case Protocol.COMMAND_COMPLETE:
        count = r.commandCount();
        if (r.droppedStatements()) {
          // DISCARD ALL or DEALLOCATE ALL: the other callers' statements are gone. Routing sends
          // such text to a pinned connection; if one got here, this connection cannot go on.
          throw new ProtocolException(
              "a statement dropped every prepared statement of a shared (pipelined) connection");
        }
        return false;
      case Protocol.COPY_IN_RESPONSE:
      case Protocol.COPY_OUT_RESPONSE:
      case Protocol.COPY_BOTH_RESPONSE:
        throw new ProtocolException(
            "COPY cannot run on a shared (pipelined) connection; it runs on a pinned one");
      default:
        throw session.unexpected(type, name());
    }
  }

  /**
   * What the caller of {@code x} is told when it stops waiting ({@code late}: its time limit
   * passed; else it was interrupted): 08007, outcome unknown, for a statement that may write; 57014
   * for a read.
   */
  static PgException abandonedError(Exchange x, boolean late, long timeoutMillis) {
    String why =
        late
            ? "the query timeout of " + timeoutMillis + " ms passed"
            : "the thread was interrupted";
    if (x instanceof SharedQuery && PipelinedPool.mayWrite(x.sql)) {
      return new PgException(
          "08007",
          why
              + " while the statement was in flight on a shared connection; it was not cancelled"
              + " and may still run and commit (outcome unknown)",
          x.sql,
          null);
    }
    return new PgException(
        "57014",
        why + "; the statement was not cancelled on its shared connection, its result is dropped",
        x.sql,
        null);
  }
}
