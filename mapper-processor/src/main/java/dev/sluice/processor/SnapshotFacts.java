package dev.sluice.processor;

import dev.sluice.processor.SnapshotFile.FormatException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The schema facts answered from a snapshot file, with no server: each question is looked up by its
 * key under the search path the snapshot was written with. A question the snapshot has no entry for
 * is a {@link SnapshotException}, which the checks report on the element they were checking (the
 * snapshot is older than the code), never a silent pass.
 */
final class SnapshotFacts implements SchemaFacts {
  /** A snapshot that cannot answer: no entry, a stale one, or one that cannot be read. */
  static final class SnapshotException extends SQLException {
    private static final long serialVersionUID = 1L;

    /** The diagnostic's tag: {@link Diagnostics#SCHEMA_SNAPSHOT_MISSING} or its kin. */
    final String tag;

    SnapshotException(String tag, String message) {
      super(message);
      this.tag = tag;
    }
  }

  final SnapshotFile snapshot;
  private final Path file;
  private final String searchPath;

  /** The keys of the entries asked for so far, for {@link Snapshots#unusedEntries}. */
  final Set<String> asked = new HashSet<>();

  SnapshotFacts(SnapshotFile snapshot, Path file) {
    this.snapshot = snapshot;
    this.file = file;
    this.searchPath = snapshot.header.get(SnapshotFile.SEARCH_PATH);
  }

  /** How to write a snapshot afresh, for messages. */
  static String refresh(Path file) {
    return "refresh it by compiling with -A"
        + SchemaSource.MIGRATIONS_OPTION
        + " (or -A"
        + SchemaSource.URL_OPTION
        + ") and -A"
        + Snapshots.SNAPSHOT_OPTION
        + "="
        + file;
  }

  private List<String> answer(String key, String what) throws SnapshotException {
    asked.add(key);
    List<String> lines = snapshot.entries.get(key);
    if (lines == null) {
      throw new SnapshotException(
          Diagnostics.SCHEMA_SNAPSHOT_MISSING,
          "the schema snapshot "
              + file
              + " has no entry for "
              + what
              + ", so it cannot be checked offline; "
              + refresh(file));
    }
    return lines;
  }

  private SnapshotException unreadable(String key, FormatException e) {
    return new SnapshotException(
        Diagnostics.SCHEMA_SNAPSHOT_STALE,
        "the schema snapshot "
            + file
            + " has an unreadable entry "
            + key
            + " ("
            + e.getMessage()
            + "); "
            + refresh(file));
  }

  @Override
  public Description describe(String sql, String jdbcSql, List<String> declared)
      throws SQLException {
    String key = FactsCodec.statementKey(sql, declared, searchPath);
    try {
      return FactsCodec.decodeDescription(answer(key, FactsCodec.aboutStatement(sql)));
    } catch (FormatException | RuntimeException e) {
      throw unreadable(key, new FormatException(String.valueOf(e.getMessage())));
    }
  }

  @Override
  public Relation relation(String schema, String name) throws SQLException {
    String key = FactsCodec.relationKey(schema, name, searchPath);
    try {
      return FactsCodec.decodeRelation(answer(key, FactsCodec.aboutRelation(schema, name)));
    } catch (FormatException | RuntimeException e) {
      throw unreadable(key, new FormatException(String.valueOf(e.getMessage())));
    }
  }

  @Override
  public List<String> relationNames(String schema) throws SQLException {
    String key = FactsCodec.relationNamesKey(schema, searchPath);
    try {
      return FactsCodec.decodeNames("name", answer(key, FactsCodec.aboutRelationNames(schema)));
    } catch (FormatException e) {
      throw unreadable(key, e);
    }
  }

  @Override
  public Relation compositeType(String typeName) throws SQLException {
    String key = FactsCodec.compositeKey(typeName, searchPath);
    try {
      return FactsCodec.decodeRelation(answer(key, FactsCodec.aboutComposite(typeName)));
    } catch (FormatException | RuntimeException e) {
      throw unreadable(key, new FormatException(String.valueOf(e.getMessage())));
    }
  }

  @Override
  public Type typeByName(String name) throws SQLException {
    String key = FactsCodec.typeKey(name, searchPath);
    try {
      return FactsCodec.decodeType(answer(key, FactsCodec.aboutType(name)));
    } catch (FormatException | RuntimeException e) {
      throw unreadable(key, new FormatException(String.valueOf(e.getMessage())));
    }
  }

  @Override
  public List<String> enumLabels(String enumName) throws SQLException {
    String key = FactsCodec.enumKey(enumName, searchPath);
    try {
      return FactsCodec.decodeNames("label", answer(key, FactsCodec.aboutEnum(enumName)));
    } catch (FormatException e) {
      throw unreadable(key, e);
    }
  }
}
