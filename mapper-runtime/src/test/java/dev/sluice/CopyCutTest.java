package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.dsl.Column;
import dev.sluice.dsl.Table;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * A connection cut by {@link FaultProxy} in the middle of a COPY, both ways, outside a transaction:
 * the error says what is known of the outcome — a COPY FROM STDIN cut before its CopyDone wrote
 * nothing (08006), one cut after it may or may not have committed (08007) — the table holds nothing
 * half-written (counted through another connection), a COPY TO STDOUT leaves the caller with a
 * prefix of the rows and a clear error, and the pool discards the connection and goes on.
 */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CopyCutTest {
  private static final int ROWS = 200_000;

  /** A row of {@code entry}. */
  record Entry(int id, String note) {}

  /** The metadata the processor would generate for {@link Entry}, written by hand. */
  static final class EntryTable extends Table<Entry> {
    static final EntryTable ENTRY = new EntryTable("entry");
    final Column<Entry, Integer> id;
    final Column<Entry, String> note;

    private EntryTable(String name) {
      super("", name, name, Entry.class);
      id = column("id", int.class, "integer", Column.ID);
      note = column("note", String.class, "text", 0);
    }

    @Override
    public EntryTable as(String alias) {
      throw new UnsupportedOperationException("not used here");
    }

    @Override
    protected EntryTable named(String name) {
      return new EntryTable(name);
    }

    @Override
    public Object[] values(Entry e) {
      return new Object[] {e.id(), e.note()};
    }
  }

  private TestDatabase tdb;
  private FaultProxy proxy;
  private Database db;

  @BeforeAll
  void schema(TestDatabase tdb) throws Exception {
    this.tdb = tdb;
    tdb.execute("CREATE TABLE entry (id int PRIMARY KEY, note text NOT NULL)");
    tdb.execute(
        "CREATE TABLE source AS SELECT i AS id, 'source row ' || i AS note"
            + " FROM generate_series(1, "
            + ROWS
            + ") i");
    proxy = new FaultProxy(tdb.host(), tdb.port());
    db = Database.builder().url(proxy.url(tdb)).maxPoolSize(1).build();
  }

  @AfterAll
  void close() throws Exception {
    db.close();
    proxy.close();
  }

  @BeforeEach
  void empty() throws Exception {
    tdb.execute("TRUNCATE entry");
    assertThePoolGoesOn(); // the pool's one connection is open before a proxy is armed
  }

  private static List<Entry> entries() {
    return IntStream.rangeClosed(1, ROWS).mapToObj(i -> new Entry(i, "copied row " + i)).toList();
  }

  private static byte[] text() {
    StringBuilder data = new StringBuilder();
    for (int i = 1; i <= ROWS; i++) {
      data.append(i).append("\tcopied row ").append(i).append('\n');
    }
    return data.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** The rows of {@code entry} as another client, beside the proxy, sees them. */
  private long committedRows() throws Exception {
    try (Connection c = tdb.jdbc();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM entry")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private void assertThePoolGoesOn() {
    assertThat(db.query("SELECT 40 + $1", TestDecoders.INT, 2)).containsExactly(42);
  }

  /**
   * Waits until the proxy has made its next cut: a source that would otherwise hand its rest to the
   * kernel's socket buffers (megabytes on loopback) before the cut is noticed, and so have sent
   * CopyDone, which makes the outcome unknown.
   */
  private void awaitCut(int cutsBefore) {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (proxy.cuts() == cutsBefore && System.nanoTime() < until) {
      Thread.onSpinWait();
    }
  }

  @Test
  void recordsCutBeforeCopyDoneWroteNothingAndSaySo() throws Exception {
    List<Entry> rows = entries();
    int cutsBefore = proxy.cuts();
    proxy.cutAfterClientBytes(1_000_000); // about a fifth of the data
    Iterator<Entry> source =
        new Iterator<>() {
          int next;

          @Override
          public boolean hasNext() {
            return next < rows.size();
          }

          @Override
          public Entry next() {
            if (next == ROWS / 2) {
              awaitCut(cutsBefore); // well past the first 1,000,000 bytes
            }
            return rows.get(next++);
          }
        };
    PgException e =
        catchThrowableOfType(PgException.class, () -> db.copyIn(EntryTable.ENTRY, source));
    assertThat(proxy.cuts()).isEqualTo(cutsBefore + 1);
    assertThat(e.sqlState()).isEqualTo("08006");
    assertThat(e.getMessage())
        .contains("lost")
        .contains("rows of the source had been sent")
        .contains("before its end (CopyDone) was sent: the server cannot have committed it")
        .contains("nothing was written");
    assertThat(e.statement())
        .isEqualTo("COPY \"entry\" (\"id\", \"note\") FROM STDIN (FORMAT binary)");
    assertThat(committedRows()).isZero();
    assertThePoolGoesOn();
    assertThat(db.copyIn(EntryTable.ENTRY, rows.subList(0, 10))).isEqualTo(10);
    assertThat(committedRows()).isEqualTo(10);
  }

  @Test
  void aStreamCutBeforeCopyDoneWroteNothingAndSaysSo() throws Exception {
    byte[] data = text();
    int cutsBefore = proxy.cuts();
    proxy.cutAfterClientBytes(data.length / 4);
    InputStream source =
        new ByteArrayInputStream(data) {
          @Override
          public synchronized int read(byte[] b, int off, int len) {
            if (pos >= data.length / 2) {
              awaitCut(cutsBefore);
            }
            return super.read(b, off, len);
          }
        };
    PgException e =
        catchThrowableOfType(PgException.class, () -> db.copyIn("COPY entry FROM STDIN", source));
    assertThat(e.sqlState()).isEqualTo("08006");
    assertThat(e.getMessage())
        .contains("bytes of its data had been sent")
        .contains("the server cannot have committed it; nothing was written");
    assertThat(e.statement()).isEqualTo("COPY entry FROM STDIN");
    assertThat(committedRows()).isZero();
    assertThePoolGoesOn();
  }

  @Test
  void aCutAfterCopyDoneIsAnUnknownOutcome() throws Exception {
    byte[] data = text();
    // CopyDone: 'c' and its length 4. Text data holds no zero byte, so only CopyDone matches.
    proxy.cutWhenClientSends("c\0\0\0\4", FaultProxy.Cut.AFTER_THE_SERVER_ANSWERS);
    PgException e =
        catchThrowableOfType(
            PgException.class,
            () -> db.copyIn("COPY entry FROM STDIN", new ByteArrayInputStream(data)));
    assertThat(e.sqlState()).isEqualTo("08007");
    assertThat(e.getMessage())
        .contains("after its end (CopyDone) was sent and before the server's reply")
        .contains("it may or may not have committed");
    assertThat(committedRows()).as("the server did commit it").isEqualTo(ROWS);
    assertThePoolGoesOn();
  }

  @Test
  void aStreamOutCutMidwayKeepsAPrefixAndSaysSo() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    proxy.cutAfterServerBytes(500_000);
    PgException e =
        catchThrowableOfType(
            PgException.class,
            () -> db.copyOut("COPY (SELECT * FROM source ORDER BY id) TO STDOUT", out));
    assertThat(e.sqlState()).isEqualTo("08006");
    assertThat(e.getMessage())
        .contains("lost")
        .containsPattern("after [0-9]+ rows had been handed on: the rest did not arrive");
    String[] lines = out.toString(StandardCharsets.UTF_8).split("\n", -1);
    int whole = lines.length - 1; // the last piece is empty, or a row cut short is not there
    assertThat(whole).isBetween(1, ROWS - 1);
    for (int i = 0; i < whole; i++) {
      assertThat(lines[i]).isEqualTo((i + 1) + "\tsource row " + (i + 1));
    }
    assertThat(e.getMessage()).contains("after " + whole + " rows");
    assertThePoolGoesOn();
  }

  @Test
  void recordsOutCutMidwayKeepAPrefixAndSaySo() {
    List<Integer> ids = new ArrayList<>();
    proxy.cutAfterServerBytes(500_000);
    PgException e =
        catchThrowableOfType(
            PgException.class,
            () -> db.copyOut("SELECT id FROM source ORDER BY id", TestDecoders.INT, ids::add));
    assertThat(e.sqlState()).isEqualTo("08006");
    assertThat(e.getMessage()).contains("after " + ids.size() + " rows had been handed on");
    assertThat(ids.size()).isBetween(1, ROWS - 1);
    for (int i = 0; i < ids.size(); i++) {
      assertThat(ids.get(i)).isEqualTo(i + 1);
    }
    assertThePoolGoesOn();
    assertThat(db.copyOut("SELECT id FROM source WHERE id <= 3", TestDecoders.INT, ids::add))
        .isEqualTo(3);
  }
}
