package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.Iterator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Streams 5,000,000 rows in a JVM of 64 MiB heap (this class runs in a surefire execution of its
 * own with -Xmx64m): a list of them would need several hundred MiB, so the test only passes if
 * memory stays bounded while streaming.
 */
@PgTest
class StreamMemoryTest {
  record Row(long n, String text) {}

  static final RowDecoder<Row> ROW =
      columns -> {
        int n = columns.require("n", "n");
        int t = columns.require("t", "t");
        return row -> new Row(row.getLong(n), row.getString(t));
      };

  @Test
  void fiveMillionRowsInSixtyFourMegabytes(TestDatabase tdb) {
    long maxHeap = Runtime.getRuntime().maxMemory();
    assertThat(maxHeap).as("this test must run with -Xmx64m").isLessThanOrEqualTo(80L << 20);
    try (Database db = Database.connect(tdb.url());
        Stream<Row> rows =
            db.stream(
                "SELECT n::int8 AS n, 'row number ' || n AS t FROM generate_series(1, 5000000) n",
                ROW)) {
      long count = 0;
      long sum = 0;
      long textBytes = 0;
      Iterator<Row> it = rows.iterator();
      while (it.hasNext()) {
        Row r = it.next();
        count++;
        sum += r.n();
        textBytes += r.text().length();
      }
      assertThat(count).isEqualTo(5_000_000L);
      assertThat(sum).isEqualTo(5_000_000L * 5_000_001L / 2);
      assertThat(textBytes).isGreaterThan(count * 11);
    }
  }
}
