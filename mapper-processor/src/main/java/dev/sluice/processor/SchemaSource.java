package dev.sluice.processor;

import dev.sluice.embedded.DataDirectoryCache;
import dev.sluice.embedded.EmbeddedServer;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;

/**
 * Where the schema checks read the schema from, chosen by processor options: a live database
 * ({@value #URL_OPTION}) or migration files applied to an embedded server ({@value
 * #MIGRATIONS_OPTION}). One connection serves every round; {@link #close} ends it (and stops the
 * embedded server) when processing is over, and a shutdown hook stops the server otherwise.
 */
final class SchemaSource implements AutoCloseable {
  static final String URL_OPTION = "sluice.schema.url";
  static final String MIGRATIONS_OPTION = "sluice.schema.migrations";

  /**
   * Where migrated data directories are kept between builds ({@link DataDirectoryCache}); {@code
   * none} keeps none. Default: the cache's default root ({@code ~/.cache/sluice/postgres}).
   */
  static final String CACHE_OPTION = "sluice.schema.cache";

  private final Connection connection;

  /** The server migrated for this compilation, or null in live mode. */
  private final EmbeddedServer server;

  /** Where to keep the server's migrated data directory when closing, or null not to. */
  private final DataDirectoryCache keepIn;

  private final String cacheKey;

  /** What the checks run against, for messages. */
  final String description;

  /**
   * How the source was opened and how long it took, for a note: an embedded server started and
   * migrated, a cached one started, or a live database connected to.
   */
  final String opened;

  /** The migrations directory and its {@link Migrations#digest}; both null in live mode. */
  final Path migrations;

  final String migrationsDigest;

  private SchemaSource(
      Connection connection,
      EmbeddedServer server,
      String description,
      String opened,
      Path migrations,
      String migrationsDigest,
      DataDirectoryCache keepIn,
      String cacheKey) {
    this.connection = connection;
    this.server = server;
    this.keepIn = keepIn;
    this.cacheKey = cacheKey;
    this.description = description;
    this.opened = opened;
    this.migrations = migrations;
    this.migrationsDigest = migrationsDigest;
  }

  /** Why a schema source could not be opened; the message says what to fix. */
  static final class SchemaSourceException extends Exception {
    private static final long serialVersionUID = 1L;

    /** The file at fault, for a migration that failed; else null. */
    final String migration;

    /** The diagnostic's tag; null for the one the processor picks (unavailable, bad migration). */
    final String tag;

    SchemaSourceException(String message, String migration, Throwable cause) {
      this(null, message, migration, cause);
    }

    SchemaSourceException(String tag, String message, String migration, Throwable cause) {
      super(message, cause);
      this.migration = migration;
      this.tag = tag;
    }
  }

  /** Opens the source the options name, or returns null when they name none. */
  static SchemaSource open(Map<String, String> options) throws SchemaSourceException {
    String url = options.get(URL_OPTION);
    String migrations = options.get(MIGRATIONS_OPTION);
    if (url != null && !url.isBlank() && migrations != null && !migrations.isBlank()) {
      throw new SchemaSourceException(
          "-A" + URL_OPTION + " and -A" + MIGRATIONS_OPTION + " are both set; set one", null, null);
    }
    if (url != null && !url.isBlank()) {
      return live(url.trim());
    }
    if (migrations != null && !migrations.isBlank()) {
      String cache = options.get(CACHE_OPTION);
      return migrated(
          Paths.get(migrations.trim()),
          cache == null || cache.isBlank()
              ? DataDirectoryCache.atDefaultRoot()
              : cache.trim().equals("none")
                  ? null
                  : new DataDirectoryCache(Paths.get(cache.trim())));
    }
    return null;
  }

  Connection connection() {
    return connection;
  }

  /** The embedded server migrated for this compilation, or null in live mode. */
  EmbeddedServer server() {
    return server;
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException ignored) {
      // Only reads were made; nothing is lost if the connection breaks on the way out.
    }
    if (server != null && keepIn != null) {
      keepIn.closeAndKeep(server, cacheKey);
    } else if (server != null) {
      server.close();
    }
  }

  /** {@code postgresql://user:password@host:port/database?params}, as Sluice's driver takes it. */
  private static SchemaSource live(String url) throws SchemaSourceException {
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      // getMessage() would repeat the URL, password included: say where, not what.
      throw new SchemaSourceException(
          "-A" + URL_OPTION + " is no URL (" + e.getReason() + " at index " + e.getIndex() + ")",
          null,
          null);
    }
    if (!"postgresql".equals(uri.getScheme()) && !"postgres".equals(uri.getScheme())) {
      throw new SchemaSourceException(
          "-A"
              + URL_OPTION
              + " must look like postgresql://user:password@host:5432/database, not "
              + redacted(uri),
          null,
          null);
    }
    Properties properties = new Properties();
    String userInfo = uri.getRawUserInfo();
    if (userInfo != null) {
      int colon = userInfo.indexOf(':');
      properties.setProperty("user", decode(colon < 0 ? userInfo : userInfo.substring(0, colon)));
      if (colon >= 0) {
        properties.setProperty("password", decode(userInfo.substring(colon + 1)));
      }
    }
    properties.setProperty("ApplicationName", "sluice-processor");
    String host = uri.getHost() == null ? "localhost" : uri.getHost();
    int port = uri.getPort() < 0 ? 5432 : uri.getPort();
    String path = uri.getRawPath() == null ? "" : uri.getRawPath();
    String jdbc =
        "jdbc:postgresql://"
            + host
            + ":"
            + port
            + path
            + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    long start = System.nanoTime();
    try {
      Connection connection = connect(jdbc, properties);
      return new SchemaSource(
          connection,
          null,
          redacted(uri),
          "connected to " + redacted(uri) + " in " + SchemaProgress.millisSince(start) + " ms",
          null,
          null,
          null,
          null);
    } catch (SQLException e) {
      throw new SchemaSourceException(
          "could not connect to " + redacted(uri) + " for the schema checks: " + e.getMessage(),
          null,
          e);
    }
  }

  /**
   * Starts a server on the cached data directory these migrations made before, if {@code cache} has
   * one (no initdb, no migrations), else a new server that the migrations are applied to and whose
   * data directory is kept in {@code cache} when it is closed.
   */
  private static SchemaSource migrated(Path directory, DataDirectoryCache cache)
      throws SchemaSourceException {
    Migrations migrations = Migrations.scan(directory);
    String digest = migrations.digest();
    String key = DataDirectoryCache.key(digest);
    long start = System.nanoTime();
    EmbeddedServer server = cache == null ? null : cache.start(key);
    boolean cached = server != null;
    if (server == null) {
      try {
        // 1 MB WAL segments instead of 16: a smaller data directory to keep and copy.
        server =
            EmbeddedServer.start(
                EmbeddedServer.newBaseDirectory(),
                EmbeddedServer.throwawaySettings(),
                Map.of("wal-segsize", "1"));
      } catch (RuntimeException e) {
        throw new SchemaSourceException(
            "could not start an embedded PostgreSQL to migrate: " + withCauses(e), null, e);
      }
    }
    try {
      Properties properties = new Properties();
      properties.setProperty("user", EmbeddedServer.SUPERUSER);
      properties.setProperty("ApplicationName", "sluice-processor");
      String url = server.jdbcUrl("postgres");
      if (!cached) {
        migrations.apply(() -> connect(url, properties));
      }
      // A connection opened after the last migration: no session setting of theirs is left on it.
      Connection connection = connect(url, properties);
      long millis = SchemaProgress.millisSince(start);
      return new SchemaSource(
          connection,
          server,
          migrations.size()
              + " migrations in "
              + directory.toAbsolutePath()
              + (cached ? " (migrated data directory from " + cache.root() + ")" : ""),
          cached
              ? "started an embedded PostgreSQL on the migrated data directory cached in "
                  + cache.root()
                  + " (no migrations run) in "
                  + millis
                  + " ms"
              : "started an embedded PostgreSQL and applied "
                  + migrations.size()
                  + (migrations.size() == 1 ? " migration" : " migrations")
                  + " from "
                  + directory.toAbsolutePath()
                  + " in "
                  + millis
                  + " ms"
                  + (cache == null ? "" : "; its data directory goes into " + cache.root()),
          directory,
          digest,
          cached ? null : cache,
          key);
    } catch (SQLException | SchemaSourceException | RuntimeException e) {
      server.close();
      if (e instanceof SchemaSourceException) {
        throw (SchemaSourceException) e;
      }
      throw new SchemaSourceException(
          "could not migrate the embedded PostgreSQL: " + e.getMessage(), null, e);
    }
  }

  /**
   * pgjdbc's Driver directly, not DriverManager: javac's context class loader may not see the
   * processor path, where pgjdbc is.
   */
  private static Connection connect(String url, Properties properties) throws SQLException {
    Connection c = new org.postgresql.Driver().connect(url, properties);
    if (c == null) {
      throw new SQLException("pgjdbc does not take the URL " + url);
    }
    c.setAutoCommit(true);
    return c;
  }

  /**
   * The message and those of its causes: javac shows no stack trace, and a wrapper's message alone
   * does not say what went wrong (binaries not found, initdb failed, no free port).
   */
  private static String withCauses(Throwable e) {
    StringBuilder out = new StringBuilder(String.valueOf(e.getMessage()));
    for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
      out.append("\n  caused by ").append(c);
    }
    return out.toString();
  }

  private static String redacted(URI uri) {
    String userInfo = uri.getRawUserInfo();
    if (userInfo == null || userInfo.indexOf(':') < 0) {
      return uri.toString();
    }
    return uri.toString().replace(userInfo, userInfo.substring(0, userInfo.indexOf(':')) + ":***");
  }

  private static String decode(String text) {
    return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
  }
}
