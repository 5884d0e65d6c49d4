package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.CopyCutTest.Entry;
import dev.sluice.CopyCutTest.EntryTable;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How {@code copyIn} of records frames its rows, counted by a real proxy between the driver and the
 * server ({@link TransactionPooler} with one backend, which forwards and counts each message): many
 * rows to a CopyData message, each message ending at a flush of the 64 KiB send buffer, since the
 * server pays for every message it reads. A failed row still drops only its own bytes (see
 * CopyCutTest and the DAO's COPY tests).
 */
@PgTest
class CopyFramingTest {
  private static final int ROWS = 20_000;

  @Test
  void recordsGoManyRowsToACopyDataMessage(TestDatabase tdb) throws Exception {
    tdb.execute("DROP TABLE IF EXISTS entry");
    tdb.execute("CREATE TABLE entry (id int PRIMARY KEY, note text NOT NULL)");
    List<Entry> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      rows.add(new Entry(i, "note number " + i));
    }
    try (TransactionPooler proxy = TransactionPooler.of(tdb, 1);
        Database db = Database.connect(proxy.url())) {
      assertThat(db.copyIn(EntryTable.ENTRY, rows)).isEqualTo(ROWS);
      // 20,000 rows of about 40 bytes each are some 800 KB: a dozen or so messages of 64 KiB,
      // never one per row.
      int messages = proxy.clientMessages('d');
      assertThat(messages).isBetween(2, 40);
      assertThat(proxy.clientMessages('c')).isEqualTo(1); // one CopyDone
      assertThat(db.queryOne("SELECT count(*)::int FROM entry", Integer.class)).contains(ROWS);
      assertThat(db.queryOne("SELECT note FROM entry WHERE id = $1", String.class, ROWS - 1))
          .contains("note number " + (ROWS - 1));
    }
  }
}
