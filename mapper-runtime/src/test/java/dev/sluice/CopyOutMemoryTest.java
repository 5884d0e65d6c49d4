package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * COPY TO STDOUT of 2,000,000 rows in a JVM of 64 MiB heap (this class runs in the surefire
 * execution with -Xmx64m), as bytes and as decoded rows: the rows go to the stream or the consumer
 * one CopyData at a time, straight from the receive buffer, so nothing grows with the result.
 */
@PgTest
class CopyOutMemoryTest {
  @Test
  void twoMillionRowsInSixtyFourMegabytes(TestDatabase tdb) {
    assertThat(Runtime.getRuntime().maxMemory())
        .as("this test must run with -Xmx64m")
        .isLessThanOrEqualTo(80L << 20);
    ByteCounter counter = new ByteCounter();
    try (Database db = Database.connect(tdb.url())) {
      long rows =
          db.copyOut(
              "COPY (SELECT g, repeat('x', 40) FROM generate_series(1, 2000000) g) TO STDOUT",
              counter);
      assertThat(rows).isEqualTo(2_000_000);
      assertThat(counter.bytes()).isGreaterThan(2_000_000L * 42); // far beyond the heap
      // And into records: decoded one at a time, none kept.
      long[] sum = {0};
      long copied =
          db.copyOut(
              "SELECT g AS n FROM generate_series(1, 2000000) g",
              TestDecoders.INT,
              n -> sum[0] += n);
      assertThat(copied).isEqualTo(2_000_000);
      assertThat(sum[0]).isEqualTo(2_000_000L * 2_000_001L / 2);
    }
  }
}
