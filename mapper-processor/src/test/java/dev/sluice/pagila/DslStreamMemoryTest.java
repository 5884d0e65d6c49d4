package dev.sluice.pagila;

import static dev.sluice.pagila.NumberedTable.NUMBERED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.Database;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Reads 3,000,000 rows through the DSL's {@code stream()} and {@code forEach}, from the fluent and
 * the from-first steps, mapped ({@code map}) and as tuples, in a JVM of 64 MiB heap (this class
 * runs in the bounded-memory surefire execution with -Xmx64m): a list of them would need a few
 * hundred MiB, so the test passes only if memory stays bounded.
 */
@PgTest
class DslStreamMemoryTest {
  private static final long ROWS = 3_000_000L;

  @Test
  void threeMillionRowsThroughStreamAndForEachInSixtyFourMegabytes(TestDatabase tdb)
      throws SQLException {
    long maxHeap = Runtime.getRuntime().maxMemory();
    assertThat(maxHeap).as("this test must run with -Xmx64m").isLessThanOrEqualTo(80L << 20);
    try (java.sql.Connection jdbc = tdb.jdbc();
        Statement s = jdbc.createStatement()) {
      s.execute(
          "CREATE TABLE numbered AS SELECT n::int8 AS n, 'row number ' || n AS text"
              + " FROM generate_series(1, "
              + ROWS
              + ") n");
    }
    try (Database db = Database.connect(tdb.url())) {
      long count = 0;
      long sum = 0;
      long textChars = 0;
      try (Stream<Numbered> rows = db.selectFrom(NUMBERED).where(NUMBERED.n.gt(0L)).stream()) {
        Iterator<Numbered> it = rows.iterator();
        while (it.hasNext()) {
          Numbered r = it.next();
          count++;
          sum += r.n();
          textChars += r.text().length();
        }
      }
      assertThat(count).isEqualTo(ROWS);
      assertThat(sum).isEqualTo(ROWS * (ROWS + 1) / 2);
      assertThat(textChars).isGreaterThan(count * 11);

      AtomicLong scalars = new AtomicLong();
      AtomicLong scalarSum = new AtomicLong();
      db.select(NUMBERED.n)
          .from(NUMBERED)
          .forEach(
              n -> {
                scalars.incrementAndGet();
                scalarSum.addAndGet(n);
              });
      assertThat(scalars.get()).isEqualTo(ROWS);
      assertThat(scalarSum.get()).isEqualTo(ROWS * (ROWS + 1) / 2);
      // From the from-first steps: the first table's rows mapped as decoded, streamed.
      try (Stream<Long> ns = db.from(NUMBERED).where(t -> t.n.gt(0L)).map(Numbered::n).stream()) {
        Iterator<Long> it = ns.iterator();
        long mapped = 0;
        long mappedSum = 0;
        while (it.hasNext()) {
          mapped++;
          mappedSum += it.next();
        }
        assertThat(mapped).isEqualTo(ROWS);
        assertThat(mappedSum).isEqualTo(ROWS * (ROWS + 1) / 2);
      }
      // A tuple of two from a from-first step, through forEach.
      AtomicLong tuples = new AtomicLong();
      AtomicLong tupleChars = new AtomicLong();
      db.from(NUMBERED)
          .select(NUMBERED.n, NUMBERED.text)
          .forEach(
              t -> {
                tuples.incrementAndGet();
                tupleChars.addAndGet(t.second().length());
              });
      assertThat(tuples.get()).isEqualTo(ROWS);
      assertThat(tupleChars.get()).isEqualTo(textChars);
      // The from-first step's own forEach, of records.
      AtomicLong records = new AtomicLong();
      db.from(NUMBERED).forEach(r -> records.incrementAndGet());
      assertThat(records.get()).isEqualTo(ROWS);
      // The connection came back clean: the pool still runs queries.
      assertThat(db.select(NUMBERED.n).from(NUMBERED).where(NUMBERED.n.eq(7L)).fetch())
          .containsExactly(7L);
    }
  }
}
