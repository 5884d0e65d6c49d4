package dev.sluice.pagila;

import static dev.sluice.pagila.NumberedTable.NUMBERED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.Database;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Iterator;
import org.junit.jupiter.api.Test;

/**
 * COPY of 1,000,000 records both ways in a JVM of 64 MiB heap (this class runs in the
 * bounded-memory surefire execution with -Xmx64m): into the table from a source made as it is read,
 * and out of it into records handed on one at a time — so the test passes only if neither way holds
 * the rows.
 */
@PgTest
class DslCopyStreamMemoryTest {
  private static final int ROWS = 1_000_000;

  @Test
  void aMillionRecordsInAndOutInSixtyFourMegabytes(TestDatabase tdb) throws SQLException {
    assertThat(Runtime.getRuntime().maxMemory())
        .as("this test must run with -Xmx64m")
        .isLessThanOrEqualTo(80L << 20);
    try (java.sql.Connection jdbc = tdb.jdbc();
        Statement s = jdbc.createStatement()) {
      s.execute("CREATE TABLE numbered (n int8, text text)");
    }
    Iterator<Numbered> source =
        new Iterator<>() {
          long n;

          @Override
          public boolean hasNext() {
            return n < ROWS;
          }

          @Override
          public Numbered next() {
            n++;
            return new Numbered(n, "row number " + n);
          }
        };
    try (Database db = Database.connect(tdb.url())) {
      assertThat(db.copyIn(NUMBERED, source)).isEqualTo(ROWS);
      long[] seen = {0, 0};
      long copied =
          db.copyOut(
              "SELECT n, text FROM numbered",
              Numbered.class,
              r -> {
                seen[0]++;
                seen[1] += r.n();
              });
      assertThat(copied).isEqualTo(ROWS);
      assertThat(seen[0]).isEqualTo(ROWS);
      assertThat(seen[1]).isEqualTo((long) ROWS * (ROWS + 1) / 2);
    }
  }
}
