package dev.sluice.processor;

import dev.sluice.embedded.MigrationFiles;
import dev.sluice.embedded.MigrationFiles.MigrationFilesException;
import dev.sluice.embedded.PsqlScript;
import dev.sluice.processor.SchemaSource.SchemaSourceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The migration files of a directory, read and ordered by sluice-embedded's {@link MigrationFiles}
 * (the order the application's {@code MigrationRunner} applies them in, which is Flyway's: plain
 * {@code .sql} files first by name, versioned by version, repeatable by description), applied to
 * the server the checks run on.
 *
 * <p>Each statement runs on its own in auto-commit mode, as psql runs a file, so {@code CREATE
 * INDEX CONCURRENTLY} works and {@code COPY … FROM stdin} blocks are sent as COPY data. Flyway
 * placeholders ({@code ${name}}) are not expanded: a file holding one is refused.
 */
final class Migrations {
  private final MigrationFiles files;

  private Migrations(MigrationFiles files) {
    this.files = files;
  }

  /** See {@link MigrationFiles#digest()}: a snapshot records it to tell stale checks. */
  String digest() {
    return files.digest();
  }

  int size() {
    return files.list().size();
  }

  /** The names of the files in the order they are applied. */
  List<String> order() {
    List<String> out = new ArrayList<>();
    for (MigrationFiles.Migration m : files.list()) {
      out.add(m.fileName());
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
    try {
      return new Migrations(MigrationFiles.scan(directory));
    } catch (MigrationFilesException e) {
      throw new SchemaSourceException(e.getMessage(), e.fileName(), e.getCause());
    }
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
    for (MigrationFiles.Migration m : files.list()) {
      try (Connection connection = connector.connect()) {
        new PsqlScript(files.location() + "/" + m.script(), m.text()).run(connection);
      } catch (SQLException | IllegalArgumentException e) {
        throw new SchemaSourceException("migration failed: " + e.getMessage(), m.fileName(), e);
      }
    }
  }
}
