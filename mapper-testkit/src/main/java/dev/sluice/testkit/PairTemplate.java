package dev.sluice.testkit;

import dev.sluice.embedded.EmbeddedServer;
import dev.sluice.embedded.EmbeddedServerException;
import dev.sluice.embedded.PostgresBinaries;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The data directory every {@link ReplicatedPair} of one JVM and binaries starts from: made once
 * (zonky's initdb and a first start, in which the physical slot {@value ReplicatedPair#SLOT_NAME}
 * is created, then a clean stop: a shutdown checkpoint leaves the files consistent) and copied for
 * each pair's primary and standby, which saves each pair an initdb and a start. Deleted at JVM
 * exit. Also knows where zonky extracted the binaries, found from the running postmaster's
 * executable (zonky does not say), since the pair runs {@code pg_ctl} itself.
 */
final class PairTemplate {
  /** Templates made so far, by binaries version. Guarded by the class. */
  private static final Map<String, PairTemplate> MADE = new HashMap<>();

  private final Path dataDirectory;
  private final Path binDirectory;

  private PairTemplate(Path dataDirectory, Path binDirectory) {
    this.dataDirectory = dataDirectory;
    this.binDirectory = binDirectory;
  }

  static synchronized PairTemplate forBinaries(PostgresBinaries binaries) {
    PairTemplate template = MADE.get(binaries.version());
    if (template == null) {
      template = make(binaries);
      MADE.put(binaries.version(), template);
    }
    return template;
  }

  /** The directory of pg_ctl and postgres. */
  Path binDirectory() {
    return binDirectory;
  }

  /**
   * Copies the template to {@code to}, without pid and lock files; for a standby also without the
   * slot's contents ({@code pg_replslot} itself must stay): a standby holding the primary's slot
   * would keep WAL forever.
   */
  void copyTo(Path to, boolean dropSlots) {
    Path slots = dataDirectory.resolve("pg_replslot");
    try (Stream<Path> paths = Files.walk(dataDirectory)) {
      for (Path p : (Iterable<Path>) paths::iterator) {
        String name = p.getFileName().toString();
        if (name.equals("postmaster.pid")
            || name.equals("epg-lock")
            || name.equals("postmaster.opts")
            || (dropSlots && p.startsWith(slots) && !p.equals(slots))) {
          continue;
        }
        Path target = to.resolve(dataDirectory.relativize(p).toString());
        Files.createDirectories(target.getParent());
        // Attributes too: PostgreSQL refuses a data directory others may read (0700 or 0750).
        Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not copy " + dataDirectory + " to " + to, e);
    }
  }

  private static PairTemplate make(PostgresBinaries binaries) {
    Path directory;
    try {
      directory = Files.createTempDirectory("sluice-pair-template-");
    } catch (IOException e) {
      throw new UncheckedIOException("could not create a directory for a pair's template", e);
    }
    Runtime.getRuntime()
        .addShutdownHook(new Thread(() -> delete(directory), "sluice-pair-template-delete"));
    EmbeddedServer first;
    try {
      first =
          EmbeddedServer.start(
              EmbeddedServer.newBaseDirectory(),
              EmbeddedServer.throwawaySettings(),
              Map.of(),
              binaries);
    } catch (EmbeddedServerException e) {
      throw new TestkitException(e.getMessage(), e);
    }
    Path bin;
    try {
      bin = binDirectory(first);
      try (Connection c = first.jdbc("postgres", "sluice-testkit");
          Statement s = c.createStatement()) {
        s.execute(
            "SELECT pg_create_physical_replication_slot('" + ReplicatedPair.SLOT_NAME + "', true)");
      }
    } catch (SQLException | RuntimeException e) {
      first.close();
      throw new TestkitException("could not prepare the template of a replicated pair", e);
    }
    PairTemplate template = new PairTemplate(directory.resolve("data"), bin);
    // Copied whole (the slot too); closeKeepingData then deletes zonky's directory.
    first.closeKeepingData(
        data -> new PairTemplate(data, bin).copyTo(template.dataDirectory, false));
    return template;
  }

  private static Path binDirectory(EmbeddedServer server) {
    Path pidFile = server.dataDirectory().resolve("postmaster.pid");
    try {
      long pid = Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
      String executable =
          ProcessHandle.of(pid)
              .flatMap(p -> p.info().command())
              .orElseThrow(
                  () -> new TestkitException("cannot see the executable of postmaster " + pid));
      return Path.of(executable).getParent();
    } catch (IOException e) {
      throw new UncheckedIOException("could not read " + pidFile, e);
    }
  }

  private static void delete(Path directory) {
    if (!Files.exists(directory)) {
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
