package dev.sluice.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Data directories of cleanly stopped servers, kept between builds so that a build whose schema was
 * made before starts a copy of it instead of running initdb and the migrations again. An entry is
 * named by its key ({@code pg<binaries' version>-<digest of what made it>}: a data directory only
 * runs under the major version that made it) and holds a {@code data/} directory; it is written
 * once, never changed, never run in place.
 *
 * <p>Safe for builds at once: an entry is copied into a temporary sibling and renamed into place
 * atomically, so it is whole or absent; a build that loses the race drops its copy. A server is
 * always started on a copy of an entry, never on the entry. Only the {@value #KEEP} most recently
 * used entries are kept; a build copying an entry that another deletes at that moment fails to
 * start and must start afresh ({@link #start} returns null then).
 *
 * <p>The root is {@code $SLUICE_PG_CACHE}, else {@code $XDG_CACHE_HOME/sluice/postgres}, else
 * {@code ~/.cache/sluice/postgres}.
 */
public final class DataDirectoryCache {
  /** Entries kept after a new one is added. */
  static final int KEEP = 4;

  /** The PostgreSQL binaries' version this module starts (e.g. {@code 17.6.0}). */
  public static final String POSTGRES_VERSION = postgresVersion();

  private final Path root;

  /**
   * A cache whose entries live under {@code root}; nothing is created until an entry is kept.
   *
   * @param root the directory holding one subdirectory per entry
   */
  public DataDirectoryCache(Path root) {
    this.root = root;
  }

  /**
   * The cache at the default root (see the class comment).
   *
   * @return a cache under {@code $SLUICE_PG_CACHE}, {@code $XDG_CACHE_HOME/sluice/postgres} or
   *     {@code ~/.cache/sluice/postgres}
   */
  public static DataDirectoryCache atDefaultRoot() {
    String explicit = System.getenv("SLUICE_PG_CACHE");
    if (explicit != null && !explicit.isBlank()) {
      return new DataDirectoryCache(Paths.get(explicit));
    }
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Paths.get(xdg)
            : Paths.get(System.getProperty("user.home"), ".cache");
    return new DataDirectoryCache(base.resolve("sluice").resolve("postgres"));
  }

  /**
   * The directory the entries live in.
   *
   * @return the root given or chosen at construction
   */
  public Path root() {
    return root;
  }

  /**
   * The entry's name for {@code digest} (a hex digest of what made its schema) on 17.
   *
   * @param digest a hex digest, optionally prefixed by its algorithm ({@code sha256:…})
   * @return {@code pg}, the bundled binaries' version, a dash and up to 32 hex digits of the digest
   */
  public static String key(String digest) {
    return key(PostgresBinaries.bundled(), digest);
  }

  /**
   * The entry's name for {@code digest} made by a server running {@code binaries}.
   *
   * @param binaries the binaries the entry's server runs
   * @param digest a hex digest, optionally prefixed by its algorithm ({@code sha256:…})
   * @return {@code pg}, the binaries' version, a dash and up to 32 hex digits of the digest
   */
  public static String key(PostgresBinaries binaries, String digest) {
    String hex = digest.substring(digest.indexOf(':') + 1).replaceAll("[^0-9a-fA-F]", "");
    return "pg" + binaries.version() + "-" + hex.substring(0, Math.min(32, hex.length()));
  }

  /**
   * Starts a server on a copy of entry {@code key}, or returns null if there is none (or it could
   * not be started: the caller starts afresh).
   *
   * @param key the entry's name, from {@link #key(String)}
   * @return a running server on a private copy of the entry, or null
   */
  public EmbeddedServer start(String key) {
    return start(key, PostgresBinaries.bundled());
  }

  /**
   * {@link #start(String)} on {@code binaries}, those whose {@link #key(PostgresBinaries, String)}
   * it is.
   *
   * @param key the entry's name, from {@link #key(PostgresBinaries, String)}
   * @param binaries the binaries that made the entry
   * @return a running server on a private copy of the entry, or null
   */
  public EmbeddedServer start(String key, PostgresBinaries binaries) {
    Path data = root.resolve(key).resolve("data");
    if (!Files.isRegularFile(data.resolve("PG_VERSION"))) {
      return null;
    }
    try {
      Files.setLastModifiedTime(root.resolve(key), FileTime.fromMillis(System.currentTimeMillis()));
      return EmbeddedServer.startCopy(data, EmbeddedServer.throwawaySettings(), binaries);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * Stops {@code server} (a clean shutdown) and keeps its data directory as entry {@code key},
   * unless another build kept one first; the server's own directory is deleted as by {@link
   * EmbeddedServer#close}. A cache that cannot be written only costs the next build its speed.
   *
   * @param server a server this cache's caller started, stopped by this call
   * @param key the entry to keep its data directory as
   */
  public void closeAndKeep(EmbeddedServer server, String key) {
    server.closeKeepingData(
        data -> {
          Path entry = root.resolve(key);
          if (Files.isDirectory(entry)) {
            return;
          }
          Path temp = null;
          try {
            Files.createDirectories(root);
            temp = Files.createTempDirectory(root, key + ".tmp-");
            EmbeddedServer.copyTree(data, temp.resolve("data"));
            try {
              Files.move(temp, entry, StandardCopyOption.ATOMIC_MOVE);
              temp = null;
            } catch (FileAlreadyExistsException
                | DirectoryNotEmptyException
                | AtomicMoveNotSupportedException lost) {
              // Another build kept the same schema first; ours is dropped below.
            }
            prune();
          } catch (IOException | UncheckedIOException e) {
            // Not kept: the next build runs initdb and the migrations again.
          } finally {
            if (temp != null) {
              EmbeddedServer.deleteRecursively(temp);
            }
          }
        });
  }

  /** Deletes all but the {@value #KEEP} most recently used entries. */
  private void prune() throws IOException {
    List<Path> entries = new ArrayList<>();
    try (Stream<Path> list = Files.list(root)) {
      list.filter(
              p -> p.getFileName().toString().startsWith("pg") && !p.toString().contains(".tmp-"))
          .forEach(entries::add);
    }
    entries.sort(
        Comparator.comparing(
                (Path p) -> {
                  try {
                    return Files.getLastModifiedTime(p);
                  } catch (IOException e) {
                    return FileTime.fromMillis(0);
                  }
                })
            .reversed());
    for (Path old : entries.subList(Math.min(KEEP, entries.size()), entries.size())) {
      EmbeddedServer.deleteRecursively(old);
    }
  }

  private static String postgresVersion() {
    Properties p = new Properties();
    try (InputStream in = DataDirectoryCache.class.getResourceAsStream("embedded.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not read embedded.properties", e);
    }
    return p.getProperty("postgres.version", "unknown");
  }
}
