package dev.sluice.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The Pagila sample database (a DVD rental store), read from the project's {@code
 * shared/fixtures/pagila} directory. Most tests want {@link PgServer#createPagilaDatabase()} or
 * {@code @PgTest(pagila = true)}, which load it once per server and copy it.
 */
public final class Pagila {
  static final String DIRECTORY_PROPERTY = "sluice.pagila.dir";
  static final String DIRECTORY_ENV = "SLUICE_PAGILA_DIR";
  static final String SCHEMA_FILE = "pagila-schema.sql";
  static final String DATA_FILE = "pagila-data.sql";

  private static final Path RELATIVE_DIRECTORY = Paths.get("shared", "fixtures", "pagila");

  private Pagila() {}

  /**
   * The directory holding {@value #SCHEMA_FILE} and {@value #DATA_FILE}: the system property {@code
   * sluice.pagila.dir} or environment variable {@code SLUICE_PAGILA_DIR} if set, else the first
   * {@code shared/fixtures/pagila} found in the working directory or one of its ancestors (which
   * covers a {@code shared/} beside the checkout, e.g. /work/shared next to /work/main).
   */
  public static Path fixtureDirectory() {
    String configured = System.getProperty(DIRECTORY_PROPERTY);
    String source = "system property " + DIRECTORY_PROPERTY;
    if (configured == null || configured.isBlank()) {
      configured = System.getenv(DIRECTORY_ENV);
      source = "environment variable " + DIRECTORY_ENV;
    }
    if (configured != null && !configured.isBlank()) {
      Path directory = Paths.get(configured.trim()).toAbsolutePath();
      if (!Files.isRegularFile(directory.resolve(SCHEMA_FILE))) {
        throw new TestkitException(
            source + " names " + directory + ", which holds no " + SCHEMA_FILE);
      }
      return directory;
    }
    List<Path> tried = new ArrayList<>();
    for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(RELATIVE_DIRECTORY);
      if (Files.isRegularFile(candidate.resolve(SCHEMA_FILE))) {
        return candidate;
      }
      tried.add(candidate);
    }
    throw new TestkitException(
        "Pagila fixtures not found; set "
            + DIRECTORY_PROPERTY
            + " or "
            + DIRECTORY_ENV
            + " to the directory holding "
            + SCHEMA_FILE
            + ". Looked in: "
            + tried);
  }

  /**
   * Loads Pagila's schema and data through the connection, into its current database, which should
   * be empty. Runs in one transaction when the connection is in auto-commit mode; otherwise in the
   * caller's transaction, left for the caller to commit.
   */
  public static void load(Connection connection) throws SQLException {
    Path directory = fixtureDirectory();
    Path schema = directory.resolve(SCHEMA_FILE);
    Path data = directory.resolve(DATA_FILE);
    boolean autoCommit = connection.getAutoCommit();
    if (autoCommit) {
      connection.setAutoCommit(false);
    }
    try {
      new PsqlScript(schema.toString(), read(schema)).run(connection);
      new PsqlScript(data.toString(), read(data)).run(connection);
      if (autoCommit) {
        connection.commit();
        connection.setAutoCommit(true);
      }
    } catch (SQLException | RuntimeException e) {
      if (autoCommit) {
        try {
          connection.rollback();
          connection.setAutoCommit(true);
        } catch (SQLException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      throw e;
    }
  }

  /** A short hash of both fixture files, naming the Pagila version a template was built from. */
  static String fingerprint() {
    Path directory = fixtureDirectory();
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      digest.update(Files.readAllBytes(directory.resolve(SCHEMA_FILE)));
      digest.update(Files.readAllBytes(directory.resolve(DATA_FILE)));
      return HexFormat.of().formatHex(digest.digest(), 0, 8);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the Pagila fixtures in " + directory, e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  private static String read(Path file) {
    try {
      // UTF-8 explicitly: the schema names a domain "bıgınt".
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read " + file, e);
    }
  }
}
