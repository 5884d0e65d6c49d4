package dev.sluice.driver;

import dev.sluice.NoticeListener;
import dev.sluice.PgException;
import dev.sluice.driver.auth.Authenticator;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.driver.tls.TlsChannel;
import dev.sluice.driver.tls.TlsSetup;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLException;

/**
 * Opens a session: tries the configured hosts in order (shuffled with load_balance_hosts), and
 * every address of each, until one accepts the connection and matches target_session_attrs
 * (prefer-standby: standbys in a first pass, any server in a second), runs the startup exchange
 * with its {@link Authenticator}, and checks the session's parameters. The whole attempt on one
 * host, connect and authentication included, is bounded by the connect timeout (none when it is
 * zero, as libpq's {@code connect_timeout=0}).
 */
final class Connector {
  private static final System.Logger LOG = System.getLogger(PgConnection.class.getName());

  private Connector() {}

  /** How host names become addresses (every address of a name is tried in turn). */
  interface Resolver {
    InetAddress[] resolve(String host) throws UnknownHostException;
  }

  static Session connect(ConnectionConfig config, NoticeListener listener) {
    return connect(config, listener, InetAddress::getAllByName);
  }

  static Session connect(ConnectionConfig config, NoticeListener listener, Resolver resolver) {
    // Configuration errors (missing root certificate, bad key file) before any connection.
    TlsSetup tls =
        config.sslMode() == ConnectionConfig.SslMode.DISABLE ? null : TlsSetup.create(config);
    List<ConnectionConfig.HostPort> hosts = new ArrayList<>(config.hosts());
    if (config.loadBalanceHosts()) {
      Collections.shuffle(hosts);
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
        Session s;
        try {
          s = open(config, tls, hp, listener, resolver);
        } catch (PgException e) {
          last = e;
          continue;
        }
        if (matches(s, wanted)) {
          return s;
        }
        s.close();
        last = new PgException("08001", "server " + hp + " is not " + keyword(wanted.name()));
      }
    }
    throw last;
  }

  private static String keyword(String enumName) {
    return enumName.toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * Connects to one host: to each of its addresses in turn (IPv4 and IPv6 alike, as the resolver
   * gives them) until one accepts the TCP connection, then runs the startup there. The connect
   * timeout bounds the whole attempt on the host.
   */
  private static Session open(
      ConnectionConfig config,
      TlsSetup tls,
      ConnectionConfig.HostPort hp,
      NoticeListener listener,
      Resolver resolver) {
    int timeoutMillis = (int) Math.min(Integer.MAX_VALUE, config.connectTimeout().toMillis());
    AtomicReference<Transport> current = new AtomicReference<>();
    AtomicBoolean timedOut = new AtomicBoolean();
    ScheduledFuture<?> deadline = null;
    try {
      // At the deadline the channel is closed, which ends a connect or read blocked on a server
      // that stopped answering. (A read timeout would leave the socket non-blocking.)
      // connect_timeout=0 means no timeout at all, as in libpq.
      if (timeoutMillis > 0) {
        deadline =
            Deadlines.schedule(
                () -> {
                  timedOut.set(true);
                  Transport t = current.get();
                  if (t != null) {
                    t.close();
                  }
                },
                timeoutMillis);
      }
      Session s = attempts(config, tls, hp, listener, resolver, current, timedOut);
      if (deadline != null && !deadline.cancel(false)) {
        s.markBroken(); // the deadline passed just as the startup ended
        throw timedOut(hp, timeoutMillis, null);
      }
      return s;
    } catch (IOException e) {
      Transport t = current.get();
      if (t != null) {
        t.close();
      }
      if (timedOut.get()) {
        throw timedOut(hp, timeoutMillis, e);
      }
      throw new PgException(
          "08001", "could not connect to " + hp + ": " + Causes.describe(e), null, e);
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

  /**
   * The connection attempts sslmode makes on one host, as libpq makes them: disable, plain text;
   * allow, plain text, then TLS if the server refused it at startup; prefer, TLS (plain text on the
   * same connection when the server answers 'N'), then plain text if the handshake failed or the
   * server refused the TLS connection at startup; require and stronger, TLS only. Unix-domain
   * sockets never use TLS (as in libpq).
   */
  private static Session attempts(
      ConnectionConfig config,
      TlsSetup tls,
      ConnectionConfig.HostPort hp,
      NoticeListener listener,
      Resolver resolver,
      AtomicReference<Transport> current,
      AtomicBoolean timedOut)
      throws IOException {
    ConnectionConfig.SslMode mode = config.sslMode();
    if (tls == null || hp.isUnixSocket()) {
      return attempt(config, null, hp, listener, resolver, current, timedOut);
    }
    switch (mode) {
      case ALLOW:
        try {
          return attempt(config, null, hp, listener, resolver, current, timedOut);
        } catch (PgException e) {
          if (!refusedByServer(e) || timedOut.get()) {
            throw e;
          }
          LOG.log(
              System.Logger.Level.DEBUG,
              "{0} refused plain text ({1}); trying TLS",
              hp,
              e.getMessage());
          return attempt(config, tls, hp, listener, resolver, current, timedOut);
        }
      case PREFER:
        try {
          return attempt(config, tls, hp, listener, resolver, current, timedOut);
        } catch (SSLException e) {
          if (timedOut.get()) {
            throw e;
          }
          LOG.log(
              System.Logger.Level.DEBUG,
              "TLS with {0} failed ({1}); trying plain text",
              hp,
              e.getMessage());
          return attempt(config, null, hp, listener, resolver, current, timedOut);
        } catch (PgException e) {
          if (!(refusedByServer(e) && current.get().tls() != null) || timedOut.get()) {
            throw e;
          }
          LOG.log(
              System.Logger.Level.DEBUG,
              "{0} refused TLS ({1}); trying plain text",
              hp,
              e.getMessage());
          return attempt(config, null, hp, listener, resolver, current, timedOut);
        }
      default:
        return attempt(config, tls, hp, listener, resolver, current, timedOut);
    }
  }

  /**
   * Whether the server refused the connection during startup (a FATAL ErrorResponse, such as no
   * pg_hba.conf entry), which is what makes libpq retry with or without TLS.
   */
  private static boolean refusedByServer(PgException e) {
    return "FATAL".equals(e.severity());
  }

  /** One connection: TCP, TLS when {@code tls} is given (and the server agrees), the startup. */
  private static Session attempt(
      ConnectionConfig config,
      TlsSetup tls,
      ConnectionConfig.HostPort hp,
      NoticeListener listener,
      Resolver resolver,
      AtomicReference<Transport> current,
      AtomicBoolean timedOut)
      throws IOException {
    Transport transport = connectToAnAddress(config, hp, resolver, current, timedOut);
    if (tls != null) {
      try {
        transport.startTls(tls);
      } catch (IOException | RuntimeException e) {
        transport.close();
        throw e;
      }
    }
    Session s = new Session(config, transport, listener);
    try {
      startup(s, hp, timedOut);
    } catch (IOException | RuntimeException e) {
      s.markBroken();
      throw e;
    }
    return s;
  }

  /**
   * A transport connected to the first of the host's addresses that accepts; {@code current} always
   * holds the one being tried, for the deadline to close.
   */
  private static Transport connectToAnAddress(
      ConnectionConfig config,
      ConnectionConfig.HostPort hp,
      Resolver resolver,
      AtomicReference<Transport> current,
      AtomicBoolean timedOut)
      throws IOException {
    if (hp.isUnixSocket()) {
      Transport t = Transport.open(hp);
      current.set(t);
      t.connect(null, config.keepalives());
      return t;
    }
    // hostaddr: connect to that address and look nothing up; hp.host() stays the name for
    // messages, the password file and TLS (the certificate's host name check and SNI use the
    // host, never the hostaddr, as in libpq).
    InetAddress[] addresses =
        hp.hostaddr() != null
            ? new InetAddress[] {InetAddress.getByName(hp.hostaddr())}
            : resolver.resolve(hp.host());
    IOException failure = null;
    for (InetAddress address : addresses) {
      if (timedOut.get()) {
        break;
      }
      Transport t = Transport.open(hp);
      current.set(t);
      try {
        t.connect(new InetSocketAddress(address, hp.port()), config.keepalives());
        return t;
      } catch (IOException e) {
        t.close();
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
        LOG.log(System.Logger.Level.DEBUG, "{0} ({1}) refused: {2}", hp, address, e.getMessage());
      }
    }
    throw failure != null ? failure : new IOException("no address for " + hp.host());
  }

  private static PgException timedOut(ConnectionConfig.HostPort hp, int millis, Exception cause) {
    return new PgException(
        "08001", "timed out after " + millis + " ms connecting to " + hp, null, cause);
  }

  /** StartupMessage, authentication, the server's parameters and key, up to ReadyForQuery. */
  private static void startup(Session s, ConnectionConfig.HostPort hp, AtomicBoolean timedOut)
      throws IOException {
    ConnectionConfig config = s.config;
    Map<String, String> parameters = new LinkedHashMap<>();
    parameters.put("user", config.user());
    parameters.put("database", config.database());
    parameters.put("client_encoding", "UTF8");
    parameters.put("DateStyle", "ISO");
    // No extra_float_digits (PgBouncer refuses it unless told to ignore it): floats are read in
    // binary, and since PostgreSQL 12 their text output is the shortest exact one anyway.
    if (config.applicationName() != null) {
      parameters.put("application_name", config.applicationName());
    }
    parameters.putAll(config.startupParameters());
    s.protocolVersion(config.maxProtocolVersion());
    s.writer.startupMessage(config.maxProtocolVersion(), parameters);
    TlsChannel tls = s.transport.tls();
    X509Certificate certificate = tls == null ? null : tls.serverCertificate();
    Startup x = new Startup(s, new Authenticator(config, s.writer, hp, timedOut::get, certificate));
    s.submit(x);
    s.receive(x);
    checkSessionParameters(s);
  }

  private static void checkSessionParameters(Session s) throws ProtocolException {
    String encoding = s.parameter("client_encoding");
    if (encoding != null && !encoding.equalsIgnoreCase("UTF8")) {
      throw new ProtocolException("client_encoding is " + encoding + ", not UTF8");
    }
    String integerDatetimes = s.parameter("integer_datetimes");
    if (integerDatetimes != null && !integerDatetimes.equals("on")) {
      throw new ProtocolException(
          "the server stores timestamps as floating point (integer_datetimes=off)");
    }
  }

  /**
   * Whether the server fits target_session_attrs: from in_hot_standby and
   * default_transaction_read_only when the server reports them (PostgreSQL 14+), else asked.
   */
  private static boolean matches(Session s, ConnectionConfig.TargetSessionAttrs wanted) {
    if (wanted == ConnectionConfig.TargetSessionAttrs.ANY) {
      return true;
    }
    boolean standby;
    boolean readOnly;
    String hot = s.parameter("in_hot_standby");
    String defaultReadOnly = s.parameter("default_transaction_read_only");
    if (hot != null && defaultReadOnly != null) {
      standby = hot.equals("on");
      readOnly = standby || defaultReadOnly.equals("on");
    } else {
      standby = "t".equals(value(s, "SELECT pg_catalog.pg_is_in_recovery()"));
      readOnly = standby || "on".equals(value(s, "SHOW transaction_read_only"));
    }
    return TargetSessionCheck.fits(wanted, standby, readOnly);
  }

  private static String value(Session s, String sql) {
    s.begin(sql);
    try {
      return SimpleQuery.value(s, sql);
    } catch (IOException e) {
      throw s.connectionLost(e);
    } finally {
      s.end();
    }
  }

  /** The startup exchange: Authentication requests, BackendKeyData, NegotiateProtocolVersion. */
  private static final class Startup extends Exchange {
    private final Authenticator authenticator;

    Startup(Session session, Authenticator authenticator) {
      super(session);
      this.authenticator = authenticator;
    }

    @Override
    String name() {
      return "startup";
    }

    @Override
    boolean message(byte type) throws IOException {
      MessageReader r = session.reader;
      switch (type) {
        case Protocol.AUTHENTICATION:
          if (!authenticator.answer(r)) {
            session.send();
          }
          return false;
        case Protocol.BACKEND_KEY_DATA:
          {
            byte[] key = r.backendKeyData();
            session.backendKey(r.backendPid(), key);
            return false;
          }
        case Protocol.NEGOTIATE_PROTOCOL_VERSION:
          negotiated(r.negotiateProtocolVersion());
          return false;
        default:
          throw session.unexpected(type, name());
      }
    }

    /**
     * NegotiateProtocolVersion: the server speaks an older minor version than asked (a server
     * before PostgreSQL 18 answers 3.2 with 3.0). Go on at that version, unless it is below
     * min_protocol_version. A newer version than asked is a protocol violation.
     */
    private void negotiated(int newestMinor) throws ProtocolException {
      int offered = (3 << 16) | (newestMinor & 0xffff);
      int asked = session.protocolVersion();
      if (newestMinor < 0 || offered >= asked) {
        throw new ProtocolException(
            "NegotiateProtocolVersion offered 3." + newestMinor + " for 3." + (asked & 0xffff));
      }
      int min = session.config.minProtocolVersion();
      if (offered < min) {
        throw new PgException(
            "08004",
            "the server supports protocol 3."
                + newestMinor
                + " at most, but min_protocol_version is 3."
                + (min & 0xffff));
      }
      LOG.log(System.Logger.Level.DEBUG, "server negotiated protocol version 3.{0}", newestMinor);
      session.protocolVersion(offered);
    }

    @Override
    boolean error(PgException e) {
      // Startup errors are FATAL (the session already threw); anything else ends startup too.
      throw e;
    }
  }
}
