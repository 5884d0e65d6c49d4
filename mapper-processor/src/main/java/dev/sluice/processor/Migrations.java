package dev.sluice.processor;

import dev.sluice.embedded.PsqlScript;
import dev.sluice.processor.SchemaSource.SchemaSourceException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The migration files of a directory in the order Flyway applies them: versioned {@code
 * V<version>__<description>.sql} by version compared part by part as numbers ({@code V2} before
 * {@code V10}, {@code V1_1} = {@code V1.1}), then repeatable {@code R__<description>.sql} by
 * description; other {@code .sql} files ({@code 001_init.sql}) come first, in name order.
 * Subdirectories are searched too, as Flyway searches a location; two versioned files of one
 * version are refused, as Flyway refuses them.
 *
 * <p>Each statement runs on its own in auto-commit mode, as psql runs a file, so {@code CREATE
 * INDEX CONCURRENTLY} works and {@code COPY … FROM stdin} blocks are sent as COPY data. Flyway
 * placeholders ({@code ${name}}) are not expanded: a file holding one is refused.
 */
final class Migrations {
  private static final Pattern VERSIONED =
      Pattern.compile("V([0-9]+(?:[._][0-9]+)*)__(.*)\\.sql", Pattern.CASE_INSENSITIVE);
  private static final Pattern REPEATABLE =
      Pattern.compile("R__(.*)\\.sql", Pattern.CASE_INSENSITIVE);
  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{[^}]*}");

  /** One file, its text and its sort keys. */
  private static final class Migration {
    final Path file;
    final String text;

    /** 0 plain, 1 versioned, 2 repeatable. */
    final int group;

    /** The version's parts ({@code V1_1} is [1, 1]); empty unless versioned. */
    final List<BigInteger> version;

    /** What orders files of one group after the version: the description, or the plain name. */
    final String key;

    Migration(Path file, String text, int group, List<BigInteger> version, String key) {
      this.file = file;
      this.text = text;
      this.group = group;
      this.version = version;
      this.key = key;
    }
  }

  private final Path directory;
  private final List<Migration> files;

  private Migrations(Path directory, List<Migration> files) {
    this.directory = directory;
    this.files = files;
  }

  /**
   * {@code sha256:} and the hex SHA-256 of every file in the order applied: its path relative to
   * the directory ({@code /}-separated), a newline, its text with CRLF read as LF (a Windows
   * checkout digests as a Unix one), a NUL. A snapshot records it; any edit, rename, added or
   * removed file changes it.
   */
  String digest() {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
    for (Migration m : files) {
      String relative = directory.relativize(m.file).toString().replace('\\', '/');
      sha.update((relative + "\n").getBytes(StandardCharsets.UTF_8));
      sha.update(m.text.replace("\r\n", "\n").getBytes(StandardCharsets.UTF_8));
      sha.update((byte) 0);
    }
    return "sha256:" + HexFormat.of().formatHex(sha.digest());
  }

  int size() {
    return files.size();
  }

  /** The names of the files in the order they are applied. */
  List<String> order() {
    List<String> out = new ArrayList<>();
    for (Migration m : files) {
      out.add(m.file.getFileName().toString());
    }
    return out;
  }

  static Migrations scan(Path directory) throws SchemaSourceException {
    if (!Files.isDirectory(directory)) {
      throw new SchemaSourceException(
          "-A"
              + SchemaSource.MIGRATIONS_OPTION
              + " names "
              + directory.toAbsolutePath()
              + ", which is no directory (a relative path is resolved against the directory javac"
              + " runs in)",
          null,
          null);
    }
    List<Migration> out = new ArrayList<>();
    // Flyway looks into subdirectories of a location too.
    try (Stream<Path> entries = Files.walk(directory)) {
      for (Path file : (Iterable<Path>) entries::iterator) {
        if (file.getFileName().toString().endsWith(".sql") && Files.isRegularFile(file)) {
          out.add(read(file));
        }
      }
    } catch (IOException | UncheckedIOException e) {
      throw new SchemaSourceException("could not list " + directory + ": " + e, null, e);
    }
    out.sort(
        Comparator.<Migration>comparingInt(m -> m.group)
            .thenComparing((a, b) -> compareVersions(a.version, b.version))
            .thenComparing(m -> m.key));
    for (int i = 1; i < out.size(); i++) {
      Migration a = out.get(i - 1);
      Migration b = out.get(i);
      if (a.group == 1 && b.group == 1 && compareVersions(a.version, b.version) == 0) {
        // Flyway refuses this too; applying both in some order would check a schema nobody runs.
        throw new SchemaSourceException(
            "migrations "
                + a.file.getFileName()
                + " and "
                + b.file.getFileName()
                + " in "
                + directory.toAbsolutePath()
                + " have the same version; give one another version",
            b.file.getFileName().toString(),
            null);
      }
    }
    return new Migrations(directory, out);
  }

  /**
   * Reads a file and finds its sort keys; a Flyway placeholder is refused here, before any server
   * is started for a migration that could not run.
   */
  private static Migration read(Path file) throws SchemaSourceException {
    String name = file.getFileName().toString();
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new SchemaSourceException("could not read migration " + file + ": " + e, name, e);
    }
    Matcher placeholder = PLACEHOLDER.matcher(text);
    if (placeholder.find()) {
      throw new SchemaSourceException(
          "migration "
              + file
              + ":"
              + line(text, placeholder.start())
              + " holds the Flyway placeholder "
              + placeholder.group()
              + ", which the schema checks do not expand; write its value instead",
          name,
          null);
    }
    Matcher v = VERSIONED.matcher(name);
    if (v.matches()) {
      List<BigInteger> version = new ArrayList<>();
      for (String part : v.group(1).split("[._]")) {
        version.add(new BigInteger(part));
      }
      return new Migration(file, text, 1, version, v.group(2));
    }
    Matcher r = REPEATABLE.matcher(name);
    if (r.matches()) {
      return new Migration(file, text, 2, List.of(), r.group(1));
    }
    return new Migration(file, text, 0, List.of(), name);
  }

  /** Opens a new connection to the server being migrated. */
  interface Connector {
    Connection connect() throws SQLException;
  }

  /**
   * Runs every file in order, each on a connection of its own, so that what a file sets for its
   * session ({@code SET search_path}, as pg_dump output does, or a role) does not reach the next
   * file nor the checks: Flyway restores such state after each migration too. The first file that
   * fails names its file, line and the error.
   */
  void apply(Connector connector) throws SchemaSourceException {
    for (Migration m : files) {
      try (Connection connection = connector.connect()) {
        new PsqlScript(m.file.toString(), m.text).run(connection);
      } catch (SQLException | IllegalArgumentException e) {
        throw new SchemaSourceException(
            "migration failed: " + e.getMessage(), m.file.getFileName().toString(), e);
      }
    }
  }

  private static int compareVersions(List<BigInteger> a, List<BigInteger> b) {
    for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
      BigInteger x = i < a.size() ? a.get(i) : BigInteger.ZERO;
      BigInteger y = i < b.size() ? b.get(i) : BigInteger.ZERO;
      int c = x.compareTo(y);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private static int line(String text, int offset) {
    int line = 1;
    for (int i = 0; i < offset; i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }
}
