package dev.sluice.processor;

import dev.sluice.embedded.PsqlScript;
import dev.sluice.processor.SchemaSource.SchemaSourceException;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The migration files of a directory in the order Flyway applies them: versioned {@code
 * V<version>__<description>.sql} by version compared part by part as numbers ({@code V2} before
 * {@code V10}, {@code V1_1} = {@code V1.1}), then repeatable {@code R__<description>.sql} by
 * description; other {@code .sql} files ({@code 001_init.sql}) come first, in name order.
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

  /** One file and its sort keys. */
  private static final class Migration {
    final Path file;

    /** 0 plain, 1 versioned, 2 repeatable. */
    final int group;

    final List<BigInteger> version;
    final String key;

    Migration(Path file, int group, List<BigInteger> version, String key) {
      this.file = file;
      this.group = group;
      this.version = version;
      this.key = key;
    }
  }

  private final List<Migration> files;

  private Migrations(List<Migration> files) {
    this.files = files;
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
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory, "*.sql")) {
      for (Path file : entries) {
        String name = file.getFileName().toString();
        Matcher v = VERSIONED.matcher(name);
        Matcher r = REPEATABLE.matcher(name);
        if (v.matches()) {
          List<BigInteger> version = new ArrayList<>();
          for (String part : v.group(1).split("[._]")) {
            version.add(new BigInteger(part));
          }
          out.add(new Migration(file, 1, version, v.group(2)));
        } else if (r.matches()) {
          out.add(new Migration(file, 2, List.of(), r.group(1)));
        } else {
          out.add(new Migration(file, 0, List.of(), name));
        }
      }
    } catch (IOException e) {
      throw new SchemaSourceException("could not list " + directory + ": " + e, null, e);
    }
    out.sort(
        Comparator.<Migration>comparingInt(m -> m.group)
            .thenComparing((a, b) -> compareVersions(a.version, b.version))
            .thenComparing(m -> m.key));
    return new Migrations(out);
  }

  /** Runs every file in order; the first that fails names its file, line and the error. */
  void apply(Connection connection) throws SchemaSourceException {
    for (Migration m : files) {
      String name = m.file.getFileName().toString();
      String text;
      try {
        text = Files.readString(m.file, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new SchemaSourceException("could not read migration " + m.file + ": " + e, name, e);
      }
      Matcher placeholder = PLACEHOLDER.matcher(text);
      if (placeholder.find()) {
        throw new SchemaSourceException(
            "migration "
                + m.file
                + ":"
                + line(text, placeholder.start())
                + " holds the Flyway placeholder "
                + placeholder.group()
                + ", which the schema checks do not expand; write its value instead",
            name,
            null);
      }
      try {
        new PsqlScript(m.file.toString(), text).run(connection);
      } catch (SQLException | IllegalArgumentException e) {
        throw new SchemaSourceException("migration failed: " + e.getMessage(), name, e);
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
