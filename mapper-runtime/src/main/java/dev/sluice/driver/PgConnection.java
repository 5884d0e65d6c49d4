package dev.sluice.driver;

import dev.sluice.Columns;
import dev.sluice.Notice;
import dev.sluice.NoticeListener;
import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import dev.sluice.RowView;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * One PostgreSQL session over the v3 protocol: startup and authentication, the extended query
 * protocol with a cache of named prepared statements, pipelined batches, COPY FROM STDIN, and
 * cancellation.
 *
 * <p>Reads go through one {@link ReadBuffer} filled by large socket reads; rows are decoded in
 * place by {@link RowView} in batches (every complete DataRow in the buffer before the next read).
 * Writes go through one {@link WriteBuffer}, flushed once per round trip.
 *
 * <p>Statements: on a statement's first use, Parse + Describe('S') + Sync, caching the parameter
 * types and the row description; each execution is then Bind (binary parameters, binary results for
 * every column with a codec) + Execute + Sync, one round trip. A cached statement invalidated by
 * DDL (SQLSTATE 0A000 from RevalidateCachedQuery, or 26000) is re-prepared and retried once, only
 * outside a transaction.
 *
 * <p>Not thread-safe: one thread at a time (the pool hands it out). Only {@link #cancel()} may be
 * called from another thread. After an I/O error or a protocol violation the connection is {@link
 * #isBroken() broken}: it is closed and every further call fails; the pool discards it.
 */
public final class PgConnection implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(PgConnection.class.getName());

  /** Bind/Execute pairs written before the connection reads the replies of the previous group. */
  static final int BATCH_GROUP = 128;

  /** Bytes of Bind/Execute after which a batch group ends even if it has fewer rows. */
  static final int BATCH_GROUP_BYTES = 32 * 1024;

  /**
   * Rows of a batch insert bound as one execution of its array form, at most. Measured on W4b
   * (100,000 rows of five columns): 4,096 to 16,384 rows per chunk ran alike, within the noise;
   * 2,048 a little slower, one chunk of all 100,000 rows a third slower (nothing overlaps the
   * server's work with the client's encoding then).
   */
  static final int ARRAY_CHUNK_ROWS = 8 * 1024;

  /**
   * Estimated bytes of one execution of the array form after which its chunk ends, even if it has
   * fewer rows: keeps a Bind message (and the send buffer, which never shrinks) near 1 MB however
   * wide the rows.
   */
  static final int ARRAY_CHUNK_BYTES = 1024 * 1024;

  private final ConnectionConfig config;
  private final ConnectionConfig.HostPort hostPort;
  private final SocketChannel channel;

  /** The channel's input stream, which the idle check peeks through. */
  private final ChannelInput input;

  private final ReadBuffer in;
  private final WriteBuffer out;
  private final RowView rowView;
  private final StatementCache statements;
  private final NoticeListener noticeListener;
  private final Map<String, String> parameters = new HashMap<>();
  private final long createdNanos = System.nanoTime();

  private int backendPid;
  private int backendSecret;

  /** The status byte of the last ReadyForQuery: 'I', 'T' or 'E'. */
  private byte txStatus = Protocol.TX_IDLE;

  /** Set on I/O errors and protocol violations: the session's state is unknown. */
  private volatile boolean broken;

  private volatile boolean closed;

  /** The statement being run, for error messages. */
  private String currentSql;

  /** Parsed rewritten forms of batch INSERTs by SQL text (null values: not rewritable). */
  private final Map<String, MultiRowInsert> multiRowInserts = new HashMap<>();

  /** A cursor still reading its result: nothing else may run until it is done or closed. */
  private Cursor<?> openCursor;

  private PgConnection(
      ConnectionConfig config,
      ConnectionConfig.HostPort hostPort,
      SocketChannel channel,
      ChannelInput is,
      OutputStream os,
      NoticeListener listener) {
    this.config = config;
    this.hostPort = hostPort;
    this.channel = channel;
    this.input = is;
    this.in = new ReadBuffer(is);
    this.out = new WriteBuffer(os);
    this.rowView = new RowView(in);
    this.statements = new StatementCache(config.statementCacheSize());
    this.noticeListener = listener;
  }

  // ------------------------------------------------------------------ connect

  /**
   * Connects to the first host of {@code config} that accepts the connection and matches its
   * target_session_attrs, trying them in order (shuffled with load_balance_hosts).
   */
  public static PgConnection connect(ConnectionConfig config, NoticeListener listener) {
    if (config.sslMode() == ConnectionConfig.SslMode.REQUIRE
        || config.sslMode() == ConnectionConfig.SslMode.VERIFY_CA
        || config.sslMode() == ConnectionConfig.SslMode.VERIFY_FULL) {
      throw new PgException(
          "08001",
          "sslmode="
              + config.sslMode().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')
              + " needs TLS, which this version of Sluice does not support yet; refusing to connect in plain text");
    }
    List<ConnectionConfig.HostPort> hosts = new ArrayList<>(config.hosts());
    if (config.loadBalanceHosts()) {
      java.util.Collections.shuffle(hosts);
    }
    ConnectionConfig.TargetSessionAttrs attrs = config.targetSessionAttrs();
    PgException last = null;
    int passes = attrs == ConnectionConfig.TargetSessionAttrs.PREFER_STANDBY ? 2 : 1;
    for (int pass = 0; pass < passes; pass++) {
      ConnectionConfig.TargetSessionAttrs wanted =
          attrs == ConnectionConfig.TargetSessionAttrs.PREFER_STANDBY
              ? (pass == 0
                  ? ConnectionConfig.TargetSessionAttrs.STANDBY
                  : ConnectionConfig.TargetSessionAttrs.ANY)
              : attrs;
      for (ConnectionConfig.HostPort hp : hosts) {
        PgConnection c;
        try {
          c = open(config, hp, listener);
        } catch (PgException e) {
          last = e;
          continue;
        }
        if (c.matches(wanted)) {
          return c;
        }
        c.close();
        last =
            new PgException(
                "08001",
                "server "
                    + hp
                    + " is not "
                    + wanted.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
      }
    }
    throw last;
  }

  private static PgConnection open(
      ConnectionConfig config, ConnectionConfig.HostPort hp, NoticeListener listener) {
    int timeoutMillis = (int) Math.min(Integer.MAX_VALUE, config.connectTimeout().toMillis());
    SocketChannel channel = null;
    AtomicBoolean timedOut = new AtomicBoolean();
    ScheduledFuture<?> deadline = null;
    try {
      channel =
          hp.isUnixSocket()
              ? SocketChannel.open(StandardProtocolFamily.UNIX)
              : SocketChannel.open();
      // The whole startup, connect and authentication included, is bounded by the connect
      // timeout: at the deadline the channel is closed, which ends a connect or read blocked on a
      // server that stopped answering. (A read timeout would leave the socket non-blocking.)
      SocketChannel toClose = channel;
      deadline =
          ConnectDeadlines.schedule(
              () -> {
                timedOut.set(true);
                closeQuietly(toClose);
              },
              timeoutMillis);
      if (hp.isUnixSocket()) {
        channel.connect(UnixDomainSocketAddress.of(Path.of(hp.host(), ".s.PGSQL." + hp.port())));
      } else {
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        channel.setOption(StandardSocketOptions.SO_KEEPALIVE, true);
        channel.connect(new InetSocketAddress(hp.host(), hp.port()));
      }
      PgConnection c =
          new PgConnection(
              config, hp, channel, new ChannelInput(channel), new ChannelOutput(channel), listener);
      try {
        c.startup();
      } catch (IOException | RuntimeException e) {
        c.closeQuietly();
        throw e;
      }
      if (!deadline.cancel(false)) {
        c.closeQuietly(); // the deadline passed just as the startup ended
        throw timedOut(hp, timeoutMillis, null);
      }
      return c;
    } catch (IOException e) {
      closeQuietly(channel);
      if (timedOut.get()) {
        throw timedOut(hp, timeoutMillis, e);
      }
      throw new PgException("08001", "could not connect to " + hp + ": " + e.getMessage(), null, e);
    } catch (RuntimeException e) {
      if (timedOut.get() && !(e instanceof PgException pe && "08001".equals(pe.sqlState()))) {
        throw timedOut(hp, timeoutMillis, e); // a read the deadline ended, reported as lost
      }
      throw e;
    } finally {
      if (deadline != null) {
        deadline.cancel(false);
      }
    }
  }

  private static PgException timedOut(ConnectionConfig.HostPort hp, int millis, Exception cause) {
    return new PgException(
        "08001", "timed out after " + millis + " ms connecting to " + hp, null, cause);
  }

  private void startup() throws IOException {
    out.beginUntyped().putInt(Protocol.PROTOCOL_VERSION_3);
    out.putCString("user").putCString(config.user());
    out.putCString("database").putCString(config.database());
    out.putCString("client_encoding").putCString("UTF8");
    out.putCString("DateStyle").putCString("ISO");
    out.putCString("extra_float_digits").putCString("3");
    if (config.applicationName() != null) {
      out.putCString("application_name").putCString(config.applicationName());
    }
    for (Map.Entry<String, String> e : config.startupParameters().entrySet()) {
      out.putCString(e.getKey()).putCString(e.getValue());
    }
    out.putByte(0);
    out.end();
    out.flush();

    ScramSha256 scram = null;
    PgException error = null;
    for (; ; ) {
      byte type = in.nextMessage();
      int body = in.position() + 5;
      int end = in.position() + 1 + in.messageLength();
      byte[] b = in.array();
      switch (type) {
        case Protocol.AUTHENTICATION:
          {
            int code = Bytes.getInt(b, body);
            switch (code) {
              case Protocol.AUTH_OK:
                break;
              case Protocol.AUTH_CLEARTEXT_PASSWORD:
                sendPassword(requirePassword("password").getBytes(StandardCharsets.UTF_8));
                break;
              case Protocol.AUTH_MD5_PASSWORD:
                {
                  byte[] salt = new byte[4];
                  System.arraycopy(b, body + 4, salt, 0, 4);
                  sendPassword(Md5Password.response(config.user(), requirePassword("md5"), salt));
                  break;
                }
              case Protocol.AUTH_SASL:
                {
                  List<String> mechanisms = new ArrayList<>();
                  int p = body + 4;
                  while (p < end && b[p] != 0) {
                    int nul = Bytes.indexOfNul(b, p, end);
                    mechanisms.add(Bytes.utf8(b, p, nul - p));
                    p = nul + 1;
                  }
                  if (!mechanisms.contains(ScramSha256.MECHANISM)) {
                    throw new PgException(
                        "08001",
                        "the server offers SASL mechanisms "
                            + mechanisms
                            + "; Sluice supports "
                            + ScramSha256.MECHANISM
                            + " (channel binding needs TLS)");
                  }
                  scram = new ScramSha256(requirePassword("SCRAM-SHA-256"));
                  byte[] first = scram.clientFirstMessage();
                  out.begin(Protocol.PASSWORD_MESSAGE)
                      .putCString(ScramSha256.MECHANISM)
                      .putInt(first.length)
                      .putBytes(first);
                  out.end();
                  out.flush();
                  break;
                }
              case Protocol.AUTH_SASL_CONTINUE:
                {
                  if (scram == null) {
                    throw new ProtocolException("SASLContinue before SASL");
                  }
                  byte[] fin = scram.clientFinalMessage(Bytes.utf8(b, body + 4, end - body - 4));
                  out.begin(Protocol.PASSWORD_MESSAGE).putBytes(fin);
                  out.end();
                  out.flush();
                  break;
                }
              case Protocol.AUTH_SASL_FINAL:
                {
                  if (scram == null) {
                    throw new ProtocolException("SASLFinal before SASL");
                  }
                  scram.verifyServerFinal(Bytes.utf8(b, body + 4, end - body - 4));
                  scram = null;
                  break;
                }
              default:
                throw new PgException(
                    "08001",
                    "the server asks for authentication method "
                        + authName(code)
                        + ", which Sluice does not support (trust, password, md5 and scram-sha-256 are)");
            }
            break;
          }
        case Protocol.PARAMETER_STATUS:
          parameterStatus();
          break;
        case Protocol.BACKEND_KEY_DATA:
          backendPid = Bytes.getInt(b, body);
          backendSecret = Bytes.getInt(b, body + 4);
          break;
        case Protocol.ERROR_RESPONSE:
          error = new PgException(errorFields(), null);
          break;
        case Protocol.NOTICE_RESPONSE:
          notice();
          break;
        case Protocol.NEGOTIATE_PROTOCOL_VERSION:
          LOG.log(
              System.Logger.Level.DEBUG,
              "server negotiated protocol version {0}",
              Bytes.getInt(b, body));
          break;
        case Protocol.READY_FOR_QUERY:
          txStatus = b[body];
          in.skipMessage();
          if (error != null) {
            throw error;
          }
          checkSessionParameters();
          return;
        default:
          throw new ProtocolException("unexpected message '" + (char) type + "' during startup");
      }
      if (error != null && type == Protocol.ERROR_RESPONSE) {
        // Startup errors are FATAL: the server closes the connection after sending them.
        in.skipMessage();
        throw error;
      }
      if (type != Protocol.PARAMETER_STATUS && type != Protocol.NOTICE_RESPONSE) {
        in.position(end);
      }
    }
  }

  private void checkSessionParameters() throws ProtocolException {
    String encoding = parameters.get("client_encoding");
    if (encoding != null && !encoding.equalsIgnoreCase("UTF8")) {
      throw new ProtocolException("client_encoding is " + encoding + ", not UTF8");
    }
    String integerDatetimes = parameters.get("integer_datetimes");
    if (integerDatetimes != null && !integerDatetimes.equals("on")) {
      throw new ProtocolException(
          "the server stores timestamps as floating point (integer_datetimes=off)");
    }
  }

  private String requirePassword(String method) {
    if (config.password() == null) {
      throw new PgException(
          "28P01",
          "the server requires "
              + method
              + " authentication for user \""
              + config.user()
              + "\" but no password was given");
    }
    return config.password();
  }

  private void sendPassword(byte[] password) throws IOException {
    out.begin(Protocol.PASSWORD_MESSAGE).putBytes(password).putByte(0);
    out.end();
    out.flush();
  }

  private static String authName(int code) {
    switch (code) {
      case Protocol.AUTH_KERBEROS_V5:
        return "Kerberos V5";
      case Protocol.AUTH_GSS:
      case Protocol.AUTH_GSS_CONTINUE:
        return "GSSAPI";
      case Protocol.AUTH_SSPI:
        return "SSPI";
      default:
        return "code " + code;
    }
  }

  private boolean matches(ConnectionConfig.TargetSessionAttrs wanted) {
    if (wanted == ConnectionConfig.TargetSessionAttrs.ANY) {
      return true;
    }
    boolean standby;
    boolean readOnly;
    String hot = parameters.get("in_hot_standby");
    String defaultReadOnly = parameters.get("default_transaction_read_only");
    if (hot != null && defaultReadOnly != null) {
      standby = hot.equals("on");
      readOnly = standby || defaultReadOnly.equals("on");
    } else {
      standby = "t".equals(simpleQueryValue("SELECT pg_catalog.pg_is_in_recovery()"));
      readOnly = standby || "on".equals(simpleQueryValue("SHOW transaction_read_only"));
    }
    switch (wanted) {
      case READ_WRITE:
        return !readOnly;
      case READ_ONLY:
        return readOnly;
      case PRIMARY:
        return !standby;
      case STANDBY:
        return standby;
      default:
        return true;
    }
  }

  // ------------------------------------------------------------------ state

  public boolean isBroken() {
    return broken;
  }

  public boolean isClosed() {
    return closed;
  }

  /** The status of the last ReadyForQuery: 'I' idle, 'T' in a transaction, 'E' in a failed one. */
  public byte transactionStatus() {
    return txStatus;
  }

  /** A server parameter reported with ParameterStatus (server_version, TimeZone, …), or null. */
  public String parameter(String name) {
    return parameters.get(name);
  }

  public int backendPid() {
    return backendPid;
  }

  public long createdNanos() {
    return createdNanos;
  }

  /** The number of socket reads so far (large reads are invariant 1; tests watch this). */
  public long socketReads() {
    return in.reads();
  }

  public int cachedStatements() {
    return statements.size();
  }

  public ConnectionConfig.HostPort hostPort() {
    return hostPort;
  }

  /**
   * Handles messages the server sent while the connection was idle (a FATAL error before a
   * shutdown, notices, parameter changes); false if the connection is no longer usable. The pool
   * calls this before handing out an idle connection.
   *
   * <p>It never blocks. With {@code probe} (and always over a Unix socket) it also looks, with a
   * non-blocking read, whether the server closed the connection without a word (a crash, a proxy's
   * idle cut), which no byte announces; the pool probes connections that idled a while.
   */
  public boolean checkIdle(boolean probe) {
    if (broken || closed) {
      return false;
    }
    try {
      if ((probe || hostPort.isUnixSocket()) && in.limit() == in.position()) {
        input.peek();
      }
      while (in.hasPendingInput()) {
        byte type = in.nextMessage();
        if (type == Protocol.ERROR_RESPONSE) {
          PgException e = new PgException(errorFields(), null);
          LOG.log(System.Logger.Level.DEBUG, "idle connection got {0}", e.getMessage());
          markBroken();
          return false;
        }
        handleAsync(type);
      }
      return true;
    } catch (IOException | RuntimeException e) {
      markBroken();
      return false;
    }
  }

  // ------------------------------------------------------------------ queries

  /** Runs a query and adds each row, decoded by {@code decoder}, to {@code out}. */
  public <T> void query(String sql, Object[] params, RowDecoder<T> decoder, List<? super T> out) {
    run(sql, params, new ListSink<>(decoder, out));
  }

  /** Runs a query and hands each decoded row to {@code consumer}, building no list. */
  public <T> void forEach(
      String sql, Object[] params, RowDecoder<T> decoder, Consumer<? super T> consumer) {
    run(sql, params, new ConsumerSink<>(decoder, consumer));
  }

  /** Runs a statement and returns its row count (rows affected, or rows returned). */
  public long execute(String sql, Object[] params) {
    return run(sql, params, null);
  }

  /** What to do with a result's rows; called once per buffer-full of rows, never per row. */
  private interface Sink {
    /** Called before the statement is sent, with its description (binds the decoder). */
    void start(Prepared p);

    /** Consumes every complete DataRow in the buffer (at least the one at its position). */
    void rows(RowView rows);

    /** Forgets rows taken so far (before a retry). */
    void reset();
  }

  private static final class ListSink<T> implements Sink {
    private final RowDecoder<T> decoder;
    private final List<? super T> out;
    private final int sizeBefore;
    private RowDecoder.Bound<T> bound;

    ListSink(RowDecoder<T> decoder, List<? super T> out) {
      this.decoder = decoder;
      this.out = out;
      this.sizeBefore = out.size();
    }

    @Override
    public void start(Prepared p) {
      bound = p.bound(decoder);
    }

    @Override
    public void rows(RowView rows) {
      bound.decodeAll(rows, out);
    }

    @Override
    public void reset() {
      while (out.size() > sizeBefore) {
        out.remove(out.size() - 1);
      }
    }
  }

  private static final class ConsumerSink<T> implements Sink {
    private final RowDecoder<T> decoder;
    private final Consumer<? super T> consumer;
    private RowDecoder.Bound<T> bound;

    ConsumerSink(RowDecoder<T> decoder, Consumer<? super T> consumer) {
      this.decoder = decoder;
      this.consumer = consumer;
    }

    @Override
    public void start(Prepared p) {
      bound = p.bound(decoder);
    }

    @Override
    public void rows(RowView rows) {
      RowDecoder.Bound<T> b = bound;
      Consumer<? super T> c = consumer;
      while (rows.next()) {
        c.accept(b.decode(rows));
      }
    }

    @Override
    public void reset() {}
  }

  private long run(String sql, Object[] params, Sink sink) {
    ensureUsable(sql);
    currentSql = sql;
    try {
      return withStatement(sql, params, s -> executePrepared(s, params, sink), sink);
    } catch (IOException e) {
      throw connectionLost(e, sql);
    } finally {
      currentSql = null;
    }
  }

  /** Work done with a prepared statement. */
  private interface StatementWork<R> {
    R run(Prepared statement) throws IOException;
  }

  /**
   * Runs {@code work} with the cached statement for {@code sql}, preparing it on first use. If DDL
   * made the cached statement stale, it is evicted, and — only outside a transaction — prepared
   * again and the work retried once (after {@code sink}, if any, forgets the rows it took).
   */
  private <R> R withStatement(String sql, Object[] params, StatementWork<R> work, Sink sink)
      throws IOException {
    Prepared p = prepare(sql, params);
    try {
      return work.run(p);
    } catch (PgException e) {
      if (!isStalePlan(e)) {
        throw e;
      }
      statements.evict(p);
      if (txStatus != Protocol.TX_IDLE) {
        throw e;
      }
      LOG.log(System.Logger.Level.DEBUG, "re-preparing after {0}: {1}", e.sqlState(), sql);
      if (sink != null) {
        sink.reset();
      }
      return work.run(prepare(sql, params));
    }
  }

  /** 0A000 raised by RevalidateCachedQuery ("cached plan must not change result type") or 26000. */
  private static boolean isStalePlan(PgException e) {
    return ("0A000".equals(e.sqlState()) && "RevalidateCachedQuery".equals(e.routine()))
        || "26000".equals(e.sqlState());
  }

  /** The cached statement for {@code sql}, preparing it (Parse + Describe + Sync) on first use. */
  private Prepared prepare(String sql, Object[] params) throws IOException {
    Prepared p = statements.find(sql, params);
    if (p != null) {
      return p;
    }
    String name = statements.nextName();
    writeCloses();
    out.begin(Protocol.PARSE).putCString(name).putCString(sql);
    out.putShort(params.length);
    for (Object v : params) {
      out.putInt(ParameterEncoder.declaredOid(v));
    }
    out.end();
    out.begin(Protocol.DESCRIBE).putByte(Protocol.TARGET_STATEMENT).putCString(name);
    out.end();
    writeSync();
    out.flush();

    int[] paramOids = null;
    Columns columns = null;
    PgException error = null;
    for (; ; ) {
      byte type = in.nextMessage();
      switch (type) {
        case Protocol.PARSE_COMPLETE:
        case Protocol.CLOSE_COMPLETE:
        case Protocol.NO_DATA:
          in.skipMessage();
          break;
        case Protocol.PARAMETER_DESCRIPTION:
          paramOids = parameterDescription();
          break;
        case Protocol.ROW_DESCRIPTION:
          columns = rowDescription();
          break;
        case Protocol.ERROR_RESPONSE:
          error = errorResponse(sql);
          break;
        case Protocol.READY_FOR_QUERY:
          readyForQuery();
          if (error != null) {
            // Parse may have succeeded before a later message failed; closing a name that does not
            // exist is no error, so close it to be sure.
            statements.closeLater(name);
            throw error;
          }
          if (paramOids == null) {
            throw protocolViolation("no ParameterDescription for Describe");
          }
          p = new Prepared(name, sql, paramOids, columns);
          statements.put(p);
          return p;
        default:
          handleAsync(type);
      }
    }
  }

  private long executePrepared(Prepared p, Object[] params, Sink sink) throws IOException {
    if (sink != null && p.columns != null) {
      // Bind the decoder before anything is sent: if it rejects the columns, no reply is left
      // unread on the connection.
      sink.start(p);
    }
    writeCloses();
    writeBind(p, params);
    writeExecute();
    writeSync();
    out.flush();
    return readResult(p, sink, true);
  }

  /**
   * Reads the replies of one Bind/Execute…Sync exchange up to ReadyForQuery (when {@code
   * untilReady}) or up to the CommandComplete of one execution. Rows go to {@code sink} in batches.
   */
  private long readResult(Prepared p, Sink sink, boolean untilReady) throws IOException {
    if (p.columns != null) {
      rowView.start(p.columns, p.binaryOids);
    }
    PgException error = null;
    RuntimeException sinkFailure = null;
    long count = 0;
    for (; ; ) {
      byte type = in.nextMessage();
      switch (type) {
        case Protocol.DATA_ROW:
          if (sink == null || error != null || sinkFailure != null) {
            skipRows();
          } else {
            try {
              sink.rows(rowView);
            } catch (RuntimeException e) {
              if (e instanceof PgException pe && "08P01".equals(pe.sqlState())) {
                markBroken();
                throw e;
              }
              // The consumer or a decoder failed: stop the query and drain what is in flight, so
              // the
              // connection stays usable, then report the failure.
              sinkFailure = e;
              cancelQuietly();
            }
          }
          break;
        case Protocol.BIND_COMPLETE:
        case Protocol.PARSE_COMPLETE:
        case Protocol.CLOSE_COMPLETE:
        case Protocol.NO_DATA:
        case Protocol.EMPTY_QUERY_RESPONSE:
        case Protocol.PORTAL_SUSPENDED:
          in.skipMessage();
          break;
        case Protocol.COMMAND_COMPLETE:
          count = commandCount();
          in.skipMessage();
          if (!untilReady && error == null) {
            return count;
          }
          break;
        case Protocol.ERROR_RESPONSE:
          {
            PgException e = errorResponse(p.sql);
            if (error == null) {
              error = e;
            }
            if (!untilReady) {
              throw error;
            }
            break;
          }
        case Protocol.READY_FOR_QUERY:
          readyForQuery();
          if (sinkFailure != null) {
            throw sinkFailure;
          }
          if (error != null) {
            throw error;
          }
          return count;
        case Protocol.COPY_IN_RESPONSE:
        case Protocol.COPY_OUT_RESPONSE:
        case Protocol.COPY_BOTH_RESPONSE:
          throw protocolViolationAfterCopy(type);
        default:
          handleAsync(type);
      }
    }
  }

  // ------------------------------------------------------------------ cursors

  /**
   * Runs a query and returns its rows one at a time, for results larger than memory: the socket is
   * read as the caller asks for rows (every complete DataRow in the buffer is framed before the
   * next read), so memory stays bounded by the receive buffer. The connection runs nothing else
   * until the cursor is done or closed; closing it early cancels the query and drains the reply,
   * keeping the connection usable.
   */
  public <T> Cursor<T> cursor(String sql, Object[] params, RowDecoder<T> decoder) {
    ensureUsable(sql);
    currentSql = sql;
    try {
      return withStatement(sql, params, s -> openCursor(s, params, decoder), null);
    } catch (IOException e) {
      throw connectionLost(e, sql);
    } finally {
      currentSql = null;
    }
  }

  private <T> Cursor<T> openCursor(Prepared p, Object[] params, RowDecoder<T> decoder)
      throws IOException {
    RowDecoder.Bound<T> bound = p.bound(decoder);
    writeCloses();
    writeBind(p, params);
    writeExecute();
    writeSync();
    out.flush();
    rowView.start(p.columns, p.binaryOids);
    Cursor<T> c = new Cursor<>(p.sql, bound);
    openCursor = c;
    c.advance();
    return c;
  }

  /**
   * The rows of one running query, read on demand (see {@link PgConnection#cursor}). Not
   * thread-safe; must be closed (closing a finished cursor does nothing).
   */
  public final class Cursor<T> implements AutoCloseable {
    private final String sql;
    private final RowDecoder.Bound<T> bound;

    /** The next row, decoded ahead by {@link #advance()}, when {@link #hasPending}. */
    private T pending;

    private boolean hasPending;

    /** Whether ReadyForQuery has been read: the connection is free again. */
    private boolean done;

    /** The first server error of the result, thrown when ReadyForQuery arrives. */
    private PgException error;

    private Cursor(String sql, RowDecoder.Bound<T> bound) {
      this.sql = sql;
      this.bound = bound;
    }

    public boolean hasNext() {
      if (!hasPending && !done) {
        advance();
      }
      return hasPending;
    }

    public T next() {
      if (!hasNext()) {
        throw new java.util.NoSuchElementException("no more rows");
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
          if (rowView.next()) {
            pending = decode();
            hasPending = true;
            return;
          }
          byte type = in.nextMessage();
          switch (type) {
            case Protocol.DATA_ROW:
              break;
            case Protocol.BIND_COMPLETE:
            case Protocol.CLOSE_COMPLETE:
            case Protocol.COMMAND_COMPLETE:
            case Protocol.EMPTY_QUERY_RESPONSE:
              in.skipMessage();
              break;
            case Protocol.ERROR_RESPONSE:
              {
                PgException e = errorResponse(sql);
                if (error == null) {
                  error = e;
                }
                break;
              }
            case Protocol.READY_FOR_QUERY:
              readyForQuery();
              finish();
              if (error != null) {
                throw error;
              }
              return;
            default:
              handleAsync(type);
          }
        }
      } catch (IOException e) {
        finish();
        throw connectionLost(e, sql);
      } catch (PgException e) {
        if (broken) {
          finish();
        }
        throw e;
      }
    }

    private T decode() {
      try {
        return bound.decode(rowView);
      } catch (RuntimeException e) {
        if (e instanceof PgException pe && "08P01".equals(pe.sqlState())) {
          markBroken();
          finish();
          throw e;
        }
        // A row the decoder rejects ends the cursor; the connection stays usable.
        close();
        throw e;
      }
    }

    private void finish() {
      done = true;
      if (openCursor == this) {
        openCursor = null;
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
      if (broken || closed) {
        finish();
        return;
      }
      cancelQuietly();
      try {
        drainUntilReady();
      } catch (IOException | RuntimeException e) {
        markBroken();
      } finally {
        finish();
      }
    }
  }

  /** Skips every complete DataRow in the buffer. */
  private void skipRows() {
    byte[] b = in.array();
    int p = in.position();
    int limit = in.limit();
    while (limit - p >= 5 && b[p] == Protocol.DATA_ROW) {
      int end = p + 1 + Bytes.getInt(b, p + 1);
      if (end > limit) {
        break;
      }
      p = end;
    }
    in.position(p);
  }

  private void writeBind(Prepared p, Object[] params) {
    int n = params.length;
    int[] oids = p.paramOids;
    if (n != oids.length) {
      throw new PgException(
          "07001",
          "the statement has " + oids.length + " parameter(s) but " + n + " value(s) were given",
          p.sql,
          null);
    }
    int mark = out.position();
    try {
      out.begin(Protocol.BIND).putByte(0).putCString(p.name);
      out.putShort(n);
      for (int i = 0; i < n; i++) {
        out.putShort(ParameterEncoder.format(params[i], oids[i]));
      }
      out.putShort(n);
      for (int i = 0; i < n; i++) {
        Object v = params[i];
        if (v == null) {
          out.putInt(-1);
        } else {
          int at = out.reserveInt();
          ParameterEncoder.encode(out, v, oids[i], ParameterEncoder.format(v, oids[i]), i + 1);
          out.patchLength(at);
        }
      }
      out.putBytes(p.resultFormats);
      out.end();
    } catch (RuntimeException e) {
      out.truncate(mark);
      if (e instanceof PgException pe && pe.statement() == null) {
        throw new PgException(pe.sqlState(), pe.serverMessage(), p.sql, pe);
      }
      throw e;
    }
  }

  private void writeExecute() {
    out.begin(Protocol.EXECUTE).putByte(0).putInt(0);
    out.end();
  }

  private void writeSync() {
    out.begin(Protocol.SYNC);
    out.end();
  }

  private void writeCloses() {
    for (String name : statements.drainToClose()) {
      out.begin(Protocol.CLOSE).putByte(Protocol.TARGET_STATEMENT).putCString(name);
      out.end();
    }
  }

  // ------------------------------------------------------------------ batches

  /**
   * Runs {@code sql} once per parameter row as one pipeline: Bind/Execute × N, then one Sync. The
   * replies are read while writing, or both sides' socket buffers fill and client and server wait
   * on each other forever. Rows go in groups of at most {@value #BATCH_GROUP} executions and
   * {@value #BATCH_GROUP_BYTES} bytes, each ended by a Flush; while one group is sent, the replies
   * of the one before are read, so at most two groups are unanswered. A group bounded that way fits
   * in the kernel's socket buffers even while the server is blocked sending large replies
   * (RETURNING); a single row larger than the bound is sent only when no reply is outstanding.
   * Between one Sync the statements run in one implicit transaction: a failure in any row leaves no
   * row applied (and inside an explicit transaction, the transaction fails). Returns each row's
   * count.
   *
   * <p>With {@code rewrite_batched_inserts}, a batch of more than one row of a plain INSERT …
   * VALUES runs as fewer statements of many rows each ({@link MultiRowInsert}), in the same single
   * pipeline: its array form when every parameter and value allows ({@link #arrayBatch}), else its
   * multi-row form.
   */
  public long[] executeBatch(String sql, List<Object[]> rows) {
    ensureUsable(sql);
    if (rows.isEmpty()) {
      return new long[0];
    }
    currentSql = sql;
    try {
      MultiRowInsert multi =
          config.rewriteBatchedInserts() && rows.size() > 1 ? multiRowInsert(sql) : null;
      if (multi != null && sameWidth(rows, multi.parameters())) {
        if (multi.arraySql() != null) {
          long[] counts =
              withStatement(sql, rows.get(0), original -> arrayBatch(multi, original, rows), null);
          if (counts != null) {
            return counts;
          }
        }
        return multiRowBatch(multi, rows);
      }
      return withStatement(
          sql,
          rows.get(0),
          s ->
              pipeline(
                  fill(s, rows.size()), rows, i -> "batch row " + (i + 1) + " of " + rows.size()),
          null);
    } catch (IOException e) {
      throw connectionLost(e, sql);
    } finally {
      currentSql = null;
    }
  }

  private static Prepared[] fill(Prepared p, int n) {
    Prepared[] all = new Prepared[n];
    java.util.Arrays.fill(all, p);
    return all;
  }

  private static boolean sameWidth(List<Object[]> rows, int width) {
    for (Object[] row : rows) {
      if (row.length != width) {
        return false;
      }
    }
    return true;
  }

  /** The parsed rewritten forms of {@code sql} (or null), kept per connection by SQL text. */
  private MultiRowInsert multiRowInsert(String sql) {
    if (multiRowInserts.containsKey(sql)) {
      return multiRowInserts.get(sql);
    }
    if (multiRowInserts.size() >= 64) {
      multiRowInserts.clear();
    }
    MultiRowInsert m = MultiRowInsert.parse(sql);
    multiRowInserts.put(sql, m);
    return m;
  }

  /**
   * A batch of a plain INSERT … VALUES in its array form ({@link MultiRowInsert#arraySql()}): rows
   * in chunks of at most {@value #ARRAY_CHUNK_ROWS} (and about {@value #ARRAY_CHUNK_BYTES} bytes),
   * each chunk one execution binding one binary array per parameter, all in one pipeline (so still
   * all or nothing). The element types are those the server described for {@code original}, the
   * single-row statement. Returns null, having executed nothing, when some parameter's type has no
   * array type or codec here, or some value has no binary form for it (a String for a uuid, say):
   * the caller then takes the multi-row form. A row's count is 1 when its chunk inserted all its
   * rows, else -1 (unknown: a trigger skipped some).
   */
  private long[] arrayBatch(MultiRowInsert multi, Prepared original, List<Object[]> rows)
      throws IOException {
    int[] oids = original.paramOids;
    int width = oids.length;
    if (width != multi.parameters()) {
      return null;
    }
    for (int oid : oids) {
      if (!ColumnSlice.takesArrays(oid)) {
        return null;
      }
    }
    // One pass over the values: every one must go into its array, and the chunks end at a row
    // count or an estimated size, whichever comes first.
    int n = rows.size();
    int[] ends = new int[n / ARRAY_CHUNK_ROWS + 1];
    int chunks = 0;
    int chunkStart = 0;
    long bytes = 0;
    for (int r = 0; r < n; r++) {
      Object[] row = rows.get(r);
      for (int k = 0; k < width; k++) {
        Object v = row[k];
        if (!ColumnSlice.accepts(v, oids[k])) {
          return null;
        }
        bytes += ColumnSlice.estimatedSize(v);
      }
      if (r + 1 == n || r + 1 - chunkStart == ARRAY_CHUNK_ROWS || bytes >= ARRAY_CHUNK_BYTES) {
        if (chunks == ends.length) {
          ends = java.util.Arrays.copyOf(ends, chunks * 2);
        }
        ends[chunks++] = r + 1;
        chunkStart = r + 1;
        bytes = 0;
      }
    }
    List<Object[]> params = new ArrayList<>(chunks);
    for (int c = 0; c < chunks; c++) {
      int from = c == 0 ? 0 : ends[c - 1];
      Object[] slices = new Object[width];
      for (int k = 0; k < width; k++) {
        slices[k] = new ColumnSlice(rows, from, ends[c], k, oids[k]);
      }
      params.add(slices);
    }
    // The array OIDs are declared in Parse (ParameterEncoder.declaredOid of a slice).
    Prepared statement = prepare(multi.arraySql(), params.get(0));
    int[] chunkEnds = ends;
    long[] chunkCounts;
    try {
      chunkCounts =
          pipeline(
              fill(statement, chunks),
              params,
              c ->
                  "batch rows "
                      + (c == 0 ? 1 : chunkEnds[c - 1] + 1)
                      + "-"
                      + chunkEnds[c]
                      + " of "
                      + n
                      + ", inserted by one array statement");
    } catch (PgException e) {
      if (isStalePlan(e)) {
        // The array statement is the one executed; the caller re-prepares the original.
        statements.evict(statement);
      }
      throw e;
    }
    long[] counts = new long[n];
    for (int c = 0; c < chunks; c++) {
      int from = c == 0 ? 0 : ends[c - 1];
      java.util.Arrays.fill(counts, from, ends[c], chunkCounts[c] == ends[c] - from ? 1 : -1);
    }
    return counts;
  }

  /**
   * A batch of a plain INSERT … VALUES as multi-row inserts: groups of 128, 64, … rows, each one
   * execution of a statement of that shape, all in one pipeline (so still all or nothing). A row's
   * count is 1 when its group inserted all its rows, else -1 (unknown: a trigger skipped some).
   */
  private long[] multiRowBatch(MultiRowInsert multi, List<Object[]> rows) throws IOException {
    int n = rows.size();
    int width = multi.parameters();
    List<int[]> groups = new ArrayList<>();
    int start = 0;
    for (int size : MultiRowInsert.GROUP_SIZES) {
      if (size > multi.maxGroup()) {
        continue;
      }
      while (n - start >= size) {
        groups.add(new int[] {start, size});
        start += size;
      }
    }
    Prepared[] statements = new Prepared[groups.size()];
    List<Object[]> params = new ArrayList<>(groups.size());
    for (int g = 0; g < groups.size(); g++) {
      int from = groups.get(g)[0];
      int size = groups.get(g)[1];
      Object[] flat = new Object[size * width];
      for (int r = 0; r < size; r++) {
        System.arraycopy(rows.get(from + r), 0, flat, r * width, width);
      }
      params.add(flat);
      statements[g] = prepare(multi.sql(size), flat);
    }
    long[] groupCounts =
        pipeline(
            statements,
            params,
            g -> {
              int from = groups.get(g)[0];
              return "batch rows "
                  + (from + 1)
                  + "-"
                  + (from + groups.get(g)[1])
                  + " of "
                  + n
                  + ", inserted by one multi-row statement";
            });
    long[] counts = new long[n];
    for (int g = 0; g < groups.size(); g++) {
      int from = groups.get(g)[0];
      int size = groups.get(g)[1];
      java.util.Arrays.fill(counts, from, from + size, groupCounts[g] == size ? 1 : -1);
    }
    return counts;
  }

  /**
   * Executes {@code statements[i]} with {@code rows.get(i)} for every i in one pipeline; {@code
   * where} names execution i in errors.
   */
  private long[] pipeline(
      Prepared[] statements, List<Object[]> rows, java.util.function.IntFunction<String> where)
      throws IOException {
    int n = rows.size();
    long[] counts = new long[n];
    int written = 0;
    int read = 0;
    PgException error = null;
    RuntimeException encodeFailure = null;
    boolean synced = false;
    writeCloses();
    while (written < n && error == null) {
      int groupStart = written;
      try {
        while (written < n
            && written - groupStart < BATCH_GROUP
            && out.size() < BATCH_GROUP_BYTES) {
          writeBind(statements[written], rows.get(written));
          writeExecute();
          written++;
        }
      } catch (RuntimeException e) {
        encodeFailure = e;
        break;
      }
      if (written < n) {
        out.begin(Protocol.FLUSH);
        out.end();
      } else {
        writeSync();
        synced = true;
      }
      if (out.size() > BATCH_GROUP_BYTES) {
        // An oversized group (one large row): let the server finish every earlier reply first, so
        // it
        // is reading, not blocked writing, while this group is sent.
        while (read < groupStart && error == null) {
          error = readCount(statements[read], counts, read);
          read += error == null ? 1 : 0;
        }
        if (error != null) {
          // Nothing of this group is sent; the Sync below ends the failed pipeline.
          out.truncate(0);
          synced = false;
          break;
        }
      }
      out.flush();
      // Read the replies of the groups before this one, keeping this one in flight.
      while (read < groupStart && error == null) {
        error = readCount(statements[read], counts, read);
        read += error == null ? 1 : 0;
      }
    }
    if (encodeFailure != null && written > 0) {
      // A value that cannot be encoded after rows were sent: make the pipeline fail on the server
      // so the Sync rolls those rows back (a Sync alone would commit them). Executing a portal that
      // does not exist raises 34000; the rows before it are answered as usual.
      out.begin(Protocol.EXECUTE).putCString("sluice_abort_batch").putInt(0);
      out.end();
    }
    if (!synced) {
      writeSync();
    }
    out.flush();
    // Read the remaining replies, then ReadyForQuery.
    while (read < written && error == null) {
      error = readCount(statements[read], counts, read);
      read += error == null ? 1 : 0;
    }
    drainUntilReady();
    if (error != null) {
      throw new PgException(error, statements[read].sql, where.apply(read));
    }
    if (encodeFailure != null) {
      if (encodeFailure instanceof PgException pe) {
        throw new PgException(pe, statements[written].sql, where.apply(written));
      }
      throw encodeFailure;
    }
    return counts;
  }

  /** Reads one execution's replies into {@code counts[i]}; returns its error, or null. */
  private PgException readCount(Prepared p, long[] counts, int i) throws IOException {
    try {
      counts[i] = readResult(p, null, false);
      return null;
    } catch (PgException e) {
      if (isBroken()) {
        throw e;
      }
      return e;
    }
  }

  // ------------------------------------------------------------------ simple query and COPY

  /**
   * Runs one or more statements with the simple query protocol (text results, which are discarded)
   * and returns the last command tag. For scripts, DDL and transaction control.
   */
  public String simpleQuery(String sql) {
    ensureUsable(sql);
    currentSql = sql;
    try {
      out.begin(Protocol.QUERY).putCString(sql);
      out.end();
      out.flush();
      String tag = null;
      PgException error = null;
      for (; ; ) {
        byte type = in.nextMessage();
        switch (type) {
          case Protocol.ROW_DESCRIPTION:
          case Protocol.DATA_ROW:
          case Protocol.EMPTY_QUERY_RESPONSE:
            in.skipMessage();
            break;
          case Protocol.COMMAND_COMPLETE:
            tag = commandTag();
            in.skipMessage();
            break;
          case Protocol.ERROR_RESPONSE:
            error = errorResponse(sql);
            break;
          case Protocol.COPY_IN_RESPONSE:
            in.skipMessage();
            out.begin(Protocol.COPY_FAIL)
                .putCString("COPY FROM STDIN is not supported by simpleQuery; use copyIn");
            out.end();
            out.flush();
            break;
          case Protocol.COPY_OUT_RESPONSE:
          case Protocol.COPY_BOTH_RESPONSE:
            throw protocolViolationAfterCopy(type);
          case Protocol.READY_FOR_QUERY:
            readyForQuery();
            if (error != null) {
              throw error;
            }
            return tag;
          default:
            handleAsync(type);
        }
      }
    } catch (IOException e) {
      throw connectionLost(e, sql);
    } finally {
      currentSql = null;
    }
  }

  /** The first column of the first row of a simple query, as text, or null. */
  String simpleQueryValue(String sql) {
    try {
      out.begin(Protocol.QUERY).putCString(sql);
      out.end();
      out.flush();
      String value = null;
      PgException error = null;
      for (; ; ) {
        byte type = in.nextMessage();
        switch (type) {
          case Protocol.DATA_ROW:
            {
              byte[] b = in.array();
              int p = in.position();
              if (value == null && Bytes.getShort(b, p + 5) > 0) {
                int len = Bytes.getInt(b, p + 7);
                value = len < 0 ? null : Bytes.utf8(b, p + 11, len);
              }
              in.skipMessage();
              break;
            }
          case Protocol.ERROR_RESPONSE:
            error = errorResponse(sql);
            break;
          case Protocol.READY_FOR_QUERY:
            readyForQuery();
            if (error != null) {
              throw error;
            }
            return value;
          default:
            if (type == Protocol.PARAMETER_STATUS
                || type == Protocol.NOTICE_RESPONSE
                || type == Protocol.NOTIFICATION_RESPONSE) {
              handleAsync(type);
            } else {
              in.skipMessage();
            }
        }
      }
    } catch (IOException e) {
      throw connectionLost(e, sql);
    }
  }

  /**
   * Runs {@code COPY … FROM STDIN} and streams {@code data} to the server (in the format the COPY
   * statement names), in CopyData messages of up to 64 KiB. Returns the row count. If reading
   * {@code data} fails, CopyFail aborts the COPY and nothing is written.
   */
  public long copyIn(String sql, InputStream data) {
    ensureUsable(sql);
    currentSql = sql;
    try {
      out.begin(Protocol.QUERY).putCString(sql);
      out.end();
      out.flush();
      long count = 0;
      PgException error = null;
      IOException sourceFailure = null;
      for (; ; ) {
        byte type = in.nextMessage();
        switch (type) {
          case Protocol.COPY_IN_RESPONSE:
            {
              in.skipMessage();
              byte[] chunk = new byte[64 * 1024];
              try {
                int r;
                while ((r = data.read(chunk)) >= 0) {
                  if (r == 0) {
                    continue;
                  }
                  out.begin(Protocol.COPY_DATA).putBytes(chunk, 0, r);
                  out.end();
                  out.flush();
                  // Errors (a bad row) come back while we write; stop early if one is waiting.
                  if (in.hasPendingInput() && peekIsError()) {
                    break;
                  }
                }
              } catch (IOException e) {
                sourceFailure = e;
              }
              if (sourceFailure != null) {
                out.begin(Protocol.COPY_FAIL)
                    .putCString("the client's data source failed: " + sourceFailure.getMessage());
              } else {
                out.begin(Protocol.COPY_DONE);
              }
              out.end();
              out.flush();
              break;
            }
          case Protocol.COMMAND_COMPLETE:
            count = commandCount();
            in.skipMessage();
            break;
          case Protocol.ERROR_RESPONSE:
            {
              PgException e = errorResponse(sql);
              if (error == null) {
                error = e;
              }
              break;
            }
          case Protocol.READY_FOR_QUERY:
            readyForQuery();
            if (sourceFailure != null) {
              throw new PgException(
                  "57014",
                  "COPY aborted: reading the data failed: " + sourceFailure.getMessage(),
                  sql,
                  sourceFailure);
            }
            if (error != null) {
              throw error;
            }
            return count;
          case Protocol.ROW_DESCRIPTION:
          case Protocol.DATA_ROW:
          case Protocol.EMPTY_QUERY_RESPONSE:
            in.skipMessage();
            break;
          case Protocol.COPY_OUT_RESPONSE:
          case Protocol.COPY_BOTH_RESPONSE:
            throw protocolViolationAfterCopy(type);
          default:
            handleAsync(type);
        }
      }
    } catch (IOException e) {
      throw connectionLost(e, sql);
    } finally {
      currentSql = null;
    }
  }

  private boolean peekIsError() throws IOException {
    if (!in.hasMessage()) {
      if (in.limit() == in.position()) {
        // Bytes are on the socket but not yet buffered: read them (this does not block: available()
        // > 0).
        in.fill(1);
      }
      return in.array()[in.position()] == Protocol.ERROR_RESPONSE;
    }
    return in.array()[in.position()] == Protocol.ERROR_RESPONSE;
  }

  // ------------------------------------------------------------------ cancel and close

  /**
   * Asks the server to cancel the statement this connection is running (CancelRequest on a new
   * connection) and waits until the server has taken the request, so it cannot hit a later
   * statement. Safe to call from any thread; a cancel that arrives when nothing runs is ignored.
   */
  public void cancel() {
    ConnectionConfig.HostPort hp = hostPort;
    try {
      if (hp.isUnixSocket()) {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
          ch.connect(UnixDomainSocketAddress.of(Path.of(hp.host(), ".s.PGSQL." + hp.port())));
          sendCancel(Channels.newInputStream(ch), Channels.newOutputStream(ch));
        }
      } else {
        try (Socket s = new Socket()) {
          s.connect(
              new InetSocketAddress(hp.host(), hp.port()),
              (int) Math.min(Integer.MAX_VALUE, config.connectTimeout().toMillis()));
          s.setSoTimeout(10_000);
          sendCancel(s.getInputStream(), s.getOutputStream());
        }
      }
    } catch (IOException e) {
      throw new PgException(
          "08006", "could not send a cancel request to " + hp + ": " + e.getMessage(), null, e);
    }
  }

  private void sendCancel(InputStream is, OutputStream os) throws IOException {
    byte[] msg = new byte[16];
    Bytes.putInt(msg, 0, 16);
    Bytes.putInt(msg, 4, Protocol.CANCEL_REQUEST_CODE);
    Bytes.putInt(msg, 8, backendPid);
    Bytes.putInt(msg, 12, backendSecret);
    os.write(msg);
    os.flush();
    // The server closes the cancel connection once it has signalled the backend.
    while (is.read() >= 0) {
      // nothing to read: wait for the close
    }
  }

  private void cancelQuietly() {
    try {
      cancel();
    } catch (PgException e) {
      LOG.log(System.Logger.Level.DEBUG, "cancel failed: {0}", e.getMessage());
    }
  }

  /** Reads and drops replies up to and including ReadyForQuery. */
  private void drainUntilReady() throws IOException {
    for (; ; ) {
      byte type = in.nextMessage();
      if (type == Protocol.READY_FOR_QUERY) {
        readyForQuery();
        return;
      }
      if (type == Protocol.DATA_ROW) {
        skipRows();
      } else if (type == Protocol.NOTICE_RESPONSE
          || type == Protocol.PARAMETER_STATUS
          || type == Protocol.NOTIFICATION_RESPONSE) {
        handleAsync(type);
      } else {
        in.skipMessage();
      }
    }
  }

  /** Sends Terminate and closes the socket. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (!broken) {
      try {
        out.truncate(0);
        out.begin(Protocol.TERMINATE);
        out.end();
        out.flush();
      } catch (IOException | RuntimeException e) {
        LOG.log(System.Logger.Level.DEBUG, "Terminate failed: {0}", e.getMessage());
      }
    }
    closeQuietly(channel);
  }

  /** Marks the connection broken and closes its socket without a goodbye. */
  public void markBroken() {
    broken = true;
    closed = true;
    closeQuietly(channel);
  }

  private void closeQuietly() {
    markBroken();
  }

  private static void closeQuietly(SocketChannel channel) {
    try {
      if (channel != null) {
        channel.close();
      }
    } catch (IOException e) {
      LOG.log(System.Logger.Level.DEBUG, "close failed: {0}", e.getMessage());
    }
  }

  private void ensureUsable(String sql) {
    if (broken) {
      throw new PgException(
          "08003",
          "the connection is broken (an earlier I/O error or protocol violation); it cannot be used",
          sql,
          null);
    }
    if (closed) {
      throw new PgException("08003", "the connection is closed", sql, null);
    }
    if (openCursor != null) {
      throw new PgException(
          "55000",
          "a stream of rows is still open on this connection; close it"
              + " (try-with-resources) before running another statement",
          sql,
          null);
    }
  }

  private PgException connectionLost(IOException e, String sql) {
    markBroken();
    if (e instanceof ProtocolException) {
      return new PgException(
          "08P01",
          "protocol violation from " + hostPort + ": " + e.getMessage() + "; connection closed",
          sql,
          e);
    }
    String what =
        e instanceof EOFException
            ? "the server closed the connection"
            : e instanceof java.nio.channels.ClosedByInterruptException
                ? "the thread was interrupted while it waited for the server, which closes the"
                    + " connection (the statement may or may not have run)"
                : e.toString();
    return new PgException("08006", "connection to " + hostPort + " lost: " + what, sql, e);
  }

  private PgException protocolViolation(String message) {
    markBroken();
    return new PgException(
        "08P01",
        "protocol violation from " + hostPort + ": " + message + "; connection closed",
        currentSql,
        null);
  }

  private PgException protocolViolationAfterCopy(byte type) {
    return protocolViolation(
        "unexpected COPY message '" + (char) type + "' (use copyIn for COPY FROM STDIN)");
  }

  // ------------------------------------------------------------------ message decoders

  private void readyForQuery() {
    txStatus = in.array()[in.position() + 5];
    in.skipMessage();
  }

  /** ParameterDescription: int16 n, then n type OIDs. */
  private int[] parameterDescription() {
    byte[] b = in.array();
    int p = in.position() + 5;
    int n = Bytes.getShort(b, p) & 0xffff;
    int[] oids = new int[n];
    for (int i = 0; i < n; i++) {
      oids[i] = Bytes.getInt(b, p + 2 + 4 * i);
    }
    in.skipMessage();
    return oids;
  }

  /**
   * RowDescription: int16 n, then per field: name, table OID, attnum, type OID, typlen, typmod,
   * format. The format reported for a statement is always 0; we choose ours: binary where we have a
   * codec.
   */
  private Columns rowDescription() throws ProtocolException {
    byte[] b = in.array();
    int p = in.position() + 5;
    int end = in.position() + 1 + in.messageLength();
    int n = Bytes.getShort(b, p) & 0xffff;
    p += 2;
    String[] names = new String[n];
    int[] typeOids = new int[n];
    int[] tableOids = new int[n];
    short[] attnums = new short[n];
    int[] typmods = new int[n];
    short[] formats = new short[n];
    for (int i = 0; i < n; i++) {
      int nul = Bytes.indexOfNul(b, p, end);
      if (nul < 0) {
        throw new ProtocolException("RowDescription field name is not terminated");
      }
      names[i] = Bytes.utf8(b, p, nul - p);
      p = nul + 1;
      tableOids[i] = Bytes.getInt(b, p);
      attnums[i] = Bytes.getShort(b, p + 4);
      typeOids[i] = Bytes.getInt(b, p + 6);
      typmods[i] = Bytes.getInt(b, p + 12);
      formats[i] = Oids.hasBinaryCodec(typeOids[i]) ? Protocol.FORMAT_BINARY : Protocol.FORMAT_TEXT;
      p += 18;
    }
    in.skipMessage();
    return new Columns(names, typeOids, tableOids, attnums, typmods, formats);
  }

  /**
   * Consumes the ErrorResponse at the buffer's position. A FATAL or PANIC error ends the session —
   * the server closes the connection right after it — so the connection is marked broken and the
   * error thrown at once, rather than surfacing later as a bare "connection lost".
   */
  private PgException errorResponse(String sql) {
    PgException e = new PgException(errorFields(), sql);
    in.skipMessage();
    if ("FATAL".equals(e.severity()) || "PANIC".equals(e.severity())) {
      markBroken();
      throw e;
    }
    return e;
  }

  /** ErrorResponse/NoticeResponse fields of the message at the buffer's position (not consumed). */
  private Map<Character, String> errorFields() {
    byte[] b = in.array();
    int p = in.position() + 5;
    int end = in.position() + 1 + in.messageLength();
    Map<Character, String> fields = new HashMap<>();
    while (p < end && b[p] != 0) {
      char code = (char) b[p];
      int nul = Bytes.indexOfNul(b, p + 1, end);
      if (nul < 0) {
        break;
      }
      fields.put(code, Bytes.utf8(b, p + 1, nul - p - 1));
      p = nul + 1;
    }
    return fields;
  }

  /** The command tag of a CommandComplete at the buffer's position. */
  private String commandTag() {
    byte[] b = in.array();
    int p = in.position() + 5;
    int end = in.position() + 1 + in.messageLength();
    int nul = Bytes.indexOfNul(b, p, end);
    return Bytes.utf8(b, p, (nul < 0 ? end : nul) - p);
  }

  /** The row count at the end of a CommandComplete tag ("INSERT 0 5", "UPDATE 3"), or 0. */
  private long commandCount() {
    byte[] b = in.array();
    int p = in.position() + 5;
    int end = in.position() + 1 + in.messageLength();
    int nul = Bytes.indexOfNul(b, p, end);
    int stop = nul < 0 ? end : nul;
    int start = stop;
    while (start > p && b[start - 1] >= '0' && b[start - 1] <= '9') {
      start--;
    }
    if (start == stop || start == p || b[start - 1] != ' ') {
      return 0;
    }
    long v = 0;
    for (int i = start; i < stop; i++) {
      v = v * 10 + (b[i] - '0');
    }
    return v;
  }

  /**
   * Messages that may arrive at any time: NoticeResponse, ParameterStatus, NotificationResponse.
   */
  private void handleAsync(byte type) throws IOException {
    switch (type) {
      case Protocol.NOTICE_RESPONSE:
        notice();
        return;
      case Protocol.PARAMETER_STATUS:
        parameterStatus();
        return;
      case Protocol.NOTIFICATION_RESPONSE:
        LOG.log(System.Logger.Level.DEBUG, "notification ignored (LISTEN is not supported yet)");
        in.skipMessage();
        return;
      default:
        throw new ProtocolException(
            "unexpected message '"
                + (char) type
                + "' (0x"
                + Integer.toHexString(type & 0xff)
                + ")");
    }
  }

  private void notice() {
    Map<Character, String> f = errorFields();
    in.skipMessage();
    String severity = f.getOrDefault('V', f.getOrDefault('S', "NOTICE"));
    Notice n = new Notice(severity, f.get('C'), f.get('M'), f.get('D'), f.get('H'));
    if (noticeListener != null) {
      noticeListener.onNotice(n);
    } else {
      System.Logger.Level level =
          severity.equals("WARNING") ? System.Logger.Level.WARNING : System.Logger.Level.DEBUG;
      LOG.log(level, "{0}: {1}", severity, n.message());
    }
  }

  private void parameterStatus() throws ProtocolException {
    byte[] b = in.array();
    int p = in.position() + 5;
    int end = in.position() + 1 + in.messageLength();
    int nul = Bytes.indexOfNul(b, p, end);
    int nul2 = nul < 0 ? -1 : Bytes.indexOfNul(b, nul + 1, end);
    if (nul2 < 0) {
      throw new ProtocolException("malformed ParameterStatus");
    }
    String name = Bytes.utf8(b, p, nul - p);
    String value = Bytes.utf8(b, nul + 1, nul2 - nul - 1);
    in.skipMessage();
    parameters.put(name, value);
    if (name.equals("client_encoding") && !value.equalsIgnoreCase("UTF8")) {
      throw new ProtocolException("client_encoding changed to " + value + "; Sluice needs UTF8");
    }
  }

  @Override
  public String toString() {
    return "PgConnection["
        + config.user()
        + "@"
        + hostPort
        + "/"
        + config.database()
        + ", pid "
        + backendPid
        + (broken ? ", broken" : closed ? ", closed" : "")
        + "]";
  }
}
