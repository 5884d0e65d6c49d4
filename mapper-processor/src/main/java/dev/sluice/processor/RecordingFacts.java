package dev.sluice.processor;

import dev.sluice.processor.SnapshotFacts.SnapshotException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The live facts, passed on unchanged, each answer also written into a snapshot ({@link #recorded})
 * or, when verifying, compared with the entry an existing snapshot has for the same question: no
 * entry, or one that differs, is a {@link SnapshotException} for the check that asked.
 */
final class RecordingFacts implements SchemaFacts {
  private final LiveFacts live;
  private final String searchPath;

  /** What this compilation asked and was answered; the file's whole content when written. */
  final SnapshotFile recorded;

  /** The snapshot being verified, and its file; both null when recording. */
  final SnapshotFile expected;

  private final Path expectedFile;

  /** Keys already reported as missing or stale: each is reported once, on the first that asks. */
  private final Set<String> reported = new HashSet<>();

  /**
   * {@code header} holds the recorded snapshot's header without the search path, which is read
   * here; {@code expected} is the snapshot to compare with, or null to record.
   */
  RecordingFacts(LiveFacts live, SnapshotFile header, SnapshotFile expected, Path expectedFile)
      throws SQLException {
    this.live = live;
    this.searchPath = live.searchPath();
    this.recorded = header;
    recorded.header.put(SnapshotFile.SEARCH_PATH, searchPath);
    this.expected = expected;
    this.expectedFile = expectedFile;
  }

  private void record(String key, List<String> answer, String what) throws SnapshotException {
    recorded.entries.put(key, answer);
    if (expected == null || reported.contains(key)) {
      return;
    }
    List<String> before = expected.entries.get(key);
    if (before == null) {
      reported.add(key);
      throw new SnapshotException(
          Diagnostics.SCHEMA_SNAPSHOT_MISSING,
          "the schema snapshot "
              + expectedFile
              + " has no entry for "
              + what
              + "; "
              + SnapshotFacts.refresh(expectedFile));
    }
    if (!before.equals(answer)) {
      reported.add(key);
      throw new SnapshotException(
          Diagnostics.SCHEMA_SNAPSHOT_STALE,
          "the schema snapshot "
              + expectedFile
              + " is stale: for "
              + what
              + " it has "
              + difference(before, answer)
              + "; "
              + SnapshotFacts.refresh(expectedFile));
    }
  }

  /** The first line where the snapshot and the schema differ, both shown. */
  private static String difference(List<String> before, List<String> now) {
    for (int i = 0; i < Math.max(before.size(), now.size()); i++) {
      String b = i < before.size() ? before.get(i) : "(nothing)";
      String n = i < now.size() ? now.get(i) : "(nothing)";
      if (!b.equals(n)) {
        return "\"" + b + "\" where the schema now has \"" + n + "\"";
      }
    }
    return "another answer";
  }

  @Override
  public Description describe(String sql, String jdbcSql, List<String> declared)
      throws SQLException {
    Description d = live.describe(sql, jdbcSql, declared);
    record(
        FactsCodec.statementKey(sql, declared, searchPath),
        FactsCodec.encode(d),
        FactsCodec.aboutStatement(sql));
    return d;
  }

  @Override
  public Relation relation(String schema, String name) throws SQLException {
    Relation r = live.relation(schema, name);
    record(
        FactsCodec.relationKey(schema, name, searchPath),
        FactsCodec.encode(r),
        FactsCodec.aboutRelation(schema, name));
    return r;
  }

  @Override
  public List<String> relationNames(String schema) throws SQLException {
    List<String> names = live.relationNames(schema);
    record(
        FactsCodec.relationNamesKey(schema, searchPath),
        FactsCodec.encodeNames("name", names),
        FactsCodec.aboutRelationNames(schema));
    return names;
  }

  @Override
  public Relation compositeType(String typeName) throws SQLException {
    Relation r = live.compositeType(typeName);
    record(
        FactsCodec.compositeKey(typeName, searchPath),
        FactsCodec.encode(r),
        FactsCodec.aboutComposite(typeName));
    return r;
  }

  @Override
  public Type typeByName(String name) throws SQLException {
    Type t = live.typeByName(name);
    record(FactsCodec.typeKey(name, searchPath), FactsCodec.encode(t), FactsCodec.aboutType(name));
    return t;
  }

  @Override
  public List<String> enumLabels(String enumName) throws SQLException {
    List<String> labels = live.enumLabels(enumName);
    record(
        FactsCodec.enumKey(enumName, searchPath),
        FactsCodec.encodeNames("label", labels),
        FactsCodec.aboutEnum(enumName));
    return labels;
  }
}
