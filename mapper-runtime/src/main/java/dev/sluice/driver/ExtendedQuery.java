package dev.sluice.driver;

import dev.sluice.Columns;
import dev.sluice.PgException;
import dev.sluice.driver.codec.Bytes;
import dev.sluice.driver.config.StatementMode;
import java.io.IOException;

/**
 * The replies to Bind + Execute of a prepared statement: BindComplete, the rows (to a {@link Sink}
 * in batches, or skipped), CommandComplete with the row count. Run to its ReadyForQuery ({@link
 * #run}), or, in a pipeline, one execution at a time: the exchange then yields at each
 * CommandComplete or error ({@link #next}).
 *
 * <p>If the sink throws (a decoder rejecting a value, a consumer's exception), the statement is
 * cancelled and the rest of its reply read and dropped, and the sink's exception is thrown after
 * ReadyForQuery. The session stays usable only if the cancel ended the statement (57014): one that
 * ended otherwise leaves a cancel that may still arrive and hit the next statement, so the session
 * is then broken and the pool replaces it. A malformed DataRow (08P01) is not the sink's fault: it
 * leaves the session broken.
 *
 * <p>In {@link StatementMode#UNNAMED} the execution is Parse + Bind + Describe(portal) + Execute +
 * Sync, and the portal's RowDescription is checked against the cached description the result
 * formats were chosen from (see {@link #redescribed}). In {@link StatementMode#TRACKED} a named
 * statement's execution is Bind + Describe(portal) + Execute + Sync, checked the same way.
 */
final class ExtendedQuery extends Exchange {
  /** Where rows go; null to drop them. */
  private Sink sink;

  /** Yield at each execution's CommandComplete or error (pipelines). */
  private boolean eachExecution;

  private RuntimeException sinkFailure;
  private long count;

  /** The description Bind's formats came from, when the portal is checked against it; else null. */
  private Prepared described;

  /** The result's columns changed and its rows cannot be read as asked: thrown after the reply. */
  private RuntimeException describeFailure;

  /** One per session, made with it and reused for every execution ({@link #reset}). */
  ExtendedQuery(Session session) {
    super(session);
  }

  /** Ready for the next execution, of which nothing has been read yet. */
  private ExtendedQuery reset(Sink sink, boolean eachExecution) {
    this.sink = sink;
    this.described = null;
    this.describeFailure = null;
    this.eachExecution = eachExecution;
    this.sinkFailure = null;
    this.count = 0;
    this.error = null;
    this.refusedCopy = null;
    this.dropCopyData = false;
    return this;
  }

  /**
   * Executes {@code p} once with {@code params} (Bind, Execute, Sync in one round trip) and reads
   * the result up to ReadyForQuery; returns its row count.
   */
  static long run(Session session, Prepared p, Object[] params, Sink sink) throws IOException {
    if (sink != null && p.columns != null) {
      // Bind the decoder before anything is sent: if it rejects the columns, no reply is left
      // unread on the connection.
      sink.start(p);
    }
    session.writeCloses();
    // A one-shot (the unnamed statement) is parsed again with its Bind: the Sync after its
    // Describe may have let a transaction-pooling proxy hand this Bind to another server session,
    // whose unnamed statement (another client's, maybe) it would bind. Parsed again, it may also
    // see DDL that came after the Describe, so the portal is described too and checked against
    // the columns the decoder was bound to (see #redescribed).
    // In the tracked mode a pooler may have prepared the named statement again, after DDL, on the
    // session it lends: its portal is described and checked too (see StatementMode.TRACKED).
    boolean unnamed = session.unnamedStatements || p.isUnnamed();
    boolean checked = unnamed || session.config.statementMode().checksResultColumns();
    if (unnamed) {
      session.writer.parseUnnamed(p);
    }
    session.writer.bind(p, params);
    if (checked) {
      session.writer.describePortal();
    }
    session.writer.execute();
    session.writer.sync();
    ExtendedQuery x = session.extendedQuery.reset(sink, false);
    if (checked) {
      x.described = p;
    }
    session.submit(x);
    if (p.columns != null) {
      session.rowView.start(p.columns, p.binaryOids);
    }
    try {
      session.receive(x);
    } finally {
      // The exchange is the session's, reused: it must not keep the caller's rows reachable (the
      // sink holds their list) while the connection idles in the pool.
      x.sink = null;
      x.described = null;
    }
    if (x.sinkFailure != null) {
      if (x.error == null || !"57014".equals(x.error.sqlState())) {
        // The statement ended before the cancel reached it: the signal may still be on its way
        // and would cancel whatever this session runs next. Never hand the session on.
        session.markBroken();
      }
      throw x.sinkFailure;
    }
    x.throwIfFailed();
    if (x.describeFailure != null) {
      throw x.describeFailure;
    }
    return x.count;
  }

  /**
   * Reads the replies of the next execution of a pipeline (rows dropped) up to its CommandComplete;
   * returns its count in {@code counts[i]} and null, or its error.
   */
  static PgException next(Session session, long[] counts, int i) throws IOException {
    ExtendedQuery x = session.extendedQuery.reset(null, true);
    if (session.receive(x)) {
      throw session.protocolViolation(
          "ReadyForQuery before the reply to execution " + (i + 1) + " of a pipeline");
    }
    if (x.error != null) {
      return x.error;
    }
    counts[i] = x.count;
    return null;
  }

  /**
   * The exchange a pipeline of executions is queued as, before its first group is sent; {@link
   * #next} then reads it one execution at a time and {@link #drain} to its end.
   */
  static ExtendedQuery pipelined(Session session) {
    return session.extendedQuery.reset(null, true);
  }

  /**
   * Reads and drops the rest of the pipeline in flight up to its ReadyForQuery: after its last
   * execution, or after its first error (the server skips the executions after it). A FATAL error
   * still ends the session.
   */
  static void drain(Session session) throws IOException {
    ExtendedQuery x = session.extendedQuery.reset(null, false);
    while (!session.receive(x)) {
      // an error of a skipped execution yields nothing here (eachExecution is off)
    }
  }

  /**
   * The portal's columns differ from the cached description (DDL since it was made): the old
   * description is evicted. If Bind's result formats — chosen from the old columns — are the ones
   * the new columns would have asked for, the rows are decoded by the new description (cached in
   * its place, the sink's decoder bound to it again); otherwise they are dropped and the call fails
   * with 0A000 after the reply, the statement having run. Either way the session stays in step.
   */
  private void redescribed(Columns now) {
    Prepared old = described;
    session.statements.evict(old);
    if (!old.isUnnamed()) {
      // A named statement in the tracked mode: a pooler prepared it again from a newer catalog.
      // Evicted, it is prepared anew by the next call.
      describeFailure = columnsChanged(old.sql, now);
      return;
    }
    if (!formatsFit(old.resultFormats, now)) {
      describeFailure =
          new PgException(
              "0A000",
              "the result's columns changed since the statement was described (now "
                  + now.describe()
                  + "); it ran, but its rows came in formats chosen for the old columns and were"
                  + " dropped: run it again (it is described anew)",
              old.sql,
              null);
      return;
    }
    Prepared fresh = new Prepared("", old.sql, old.paramOids, now);
    session.statements.put(fresh);
    described = fresh;
    if (sink != null) {
      try {
        sink.start(fresh);
      } catch (RuntimeException e) {
        describeFailure = e; // the decoder does not take the new columns
        return;
      }
    }
    session.rowView.start(now, fresh.binaryOids);
  }

  /**
   * The failure of a named statement whose portal's columns are not {@code now}'s (the tracked
   * mode): it ran, its rows were dropped, and it was evicted.
   */
  static PgException columnsChanged(String sql, Columns now) {
    return new PgException(
        "0A000",
        "the result's columns changed since the statement was prepared (now "
            + now.describe()
            + "), and a transaction-pooling proxy prepared it again on another server session;"
            + " it ran, but its rows were dropped: run it again (it is prepared anew)",
        sql,
        null);
  }

  /**
   * Reads the RowDescription of a named statement's portal (the tracked mode): null when its
   * columns are {@code p}'s (the same bytes as last time pass with nothing allocated), else the
   * call's failure ({@link #columnsChanged}). Replies are read by one thread at a time, which
   * orders the writes of {@code p.portalDescription}.
   */
  static PgException portalColumnsChanged(Session session, MessageReader r, Prepared p, String sql)
      throws IOException {
    if (r.skipIfBodyIs(p.portalDescription)) {
      return null;
    }
    byte[] body = r.bodyCopy();
    Columns now = DerivedTypes.portal(session, r);
    if (!sameColumns(now, p.columns)) {
      return columnsChanged(sql, now);
    }
    p.portalDescription = body;
    return null;
  }

  /**
   * Whether the portal's columns are those the decoder was bound to: the same names and types, and
   * for an array read as a built-in array the same created element type (a domain dropped and
   * created again over the same type has a new OID, which its values' headers name). {@code now}
   * must be resolved as the description was ({@link dev.sluice.driver.codec.Counterparts}). The
   * formats are compared elsewhere ({@link #formatsFit}): they are what Bind asked for, and a
   * decoder may have turned a composite column binary, which a fresh description does not show.
   */
  static boolean sameColumns(Columns now, Columns bound) {
    if (bound == null) {
      return false; // described as returning no rows
    }
    int n = now.count();
    if (n != bound.count()) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (now.typeOid(i) != bound.typeOid(i)
          || now.createdElementOid(i) != bound.createdElementOid(i)
          || !now.name(i).equals(bound.name(i))) {
        return false;
      }
    }
    return true;
  }

  /** Whether Bind's result-format part {@code formats} asked for the formats {@code now} needs. */
  static boolean formatsFit(byte[] formats, Columns now) {
    int count = Bytes.getShort(formats, 0) & 0xffff;
    int n = now.count();
    if (count > 1 && count != n) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      int asked = count == 0 ? 0 : Bytes.getShort(formats, count == 1 ? 2 : 2 + 2 * i);
      if (now.format(i) != asked) {
        return false;
      }
    }
    return true;
  }

  @Override
  String name() {
    return "an extended query";
  }

  @Override
  boolean message(byte type) throws IOException {
    MessageReader r = session.reader;
    switch (type) {
      case Protocol.DATA_ROW:
        if (sink == null || error != null || sinkFailure != null || describeFailure != null) {
          r.skipRows();
        } else {
          try {
            sink.rows(session.rowView);
          } catch (RuntimeException e) {
            if (e instanceof PgException pe && "08P01".equals(pe.sqlState())) {
              throw e; // a malformed row: the session is broken (see Session.fail)
            }
            // The consumer or a decoder failed: stop the query and drain what is in flight, so the
            // connection stays usable, then report the failure.
            sinkFailure = e;
            session.cancelQuietly();
          }
        }
        return false;
      case Protocol.BIND_COMPLETE:
      case Protocol.PARSE_COMPLETE:
      case Protocol.NO_DATA:
      case Protocol.PORTAL_SUSPENDED:
        r.skip();
        return false;
      case Protocol.ROW_DESCRIPTION:
        if (described == null) {
          throw session.unexpected(type, name());
        }
        if (r.skipIfBodyIs(described.portalDescription)) {
          return false; // the same bytes as last time: the same columns, nothing allocated
        }
        byte[] body = r.bodyCopy();
        Columns now = DerivedTypes.portal(session, r);
        if (!sameColumns(now, described.columns)) {
          redescribed(now);
        }
        described.portalDescription = body;
        return false;
      case Protocol.EMPTY_QUERY_RESPONSE:
        // An empty statement ends its execution as CommandComplete would (count 0).
        r.skip();
        return eachExecution && error == null;
      case Protocol.COMMAND_COMPLETE:
        count = r.commandCount();
        if (r.droppedStatements()) {
          session.statements.forgetAll();
        }
        return eachExecution && error == null;
      case Protocol.COPY_IN_RESPONSE:
      case Protocol.COPY_OUT_RESPONSE:
      case Protocol.COPY_BOTH_RESPONSE:
        if (eachExecution) {
          // In a pipeline a second Sync would answer with a ReadyForQuery of its own.
          throw session.protocolViolationAfterCopy(type);
        }
        session.refuseCopy(this, type, true);
        return false;
      default:
        throw session.unexpected(type, name());
    }
  }

  @Override
  boolean error(PgException e) {
    super.error(e);
    return eachExecution;
  }
}
