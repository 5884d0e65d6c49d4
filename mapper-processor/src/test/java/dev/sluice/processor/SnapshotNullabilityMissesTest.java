package dev.sluice.processor;

import com.google.testing.compile.Compilation;

/**
 * Every case of {@link NullabilityMissesTest} compiled live while recording a snapshot, then from
 * the snapshot alone ({@link SnapshotChecksTest#throughSnapshot}): the causes named for computed
 * columns and for a {@code @Table} over a view read back word for word.
 */
class SnapshotNullabilityMissesTest extends NullabilityMissesTest {
  @Override
  Compilation compile(String... lines) {
    return SnapshotChecksTest.throughSnapshot(db.url(), lines);
  }
}
