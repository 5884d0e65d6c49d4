package dev.sluice.processor;

import dev.sluice.processor.SchemaSource.SchemaSourceException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The schema facts of one compilation, chosen by the options, and what becomes of them at its end:
 *
 * <ul>
 *   <li>a schema source ({@code url} or {@code migrations}) alone: {@link LiveFacts};
 *   <li>a source and {@value #SNAPSHOT_OPTION}: the live facts, recorded; {@link #close} writes
 *       everything this compilation asked (all rounds) as the file's whole content, unless it asked
 *       nothing;
 *   <li>a source, the snapshot and {@value #VERIFY_OPTION}{@code =true}: the live facts, each
 *       compared with the snapshot's entry (nothing is written); in migrations mode the digest of
 *       the files is compared first, before any server is started;
 *   <li>the snapshot alone: {@link SnapshotFacts}, no server; with verify, the migrations the
 *       snapshot names (by a path relative to it) are digested, which needs only the files.
 * </ul>
 */
final class Snapshots implements AutoCloseable {
  static final String SNAPSHOT_OPTION = "sluice.schema.snapshot";
  static final String VERIFY_OPTION = "sluice.schema.verifySnapshot";

  /** The server-side source, or null when answering from a snapshot. */
  final SchemaSource source;

  final SchemaFacts facts;

  /** What the checks read from, for messages. */
  final String description;

  /** The facts being recorded, to write to {@link #file} at the end; null otherwise. */
  private final RecordingFacts recording;

  private final Path file;

  /** Whether {@value #VERIFY_OPTION} is set. */
  private final boolean verify;

  /**
   * The migrations the checks answer for, and their digest, for {@link CheckedMigrations}: those of
   * migrations mode, or those a verified snapshot was found to be written from; else both null.
   */
  Path checkedMigrations;

  String checkedDigest;

  private Snapshots(
      SchemaSource source,
      SchemaFacts facts,
      String description,
      RecordingFacts recording,
      Path file,
      boolean verify) {
    this.verify = verify;
    this.source = source;
    this.facts = facts;
    this.description = description;
    this.recording = recording;
    this.file = file;
  }

  /** Opens what the options name, or returns null when they name no source and no snapshot. */
  static Snapshots open(Map<String, String> options) throws SchemaSourceException {
    String option = options.get(SNAPSHOT_OPTION);
    Path file = option == null || option.isBlank() ? null : Paths.get(option.trim());
    boolean verify = Boolean.parseBoolean(options.get(VERIFY_OPTION));
    if (verify && file == null) {
      throw new SchemaSourceException(
          "-A" + VERIFY_OPTION + "=true needs -A" + SNAPSHOT_OPTION + "=<file> to verify",
          null,
          null);
    }
    String migrations = options.get(SchemaSource.MIGRATIONS_OPTION);
    boolean migrated = migrations != null && !migrations.isBlank();
    String url = options.get(SchemaSource.URL_OPTION);
    if (!migrated && (url == null || url.isBlank())) {
      if (file == null) {
        return null;
      }
      SnapshotFile snapshot = read(file);
      String relative = snapshot.header.get(SnapshotFile.MIGRATIONS);
      Path directory =
          relative == null ? null : file.toAbsolutePath().getParent().resolve(relative).normalize();
      if (verify && directory != null) {
        checkDigest(snapshot, file, directory);
      }
      Snapshots alone =
          new Snapshots(
              null,
              new SnapshotFacts(snapshot, file),
              "the schema snapshot " + file,
              null,
              file,
              verify);
      if (verify && directory != null) {
        alone.checkedMigrations = directory;
        alone.checkedDigest = snapshot.header.get(SnapshotFile.MIGRATIONS_DIGEST);
      }
      return alone;
    }
    SnapshotFile expected = null;
    if (verify) {
      expected = read(file);
      if (migrated) {
        // Changed migrations make every entry suspect: say so without starting a server.
        checkDigest(expected, file, Paths.get(migrations.trim()));
      }
    }
    SchemaSource source = SchemaSource.open(options);
    LiveFacts live = new LiveFacts(source.connection());
    if (file == null) {
      return new Snapshots(source, live, source.description, null, null, false);
    }
    try {
      SnapshotFile header = new SnapshotFile();
      header.header.put(SnapshotFile.SERVER_VERSION, live.serverVersion());
      header.header.put(SnapshotFile.SOURCE, source.migrations == null ? "live" : "migrations");
      header.header.put(
          SnapshotFile.MIGRATIONS,
          source.migrations == null
              ? null
              : file.toAbsolutePath()
                  .getParent()
                  .relativize(source.migrations.toAbsolutePath().normalize())
                  .toString()
                  .replace('\\', '/'));
      header.header.put(SnapshotFile.MIGRATIONS_DIGEST, source.migrationsDigest);
      RecordingFacts recording = new RecordingFacts(live, header, expected, file);
      return new Snapshots(
          source, recording, source.description, expected == null ? recording : null, file, verify);
    } catch (SQLException | RuntimeException e) {
      source.close();
      throw new SchemaSourceException(
          "could not read the server version and search_path from "
              + source.description
              + ": "
              + e.getMessage(),
          null,
          e);
    }
  }

  /**
   * When verifying, the keys of the snapshot's entries that no check of this compilation asked for,
   * sorted; empty when it asked nothing at all (a compilation with no {@code @Dao} or {@code
   * Table}, such as Maven's testCompile given the same options), or when not verifying.
   */
  List<String> unusedEntries() {
    SnapshotFile snapshot;
    Set<String> asked;
    if (facts instanceof SnapshotFacts && verify) {
      snapshot = ((SnapshotFacts) facts).snapshot;
      asked = ((SnapshotFacts) facts).asked;
    } else if (facts instanceof RecordingFacts && ((RecordingFacts) facts).expected != null) {
      snapshot = ((RecordingFacts) facts).expected;
      asked = ((RecordingFacts) facts).recorded.entries.keySet();
    } else {
      return List.of();
    }
    if (asked.isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (String key : snapshot.entries.keySet()) {
      if (!asked.contains(key)) {
        out.add(key);
      }
    }
    return out;
  }

  /** The snapshot file the options name, or null. */
  Path file() {
    return file;
  }

  /** Writes the recorded snapshot, when recording; stops the source's server. */
  @Override
  public void close() throws IOException {
    try {
      // A compilation that asked nothing (Maven's testCompile, given the same compilerArgs as
      // compile, with no @Table or @Dao among the tests) leaves the file to the one that did.
      if (recording != null && !recording.recorded.entries.isEmpty()) {
        recording.recorded.write(file);
      }
    } finally {
      if (source != null) {
        source.close();
      }
    }
  }

  private static SnapshotFile read(Path file) throws SchemaSourceException {
    try {
      return SnapshotFile.read(file);
    } catch (NoSuchFileException e) {
      throw new SchemaSourceException(
          Diagnostics.SCHEMA_SNAPSHOT_MISSING,
          "the schema snapshot "
              + file.toAbsolutePath()
              + " does not exist; write it by compiling with -A"
              + SchemaSource.MIGRATIONS_OPTION
              + " (or -A"
              + SchemaSource.URL_OPTION
              + ") and -A"
              + SNAPSHOT_OPTION
              + "="
              + file,
          null,
          e);
    } catch (IOException | SnapshotFile.FormatException e) {
      throw new SchemaSourceException(
          "could not read the schema snapshot " + file + ": " + e.getMessage(), null, e);
    }
  }

  /** Fails when the migrations' digest is not the one the snapshot was written from. */
  private static void checkDigest(SnapshotFile snapshot, Path file, Path directory)
      throws SchemaSourceException {
    String recorded = snapshot.header.get(SnapshotFile.MIGRATIONS_DIGEST);
    String now = Migrations.scan(directory).digest();
    if (!now.equals(recorded)) {
      throw new SchemaSourceException(
          Diagnostics.SCHEMA_SNAPSHOT_STALE,
          "the schema snapshot "
              + file
              + " is stale: it was written from migrations of digest "
              + (recorded == null ? "(none: a live database)" : recorded)
              + ", but those in "
              + directory.toAbsolutePath().normalize()
              + " now digest to "
              + now
              + "; "
              + SnapshotFacts.refresh(file),
          null,
          null);
    }
  }
}
