package dev.sluice.driver.config;

import dev.sluice.driver.auth.RequireAuth;
import dev.sluice.driver.tls.TlsOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What a connection needs to know: hosts, credentials, database, and the libpq keywords that
 * matter. Made from a {@code postgresql://} or {@code postgres://} URL or a libpq key/value string
 * (both parsed by {@link ConnInfo}), then builder calls; what none of them says comes, as in libpq,
 * from the service named by {@code service} (or PGSERVICE), then from libpq's environment
 * variables, then from the defaults. Every keyword, from whichever source, is checked by one switch
 * ({@link KeywordSettings}, which holds what the builder collects), so the sources cannot disagree.
 *
 * <p>Keywords: user, password, dbname, host, hostaddr, port, service, servicefile, passfile,
 * sslmode, application_name, connect_timeout (seconds; 0 or less: no timeout, and 1 counts as 2,
 * both as in libpq), keepalives, keepalives_idle, keepalives_interval, keepalives_count,
 * require_auth (as libpq's), target_session_attrs, options, load_balance_hosts (disable|random;
 * also loadBalanceHosts=true), and Sluice's own statement_cache_size, statement_mode ({@link
 * StatementMode}: named, unnamed or tracked), rewrite_batched_inserts and scram_max_iterations. A
 * host that starts with '/' is a Unix-domain socket directory. The password is never shown by
 * {@link #toString()}; with no password, one comes from the password supplier or the password file
 * ({@link PassFile}) when the server asks for it.
 */
public final class ConnectionConfig {
  /**
   * One host to try: its name (for messages, the password file, and TLS), port, and, with libpq's
   * hostaddr, the numeric address to connect to instead of resolving the name.
   */
  public record HostPort(String host, int port, String hostaddr) {
    public HostPort(String host, int port) {
      this(host, port, null);
    }

    public boolean isUnixSocket() {
      return hostaddr == null && host.startsWith("/");
    }

    @Override
    public String toString() {
      String s =
          isUnixSocket()
              ? host + "/.s.PGSQL." + port
              : host.contains(":") ? "[" + host + "]:" + port : host + ":" + port;
      return hostaddr == null || hostaddr.equals(host) ? s : s + " (hostaddr " + hostaddr + ")";
    }
  }

  public enum SslMode {
    DISABLE,
    ALLOW,
    PREFER,
    REQUIRE,
    VERIFY_CA,
    VERIFY_FULL;

    static SslMode parse(String s) {
      return Keywords.parseEnum(
          SslMode.class, "sslmode", s, "disable, allow, prefer, require, verify-ca or verify-full");
    }
  }

  public enum TargetSessionAttrs {
    ANY,
    READ_WRITE,
    READ_ONLY,
    PRIMARY,
    STANDBY,
    PREFER_STANDBY;

    static TargetSessionAttrs parse(String s) {
      return Keywords.parseEnum(
          TargetSessionAttrs.class,
          "target_session_attrs",
          s,
          "any, read-write, read-only, primary, standby or prefer-standby");
    }
  }

  private final List<HostPort> hosts;
  private final String user;
  private final String password;
  private final String database;
  private final SslMode sslMode;
  private final String applicationName;
  private final Duration connectTimeout;
  private final TargetSessionAttrs targetSessionAttrs;
  private final boolean loadBalanceHosts;
  private final int minProtocolVersion;
  private final int maxProtocolVersion;
  private final Map<String, String> startupParameters;
  private final int statementCacheSize;
  private final StatementMode statementMode;
  private final boolean rewriteBatchedInserts;
  private final Keepalives keepalives;
  private final Duration queryTimeout;
  private final RequireAuth requireAuth;
  private final TlsOptions tls;
  private final Supplier<String> passwordSupplier;
  private final Path passFile;
  private final int scramMaxIterations;

  private ConnectionConfig(KeywordSettings b, List<HostPort> hosts, Path passFile) {
    this.hosts = List.copyOf(hosts);
    this.user = b.user != null ? b.user : System.getProperty("user.name");
    this.password = b.password;
    this.database = b.database != null ? b.database : this.user;
    // libpq: sslrootcert=system makes the default sslmode verify-full.
    this.sslMode =
        b.sslMode != null ? b.sslMode : b.tls.systemRoots() ? SslMode.VERIFY_FULL : SslMode.PREFER;
    this.tls =
        b.tls.build(sslMode, b.home != null ? b.home : Path.of(System.getProperty("user.home")));
    this.applicationName = b.applicationName;
    this.connectTimeout = b.network.connectTimeout;
    this.targetSessionAttrs = b.network.targetSessionAttrs;
    this.loadBalanceHosts = b.network.loadBalanceHosts;
    b.network.checkProtocolVersions();
    this.minProtocolVersion = b.network.minProtocolVersion;
    this.maxProtocolVersion = b.network.maxProtocolVersion;
    this.startupParameters = Map.copyOf(b.startupParameters);
    this.statementCacheSize = b.statementCacheSize;
    this.statementMode = b.statementMode;
    this.rewriteBatchedInserts = b.rewriteBatchedInserts;
    this.keepalives = b.network.keepalives;
    this.queryTimeout = b.queryTimeout;
    this.requireAuth = b.requireAuth;
    this.passwordSupplier = b.passwordSupplier;
    this.passFile = passFile;
    this.scramMaxIterations = b.scramMaxIterations;
  }

  public static ConnectionConfig parse(String url) {
    return builder().url(url).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public List<HostPort> hosts() {
    return hosts;
  }

  public String user() {
    return user;
  }

  /**
   * The password given by a keyword, PGPASSWORD or a builder call, or null (then the password
   * supplier or the password file is asked when the server wants one). Never logged.
   */
  public String password() {
    return password;
  }

  /** Called for a password on each connection attempt that needs one, or null. */
  public Supplier<String> passwordSupplier() {
    return passwordSupplier;
  }

  /** The password file to look in (passfile, PGPASSFILE or ~/.pgpass), or null when none. */
  public Path passFile() {
    return passFile;
  }

  /**
   * The most SCRAM iterations (PBKDF2 rounds) a server may ask for; more are refused before any is
   * computed, as a hostile server could otherwise keep the client busy.
   */
  public int scramMaxIterations() {
    return scramMaxIterations;
  }

  public String database() {
    return database;
  }

  public SslMode sslMode() {
    return sslMode;
  }

  public String applicationName() {
    return applicationName;
  }

  public Duration connectTimeout() {
    return connectTimeout;
  }

  /** min_protocol_version, as the startup message's version number (3.0: 196608). */
  public int minProtocolVersion() {
    return minProtocolVersion;
  }

  /** max_protocol_version: the version the startup message asks for. */
  public int maxProtocolVersion() {
    return maxProtocolVersion;
  }

  public TargetSessionAttrs targetSessionAttrs() {
    return targetSessionAttrs;
  }

  public boolean loadBalanceHosts() {
    return loadBalanceHosts;
  }

  /** Extra startup parameters (server settings such as statement_timeout, and options). */
  public Map<String, String> startupParameters() {
    return startupParameters;
  }

  public int statementCacheSize() {
    return statementCacheSize;
  }

  public StatementMode statementMode() {
    return statementMode;
  }

  /**
   * Whether batches of a plain INSERT … VALUES run as inserts of many rows per statement: from one
   * binary array per parameter ({@code INSERT … SELECT … FROM unnest($1, …)}), else as multi-row
   * VALUES (see MultiRowInsert and PgConnection.executeBatch). Off by default.
   */
  public boolean rewriteBatchedInserts() {
    return rewriteBatchedInserts;
  }

  /** The authentication methods accepted from the server (libpq's require_auth). */
  public RequireAuth requireAuth() {
    return requireAuth;
  }

  /** The TLS keywords other than sslmode. */
  public TlsOptions tls() {
    return tls;
  }

  /** The client-side limit of each call (zero: none). */
  public Duration queryTimeout() {
    return queryTimeout;
  }

  /**
   * TCP keepalive, as libpq's keepalives, keepalives_idle, keepalives_interval, keepalives_count.
   */
  public Keepalives keepalives() {
    return keepalives;
  }

  /**
   * TCP keepalive settings: on by default, as in libpq; each time 0 (or count 0) keeps the system's
   * default for it.
   */
  public record Keepalives(boolean enabled, int idleSeconds, int intervalSeconds, int count) {
    public static final Keepalives DEFAULT = new Keepalives(true, 0, 0, 0);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("postgresql://").append(user);
    if (password != null) {
      sb.append(":***");
    }
    sb.append('@');
    for (int i = 0; i < hosts.size(); i++) {
      sb.append(i == 0 ? "" : ",").append(hosts.get(i));
    }
    return sb.append('/').append(database).toString();
  }

  /**
   * Collects settings; later calls win, so a builder can start from a URL and override. What is
   * never set is filled in by {@link #build()}: from the service, then the environment.
   */
  public static final class Builder {
    /** What the calls so far set, and which keywords they gave. */
    private final KeywordSettings s = new KeywordSettings();

    /**
     * A {@code postgresql://} URL or a libpq key/value string ({@code host=db1 dbname=app}); an
     * empty string sets nothing.
     */
    public Builder url(String connectionString) {
      s.url(connectionString);
      return this;
    }

    /**
     * Sets one libpq keyword; unknown keywords fail rather than being silently ignored. As libpq's
     * PQconnectdbParams with expand_dbname: the first dbname given here that is itself a connection
     * string (it contains '=' or starts with postgresql:// or postgres://) is expanded in place,
     * its keywords overriding those set before and overridden by those set after; a later dbname, a
     * dbname inside a string (url(), the expansion itself), database(…), the service and PGDATABASE
     * are always plain names.
     */
    public Builder keyword(String key, String value) {
      s.keyword(key, value);
      return this;
    }

    /** Adds a host to try (after those of a host keyword); PGHOST and PGPORT then do not apply. */
    public Builder host(String host, int port) {
      s.network.addHost(new HostPort(host, port));
      s.given.add("host");
      s.given.add("port");
      return this;
    }

    public Builder user(String user) {
      s.user = user;
      s.given.add("user");
      return this;
    }

    public Builder password(String password) {
      s.password = password;
      s.given.add("password");
      return this;
    }

    public Builder database(String database) {
      s.database = database;
      s.given.add("dbname");
      return this;
    }

    public Builder applicationName(String applicationName) {
      s.applicationName = applicationName;
      s.given.add("application_name");
      return this;
    }

    public Builder connectTimeout(Duration timeout) {
      s.network.connectTimeout = timeout;
      s.given.add("connect_timeout");
      return this;
    }

    /** A server setting sent in the startup message, e.g. ("statement_timeout", "5s"). */
    public Builder startupParameter(String name, String value) {
      s.startupParameters.put(name, value);
      return this;
    }

    public Builder statementCacheSize(int size) {
      if (size < 1) {
        throw new IllegalArgumentException("statement cache size < 1: " + size);
      }
      s.statementCacheSize = size;
      return this;
    }

    /**
     * {@link StatementMode#UNNAMED} or {@link StatementMode#TRACKED} behind a pooler; default
     * named.
     */
    public Builder statementMode(StatementMode mode) {
      s.statementMode = java.util.Objects.requireNonNull(mode, "mode");
      return this;
    }

    /** The client-side limit of each call (zero: none); see {@link #queryTimeout()}. */
    public Builder queryTimeout(Duration timeout) {
      if (timeout.isNegative()) {
        throw new IllegalArgumentException("query timeout < 0: " + timeout);
      }
      s.queryTimeout = timeout;
      return this;
    }

    /**
     * The directory libpq calls {@code ~}: where {@code .pgpass}, {@code .pg_service.conf}, {@code
     * .postgresql/root.crt}, {@code postgresql.crt}, {@code postgresql.key} and {@code root.crl}
     * are looked for (default: the {@code user.home} system property).
     */
    public Builder homeDirectory(Path home) {
      s.home = home;
      return this;
    }

    public Builder rewriteBatchedInserts(boolean rewrite) {
      s.rewriteBatchedInserts = rewrite;
      return this;
    }

    /**
     * Called for the password on each connection attempt whose server asks for one (each pool
     * connection, each host tried), for short-lived tokens such as RDS, Azure and Cloud SQL IAM
     * authentication; a password given otherwise is used instead. What it throws becomes the cause
     * of the connect error.
     */
    public Builder passwordSupplier(Supplier<String> supplier) {
      s.passwordSupplier = supplier;
      return this;
    }

    /** The most SCRAM iterations a server may ask for (default 1,000,000). */
    public Builder scramMaxIterations(int max) {
      if (max < 1) {
        throw new IllegalArgumentException("SCRAM iteration ceiling < 1: " + max);
      }
      s.scramMaxIterations = max;
      s.given.add("scram_max_iterations");
      return this;
    }

    /**
     * The environment variables to read instead of the process's (for tests, or to ignore the
     * environment: pass an empty map).
     */
    public Builder environment(Map<String, String> variables) {
      s.environment = Map.copyOf(variables);
      return this;
    }

    /**
     * The configuration: what the caller did not set comes from the service (service or PGSERVICE),
     * then from the environment variables, then from the defaults (user: the OS user; dbname: the
     * user; host: localhost over TCP; port 5432).
     */
    public ConnectionConfig build() {
      Path pgpass = s.fillDefaults();
      return new ConnectionConfig(s, s.network.hosts(), pgpass);
    }
  }
}
