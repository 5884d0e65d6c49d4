package dev.sluice.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HexFormat;

/**
 * The Pagila sample database (a DVD rental store, MIT licence), shipped inside this module: its
 * schema and data are classpath resources under {@code dev/sluice/testkit/pagila/}, so they load
 * the same from the testkit's own build and from its jar in a user's build. Most tests want {@link
 * PgServer#createPagilaDatabase()} or {@code @PgTest(pagila = true)}, which load it once per server
 * and copy it.
 *
 * <p>The system property {@code sluice.pagila.dir} or the environment variable {@code
 * SLUICE_PAGILA_DIR} may name a directory holding another copy of both files; when set, that
 * directory is used and the built-in copy is not.
 */
public final class Pagila {
  static final String DIRECTORY_PROPERTY = "sluice.pagila.dir";
  static final String DIRECTORY_ENV = "SLUICE_PAGILA_DIR";
  static final String SCHEMA_FILE = "pagila-schema.sql";
  static final String DATA_FILE = "pagila-data.sql";

  /** Where the built-in copy lives, relative to this class's package. */
  private static final String RESOURCE_FOLDER = "pagila/";

  private Pagila() {}

  /**
   * Where the fixtures are read from: the overriding directory if the system property or
   * environment variable names one, else the URL of the built-in schema resource.
   *
   * @return the directory or resource URL, as text for messages
   */
  public static String source() {
    Path directory = overrideDirectory();
    return directory != null ? directory.toString() : resource(SCHEMA_FILE).toString();
  }

  /**
   * Pagila's schema script (pg_dump's plain format).
   *
   * @return the script's text
   */
  public static String schemaScript() {
    return new String(read(SCHEMA_FILE), StandardCharsets.UTF_8);
  }

  /**
   * Pagila's data script: {@code COPY … FROM stdin;} blocks, as pg_dump writes them.
   *
   * @return the script's text
   */
  public static String dataScript() {
    return new String(read(DATA_FILE), StandardCharsets.UTF_8);
  }

  /**
   * Loads Pagila's schema and data through the connection, into its current database, which should
   * be empty. Runs in one transaction when the connection is in auto-commit mode; otherwise in the
   * caller's transaction, left for the caller to commit.
   *
   * @param connection a JDBC connection to the database to load into
   * @throws SQLException when a statement fails; its message names the script and line, its
   *     SQLState is the server's
   */
  public static void load(Connection connection) throws SQLException {
    // UTF-8 explicitly (in schemaScript): the schema names a domain "bıgınt".
    String schema = schemaScript();
    String data = dataScript();
    boolean autoCommit = connection.getAutoCommit();
    if (autoCommit) {
      connection.setAutoCommit(false);
    }
    try {
      new PsqlScript(SCHEMA_FILE, schema).run(connection);
      new PsqlScript(DATA_FILE, data).run(connection);
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
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      digest.update(read(SCHEMA_FILE));
      digest.update(read(DATA_FILE));
      return HexFormat.of().formatHex(digest.digest(), 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /**
   * The directory named by the system property or, failing that, the environment variable; null
   * when neither is set. A named directory without the schema file is an error, not a silent
   * fallback to the built-in copy: whoever set it expects it to be used.
   */
  static Path overrideDirectory() {
    String configured = System.getProperty(DIRECTORY_PROPERTY);
    String origin = "system property " + DIRECTORY_PROPERTY;
    if (configured == null || configured.isBlank()) {
      configured = System.getenv(DIRECTORY_ENV);
      origin = "environment variable " + DIRECTORY_ENV;
    }
    if (configured == null || configured.isBlank()) {
      return null;
    }
    Path directory = Paths.get(configured.trim()).toAbsolutePath();
    for (String file : new String[] {SCHEMA_FILE, DATA_FILE}) {
      if (!Files.isRegularFile(directory.resolve(file))) {
        throw new TestkitException(origin + " names " + directory + ", which holds no " + file);
      }
    }
    return directory;
  }

  private static byte[] read(String file) {
    Path directory = overrideDirectory();
    if (directory != null) {
      try {
        return Files.readAllBytes(directory.resolve(file));
      } catch (IOException e) {
        throw new UncheckedIOException("could not read " + directory.resolve(file), e);
      }
    }
    URL url = resource(file);
    try (InputStream in = url.openStream()) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the built-in Pagila fixture " + url, e);
    }
  }

  private static URL resource(String file) {
    URL url = Pagila.class.getResource(RESOURCE_FOLDER + file);
    if (url == null) {
      // Only a repackaged jar that dropped the resources gets here.
      throw new TestkitException(
          "the built-in Pagila fixture "
              + Pagila.class.getPackageName().replace('.', '/')
              + "/"
              + RESOURCE_FOLDER
              + file
              + " is missing from the classpath; set "
              + DIRECTORY_PROPERTY
              + " or "
              + DIRECTORY_ENV
              + " to a directory holding "
              + SCHEMA_FILE
              + " and "
              + DATA_FILE);
    }
    return url;
  }
}
