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
  final SharedConnection connection;
  final Prepared prepared;
  private final Sink sink;

  /** Set by the caller when it stops waiting: the reply is read and dropped. */
  private volatile boolean abandoned;

  /** Claimed by whichever comes first: the end of the exchange, or its caller giving up. */
  private final java.util.concurrent.atomic.AtomicBoolean claimed =
      new java.util.concurrent.atomic.AtomicBoolean();

  private boolean started;
  RuntimeException sinkFailure;
  long count;

  SharedQuery(SharedConnection connection, Session session, Prepared prepared, Sink sink) {
    super(session);
    this.connection = connection;
    this.prepared = prepared;
    this.sink = sink;
    this.sql = prepared.sql;
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
        if (sink == null || error != null || sinkFailure != null || abandoned) {
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
