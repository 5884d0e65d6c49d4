package dev.sluice.driver;

import dev.sluice.NoticeListener;
import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import dev.sluice.SluiceListener;
import dev.sluice.driver.auth.Authenticator;
import dev.sluice.driver.codec.TypeRegistry;
import dev.sluice.driver.config.ConnectionConfig;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Consumer;

/**
 * One PostgreSQL session over the v3 protocol, as the rest of Sluice sees it: queries into lists or
 * consumers, streams, statements, batches, simple queries, COPY FROM STDIN, cancel and close.
 *
 * <p>This class is a façade; the work is done by small package-private parts, each with one job:
 * the {@link Transport} (the socket), the {@link MessageReader} and {@link MessageWriter} (the
 * protocol's messages and their limits, over the connection's one {@link ReadBuffer} and {@link
 * WriteBuffer}), the {@link Connector} and {@link Authenticator} (hosts and startup), the {@link
 * Session} (the one explicit state and the one receive loop) and the exchanges it drives ({@link
 * Preparer}, {@link ExtendedQuery}, {@link Cursor}, {@link SimpleQuery}, {@link CopyIn}, {@link
 * BatchPipeline}).
 *
 * <p>Statements: on a statement's first use, Parse + Describe('S') + Sync, caching the parameter
 * types and the row description; each execution is then Bind (binary parameters, binary results for
 * every column with a codec) + Execute + Sync, one round trip. A cached statement invalidated by
 * DDL (SQLSTATE 0A000 from RevalidateCachedQuery, or 26000) is re-prepared and retried once, only
 * outside a transaction.
 *
 * <p>Not thread-safe: one thread at a time (the pool hands it out). Only {@link #cancel()} may be
 * called from another thread. Every call either completes its exchange (the connection is then
 * {@link #isReusable() reusable}, even when the call threw a server error or its consumer threw) or
 * leaves the connection {@link #isBroken() broken}: closed, failing every further call; the pool
 * discards it.
 */
public final class PgConnection implements AutoCloseable {
  /** Rows of a batch insert bound as one execution of its array form (see BatchPipeline). */
  static final int ARRAY_CHUNK_ROWS = BatchPipeline.ARRAY_CHUNK_ROWS;

  private final Session session;
  private final BatchPipeline batches;
  private final long createdNanos = System.nanoTime();

  /** Hears each call's end (see {@link StatementTrace}); null: none. Must not throw. */
  private final SluiceListener listener;

  /** The client-side limit of each call in milliseconds (0: none); see {@link #queryTimeout}. */
  private long queryTimeoutMillis;

  private PgConnection(Session session, SluiceListener listener) {
    this.session = session;
    session.types.catalog(this::query);
    this.listener = listener;
    this.batches = new BatchPipeline(session);
    this.queryTimeoutMillis = session.config.queryTimeout().toMillis();
  }

  /**
   * Sets the client-side time limit of each following call (zero: none): past it, the statement is
   * cancelled (57014, reported as a timeout) and, if the server does not end it within a few
   * seconds, the connection is closed.
   */
  public void queryTimeout(java.time.Duration timeout) {
    this.queryTimeoutMillis = timeout.toMillis();
  }

  /** Back to the configured limit ({@link ConnectionConfig#queryTimeout()}). */
  public void resetQueryTimeout() {
    this.queryTimeoutMillis = session.config.queryTimeout().toMillis();
  }

  /** The limit {@link #queryTimeout} set, or the configured one. */
  public java.time.Duration queryTimeout() {
    return java.time.Duration.ofMillis(queryTimeoutMillis);
  }

  /**
   * Connects to the first host of {@code config} that accepts the connection and matches its
   * target_session_attrs, trying them in order (shuffled with load_balance_hosts).
   */
  public static PgConnection connect(ConnectionConfig config, NoticeListener listener) {
    return connect(config, listener, (SluiceListener) null);
  }

  /**
   * {@link #connect(ConnectionConfig, NoticeListener)}, telling {@code observer} (null: none) of
   * each call's end; it must not throw (the Database's listeners are wrapped so they cannot).
   */
  public static PgConnection connect(
      ConnectionConfig config, NoticeListener listener, SluiceListener observer) {
    return new PgConnection(Connector.connect(config, listener), observer);
  }

  /** {@link #connect} with host names resolved by {@code resolver}, for tests. */
  static PgConnection connect(
      ConnectionConfig config, NoticeListener listener, Connector.Resolver resolver) {
    return new PgConnection(Connector.connect(config, listener, resolver), null);
  }

  ConnectionConfig config() {
    return session.config;
  }

  /** The address this connection is on (one of its host's addresses). */
  java.net.SocketAddress remoteAddress() {
    return session.transport.remoteAddress();
  }

  // ------------------------------------------------------------------ state

  public boolean isBroken() {
    return session.isBroken();
  }

  public boolean isClosed() {
    return session.isClosed();
  }

  /**
   * Whether the last exchange is complete (ReadyForQuery read, nothing unsent, nothing unread): the
   * only state in which the connection may be handed to another caller.
   */
  public boolean isReusable() {
    return session.isIdle();
  }

  /**
   * Whether a caller left state in the session that the next must not inherit (a SET, LISTEN, a
   * cursor WITH HOLD, a temporary table, an advisory lock, a SQL PREPARE).
   */
  public boolean needsReset() {
    return session.needsReset();
  }

  /**
   * Clears that state (what {@code DISCARD ALL} clears, each part only if needed, see {@link
   * SessionResidue}), keeping the prepared statements of the cache unless SQL PREPARE was used.
   * Only outside a transaction. It has a deadline ({@link #resetDeadlineMillis}): past it the
   * connection is closed, so a network that dies during the reset cannot hang the caller that
   * released the connection.
   */
  public void reset() {
    String sql = session.resetStatement();
    if (sql == null) {
      return;
    }
    traced(
        sql,
        () -> {
          runReset(sql);
          return null;
        });
  }

  private void runReset(String sql) {
    long millis = resetDeadlineMillis();
    ScheduledFuture<?> cutOff = Deadlines.schedule(session::markBroken, millis);
    try {
      session.runReset(sql);
    } catch (IOException e) {
      PgException lost = session.connectionLost(e);
      if (!cutOff.cancel(false)) {
        throw new PgException(
            "08006",
            "the session reset did not end within " + millis + " ms; the connection was closed",
            lost.statement(),
            lost);
      }
      throw lost;
    } catch (RuntimeException | Error e) {
      session.fail(e);
      throw e;
    } finally {
      cutOff.cancel(false);
    }
  }

  /** The reset's time limit: the query timeout, else the connect timeout, else 30 s. */
  long resetDeadlineMillis() {
    if (queryTimeoutMillis > 0) {
      return queryTimeoutMillis;
    }
    long connect = session.config.connectTimeout().toMillis();
    return connect > 0 ? connect : 30_000;
  }

  /** The status of the last ReadyForQuery: 'I' idle, 'T' in a transaction, 'E' in a failed one. */
  public byte transactionStatus() {
    return session.transactionStatus();
  }

  /** A server parameter reported with ParameterStatus (server_version, TimeZone, …), or null. */
  public String parameter(String name) {
    return session.parameter(name);
  }

  public int backendPid() {
    return session.backendPid();
  }

  /**
   * Hands every NotificationResponse this connection reads to {@code sink}, on the thread that
   * reads it (a listener's connection); without one they are dropped.
   */
  public void onNotification(java.util.function.Consumer<dev.sluice.Notification> sink) {
    session.onNotification(sink);
  }

  /** The protocol version in use: 196608 (3.0) or 196610 (3.2), after any negotiation. */
  public int protocolVersion() {
    return session.protocolVersion();
  }

  public long createdNanos() {
    return createdNanos;
  }

  /** The number of socket reads so far (large reads are invariant 1; tests watch this). */
  public long socketReads() {
    return session.buffer.reads();
  }

  public int cachedStatements() {
    return session.statements.size();
  }

  /** A socket option of the connection (keepalive settings, say), for tests. */
  <T> T socketOption(java.net.SocketOption<T> option) throws IOException {
    return session.transport.option(option);
  }

  public ConnectionConfig.HostPort hostPort() {
    return session.transport.hostPort();
  }

  /**
   * Handles messages the server sent while the connection was idle (a FATAL error before a
   * shutdown, notices, parameter changes); false if the connection is no longer usable. The pool
   * calls this before handing out an idle connection. It never blocks; with {@code probe} it also
   * finds a server that closed the connection without a word.
   */
  public boolean checkIdle(boolean probe) {
    return session.checkIdle(probe);
  }

  /**
   * Waits up to {@code timeout} on an idle connection for the server to send something (a
   * notification, a notice, a FATAL error, or its close), without closing the socket when the time
   * passes first; true if something arrived, which {@link #checkIdle} then handles. A broken
   * connection answers true at once (the next check finds it broken).
   */
  public boolean awaitServer(java.time.Duration timeout) {
    if (!session.isIdle()) {
      if (session.isClosed()) {
        return true;
      }
      throw new PgException(
          "55000", "awaitServer needs an idle connection; it is " + session.state(), null, null);
    }
    try {
      return session.awaitMessage(Math.max(1, timeout.toMillis()));
    } catch (IOException e) {
      session.markBroken();
      return true;
    }
  }

  // ------------------------------------------------------------------ calls

  /**
   * One call's work on the session, run by {@link #call}: given everything it needs, so the
   * per-query ones are constants and a call makes no object for its work.
   */
  private interface Work<R> {
    R run(Session session, String sql, Object[] params, Object arg) throws IOException;
  }

  private static final Work<Long> EXECUTE =
      (session, sql, params, sink) -> Preparer.execute(session, sql, params, (Sink) sink);

  private static final Work<String> SIMPLE_QUERY =
      (session, sql, params, unused) -> SimpleQuery.run(session, sql);

  private static final Work<Long> COPY_IN =
      (session, sql, params, data) -> CopyIn.run(session, sql, (InputStream) data);

  private static final Work<Long> COPY_OUT =
      (session, sql, params, out) -> CopyOut.run(session, sql, (java.io.OutputStream) out);

  /**
   * Runs {@code work} (COMMIT, a reset: calls outside {@link #exchange}), traced when someone
   * listens or records. {@link #call}, the hot path, writes the same out rather than pay a lambda
   * per statement.
   */
  private <R> R traced(String sql, java.util.function.Supplier<R> work) {
    if (!StatementTrace.active(listener)) {
      return work.get();
    }
    StatementTrace trace = StatementTrace.start(this, sql, listener);
    R result;
    try {
      result = work.get();
    } catch (RuntimeException | Error e) {
      trace.failed(e);
      throw e;
    }
    trace.succeeded(result);
    return result;
  }

  /** Runs one call ({@link #exchange}), traced when someone listens or records. */
  private <R> R call(String sql, Object[] params, Object arg, Work<R> work) {
    if (!StatementTrace.active(listener)) {
      return exchange(sql, params, arg, work);
    }
    StatementTrace trace = StatementTrace.start(this, sql, listener);
    R result;
    try {
      result = exchange(sql, params, arg, work);
    } catch (RuntimeException | Error e) {
      trace.failed(e);
      throw e;
    }
    trace.succeeded(result);
    return result;
  }

  /**
   * This connection's one registry of the types created in its database (composites, and the types
   * read as a built-in counterpart), each looked up the first time it is needed; ask it between
   * calls, never while one runs (a lookup is a call of its own).
   */
  public TypeRegistry types() {
    return session.types;
  }

  /**
   * Runs one call: the session must be idle; afterwards it is idle again, or — whatever was thrown
   * while an exchange was incomplete — broken.
   */
  private <R> R exchange(String sql, Object[] params, Object arg, Work<R> work) {
    session.begin(sql);
    QueryDeadline deadline = QueryDeadline.start(session, queryTimeoutMillis);
    try {
      R result = work.run(session, sql, params, arg);
      if (deadline != null && deadline.stop()) {
        // Done just as the limit passed: the result stands, but the cancel may still arrive.
        session.markBroken();
      }
      // An implicit transaction's commit whose wait for a synchronous standby was cancelled.
      CommitCall.checkReplicated(session, sql);
      return result;
    } catch (IOException e) {
      PgException lost = session.connectionLost(e);
      if (deadline != null && deadline.stop()) {
        throw timedOut(sql, lost);
      }
      throw lost;
    } catch (RuntimeException | Error e) {
      if (deadline != null && deadline.stop()) {
        if (e instanceof PgException pe
            && "57014".equals(pe.sqlState())
            && session.isIdle()
            && deadline.cancelTaken()) {
          throw timedOut(sql, pe); // cancelled by our deadline: the session is in step
        }
        session.markBroken();
      }
      session.fail(e);
      throw e;
    } finally {
      if (deadline != null) {
        deadline.stop();
      }
      session.end();
    }
  }

  private PgException timedOut(String sql, PgException cause) {
    return new PgException(
        "57014",
        "the query timeout of "
            + queryTimeoutMillis
            + " ms passed: the statement was cancelled"
            + (session.isBroken() ? " and the connection closed" : ""),
        sql,
        cause);
  }

  /** Runs a query and adds each row, decoded by {@code decoder}, to {@code out}. */
  public <T> void query(String sql, Object[] params, RowDecoder<T> decoder, List<? super T> out) {
    run(sql, params, new Sink.ToList<>(decoder, out));
  }

  /** Runs a query and hands each decoded row to {@code consumer}, building no list. */
  public <T> void forEach(
      String sql, Object[] params, RowDecoder<T> decoder, Consumer<? super T> consumer) {
    run(sql, params, new Sink.ToConsumer<>(decoder, consumer));
  }

  /** Runs a statement and returns its row count (rows affected, or rows returned). */
  public long execute(String sql, Object[] params) {
    return run(sql, params, null);
  }

  private long run(String sql, Object[] params, Sink sink) {
    return call(sql, params, sink, EXECUTE);
  }

  /**
   * Runs a query and returns its rows one at a time, for results larger than memory: the socket is
   * read as the caller asks for rows (every complete DataRow in the buffer is framed before the
   * next read), so memory stays bounded by the receive buffer. The connection runs nothing else
   * until the cursor is done or closed; closing it early cancels the query and drains the reply,
   * keeping the connection usable.
   */
  public <T> Cursor<T> cursor(String sql, Object[] params, RowDecoder<T> decoder) {
    return call(
        sql,
        params,
        decoder,
        (s, q, p, d) ->
            Preparer.withStatement(
                s, q, p, prepared -> Cursor.open(s, prepared, p, decoder), null, false));
  }

  /**
   * Runs {@code sql} once per parameter row as one pipeline (see {@link BatchPipeline#run}): all
   * rows or none are applied. Returns each row's count.
   */
  public long[] executeBatch(String sql, List<Object[]> rows) {
    return call(sql, null, rows, (s, q, p, r) -> batches.run(q, rows));
  }

  /**
   * Runs {@code steps} — different statements — as one pipeline: all sent before any result is
   * read, each step holding its outcome afterwards (see {@link StatementPipeline}). With {@code
   * atomic} they share one Sync, one implicit transaction, and the error that failed it is thrown;
   * otherwise each has its own Sync and a failure fails only its own statement.
   */
  public void pipeline(List<PipelineStep> steps, boolean atomic) {
    call(
        "a pipeline of " + steps.size() + " statements",
        null,
        steps,
        (s, q, p, unused) -> {
          StatementPipeline.run(s, steps, atomic);
          return null;
        });
  }

  /**
   * Runs one or more statements with the simple query protocol (text results, which are discarded)
   * and returns the last command tag. For scripts, DDL and transaction control.
   */
  public String simpleQuery(String sql) {
    return call(sql, null, null, SIMPLE_QUERY);
  }

  /**
   * A round trip ({@code SELECT 1}) that the listener does not hear: a connection's heartbeat,
   * which is not the application's statement.
   */
  public void heartbeat() {
    exchange("SELECT 1", null, null, SIMPLE_QUERY);
  }

  /**
   * COMMIT, never cancelled by the query timeout (past it the connection is closed instead); a
   * COMMIT whose wait for a synchronous standby was cancelled throws 08007. See {@link CommitCall}.
   */
  public String commit() {
    return traced("COMMIT", () -> CommitCall.run(session, queryTimeoutMillis));
  }

  /**
   * Runs {@code COPY … FROM STDIN} and streams {@code data} to the server (in the format the COPY
   * statement names), in CopyData messages of up to 64 KiB. Returns the row count. If reading
   * {@code data} fails, CopyFail aborts the COPY and nothing is written.
   */
  public long copyIn(String sql, InputStream data) {
    return call(sql, null, data, COPY_IN);
  }

  /**
   * Runs {@code COPY … TO STDOUT} and writes its data, as the server sends it (in the format the
   * statement names), to {@code out}, row by row straight from the receive buffer; returns the row
   * count. If {@code out} throws, the COPY is cancelled and drained (see {@link CopyOut}) and the
   * exception thrown.
   */
  public long copyOut(String sql, java.io.OutputStream out) {
    return call(sql, null, out, COPY_OUT);
  }

  /**
   * Copies the rows of {@code query} out with a binary {@code COPY (query) TO STDOUT} and hands
   * each to {@code consumer}, decoded by {@code decoder} straight from the receive buffer (see
   * {@link CopyOutRows}); returns the row count. The query takes no parameters: COPY has none.
   */
  public <T> long copyOut(
      String query, RowDecoder<T> decoder, java.util.function.Consumer<? super T> consumer) {
    return call(
        query,
        null,
        null,
        (s, q, p, unused) ->
            CopyOutRows.run(s, q, new Sink.ToConsumerInOrder<>(decoder, consumer)));
  }

  /**
   * Copies {@code rows} into {@code table} ({@code columns} in order) with a binary {@code COPY …
   * FROM STDIN}, each value encoded in its column's exact type (see {@link CopyInRows}); returns
   * the row count. All rows or none.
   */
  public long copyInRows(String table, List<String> columns, java.util.Iterator<Object[]> rows) {
    return call(
        CopyInRows.statement(table, columns),
        null,
        null,
        (s, q, p, unused) -> CopyInRows.run(s, table, columns, CopyInRows.arrays(rows)));
  }

  /**
   * Copies {@code records} into {@code table} as {@link #copyInRows} does, each written by {@code
   * writer}, the records' generated row writer, straight into the send buffer ({@code columns} are
   * the columns it writes, in order; {@code tableName} names the table in errors).
   */
  public <R> long copyInRecords(
      String table,
      List<String> columns,
      java.util.Iterator<? extends R> records,
      dev.sluice.generated.CopyRowWriter<R> writer,
      String tableName) {
    return call(
        CopyInRows.statement(table, columns),
        null,
        null,
        (s, q, p, unused) ->
            CopyInRows.run(s, table, columns, CopyInRows.records(records, writer, tableName)));
  }

  // ------------------------------------------------------------------ cancel and close

  /**
   * Asks the server to cancel the statement this connection is running (CancelRequest on a new
   * connection) and waits until the server has taken the request, so it cannot hit a later
   * statement. Safe to call from any thread; a cancel that arrives when nothing runs is ignored.
   */
  public void cancel() {
    session.cancel();
  }

  /** Sends Terminate and closes the socket. */
  @Override
  public void close() {
    session.close();
  }

  /** Marks the connection broken and closes its socket without a goodbye. */
  public void markBroken() {
    session.markBroken();
  }

  @Override
  public String toString() {
    ConnectionConfig config = session.config;
    return "PgConnection["
        + config.user()
        + "@"
        + hostPort()
        + "/"
        + config.database()
        + ", pid "
        + session.backendPid()
        + (session.isBroken() ? ", broken" : session.isClosed() ? ", closed" : "")
        + "]";
  }
}
