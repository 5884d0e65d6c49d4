package dev.sluice.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The migration files of one location, in the one order Sluice applies them: the annotation
 * processor's migrations mode and {@link MigrationRunner} both read them through this class, so the
 * schema the checks see is built as the application's runner builds it.
 *
 * <p>The order is Flyway's: versioned {@code V<version>__<description>.sql} by version compared
 * part by part as numbers ({@code V2} before {@code V10}, {@code V1_1} = {@code V1.1}), then
 * repeatable {@code R__<description>.sql} by description. Other {@code .sql} files ({@code
 * 001_init.sql}, which Flyway would ignore) come first, in name order. Subdirectories are searched
 * too, as Flyway searches a location. Refused, as Flyway refuses them: two versioned files of one
 * version. Refused because nothing here expands them: Flyway placeholders ({@code ${name}}).
 */
public final class MigrationFiles {
  private static final Pattern VERSIONED =
      Pattern.compile("V([0-9]+(?:[._][0-9]+)*)__(.*)\\.sql", Pattern.CASE_INSENSITIVE);
  private static final Pattern REPEATABLE =
      Pattern.compile("R__(.*)\\.sql", Pattern.CASE_INSENSITIVE);
  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{[^}]*}");

  /** What a file's name makes of it; declared in the order the kinds are applied. */
  public enum Kind {
    /** Any other {@code .sql} file: applied first, by name, once. */
    PLAIN,
    /** {@code V<version>__<description>.sql}: applied once, by version. */
    VERSIONED,
    /** {@code R__<description>.sql}: applied last, again whenever its text changes. */
    REPEATABLE
  }

  /**
   * One migration file.
   *
   * @param script its path relative to the location, {@code /}-separated
   * @param kind what its name makes of it
   * @param version the version's parts ({@code V1_1} is [1, 1]); empty unless versioned
   * @param description the name's description, or the whole name of a plain file
   * @param text its text
   */
  public record Migration(
      String script, Kind kind, List<BigInteger> version, String description, String text) {
    /**
     * The file's name, without its directories.
     *
     * @return the last segment of {@link #script()}
     */
    public String fileName() {
      return script.substring(script.lastIndexOf('/') + 1);
    }

    /**
     * The version as Flyway writes it ({@code 1.1}), or null unless versioned.
     *
     * @return the version's parts joined by dots, or null for a repeatable or plain file
     */
    public String versionText() {
      if (kind != Kind.VERSIONED) {
        return null;
      }
      StringBuilder out = new StringBuilder();
      for (BigInteger part : version) {
        out.append(out.length() == 0 ? "" : ".").append(part);
      }
      return out.toString();
    }

    /**
     * {@code sha256:} and the hex SHA-256 of the text with CRLF read as LF, so a Windows checkout
     * has the checksum of a Unix one.
     *
     * @return the checksum the history table records for this file
     */
    public String checksum() {
      return "sha256:" + HexFormat.of().formatHex(sha256().digest(normalizedText()));
    }

    private byte[] normalizedText() {
      return text.replace("\r\n", "\n").getBytes(StandardCharsets.UTF_8);
    }
  }

  /** A location whose files cannot be read or ordered; names the file at fault, if one is. */
  public static final class MigrationFilesException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The file name at fault, or null. */
    private final String fileName;

    MigrationFilesException(String message, String fileName, Throwable cause) {
      super(message, cause);
      this.fileName = fileName;
    }

    /**
     * The name of the file at fault, or null when the location as a whole is.
     *
     * @return the file's name, or null
     */
    public String fileName() {
      return fileName;
    }
  }

  private final String location;
  private final List<Migration> migrations;

  private MigrationFiles(String location, List<Migration> migrations) {
    this.location = location;
    this.migrations = migrations;
  }

  /**
   * The {@code .sql} files under {@code directory}, in the order they are applied.
   *
   * @param directory the directory holding the migrations, searched with its subdirectories
   * @return the migrations found, read into memory
   * @throws MigrationFilesException if it is no directory, or its files cannot be read or ordered
   */
  public static MigrationFiles scan(Path directory) {
    if (!Files.isDirectory(directory)) {
      throw new MigrationFilesException(
          directory.toAbsolutePath() + " is no directory of migrations", null, null);
    }
    Path absolute = directory.toAbsolutePath();
    return new MigrationFiles(absolute.toString(), read(absolute, absolute.toString()));
  }

  /**
   * The {@code .sql} files under the class path resource {@code location} ({@code db/migration}),
   * from a directory (an IDE, {@code exec:java}) or a jar, in the order they are applied.
   *
   * @param loader the class loader to find the resource with
   * @param location the resource's path, without a leading {@code /}
   * @return the migrations found, read into memory
   * @throws MigrationFilesException if the resource is not on the class path, or its files cannot
   *     be listed, read or ordered
   */
  public static MigrationFiles onClassPath(ClassLoader loader, String location) {
    String where = "classpath:" + location;
    URL url = loader.getResource(location);
    if (url == null) {
      throw new MigrationFilesException(where + " is not on the class path", null, null);
    }
    try {
      URI uri = url.toURI();
      Path directory =
          uri.getScheme().equals("jar") ? jarFileSystem(uri).getPath(location) : Path.of(uri);
      return new MigrationFiles(where, read(directory, where));
    } catch (URISyntaxException | IOException e) {
      throw new MigrationFilesException("could not list " + where + " (" + url + ")", null, e);
    }
  }

  /**
   * Where the files were found: a directory, or {@code classpath:} and the resource.
   *
   * @return the location as messages name it
   */
  public String location() {
    return location;
  }

  /**
   * The migrations in the order they are applied.
   *
   * @return the migrations, in {@link #ORDER}
   */
  public List<Migration> list() {
    return migrations;
  }

  /**
   * {@code sha256:} and the hex SHA-256 of every file in the order applied: its {@link
   * Migration#script() script} path, a newline, its text with CRLF read as LF, a NUL. Any edit,
   * rename, added or removed file changes it; the processor records it to tell stale checks.
   *
   * @return the digest of the whole location
   */
  public String digest() {
    MessageDigest sha = sha256();
    for (Migration m : migrations) {
      sha.update((m.script() + "\n").getBytes(StandardCharsets.UTF_8));
      sha.update(m.normalizedText());
      sha.update((byte) 0);
    }
    return "sha256:" + HexFormat.of().formatHex(sha.digest());
  }

  /** The order in which files are applied: by kind, then version, then description or name. */
  public static final Comparator<Migration> ORDER =
      Comparator.comparing(Migration::kind)
          .thenComparing((a, b) -> compareVersions(a.version(), b.version()))
          .thenComparing(Migration::description);

  private static List<Migration> read(Path directory, String where) {
    List<Migration> out = new ArrayList<>();
    try (Stream<Path> entries = Files.walk(directory)) {
      for (Path file : (Iterable<Path>) entries::iterator) {
        if (file.getFileName() != null
            && file.getFileName().toString().endsWith(".sql")
            && Files.isRegularFile(file)) {
          out.add(readFile(directory, file));
        }
      }
    } catch (IOException | UncheckedIOException e) {
      throw new MigrationFilesException("could not list " + where + ": " + e, null, e);
    }
    out.sort(ORDER);
    for (int i = 1; i < out.size(); i++) {
      Migration a = out.get(i - 1);
      Migration b = out.get(i);
      if (a.kind() == Kind.VERSIONED
          && b.kind() == Kind.VERSIONED
          && compareVersions(a.version(), b.version()) == 0) {
        // Flyway refuses this too; applying both in some order would build a schema nobody runs.
        throw new MigrationFilesException(
            "migrations "
                + a.fileName()
                + " and "
                + b.fileName()
                + " in "
                + where
                + " have the same version; give one another version",
            b.fileName(),
            null);
      }
    }
    return List.copyOf(out);
  }

  /** Reads a file and finds its kind; a Flyway placeholder is refused before anything runs. */
  private static Migration readFile(Path directory, Path file) {
    String name = file.getFileName().toString();
    String script = directory.relativize(file).toString().replace('\\', '/');
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new MigrationFilesException("could not read migration " + file + ": " + e, name, e);
    }
    Matcher placeholder = PLACEHOLDER.matcher(text);
    if (placeholder.find()) {
      throw new MigrationFilesException(
          "migration "
              + file
              + ":"
              + line(text, placeholder.start())
              + " holds the Flyway placeholder "
              + placeholder.group()
              + ", which Sluice does not expand; write its value instead",
          name,
          null);
    }
    Matcher v = VERSIONED.matcher(name);
    if (v.matches()) {
      List<BigInteger> version = new ArrayList<>();
      for (String part : v.group(1).split("[._]")) {
        version.add(new BigInteger(part));
      }
      return new Migration(script, Kind.VERSIONED, List.copyOf(version), v.group(2), text);
    }
    Matcher r = REPEATABLE.matcher(name);
    if (r.matches()) {
      return new Migration(script, Kind.REPEATABLE, List.of(), r.group(1), text);
    }
    return new Migration(script, Kind.PLAIN, List.of(), name, text);
  }

  private static FileSystem jarFileSystem(URI uri) throws IOException {
    try {
      return FileSystems.getFileSystem(uri);
    } catch (FileSystemNotFoundException notOpenYet) {
      return FileSystems.newFileSystem(uri, Map.of());
    }
  }

  /** Compares versions part by part as numbers, a missing part counting as 0 (V1 = V1.0). */
  static int compareVersions(List<BigInteger> a, List<BigInteger> b) {
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

  static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
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
