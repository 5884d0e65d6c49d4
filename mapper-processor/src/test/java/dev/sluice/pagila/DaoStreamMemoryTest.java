package dev.sluice.pagila;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.Database;
import dev.sluice.annotations.Dao;
import dev.sluice.annotations.Query;
import dev.sluice.annotations.Row;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.Iterator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Streams 5,000,000 rows through a generated DAO's Stream method in a JVM of 64 MiB heap (this
 * class runs in a surefire execution of its own with -Xmx64m): a list of them would need several
 * hundred MiB, so the test only passes if memory stays bounded.
 */
@PgTest
class DaoStreamMemoryTest {
  @Row
  record Numbered(long n, String text) {}

  @Dao
  interface SeriesDao {
    /** Must be closed. */
    @Query("SELECT n::int8 AS n, 'row number ' || n AS text FROM generate_series(1, :count) n")
    Stream<Numbered> series(int count);
  }

  @Test
  void fiveMillionRowsInSixtyFourMegabytes(TestDatabase tdb) {
    long maxHeap = Runtime.getRuntime().maxMemory();
    assertThat(maxHeap).as("this test must run with -Xmx64m").isLessThanOrEqualTo(80L << 20);
    try (Database db = Database.connect(tdb.url());
        Stream<Numbered> rows = db.dao(SeriesDao.class).series(5_000_000)) {
      long count = 0;
      long sum = 0;
      long textChars = 0;
      Iterator<Numbered> it = rows.iterator();
      while (it.hasNext()) {
        Numbered r = it.next();
        count++;
        sum += r.n();
        textChars += r.text().length();
      }
      assertThat(count).isEqualTo(5_000_000L);
      assertThat(sum).isEqualTo(5_000_000L * 5_000_001L / 2);
      assertThat(textChars).isGreaterThan(count * 11);
    }
  }
}
