package dev.sluice.driver;

import dev.sluice.PgException;
import java.io.IOException;

/**
 * One exchange of messages with the server: what the client sent, ending in its own Sync, and the
 * replies up to the ReadyForQuery that answers that Sync. It sits in its session's queue from the
 * send of its messages until then (see {@link Session}).
 */
abstract class Exchange {
  final Session session;

  /** The first server error of the exchange (reported after ReadyForQuery), or null. */
  PgException error;

  /**
   * A COPY that this exchange does not run, refused by {@link Session#refuseCopy}: reported after
   * ReadyForQuery in place of the statement's result; its CopyData and CopyDone are dropped.
   */
  PgException refusedCopy;

  /**
   * The WARNING of a commit (implicit, at this exchange's Sync, or a COMMIT) whose wait for a
   * synchronous standby was cancelled, or null: the exchange's caller reports 08007.
   */
  volatile dev.sluice.Notice replicationWarning;

  /** The data of a COPY TO STDOUT this exchange does not read: dropped by the receive loop. */
  boolean dropCopyData;

  /**
   * Set ({@link #finish}) when the ReadyForQuery that ends this exchange has been read, or when a
   * shared connection broke before it; volatile, as on a shared connection another thread may read
   * the reply of this one's exchange.
   */
  volatile boolean finished;

  /** On a shared connection: the caller waiting for this exchange, woken by {@link #finish}. */
  volatile Thread waiter;

  /** The statement, for server errors, where the session's current one is not this exchange's. */
  String sql;

  /** On a shared connection: why the exchange ended without its reply (the connection broke). */
  PgException failure;

  Exchange(Session session) {
    this.session = session;
  }

  /**
   * After ReadyForQuery: throws what ended the exchange in failure — a refused COPY first (the
   * server's error then is only the echo of our CopyFail), else the first server error.
   */
  final void throwIfFailed() {
    if (refusedCopy != null) {
      throw refusedCopy;
    }
    if (error != null) {
      throw error;
    }
  }

  /** Marks the exchange done and wakes its waiter, if any. */
  void finish() {
    finished = true;
    Thread w = waiter;
    if (w != null) {
      java.util.concurrent.locks.LockSupport.unpark(w);
    }
  }

  /** The exchange's name in protocol violation messages ("a simple query"). */
  abstract String name();

  /**
   * What the session is doing while this exchange is its head: {@link Session.State#BUSY}, or an
   * exclusive mode ({@link Session.State#STREAMING}, {@link Session.State#COPY_IN}) during which
   * nothing else may be queued behind it.
   */
  Session.State mode() {
    return Session.State.BUSY;
  }

  /**
   * Handles the message of {@code type} at the reader's position, which it must consume (a DataRow
   * may be left for the caller when it yields). Returns true to hand control back to the caller
   * before the exchange ends. A type the exchange does not expect is {@link Session#unexpected}.
   */
  abstract boolean message(byte type) throws IOException;

  /** A non-FATAL ErrorResponse. Keeps the first; returns true to yield. */
  boolean error(PgException e) {
    if (error == null) {
      error = e;
    }
    return false;
  }
}
