package dev.sluice.driver;

import dev.sluice.Notice;
import dev.sluice.NoticeListener;
import dev.sluice.PgException;
import dev.sluice.RowView;
import java.io.EOFException;
import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The state of one PostgreSQL session and its one receive loop.
 *
 * <p><b>State.</b> A session is in exactly one {@link State}. It is {@link State#IDLE} only when
 * its last exchange is complete: ReadyForQuery read, nothing unread that belongs to it, nothing
 * encoded and unsent. {@link #send()} makes it {@link State#BUSY}; the ReadyForQuery that ends the
 * exchange makes it idle again. Whatever is thrown while it is busy (an I/O error, a protocol
 * violation, an {@code Error} from a consumer) leaves it busy, and {@link #fail} then marks it
 * {@link State#BROKEN}: its socket is closed and the pool discards it. A failure while it is idle
 * (a value that cannot be encoded, say) only drops what was encoded and not sent. So a connection
 * can go back to the pool only when {@link #isIdle()}.
 *
 * <p><b>The loop.</b> {@link #receive} reads messages and hands each to the running {@link
 * Exchange}, which says which messages it expects. ErrorResponse (a FATAL one ends the session at
 * once), ReadyForQuery and the messages that may come at any time (NoticeResponse, ParameterStatus,
 * NotificationResponse) are handled here, in one place, for every exchange; a notice listener that
 * throws is logged and cannot leave the loop half-way. The loop returns at ReadyForQuery, or
 * earlier when the exchange yields (a row for a stream, one execution's count in a pipeline).
 *
 * <p>Not thread-safe: one thread at a time; only {@link #cancel()} and {@link #markBroken()} may
 * come from another.
 *
 * <p>Over 500 lines on purpose: the state and everything that moves it (sending, the loop, the
 * messages it handles for every exchange, failure and close) stay in one class, so no other class
 * can change the state; the exchanges live in their own classes.
 */
final class Session {
  private static final System.Logger LOG = System.getLogger(PgConnection.class.getName());

  enum State {
    /** Connected, authentication and startup not yet complete. */
    STARTING,
    /** The last exchange is complete: ready for the next. */
    IDLE,
    /** Messages were sent; their replies are not all read. */
    BUSY,
    /** A stream (cursor) is reading its rows as the caller asks: nothing else may run. */
    STREAMING,
    /** COPY FROM STDIN: the client sends CopyData. */
    COPY_IN,
    /** An I/O error, a protocol violation or an exchange left half-way: closed, never reused. */
    BROKEN,
    /** Closed with Terminate. */
    CLOSED
  }

  final ConnectionConfig config;
  final Transport transport;
  final ReadBuffer buffer;
  final MessageReader reader;
  final MessageWriter writer;
  final RowView rowView;
  final StatementCache statements;

  /** The exchange of every Bind/Execute, reused (one exchange runs at a time). */
  final ExtendedQuery extendedQuery;

  private final NoticeListener noticeListener;
  private final Map<String, String> parameters = new HashMap<>();

  /** See the class comment; volatile for the pool's checks and {@link #cancel()}. */
  private volatile State state = State.STARTING;

  /** The status byte of the last ReadyForQuery: 'I', 'T' or 'E'. */
  private byte txStatus = Protocol.TX_IDLE;

  private int backendPid;
  private int backendSecret;

  /** The statement being run, for error messages; null between calls. */
  private String currentSql;

  /** Statement names whose Close is encoded but not yet sent: queued again if it is dropped. */
  private List<String> unsentCloses = List.of();

  /**
   * What borrowers left in the session ({@link SessionResidue} bits), cleared by {@link #reset}.
   */
  private int residue;

  Session(ConnectionConfig config, Transport transport, NoticeListener noticeListener) {
    this.config = config;
    this.transport = transport;
    this.buffer = new ReadBuffer(transport.input());
    this.reader = new MessageReader(buffer);
    this.writer = new MessageWriter(new WriteBuffer(transport.output()));
    this.rowView = new RowView(buffer);
    this.statements = new StatementCache(config.statementCacheSize());
    this.extendedQuery = new ExtendedQuery(this);
    this.noticeListener = noticeListener;
  }

  // ---------------------------------------------------------------- state

  State state() {
    return state;
  }

  boolean isIdle() {
    return state == State.IDLE;
  }

  boolean isBroken() {
    return state == State.BROKEN;
  }

  boolean isClosed() {
    return state == State.BROKEN || state == State.CLOSED;
  }

  byte transactionStatus() {
    return txStatus;
  }

  String parameter(String name) {
    return parameters.get(name);
  }

  int backendPid() {
    return backendPid;
  }

  void backendKey(int pid, int secret) {
    backendPid = pid;
    backendSecret = secret;
  }

  String currentSql() {
    return currentSql;
  }

  /** Starts a call running {@code sql}: fails unless the session is idle. */
  void begin(String sql) {
    State s = state;
    if (s != State.IDLE) {
      throw notIdle(s, sql);
    }
    currentSql = sql;
  }

  /** Ends the call started by {@link #begin}. */
  void end() {
    currentSql = null;
  }

  private PgException notIdle(State s, String sql) {
    switch (s) {
      case BROKEN:
        return new PgException(
            "08003",
            "the connection is broken (an earlier I/O error or protocol violation); it cannot be"
                + " used",
            sql,
            null);
      case CLOSED:
        return new PgException("08003", "the connection is closed", sql, null);
      case STREAMING:
        return new PgException(
            "55000",
            "a stream of rows is still open on this connection; close it"
                + " (try-with-resources) before running another statement",
            sql,
            null);
      default:
        return new PgException(
            "55000", "the connection is still busy with another exchange (" + s + ")", sql, null);
    }
  }

  /** The running exchange became a stream, read as its consumer asks. */
  void streaming() {
    state = State.STREAMING;
  }

  /** CopyInResponse: the client sends the data. */
  void copyIn() {
    state = State.COPY_IN;
  }

  /** CopyDone or CopyFail sent: the replies follow. */
  void copyEnded() {
    if (state == State.COPY_IN) {
      state = State.BUSY;
    }
  }

  /**
   * After {@code failure} left a call: an idle session drops what it encoded and did not send; any
   * other is broken (its exchange is incomplete: replies unread, or unknown).
   */
  void fail(Throwable failure) {
    State s = state;
    if (s == State.IDLE) {
      discardUnsent();
    } else if (s != State.BROKEN && s != State.CLOSED) {
      LOG.log(
          System.Logger.Level.DEBUG,
          "closing the connection: {0} left an exchange incomplete ({1})",
          failure.toString(),
          s);
      markBroken();
    }
  }

  // ---------------------------------------------------------------- residue

  /** Adds what a statement about to run may leave behind ({@link SessionResidue} bits). */
  void mayLeave(int bits) {
    residue |= bits;
  }

  /** Whether a borrower left something in the session that the next one must not see. */
  boolean needsReset() {
    return residue != 0;
  }

  /**
   * Clears what borrowers left (settings, LISTEN, cursors, temporary objects, advisory locks, SQL
   * prepared statements), keeping Sluice's own prepared statements; the session must be idle and
   * outside a transaction.
   */
  void reset() throws IOException {
    String sql = SessionResidue.resetStatement(residue);
    begin(sql);
    try {
      SimpleQuery.run(this, sql);
      residue = 0; // RESET ALL's own ParameterStatus messages included
    } finally {
      end();
    }
  }

  // ---------------------------------------------------------------- sending

  /** Encodes Close for every statement evicted from the cache, to go with the next send. */
  void writeCloses() {
    List<String> names = statements.drainToClose();
    if (names.isEmpty()) {
      return;
    }
    for (String name : names) {
      writer.closeStatement(name);
    }
    if (unsentCloses.isEmpty()) {
      unsentCloses = names;
    } else {
      List<String> all = new ArrayList<>(unsentCloses);
      all.addAll(names);
      unsentCloses = all;
    }
  }

  /** Sends everything encoded; the session is busy until the exchange's ReadyForQuery. */
  void send() throws IOException {
    if (state == State.IDLE) {
      state = State.BUSY;
    }
    writer.send();
    unsentCloses = List.of();
  }

  /** Drops what was encoded and not sent; statements whose Close was dropped are queued again. */
  void discardUnsent() {
    writer.discardUnsent();
    for (String name : unsentCloses) {
      statements.closeLater(name);
    }
    unsentCloses = List.of();
  }

  // ---------------------------------------------------------------- the receive loop

  /**
   * Reads messages and hands them to {@code x} up to ReadyForQuery (returns true: the exchange is
   * over, the session idle) or until {@code x} yields (returns false).
   */
  boolean receive(Exchange x) throws IOException {
    MessageReader r = reader;
    for (; ; ) {
      byte type = r.next();
      switch (type) {
        case Protocol.READY_FOR_QUERY:
          txStatus = r.readyForQuery();
          residue |= r.takeResidue();
          if (state != State.BROKEN && state != State.CLOSED) {
            state = State.IDLE;
          }
          return true;
        case Protocol.ERROR_RESPONSE:
          if (x.error(errorResponse())) {
            return false;
          }
          break;
        case Protocol.NOTICE_RESPONSE:
        case Protocol.PARAMETER_STATUS:
        case Protocol.NOTIFICATION_RESPONSE:
          asynchronous(type);
          break;
        case Protocol.COPY_DATA:
        case Protocol.COPY_DONE:
          if (x.refusedCopy != null) {
            r.skip(); // the rows of a refused COPY TO STDOUT
            break;
          }
          if (x.message(type)) {
            return false;
          }
          break;
        default:
          if (x.message(type)) {
            return false;
          }
      }
    }
  }

  /**
   * While the client is writing (COPY data), handles the messages already waiting that may come at
   * any time — a row trigger's notices, say — so the server is never blocked writing them while the
   * client is blocked writing to it. Returns true when another message is waiting (an
   * ErrorResponse: the server has given up on the data), which the receive loop then handles.
   */
  boolean handleWaitingMessages() throws IOException {
    while (buffer.hasPendingInput()) {
      byte type = reader.next(); // bytes are waiting: the rest of the message is on its way
      if (type != Protocol.NOTICE_RESPONSE
          && type != Protocol.PARAMETER_STATUS
          && type != Protocol.NOTIFICATION_RESPONSE) {
        return true;
      }
      asynchronous(type);
    }
    return false;
  }

  /**
   * Consumes the ErrorResponse at the reader's position. A FATAL or PANIC error ends the session —
   * the server closes the connection right after it — so the session is broken and the error thrown
   * at once, rather than surfacing later as a bare "connection lost".
   */
  private PgException errorResponse() throws ProtocolException {
    PgException e = reader.errorResponse(currentSql);
    if ("FATAL".equals(e.severity()) || "PANIC".equals(e.severity())) {
      markBroken();
      throw e;
    }
    return e;
  }

  /** NoticeResponse, ParameterStatus or NotificationResponse at the reader's position. */
  private void asynchronous(byte type) throws IOException {
    switch (type) {
      case Protocol.NOTICE_RESPONSE:
        notice();
        return;
      case Protocol.PARAMETER_STATUS:
        parameterStatus();
        return;
      default:
        LOG.log(System.Logger.Level.DEBUG, "notification ignored (LISTEN is not supported yet)");
        reader.skip();
    }
  }

  private void notice() throws ProtocolException {
    Map<Character, String> f = reader.fields();
    String severity = f.getOrDefault('V', f.getOrDefault('S', "NOTICE"));
    Notice n = new Notice(severity, f.get('C'), f.get('M'), f.get('D'), f.get('H'));
    if (noticeListener == null) {
      System.Logger.Level level =
          severity.equals("WARNING") ? System.Logger.Level.WARNING : System.Logger.Level.DEBUG;
      LOG.log(level, "{0}: {1}", severity, n.message());
      return;
    }
    try {
      noticeListener.onNotice(n);
    } catch (RuntimeException e) {
      // The message is consumed and the exchange goes on: a listener's bug must not leave replies
      // unread on the connection.
      LOG.log(System.Logger.Level.WARNING, "the notice listener threw; notice: " + n.message(), e);
    }
  }

  private void parameterStatus() throws ProtocolException {
    String[] pair = reader.parameterStatus();
    if (state != State.STARTING) {
      residue |= SessionResidue.SETTINGS; // a reported setting changed: SET, or set_config()
    }
    parameters.put(pair[0], pair[1]);
    if (pair[0].equals("server_version")) {
      rowView.serverVersion(pair[1]); // intervals: see FiniteIntervals
      writer.infiniteIntervals = rowView.hasInfiniteIntervals();
    }
    if (pair[0].equals("client_encoding") && !pair[1].equalsIgnoreCase("UTF8")) {
      throw new ProtocolException("client_encoding changed to " + pair[1] + "; Sluice needs UTF8");
    }
  }

  /**
   * Handles what the server sent while the session was idle (a FATAL error before a shutdown,
   * notices, parameter changes), without blocking; false if the session is no longer usable. With
   * {@code probe} (and always over a Unix socket) it also looks, with a non-blocking read, whether
   * the server closed the connection without a word.
   */
  boolean checkIdle(boolean probe) {
    if (state != State.IDLE) {
      return false;
    }
    try {
      if ((probe || transport.isUnixSocket()) && buffer.limit() == buffer.position()) {
        transport.peek();
      }
      while (buffer.hasPendingInput()) {
        byte type = reader.next();
        if (type == Protocol.ERROR_RESPONSE) {
          PgException e = reader.errorResponse(null);
          LOG.log(System.Logger.Level.DEBUG, "idle connection got {0}", e.getMessage());
          markBroken();
          return false;
        }
        if (type != Protocol.NOTICE_RESPONSE
            && type != Protocol.PARAMETER_STATUS
            && type != Protocol.NOTIFICATION_RESPONSE) {
          throw unexpected(type, "an idle connection");
        }
        asynchronous(type);
      }
      return true;
    } catch (IOException | RuntimeException e) {
      markBroken();
      return false;
    }
  }

  // ---------------------------------------------------------------- errors

  /** A message {@code during} (an exchange's name) does not allow. */
  ProtocolException unexpected(byte type, String during) {
    return new ProtocolException(
        "unexpected message '"
            + (char) type
            + "' (0x"
            + Integer.toHexString(type & 0xff)
            + ") during "
            + during);
  }

  /** The error for an I/O failure or protocol violation; the session is broken. */
  PgException connectionLost(IOException e) {
    markBroken();
    ConnectionConfig.HostPort hp = transport.hostPort();
    if (e instanceof ProtocolException) {
      return new PgException(
          "08P01",
          "protocol violation from " + hp + ": " + e.getMessage() + "; connection closed",
          currentSql,
          e);
    }
    String what =
        e instanceof EOFException
            ? "the server closed the connection"
            : e instanceof ClosedByInterruptException
                ? "the thread was interrupted while it waited for the server, which closes the"
                    + " connection (the statement may or may not have run)"
                : e.toString();
    return new PgException("08006", "connection to " + hp + " lost: " + what, currentSql, e);
  }

  /** A protocol violation found by the driver (not by the reader); the session is broken. */
  PgException protocolViolation(String message) {
    markBroken();
    return new PgException(
        "08P01",
        "protocol violation from " + transport.hostPort() + ": " + message + "; connection closed",
        currentSql,
        null);
  }

  PgException protocolViolationAfterCopy(byte type) {
    return protocolViolation(
        "unexpected COPY message '" + (char) type + "' (use copyIn for COPY FROM STDIN)");
  }

  /**
   * Answers a COPY that {@code x} does not run, so that the exchange still ends cleanly at its
   * ReadyForQuery, and records the error to report then: COPY FROM STDIN outside {@code copyIn} is
   * aborted with CopyFail (followed by a Sync when it came through the extended protocol, whose
   * Sync the server ignored during the copy); the data of COPY TO STDOUT, which Sluice does not
   * read yet, is dropped. CopyBothResponse (replication) has no place on this connection.
   */
  void refuseCopy(Exchange x, byte type, boolean extended) throws IOException {
    reader.skip();
    switch (type) {
      case Protocol.COPY_IN_RESPONSE:
        writer.copyFail("COPY FROM STDIN can only run through copyIn");
        if (extended) {
          writer.sync();
        }
        send();
        x.refusedCopy =
            new PgException(
                "0A000",
                "COPY … FROM STDIN can only run through copyIn(sql, data); it was aborted and"
                    + " nothing was copied",
                currentSql,
                null);
        return;
      case Protocol.COPY_OUT_RESPONSE:
        x.refusedCopy =
            new PgException(
                "0A000",
                "COPY … TO STDOUT is not supported yet; its data was read and dropped",
                currentSql,
                null);
        return;
      default:
        throw protocolViolationAfterCopy(type);
    }
  }

  // ---------------------------------------------------------------- cancel and close

  /**
   * Asks the server to cancel the statement this session is running (CancelRequest on a new
   * connection to the same address) and waits until the server has taken the request. Safe from any
   * thread; a cancel that arrives when nothing runs is ignored by the server.
   */
  void cancel() {
    try {
      transport.sendOnSideConnection(
          MessageWriter.cancelRequest(backendPid, backendSecret),
          (int) Math.min(Integer.MAX_VALUE, config.connectTimeout().toMillis()));
    } catch (IOException e) {
      throw new PgException(
          "08006",
          "could not send a cancel request to " + transport.hostPort() + ": " + e.getMessage(),
          null,
          e);
    }
  }

  void cancelQuietly() {
    try {
      cancel();
    } catch (PgException e) {
      LOG.log(System.Logger.Level.DEBUG, "cancel failed: {0}", e.getMessage());
    }
  }

  /** Sends Terminate (unless broken) and closes the socket. */
  void close() {
    State s = state;
    if (s == State.CLOSED || s == State.BROKEN) {
      return;
    }
    state = State.CLOSED;
    try {
      writer.discardUnsent();
      writer.terminate();
      writer.send();
    } catch (IOException | RuntimeException e) {
      LOG.log(System.Logger.Level.DEBUG, "Terminate failed: {0}", e.getMessage());
    }
    transport.close();
  }

  /** Marks the session broken and closes its socket without a goodbye. */
  void markBroken() {
    state = State.BROKEN;
    transport.close();
  }
}
