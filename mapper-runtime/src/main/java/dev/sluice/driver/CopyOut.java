package dev.sluice.driver;

import dev.sluice.PgException;
import java.io.IOException;
import java.io.OutputStream;

/**
 * {@code COPY … TO STDOUT}: a simple Query, then CopyOutResponse and the data, one CopyData per
 * row, each written to the caller's stream straight from the receive buffer (memory stays bounded
 * by the largest row), then CopyDone, CommandComplete with the row count, ReadyForQuery. NOTICEs
 * and errors are read as they come.
 *
 * <p>If the stream throws, the protocol leaves three ways out: drain, cancel or close. The COPY is
 * cancelled (CancelRequest) and what is in flight read and dropped up to ReadyForQuery; the
 * connection stays usable only if the cancel ended it (57014) — one that ended otherwise leaves a
 * cancel that may still arrive, so the connection is then closed — and if the drain ends within
 * {@value #DRAIN_MILLIS} ms, past which the connection is closed. The stream's exception is then
 * thrown.
 */
final class CopyOut extends Exchange {
  /** How long the rest of a cancelled COPY may take to drain before the connection is closed. */
  static final long DRAIN_MILLIS = 5_000;

  private final OutputStream out;
  private long count;

  /** CopyData messages (rows, one each) written to {@link #out}. */
  private long rowsHandedOn;

  /** What the stream threw, or null. */
  private Exception sinkFailure;

  private CopyOut(Session session, OutputStream out) {
    super(session);
    this.out = out;
  }

  static long run(Session session, String sql, OutputStream out) throws IOException {
    session.writer.query(sql);
    CopyOut x = new CopyOut(session, out);
    session.submit(x);
    java.util.concurrent.ScheduledFuture<?> cut = null;
    try {
      while (!session.receive(x)) {
        // yields once, at the stream's failure: from then on the rest is drained in bounded time
        if (cut == null) {
          cut = Deadlines.schedule(session::markBroken, DRAIN_MILLIS);
        }
      }
    } catch (IOException e) {
      if (x.sinkFailure != null) {
        throw e; // the drain after the stream's failure, closed by its deadline
      }
      throw CopyLost.out(session, e, sql, x.rowsHandedOn);
    } finally {
      if (cut != null) {
        cut.cancel(false);
      }
    }
    if (x.sinkFailure != null) {
      if (x.error == null || !"57014".equals(x.error.sqlState())) {
        session.markBroken(); // the COPY ended before the cancel: it may still arrive
      }
      if (x.sinkFailure instanceof RuntimeException e) {
        throw e;
      }
      throw new PgException(
          "58030",
          "COPY TO STDOUT stopped: writing its data failed: " + Causes.describe(x.sinkFailure),
          sql,
          x.sinkFailure);
    }
    x.throwIfFailed();
    if (!x.sawCopy) {
      throw new PgException(
          "0A000", "copyOut runs COPY … TO STDOUT; this statement sent no COPY data", sql, null);
    }
    return x.count;
  }

  /** Whether the statement was a COPY TO STDOUT at all. */
  private boolean sawCopy;

  @Override
  String name() {
    return "COPY TO STDOUT";
  }

  @Override
  boolean message(byte type) throws IOException {
    MessageReader r = session.reader;
    switch (type) {
      case Protocol.COPY_OUT_RESPONSE:
        r.skip();
        sawCopy = true;
        return false;
      case Protocol.COPY_DATA:
        if (sinkFailure != null) {
          r.skip();
          return false;
        }
        try {
          r.copyData(out);
          rowsHandedOn++;
        } catch (IOException | RuntimeException e) {
          r.skip(); // the message is consumed either way
          sinkFailure = e;
          session.cancelQuietly();
          return true;
        }
        return false;
      case Protocol.COPY_DONE:
      case Protocol.ROW_DESCRIPTION:
      case Protocol.DATA_ROW:
      case Protocol.EMPTY_QUERY_RESPONSE:
        r.skip();
        return false;
      case Protocol.COMMAND_COMPLETE:
        count = r.commandCount();
        return false;
      case Protocol.COPY_IN_RESPONSE:
      case Protocol.COPY_BOTH_RESPONSE:
        session.refuseCopy(this, type, false);
        return false;
      default:
        throw session.unexpected(type, name());
    }
  }
}
