package dev.sluice.driver;

import dev.sluice.NoticeListener;
import dev.sluice.PgException;
import dev.sluice.RowView;
import dev.sluice.driver.codec.TypeRegistry;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.driver.config.StatementMode;
import java.io.EOFException;
import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;
import java.util.List;

/**
 * The state of one PostgreSQL session, its queue of exchanges in flight and its one receive loop.
 *
 * <p><b>The queue.</b> An exchange's messages are encoded into the writer and the exchange is
 * queued with them ({@link #submit}: queued and sent; {@link #enqueue}: queued to go with the next
 * send, as the Closes of evicted statements do). Every message the server sends that is not for the
 * connection as a whole belongs to the exchange at the head of the {@link ExchangeQueue}, which is
 * done at its ReadyForQuery; the next exchange then becomes the head. So a reply can only reach the
 * exchange whose messages caused it, and what was sent is known from the queue, not from a caller's
 * stack.
 *
 * <p><b>State.</b> The lifecycle (starting, open, broken, closed) is a field; everything else is
 * derived from the queue: a session is idle when it is open, nothing is in flight and nothing is
 * encoded and unsent. The exclusive modes — a stream read as its consumer asks, COPY FROM STDIN —
 * are those of the head exchange ({@link Exchange#mode}), and only a head with nothing behind it
 * may be in one. Whatever is thrown while an exchange is in flight (an I/O error, a protocol
 * violation, an {@code Error} from a consumer) leaves that exchange incomplete, and {@link #fail}
 * then marks the session broken: its socket is closed and the pool discards it. A failure while
 * nothing is in flight (a value that cannot be encoded, say) only drops what was encoded and not
 * sent. So a connection can go back to the pool only when {@link #isIdle()}.
 *
 * <p><b>The loop.</b> {@link #receive} reads messages and hands each to the head exchange, which
 * says which messages it expects. ErrorResponse (a FATAL one ends the session at once),
 * ReadyForQuery and the messages that may come at any time (NoticeResponse, ParameterStatus,
 * NotificationResponse, through {@link ServerMessages}) are handled here, in one place, for every
 * exchange; a notice listener that throws is logged and cannot leave the loop half-way. The loop
 * returns when the exchange it was asked about is done, or earlier when that exchange yields (a row
 * for a stream, one execution's count in a pipeline).
 *
 * <p>Not thread-safe: one thread at a time; only {@link #cancel()} and {@link #markBroken()} may
 * come from another. The exception is a session {@link #share}d by a {@link SharedConnection}: then
 * several threads send, one at a time under the sharer's send lock, while one receives, and the
 * queue is guarded by a lock of its own.
 *
 * <p>Over 500 lines on purpose: the state and everything that moves it (sending, the loop, the
 * residue, failure and close) stay in one class, so no other class can change the state; the queue
 * ({@link ExchangeQueue}), the messages that may come at any time ({@link ServerMessages}) and the
 * exchanges live in classes of their own.
 */
final class Session {
  private static final System.Logger LOG = System.getLogger(PgConnection.class.getName());

  /** What the session is doing, as {@link #state()} reports it. */
  enum State {
    /** Connected, authentication and startup not yet complete. */
    STARTING,
    /** Nothing in flight, nothing unsent: ready for the next exchange. */
    IDLE,
    /** Messages were sent (or encoded); their replies are not all read. */
    BUSY,
    /** The head exchange is a stream (cursor) read as the caller asks: nothing else may run. */
    STREAMING,
    /** The head exchange is COPY FROM STDIN: the client sends CopyData. */
    COPY_IN,
    /** An I/O error, a protocol violation or an exchange left half-way: closed, never reused. */
    BROKEN,
    /** Closed with Terminate. */
    CLOSED
  }

  /** The part of the state that is not derived from the queue. */
  private enum Lifecycle {
    STARTING,
    OPEN,
    BROKEN,
    CLOSED
  }

  final ConnectionConfig config;
  final Transport transport;
  final ReadBuffer buffer;
  final MessageReader reader;
  final MessageWriter writer;
  final RowView rowView;
  final StatementCache statements;

  /**
   * The types created in the database that this connection has met (composites, and the types read
   * as a built-in counterpart), looked up once each: one cache, emptied as a whole.
   */
  final TypeRegistry types = new TypeRegistry();

  /**
   * {@link StatementMode#UNNAMED}: every Bind goes with a Parse of the unnamed statement in the
   * same batch, and the statement cache holds descriptions only.
   */
  final boolean unnamedStatements;

  /** The exchange of every Bind/Execute, reused (one caller's exchange is in flight at a time). */
  final ExtendedQuery extendedQuery;

  /** Exchanges encoded and not sent, and those in flight (see {@link ExchangeQueue}). */
  private final ExchangeQueue queue = new ExchangeQueue();

  /** The messages that may come at any time: notices, ParameterStatus, notifications. */
  private final ServerMessages serverMessages;

  /** See the class comment; volatile for {@link #cancel()} and deadlines on other threads. */
  private volatile Lifecycle lifecycle = Lifecycle.STARTING;

  /** The status byte of the last ReadyForQuery: 'I', 'T' or 'E'. */
  private byte txStatus = Protocol.TX_IDLE;

  private int backendPid;

  /** The cancel key of BackendKeyData: 4 bytes, or up to 256 with protocol 3.2. */
  private byte[] backendSecret = new byte[4];

  /** The protocol version in use: the one asked for, or the one the server negotiated down to. */
  private int protocolVersion = Protocol.PROTOCOL_VERSION_3;

  /** See {@link #replicationWarning()}; cleared by {@link #begin}. */
  private dev.sluice.Notice callReplicationWarning;

  /** The statement being run, for error messages; null between calls. */
  private String currentSql;

  /**
   * What borrowers left in the session ({@link SessionResidue} bits), cleared by {@link #reset}.
   */
  private int residue;

  Session(ConnectionConfig config, Transport transport, NoticeListener noticeListener) {
    this.config = config;
    this.transport = transport;
    this.buffer = new ReadBuffer(transport.input());
    this.reader = new MessageReader(buffer);
    this.writer = new MessageWriter(new WriteBuffer(transport.output()), types);
    this.rowView = new RowView(buffer);
    this.statements = new StatementCache(config.statementCacheSize());
    this.unnamedStatements = config.statementMode() == StatementMode.UNNAMED;
    this.extendedQuery = new ExtendedQuery(this);
    this.serverMessages = new ServerMessages(reader, rowView, writer, noticeListener);
  }

  // ---------------------------------------------------------------- state

  /** The lifecycle, or — for an open session — what its queue says. */
  State state() {
    switch (lifecycle) {
      case STARTING:
        return State.STARTING;
      case BROKEN:
        return State.BROKEN;
      case CLOSED:
        return State.CLOSED;
      default:
        Exchange h = queue.head;
        if (h != null) {
          return h.mode();
        }
        return queue.unsent.isEmpty() && writer.unsent() == 0 ? State.IDLE : State.BUSY;
    }
  }

  boolean isIdle() {
    return lifecycle == Lifecycle.OPEN
        && queue.head == null
        && queue.unsent.isEmpty()
        && writer.unsent() == 0;
  }

  boolean isBroken() {
    return lifecycle == Lifecycle.BROKEN;
  }

  boolean isClosed() {
    Lifecycle l = lifecycle;
    return l == Lifecycle.BROKEN || l == Lifecycle.CLOSED;
  }

  byte transactionStatus() {
    return txStatus;
  }

  String parameter(String name) {
    return serverMessages.parameter(name);
  }

  int backendPid() {
    return backendPid;
  }

  int protocolVersion() {
    return protocolVersion;
  }

  void protocolVersion(int version) {
    protocolVersion = version;
  }

  void backendKey(int pid, byte[] secret) {
    backendPid = pid;
    backendSecret = secret;
  }

  String currentSql() {
    return currentSql;
  }

  /** Starts a call running {@code sql}: fails unless the session is idle. */
  void begin(String sql) {
    if (!isIdle()) {
      throw notIdle(state(), sql);
    }
    currentSql = sql;
    callReplicationWarning = null;
    if (discardSequencesPending) {
      discardSequencesPending = false;
      writer.query("DISCARD SEQUENCES");
      enqueue(new DiscardSequences(this));
    }
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

  /**
   * After {@code failure} left a call: an idle session drops what it encoded and did not send; any
   * other is broken (its exchange is incomplete: replies unread, or unknown).
   */
  void fail(Throwable failure) {
    Lifecycle l = lifecycle;
    if (l == Lifecycle.OPEN && queue.head == null) {
      discardUnsent();
    } else if (l != Lifecycle.BROKEN && l != Lifecycle.CLOSED) {
      LOG.log(
          System.Logger.Level.DEBUG,
          "closing the connection: {0} left an exchange incomplete ({1})",
          failure.toString(),
          state());
      markBroken();
    }
  }

  // ---------------------------------------------------------------- residue

  /** Adds what a statement about to run may leave behind ({@link SessionResidue} bits). */
  void mayLeave(int bits) {
    residue |= bits;
  }

  /**
   * A {@code DISCARD SEQUENCES} owed to the next call (see {@link #reset}): written ahead of that
   * call's messages by {@link #begin}, so it costs no round trip of its own.
   */
  private boolean discardSequencesPending;

  /** Whether a borrower left something in the session that the next one must not see. */
  boolean needsReset() {
    return residue != 0;
  }

  /**
   * The statement that clears what the borrowers left (settings, LISTEN, cursors, temporary
   * objects, advisory locks, SQL prepared statements; Sluice's own prepared statements are kept),
   * or null when nothing needs a round trip now (only a column default's nextval may have left
   * something: that is cleared ahead of the next call, in the same packet, rather than with a round
   * trip after every INSERT).
   */
  String resetStatement() {
    if (discardSequencesPending) {
      residue |= SessionResidue.IMPLICIT_SEQUENCES; // still owed: cleared with the rest
    }
    if (residue == SessionResidue.IMPLICIT_SEQUENCES) {
      discardSequencesPending = true;
      residue = 0;
      return null;
    }
    discardSequencesPending = false; // the statement clears it too, when it was left
    return SessionResidue.resetStatement(residue);
  }

  /**
   * Runs {@link #resetStatement()}'s statement; the session must be idle and outside a transaction.
   */
  void runReset(String sql) throws IOException {
    begin(sql);
    try {
      SimpleQuery.run(this, sql);
      residue = 0; // RESET ALL's own ParameterStatus messages included
    } finally {
      end();
    }
  }

  // ---------------------------------------------------------------- sending

  /**
   * Encodes Close for every statement evicted from the cache, and a Sync, as a small exchange of
   * their own queued to go with the next send: so no other exchange meets a CloseComplete it did
   * not ask for.
   */
  void writeCloses() {
    List<String> names = statements.drainToClose();
    if (names.isEmpty()) {
      return;
    }
    for (String name : names) {
      writer.closeStatement(name);
    }
    writer.sync();
    enqueue(new CloseStatements(this, names));
  }

  /** Queues {@code x}, whose messages are encoded, to be sent with the next {@link #send}. */
  void enqueue(Exchange x) {
    refuseBehindExclusive();
    queue.unsent.add(x);
  }

  /** Queues {@code x}, whose messages are encoded, and sends everything encoded. */
  void submit(Exchange x) throws IOException {
    refuseBehindExclusive();
    queue.unsent.add(x);
    send();
  }

  private void refuseBehindExclusive() {
    Exchange h = queue.head;
    if (h != null && h.mode() != State.BUSY) {
      // A stream or a COPY holds the connection: a reply behind it could never be read in order.
      throw new IllegalStateException("an exchange was queued behind " + h.mode());
    }
  }

  /**
   * Sends everything encoded; the exchanges queued with it are in flight from now on. Also sends
   * the later messages of an exchange already in flight (the next Execute of a stream, CopyData).
   */
  void send() throws IOException {
    sendUnsent();
    writer.send();
  }

  /**
   * The exchanges queued go in flight, before their bytes leave (once shared, another thread may
   * read their replies); the next {@code writer.send()} sends them.
   */
  void sendUnsent() {
    queue.sendUnsent();
  }

  /**
   * Drops what was encoded and not sent, with the exchanges queued for it; statements whose Close
   * was dropped are queued to be closed again.
   */
  void discardUnsent() {
    writer.discardUnsent();
    for (Exchange x : queue.unsent) {
      if (x instanceof CloseStatements closes) {
        for (String name : closes.names) {
          statements.closeLater(name);
        }
      } else if (x instanceof DiscardSequences) {
        discardSequencesPending = true; // still owed
      }
    }
    queue.unsent.clear();
  }

  // ---------------------------------------------------------------- the receive loop

  /** What {@link #dispatch} says of the exchange the caller waits for. */
  private static final int GO_ON = 0;

  private static final int DONE = 1;
  private static final int YIELDED = 2;

  /**
   * Reads messages and hands each to the head exchange, until {@code x} — in flight — is done
   * (returns true: its ReadyForQuery was read; exchanges queued before it are done too) or yields
   * (returns false).
   */
  boolean receive(Exchange x) throws IOException {
    MessageReader r = reader;
    for (; ; ) {
      int s = dispatch(r.next(), x);
      if (s != GO_ON) {
        return s == DONE;
      }
    }
  }

  /**
   * {@link #receive} of at least one message (waiting for it) and then of those already in the
   * receive buffer, so a caller with a deadline can wait for more in bounded time: returns when
   * {@code x} is done or yields, or when the buffer holds no more.
   */
  void receiveBuffered(Exchange x) throws IOException {
    MessageReader r = reader;
    do {
      if (dispatch(r.next(), x) != GO_ON) {
        return;
      }
    } while (buffer.hasPendingInput());
  }

  /** Handles the message of {@code type} at the reader's position; see {@link #receive}. */
  private int dispatch(byte type, Exchange x) throws IOException {
    switch (type) {
      case Protocol.READY_FOR_QUERY:
        {
          txStatus = reader.readyForQuery();
          residue |= reader.takeResidue();
          Exchange done = head(type);
          queue.pollHead();
          if (lifecycle == Lifecycle.STARTING) {
            lifecycle = Lifecycle.OPEN;
          } else if (queue.isShared() && txStatus != Protocol.TX_IDLE) {
            // Shared callers' statements would run in this transaction: never go on.
            throw new ProtocolException(
                "a statement left a transaction open on a shared (pipelined) connection");
          }
          done.finish();
          return done == x ? DONE : GO_ON;
        }
      case Protocol.ERROR_RESPONSE:
        {
          PgException e = errorResponse(queue.head); // a FATAL one is thrown here
          types.invalidateOn(e); // a type it knows may have been dropped or altered
          Exchange h = head(type);
          return h.error(e) && queue.head == x ? YIELDED : GO_ON;
        }
      case Protocol.NOTICE_RESPONSE:
      case Protocol.PARAMETER_STATUS:
      case Protocol.NOTIFICATION_RESPONSE:
        asynchronous(type);
        return GO_ON;
      case Protocol.COPY_DATA:
      case Protocol.COPY_DONE:
        {
          Exchange h = head(type);
          if (h.dropCopyData) {
            reader.skip(); // the rows of a COPY TO STDOUT the call does not read
            return GO_ON;
          }
          return h.message(type) && h == x ? YIELDED : GO_ON;
        }
      default:
        {
          Exchange h = head(type);
          return h.message(type) && h == x ? YIELDED : GO_ON;
        }
    }
  }

  /** Reads until every exchange in flight is done (yields of exchanges along the way ignored). */
  void receiveAll() throws IOException {
    Exchange last;
    while ((last = lastInflight()) != null) {
      receive(last);
    }
  }

  /** The exchange a message of {@code type} belongs to; none in flight is a protocol violation. */
  private Exchange head(byte type) throws ProtocolException {
    Exchange h = queue.head;
    if (h == null && (h = queue.headNow()) == null) { // a sender may just have queued the first
      throw unexpected(type, "no exchange (nothing was sent that it could answer)");
    }
    return h;
  }

  /** The last exchange in flight, or null. */
  Exchange lastInflight() {
    return queue.last();
  }

  // ---------------------------------------------------------------- sharing

  /**
   * Lets several threads use the session at once (see {@link SharedConnection}): each sends under
   * the sharer's send lock, one at a time receives. Called once, before the session is shared.
   */
  void share() {
    queue.share();
  }

  /**
   * The first exchange in flight that is not done and has a caller waiting for it (see {@link
   * Exchange#waiter}), or null.
   */
  Thread firstWaiter() {
    return queue.firstWaiter();
  }

  /** Takes every exchange off the queue (the session is broken; the caller fails them). */
  List<Exchange> takeInflight() {
    return queue.takeInflight();
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
  private PgException errorResponse(Exchange h) throws ProtocolException {
    PgException e = reader.errorResponse(h != null && h.sql != null ? h.sql : currentSql);
    if ("FATAL".equals(e.severity()) || "PANIC".equals(e.severity())) {
      markBroken();
      throw e;
    }
    return e;
  }

  /** NoticeResponse, ParameterStatus or NotificationResponse at the reader's position. */
  private void asynchronous(byte type) throws IOException {
    if (serverMessages.handle(type) && lifecycle != Lifecycle.STARTING) {
      residue |= SessionResidue.SETTINGS; // a reported setting changed: SET, or set_config()
    }
    if (type == Protocol.NOTICE_RESPONSE) {
      dev.sluice.Notice w = serverMessages.takeReplicationWarning();
      if (w != null) {
        // Whose commit it was: the exchange in flight (one caller's, even on a shared
        // connection); the call as a whole too, for the exchanges that end before its check.
        Exchange h = queue.head;
        if (h != null) {
          h.replicationWarning = w;
        }
        callReplicationWarning = w;
      }
    }
  }

  /**
   * The WARNING of a cancelled wait for synchronous replication during the current call, or null
   * (see {@link CommitCall#checkReplicated}).
   */
  dev.sluice.Notice replicationWarning() {
    return callReplicationWarning;
  }

  void onNotification(java.util.function.Consumer<dev.sluice.Notification> sink) {
    serverMessages.onNotification(sink);
  }

  /**
   * Waits up to {@code millis} for a message from the server (or its close) while nothing is in
   * flight — a notification, a notice, a FATAL error before a shutdown — with the socket left open
   * when the time passes first; true if one is there to be read ({@link #checkIdle} then handles
   * it). Costs nothing on the read path, which never comes here.
   */
  boolean awaitMessage(long millis) throws IOException {
    return buffer.hasPendingInput() || transport.awaitReadable(millis);
  }

  /**
   * Handles what the server sent while the session was idle (a FATAL error before a shutdown,
   * notices, parameter changes), without blocking; false if the session is no longer usable. With
   * {@code probe} (and always over a Unix socket) it also looks, with a non-blocking read, whether
   * the server closed the connection without a word.
   */
  boolean checkIdle(boolean probe) {
    if (!isIdle()) {
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
   * ReadyForQuery: COPY FROM STDIN outside {@code copyIn} is aborted with CopyFail (followed by a
   * Sync when it came through the extended protocol, whose Sync the server ignored during the copy)
   * and reported then; the data of COPY TO STDOUT run by a call that does not read it (execute,
   * executeScript) is dropped, and its count stands — unless the call was copyIn, which reports it.
   * CopyBothResponse (replication) has no place on this connection.
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
        x.dropCopyData = true;
        if (x instanceof CopyFromStdin) {
          x.refusedCopy =
              new PgException(
                  "0A000",
                  "COPY … TO STDOUT runs through copyOut(sql, out), not copyIn; its data was read"
                      + " and dropped",
                  currentSql,
                  null);
        }
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
          "could not send a cancel request to " + transport.hostPort() + ": " + Causes.describe(e),
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
    Lifecycle l = lifecycle;
    if (l == Lifecycle.CLOSED || l == Lifecycle.BROKEN) {
      return;
    }
    lifecycle = Lifecycle.CLOSED;
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
    lifecycle = Lifecycle.BROKEN;
    transport.close();
  }
}
