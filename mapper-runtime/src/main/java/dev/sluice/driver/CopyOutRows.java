package dev.sluice.driver;

import dev.sluice.PgException;
import java.io.IOException;

/**
 * A query's rows through binary {@code COPY (query) TO STDOUT}, decoded by the same decoders as
 * DataRows, straight from the receive buffer: a binary COPY row is a CopyData message whose body
 * has a DataRow's layout, so {@link dev.sluice.RowView} frames it in place ({@code startCopy}).
 * CopyOutResponse names no columns, so the query is described first ({@link #run}); every column
 * must have a binary codec here, as binary COPY sends every column in binary.
 *
 * <p>Messages: CopyOutResponse; the header in a CopyData of its own (signature, flags, extension);
 * one CopyData per row; the trailer (a column count of -1); CopyDone; CommandComplete;
 * ReadyForQuery. If the consumer (or a decoder) throws, the COPY is cancelled and the rest drained,
 * as for a query (see {@link ExtendedQuery}): the connection stays only if the cancel ended it.
 */
final class CopyOutRows extends Exchange {
  private static final byte[] SIGNATURE = {
    'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0
  };

  private final Sink sink;
  private final int columnCount;
  private boolean headerSeen;
  private boolean trailerSeen;
  private long count;
  private RuntimeException sinkFailure;

  private CopyOutRows(Session session, Sink sink, int columnCount) {
    super(session);
    this.sink = sink;
    this.columnCount = columnCount;
  }

  /** Describes {@code query}, then copies its rows out in binary into {@code sink}; the count. */
  static long run(Session session, String query, Sink sink) throws IOException {
    Prepared p = Preparer.statementFor(session, query, new Object[0]);
    if (p.columns == null) {
      throw new PgException("42601", "copyOut needs a query that returns rows", query, null);
    }
    for (int i = 0; i < p.columns.count(); i++) {
      if (p.binaryOids[i] == 0) {
        throw new PgException(
            "0A000",
            "column "
                + p.columns.name(i)
                + " (type OID "
                + p.columns.typeOid(i)
                + ") has no binary form here, and a binary COPY sends every column in binary:"
                + " cast it (to text, say) in the query",
            query,
            null);
      }
    }
    sink.start(p); // binds the decoder before anything is sent
    session.writer.query("COPY (" + query + ") TO STDOUT (FORMAT binary)");
    CopyOutRows x = new CopyOutRows(session, sink, p.columns.count());
    session.submit(x);
    session.rowView.startCopy(p.columns, p.binaryOids);
    try {
      session.receive(x);
    } catch (IOException e) {
      // Every row framed was handed on (a consumer that threw would have ended the COPY first).
      throw CopyLost.out(session, e, query, session.rowView.rowCount());
    }
    if (x.sinkFailure != null) {
      if (x.error == null || !"57014".equals(x.error.sqlState())) {
        session.markBroken(); // ended before the cancel: it may still arrive
      }
      throw x.sinkFailure;
    }
    x.throwIfFailed();
    if (!x.trailerSeen) {
      throw session.protocolViolation("a binary COPY ended without its trailer");
    }
    return x.count;
  }

  @Override
  String name() {
    return "a binary COPY TO STDOUT";
  }

  @Override
  boolean message(byte type) throws IOException {
    MessageReader r = session.reader;
    switch (type) {
      case Protocol.COPY_OUT_RESPONSE:
        r.copyOutResponse(columnCount);
        return false;
      case Protocol.COPY_DATA:
        if (!headerSeen) {
          r.binaryCopyHeader(SIGNATURE);
          headerSeen = true;
        } else if (r.isBinaryCopyTrailer()) {
          r.skip();
          trailerSeen = true;
        } else if (sinkFailure != null || error != null) {
          r.skip();
        } else {
          try {
            sink.rows(session.rowView);
          } catch (RuntimeException e) {
            if (e instanceof PgException pe && "08P01".equals(pe.sqlState())) {
              throw e; // a malformed row: the session is broken
            }
            sinkFailure = e;
            session.cancelQuietly();
          }
        }
        return false;
      case Protocol.COPY_DONE:
        r.skip();
        return false;
      case Protocol.COMMAND_COMPLETE:
        count = r.commandCount();
        return false;
      default:
        throw session.unexpected(type, name());
    }
  }
}
