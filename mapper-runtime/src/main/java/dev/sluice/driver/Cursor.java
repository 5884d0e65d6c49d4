package dev.sluice.driver;

import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import java.io.IOException;
import java.util.NoSuchElementException;

/**
 * The rows of one running query, read on demand (see {@link PgConnection#cursor}): the socket is
 * read as the caller asks for rows, so memory stays bounded by the receive buffer. While it is open
 * its session is {@link Session.State#STREAMING} and runs nothing else. Not thread-safe; must be
 * closed (closing a finished cursor does nothing).
 */
public final class Cursor<T> implements AutoCloseable {
  private final Session session;
  private final String sql;
  private final RowDecoder.Bound<T> bound;
  private final Rows rows;

  /** The next row, decoded ahead by {@link #advance()}, when {@link #hasPending}. */
  private T pending;

  private boolean hasPending;

  /** Whether ReadyForQuery has been read (or the session broke): the connection is free again. */
  private boolean done;

  private Cursor(Session session, String sql, RowDecoder.Bound<T> bound) {
    this.session = session;
    this.sql = sql;
    this.bound = bound;
    this.rows = new Rows();
  }

  /** Sends Bind + Execute + Sync for {@code p} and reads up to the first row. */
  static <T> Cursor<T> open(Session session, Prepared p, Object[] params, RowDecoder<T> decoder)
      throws IOException {
    RowDecoder.Bound<T> bound = p.bound(decoder);
    session.writeCloses();
    session.writer.bind(p, params);
    session.writer.execute();
    session.writer.sync();
    session.send();
    session.streaming();
    session.rowView.start(p.columns, p.binaryOids);
    Cursor<T> c = new Cursor<>(session, p.sql, bound);
    c.advance();
    return c;
  }

  public boolean hasNext() {
    if (!hasPending && !done) {
      advance();
    }
    return hasPending;
  }

  public T next() {
    if (!hasNext()) {
      throw new NoSuchElementException("no more rows");
    }
    T row = pending;
    pending = null;
    hasPending = false;
    return row;
  }

  /** Reads up to the next row (decoding it) or to the end of the result. */
  private void advance() {
    try {
      for (; ; ) {
        if (session.rowView.next()) {
          pending = decode();
          hasPending = true;
          return;
        }
        if (session.receive(rows)) {
          done = true;
          if (rows.error != null) {
            throw rows.error;
          }
          return;
        }
      }
    } catch (IOException e) {
      done = true;
      throw session.connectionLost(e);
    } catch (PgException e) {
      if (session.isBroken()) {
        done = true;
      }
      throw e;
    } catch (RuntimeException | Error e) {
      done = true;
      session.fail(e);
      throw e;
    }
  }

  private T decode() {
    try {
      return bound.decode(session.rowView);
    } catch (RuntimeException e) {
      if (e instanceof PgException pe && "08P01".equals(pe.sqlState())) {
        session.markBroken();
        done = true;
        throw e;
      }
      // A row the decoder rejects ends the cursor; the connection stays usable.
      close();
      throw e;
    }
  }

  /**
   * Stops the query if it still runs (CancelRequest), drains its reply and frees the connection.
   */
  @Override
  public void close() {
    if (done) {
      return;
    }
    hasPending = false;
    pending = null;
    done = true;
    if (session.isClosed()) {
      return;
    }
    session.cancelQuietly();
    try {
      session.receive(new Drain(session));
    } catch (IOException | RuntimeException e) {
      session.markBroken();
    }
  }

  /** The messages of a streamed result other than its rows, which the cursor frames itself. */
  private final class Rows extends Session.Exchange {
    Rows() {
      super(Cursor.this.session);
    }

    @Override
    String name() {
      return "a stream of rows";
    }

    @Override
    boolean message(byte type) throws IOException {
      switch (type) {
        case Protocol.DATA_ROW:
          return true; // framed by advance()
        case Protocol.BIND_COMPLETE:
        case Protocol.CLOSE_COMPLETE:
        case Protocol.COMMAND_COMPLETE:
        case Protocol.EMPTY_QUERY_RESPONSE:
          session.reader.skip();
          return false;
        default:
          throw session.unexpected(type, name());
      }
    }
  }
}
