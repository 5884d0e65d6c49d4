package dev.sluice.driver;

import dev.sluice.PgException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a connection needs to know: hosts, credentials, database, and the libpq keywords that
 * matter. Parsed from {@code postgresql://} or {@code postgres://} URLs:
 *
 * <pre>postgresql://[user[:password]@][host[:port][,host[:port]…]][/database][?keyword=value&amp;…]
 * </pre>
 *
 * <p>Keywords: user, password, dbname, host, port, sslmode, application_name, connect_timeout
 * (seconds; 0 or less: no timeout, and 1 counts as 2, both as in libpq), keepalives,
 * keepalives_idle, keepalives_interval, keepalives_count, require_auth (as libpq's),
 * target_session_attrs, options, load_balance_hosts (disable|random; also loadBalanceHosts=true). A
 * host that starts with '/' is a Unix-domain socket directory. The password is never shown by
 * {@link #toString()}.
 *
 * <p>Over 500 lines because every keyword is parsed and checked in one place, the builder's one
 * switch, so a URL and the builder cannot disagree; libpq's key/value strings and environment (the
 * TLS issue) are to move URL parsing into a class of its own.
 */
public final class ConnectionConfig {
  /** One host to try. */
  public record HostPort(String host, int port) {
    public boolean isUnixSocket() {
      return host.startsWith("/");
    }

    @Override
    public String toString() {
      return isUnixSocket()
          ? host + "/.s.PGSQL." + port
          : host.contains(":") ? "[" + host + "]:" + port : host + ":" + port;
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
      try {
        return valueOf(s.toUpperCase(Locale.ROOT).replace('-', '_'));
      } catch (IllegalArgumentException e) {
        throw new PgException(
            "08001",
            "invalid sslmode \""
                + s
                + "\": expected disable, allow, prefer, require, verify-ca or verify-full");
      }
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
      try {
        return valueOf(s.toUpperCase(Locale.ROOT).replace('-', '_'));
      } catch (IllegalArgumentException e) {
        throw new PgException(
            "08001",
            "invalid target_session_attrs \""
                + s
                + "\": expected any, read-write, read-only, primary, standby or prefer-standby");
      }
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
  private final Map<String, String> startupParameters;
  private final int statementCacheSize;
  private final boolean rewriteBatchedInserts;
  private final Keepalives keepalives;
  private final Duration queryTimeout;
  private final RequireAuth requireAuth;
  private final TlsOptions tls;

  private ConnectionConfig(Builder b) {
    this.hosts =
        List.copyOf(b.hosts.isEmpty() ? List.of(new HostPort("localhost", 5432)) : b.hosts);
    this.user = b.user != null ? b.user : System.getProperty("user.name");
    this.password = b.password;
    this.database = b.database != null ? b.database : this.user;
    // libpq: sslrootcert=system makes the default sslmode verify-full.
    this.sslMode =
        b.sslMode != null ? b.sslMode : b.tls.systemRoots() ? SslMode.VERIFY_FULL : SslMode.PREFER;
    this.tls =
        b.tls.build(sslMode, b.home != null ? b.home : Path.of(System.getProperty("user.home")));
    this.applicationName = b.applicationName;
    this.connectTimeout = b.connectTimeout;
    this.targetSessionAttrs = b.targetSessionAttrs;
    this.loadBalanceHosts = b.loadBalanceHosts;
    this.startupParameters = Map.copyOf(b.startupParameters);
    this.statementCacheSize = b.statementCacheSize;
    this.rewriteBatchedInserts = b.rewriteBatchedInserts;
    this.keepalives = b.keepalives;
    this.queryTimeout = b.queryTimeout;
    this.requireAuth = b.requireAuth;
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

  /** The password, or null. Never logged. */
  public String password() {
    return password;
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

  /**
   * Whether batches of a plain INSERT … VALUES run as inserts of many rows per statement: from one
   * binary array per parameter ({@code INSERT … SELECT … FROM unnest($1, …)}), else as multi-row
   * VALUES (see MultiRowInsert and PgConnection.executeBatch). Off by default.
   */
  public boolean rewriteBatchedInserts() {
    return rewriteBatchedInserts;
  }

  /** The authentication methods accepted from the server (libpq's require_auth). */
  RequireAuth requireAuth() {
    return requireAuth;
  }

  /** The TLS keywords other than sslmode. */
  TlsOptions tls() {
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
    static final Keepalives DEFAULT = new Keepalives(true, 0, 0, 0);
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

  /** Collects settings; later calls win, so a builder can start from a URL and override. */
  public static final class Builder {
    private final List<HostPort> hosts = new ArrayList<>();
    private String user;
    private String password;
    private String database;
    private SslMode sslMode; // null: prefer, or verify-full with sslrootcert=system
    private final TlsOptions.Builder tls = new TlsOptions.Builder();
    private Path home;
    private String applicationName = "sluice";
    private Duration connectTimeout = Duration.ofSeconds(10);
    private TargetSessionAttrs targetSessionAttrs = TargetSessionAttrs.ANY;
    private boolean loadBalanceHosts;
    private final Map<String, String> startupParameters = new LinkedHashMap<>();
    private int statementCacheSize = 256;
    private Keepalives keepalives = Keepalives.DEFAULT;
    private Duration queryTimeout = Duration.ZERO;
    private RequireAuth requireAuth = RequireAuth.ANY;
    private boolean rewriteBatchedInserts;

    public Builder url(String url) {
      String rest;
      if (url.startsWith("postgresql://")) {
        rest = url.substring("postgresql://".length());
      } else if (url.startsWith("postgres://")) {
        rest = url.substring("postgres://".length());
      } else {
        throw new PgException(
            "08001",
            "not a PostgreSQL URL (expected postgresql:// or postgres://): " + redact(url));
      }
      String query = null;
      int q = rest.indexOf('?');
      if (q >= 0) {
        query = rest.substring(q + 1);
        rest = rest.substring(0, q);
      }
      int slash = rest.indexOf('/');
      String authority = slash >= 0 ? rest.substring(0, slash) : rest;
      if (slash >= 0 && slash + 1 < rest.length()) {
        database = decode(rest.substring(slash + 1));
      }
      int at = authority.lastIndexOf('@');
      if (at >= 0) {
        String userInfo = authority.substring(0, at);
        authority = authority.substring(at + 1);
        int colon = userInfo.indexOf(':');
        if (colon >= 0) {
          user = decode(userInfo.substring(0, colon));
          password = decode(userInfo.substring(colon + 1));
        } else {
          user = decode(userInfo);
        }
      }
      if (!authority.isEmpty()) {
        hosts.clear();
        for (String hp : authority.split(",")) {
          hosts.add(parseHostPort(hp));
        }
      }
      if (query != null) {
        for (String pair : query.split("&")) {
          if (pair.isEmpty()) {
            continue;
          }
          int eq = pair.indexOf('=');
          String key = decode(eq >= 0 ? pair.substring(0, eq) : pair);
          String value = eq >= 0 ? decode(pair.substring(eq + 1)) : "";
          keyword(key, value);
        }
      }
      return this;
    }

    /** Sets one libpq keyword; unknown keywords fail rather than being silently ignored. */
    public Builder keyword(String key, String value) {
      switch (key) {
        case "user":
          user = value;
          break;
        case "password":
          password = value;
          break;
        case "dbname":
          database = value;
          break;
        case "host":
          {
            List<HostPort> parsed = new ArrayList<>();
            for (String h : value.split(",")) {
              parsed.add(new HostPort(h, hosts.isEmpty() ? 5432 : hosts.get(0).port()));
            }
            hosts.clear();
            hosts.addAll(parsed);
            break;
          }
        case "port":
          {
            String[] ports = value.split(",");
            for (int i = 0; i < hosts.size(); i++) {
              String p = ports[Math.min(i, ports.length - 1)];
              hosts.set(i, new HostPort(hosts.get(i).host(), parsePort(p)));
            }
            if (hosts.isEmpty()) {
              hosts.add(new HostPort("localhost", parsePort(ports[0])));
            }
            break;
          }
        case "sslmode":
          sslMode = SslMode.parse(value);
          break;
        case "application_name":
          applicationName = value;
          break;
        case "connect_timeout":
          {
            int seconds = parseInt(key, value);
            connectTimeout =
                seconds <= 0 ? Duration.ZERO : Duration.ofSeconds(Math.max(2, seconds));
            break;
          }
        case "target_session_attrs":
          targetSessionAttrs = TargetSessionAttrs.parse(value);
          break;
        case "load_balance_hosts":
          loadBalanceHosts = value.equals("random");
          break;
        case "loadBalanceHosts":
          loadBalanceHosts = Boolean.parseBoolean(value);
          break;
        case "options":
          startupParameters.put("options", value);
          break;
        case "statement_cache_size":
          {
            int size = parseInt(key, value);
            if (size < 1) {
              throw new PgException(
                  "08001", "statement_cache_size must be at least 1: \"" + value + "\"");
            }
            statementCacheSize = size;
            break;
          }
        case "rewrite_batched_inserts":
        case "reWriteBatchedInserts":
          rewriteBatchedInserts = parseBoolean(key, value);
          break;
        case "keepalives":
          keepalives =
              new Keepalives(
                  parseInt(key, value) != 0,
                  keepalives.idleSeconds(),
                  keepalives.intervalSeconds(),
                  keepalives.count());
          break;
        case "keepalives_idle":
          keepalives =
              new Keepalives(
                  keepalives.enabled(),
                  nonNegative(key, value),
                  keepalives.intervalSeconds(),
                  keepalives.count());
          break;
        case "keepalives_interval":
          keepalives =
              new Keepalives(
                  keepalives.enabled(),
                  keepalives.idleSeconds(),
                  nonNegative(key, value),
                  keepalives.count());
          break;
        case "keepalives_count":
          keepalives =
              new Keepalives(
                  keepalives.enabled(),
                  keepalives.idleSeconds(),
                  keepalives.intervalSeconds(),
                  nonNegative(key, value));
          break;
        case "require_auth":
          requireAuth = RequireAuth.parse(value);
          break;
        case "tcp_user_timeout":
          // The JDK has no socket option for TCP_USER_TIMEOUT: refuse a value we cannot honour
          // rather than ignore it; 0 (the system's default) is what Sluice does anyway.
          if (nonNegative(key, value) != 0) {
            throw new PgException(
                "08001",
                "tcp_user_timeout is not supported (the JDK cannot set TCP_USER_TIMEOUT); use"
                    + " keepalives_idle, keepalives_interval and keepalives_count to find a dead"
                    + " peer");
          }
          break;
        default:
          if (!tls.keyword(key, value)) {
            throw new PgException("08001", "unknown connection keyword \"" + key + "\"");
          }
      }
      return this;
    }

    public Builder host(String host, int port) {
      hosts.add(new HostPort(host, port));
      return this;
    }

    public Builder user(String user) {
      this.user = user;
      return this;
    }

    public Builder password(String password) {
      this.password = password;
      return this;
    }

    public Builder database(String database) {
      this.database = database;
      return this;
    }

    public Builder applicationName(String applicationName) {
      this.applicationName = applicationName;
      return this;
    }

    public Builder connectTimeout(Duration timeout) {
      this.connectTimeout = timeout;
      return this;
    }

    /** A server setting sent in the startup message, e.g. ("statement_timeout", "5s"). */
    public Builder startupParameter(String name, String value) {
      startupParameters.put(name, value);
      return this;
    }

    public Builder statementCacheSize(int size) {
      if (size < 1) {
        throw new IllegalArgumentException("statement cache size < 1: " + size);
      }
      this.statementCacheSize = size;
      return this;
    }

    /** The client-side limit of each call (zero: none); see {@link #queryTimeout()}. */
    public Builder queryTimeout(Duration timeout) {
      if (timeout.isNegative()) {
        throw new IllegalArgumentException("query timeout < 0: " + timeout);
      }
      this.queryTimeout = timeout;
      return this;
    }

    /**
     * The directory libpq calls {@code ~}: where {@code .postgresql/root.crt}, {@code
     * postgresql.crt}, {@code postgresql.key} and {@code root.crl} are looked for (default: the
     * {@code user.home} system property).
     */
    public Builder homeDirectory(Path home) {
      this.home = home;
      return this;
    }

    public Builder rewriteBatchedInserts(boolean rewrite) {
      this.rewriteBatchedInserts = rewrite;
      return this;
    }

    public ConnectionConfig build() {
      return new ConnectionConfig(this);
    }

    /**
     * One host of a URL's authority, split at the port's ':' before percent-decoding (as libpq
     * does), so an encoded Unix socket directory ({@code %2Fvar%2Frun:5433}) keeps its port.
     */
    private static HostPort parseHostPort(String raw) {
      if (raw.startsWith("[")) {
        int close = raw.indexOf(']');
        if (close < 0) {
          throw new PgException("08001", "bad host in URL (no closing ']'): " + raw);
        }
        String host = decode(raw.substring(1, close));
        String after = raw.substring(close + 1);
        if (!after.isEmpty() && !after.startsWith(":")) {
          throw new PgException("08001", "bad host in URL (text after ']'): " + raw);
        }
        return new HostPort(host, after.isEmpty() ? 5432 : parsePort(after.substring(1)));
      }
      int colon = raw.lastIndexOf(':');
      String host = decode(colon >= 0 ? raw.substring(0, colon) : raw);
      int port = colon >= 0 ? parsePort(raw.substring(colon + 1)) : 5432;
      return new HostPort(host.isEmpty() ? "localhost" : host, port);
    }

    private static int parsePort(String p) {
      int port = parseInt("port", p);
      if (port < 1 || port > 65535) {
        throw new PgException("08001", "port " + port + " is not in 1..65535");
      }
      return port;
    }

    private static boolean parseBoolean(String key, String v) {
      switch (v.toLowerCase(Locale.ROOT)) {
        case "true":
        case "on":
        case "1":
        case "yes":
          return true;
        case "false":
        case "off":
        case "0":
        case "no":
          return false;
        default:
          throw new PgException("08001", key + " is not a boolean: \"" + v + "\"");
      }
    }

    private static int nonNegative(String key, String v) {
      int n = parseInt(key, v);
      if (n < 0) {
        throw new PgException("08001", key + " must not be negative: \"" + v + "\"");
      }
      return n;
    }

    private static int parseInt(String key, String v) {
      try {
        return Integer.parseInt(v.trim());
      } catch (NumberFormatException e) {
        throw new PgException("08001", key + " is not a number: \"" + v + "\"");
      }
    }

    private static String decode(String s) {
      return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    /**
     * The URL with any password replaced by ***: in the user info (up to the last '@', as a
     * password may hold an unencoded '/' or '@') and in a password keyword.
     */
    static String redact(String url) {
      String s = url.replaceAll("([?&]password=)[^&]*", "$1***");
      int start = s.indexOf("//");
      int at = s.lastIndexOf('@');
      if (start >= 0 && at > start) {
        int colon = s.indexOf(':', start + 2);
        if (colon >= 0 && colon < at) {
          s = s.substring(0, colon + 1) + "***" + s.substring(at);
        }
      }
      return s;
    }
  }
}
