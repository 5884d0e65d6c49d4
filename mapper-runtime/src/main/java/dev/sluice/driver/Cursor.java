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
 *
 * <p>The portal is read in chunks: Bind, then Execute of at most {@value #CHUNK_ROWS} rows and
 * Flush, and another Execute at each PortalSuspended; Sync only once the portal is complete, or
 * when the cursor is closed early, after Close of the portal. So closing early needs no
 * CancelRequest and fails nothing: it reads what is left of the chunk in flight, then the portal is
 * closed, and a transaction around it goes on as if the query had ended. (A Sync sent at once would
 * end the implicit transaction of a statement outside BEGIN and destroy the unnamed portal with it;
 * a cancel would abort a transaction around it.)
 */
public final class Cursor<T> implements AutoCloseable {
  /**
   * Rows per Execute. Each chunk costs one round trip (the server waits for the next Execute),
   * which at this size is a small part of the time to read the chunk's rows; an early close reads
   * at most one chunk to the end.
   */
  static final int CHUNK_ROWS = 8192;

  private final Session session;
  private final RowDecoder.Bound<T> bound;
  private final Rows rows;

  /** The next row, decoded ahead by {@link #advance()}, when {@link #hasPending}. */
  private T pending;

  private boolean hasPending;

  /** Whether ReadyForQuery has been read (or the session broke): the connection is free again. */
  private boolean done;

  private Cursor(Session session, RowDecoder.Bound<T> bound) {
    this.session = session;
    this.bound = bound;
    this.rows = new Rows();
  }

  /** Sends Bind + Execute(chunk) + Flush for {@code p} and reads up to the first row. */
  static <T> Cursor<T> open(Session session, Prepared p, Object[] params, RowDecoder<T> decoder)
      throws IOException {
    RowDecoder.Bound<T> bound = p.bound(decoder);
    session.writeCloses();
    // A one-shot is parsed again with its Bind, and its portal described: see ExtendedQuery.run.
    // In the tracked mode, a named statement's portal is described and checked as well.
    boolean unnamed = session.unnamedStatements || p.isUnnamed();
    boolean checked = unnamed || session.config.statementMode().checksResultColumns();
    if (unnamed) {
      session.writer.parseUnnamed(p);
    }
    session.writer.bind(p, params);
    if (checked) {
      session.writer.describePortal();
    }
    session.writer.execute(CHUNK_ROWS);
    session.writer.flush();
    Cursor<T> c = new Cursor<>(session, bound);
    c.rows.sql = p.sql;
    if (checked) {
      c.rows.described = p;
    }
    session.submit(c.rows);
    session.rowView.start(p.columns, p.binaryOids);
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

  /**
   * Whether the result has been read to its end (or ended in an error): nothing is left to read.
   */
  public boolean isDone() {
    return done;
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
          if (rows.replicationWarning != null) {
            // The stream's implicit commit, at its Sync, waited for a standby and was cancelled.
            throw CommitCall.notReplicated(rows.replicationWarning, rows.sql);
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
   * Ends the cursor: if rows are still to come, reads the rest of the chunk in flight, closes the
   * portal and syncs, leaving the connection idle (or, on any failure, broken).
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
    rows.closing = true;
    try {
      while (!session.receive(rows)) {
        // the rows exchange skips every row while closing
      }
    } catch (IOException | RuntimeException e) {
      session.markBroken();
      return;
    }
    if (rows.replicationWarning != null) {
      throw CommitCall.notReplicated(rows.replicationWarning, rows.sql);
    }
  }

  /**
   * The messages of a streamed result other than its rows, which {@link #advance()} frames itself.
   * It sends the next Execute at PortalSuspended, and the one Sync: after CommandComplete or an
   * error, or after Close of the portal when the cursor is closed early.
   */
  private final class Rows extends Exchange {
    /** Set by close(): skip rows, and close the portal at the end of the chunk. */
    boolean closing;

    /**
     * In the unnamed mode, the description the decoder is bound to: a portal whose columns differ
     * ends the cursor with 0A000 (its rows skipped, the portal closed).
     */
    Prepared described;

    /** Whether Sync was sent: then only ReadyForQuery (and what precedes it) is left. */
    private boolean synced;

    Rows() {
      super(Cursor.this.session);
    }

    @Override
    String name() {
      return "a stream of rows";
    }

    @Override
    Session.State mode() {
      return Session.State.STREAMING;
    }

    @Override
    boolean message(byte type) throws IOException {
      MessageReader r = session.reader;
      switch (type) {
        case Protocol.DATA_ROW:
          if (closing) {
            r.skipRows();
            return false;
          }
          return true; // framed by advance()
        case Protocol.PORTAL_SUSPENDED:
          r.skip();
          if (closing) {
            session.writer.closePortal();
            sync();
          } else {
            session.writer.execute(CHUNK_ROWS);
            session.writer.flush();
            session.send();
          }
          return false;
        case Protocol.COMMAND_COMPLETE:
        case Protocol.EMPTY_QUERY_RESPONSE:
          r.skip();
          sync();
          return false;
        case Protocol.PARSE_COMPLETE:
        case Protocol.BIND_COMPLETE:
        case Protocol.CLOSE_COMPLETE:
        case Protocol.NO_DATA:
          r.skip();
          return false;
        case Protocol.ROW_DESCRIPTION:
          if (described == null) {
            throw session.unexpected(type, name());
          }
          dev.sluice.Columns now = DerivedTypes.portal(session, r);
          if (!ExtendedQuery.sameColumns(now, described.columns)) {
            session.statements.evict(described);
            closing = true;
            error =
                new PgException(
                    "0A000",
                    "the result's columns changed since the statement was described (now "
                        + now.describe()
                        + "); the stream was closed: open it again (it is described anew)",
                    described.sql,
                    null);
          }
          return false;
        default:
          throw session.unexpected(type, name());
      }
    }

    @Override
    boolean error(PgException e) {
      super.error(e);
      // The server skips everything up to a Sync, which has not been sent yet.
      try {
        sync();
      } catch (IOException io) {
        throw session.connectionLost(io);
      }
      return false;
    }

    private void sync() throws IOException {
      if (!synced) {
        synced = true;
        session.writer.sync();
        session.send();
      }
    }
  }
}
