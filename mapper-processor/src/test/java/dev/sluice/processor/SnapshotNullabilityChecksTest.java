package dev.sluice.processor;

import com.google.testing.compile.Compilation;

/**
 * Every case of {@link NullabilityChecksTest} compiled twice, as {@link SnapshotChecksTest} does:
 * live while recording a snapshot, then from the snapshot alone, which must report exactly what the
 * live compilation did. So each cause a nullable-column message names, of a plain column or a
 * computed one, is recorded in the snapshot and read back word for word.
 */
class SnapshotNullabilityChecksTest extends NullabilityChecksTest {
  @Override
  Compilation compile(String... lines) {
    return SnapshotChecksTest.throughSnapshot(db.url(), lines);
  }
}
