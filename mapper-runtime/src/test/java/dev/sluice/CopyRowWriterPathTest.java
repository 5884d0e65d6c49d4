package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.dsl.Column;
import dev.sluice.dsl.Table;
import dev.sluice.generated.CopyRow;
import dev.sluice.generated.CopyRowWriter;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code copyIn(table, records)} takes the table's row writer when it has one (as every generated
 * table class does; written by hand here, as the processor would write it): the writer writes every
 * row and {@code values} is never called; a writer whose column count is not the table's is refused
 * before anything is sent; a record accessor that throws mid-COPY aborts it, leaving no row and a
 * connection in step.
 */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CopyRowWriterPathTest {
  /** A row of {@code tagged}. */
  record Tagged(int id, double weight, String label, UUID key) {
    @Override
    public String label() {
      if (id == BROKEN) {
        throw new IllegalStateException("the accessor of record " + id + " broke");
      }
      return label;
    }
  }

  static final int BROKEN = -1;

  /** The metadata and row writer the processor would generate for {@link Tagged}. */
  static final class TaggedTable extends Table<Tagged> {
    final AtomicInteger written = new AtomicInteger();
    private final int writerColumns;

    TaggedTable(int writerColumns) {
      super("", "tagged", "tagged", Tagged.class);
      this.writerColumns = writerColumns;
      column("id", int.class, "integer", Column.ID);
      column("weight", double.class, "double precision", 0);
      column("label", String.class, "text", 0);
      column("key", UUID.class, "uuid", 0);
    }

    @Override
    public Table<Tagged> as(String alias) {
      throw new UnsupportedOperationException("not used here");
    }

    @Override
    protected Table<Tagged> named(String name) {
      throw new UnsupportedOperationException("not used here");
    }

    @Override
    public Object[] values(Tagged t) {
      throw new AssertionError("values() is the path without a row writer");
    }

    @Override
    public CopyRowWriter<Tagged> copyRowWriter() {
      return new CopyRowWriter<>(writerColumns) {
        @Override
        public void write(Tagged t, CopyRow row) {
          written.incrementAndGet();
          row.putInt(0, t.id());
          row.putDouble(1, t.weight());
          row.putText(2, t.label());
          row.putObject(3, t.key());
        }
      };
    }
  }

  private TestDatabase tdb;

  @BeforeAll
  void schema(TestDatabase tdb) throws Exception {
    this.tdb = tdb;
    tdb.execute(
        "CREATE TABLE tagged (id int PRIMARY KEY, weight double precision, label text, key uuid)");
  }

  @BeforeEach
  void empty() throws Exception {
    tdb.execute("TRUNCATE tagged");
  }

  private static List<Tagged> rows(int n) {
    List<Tagged> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(new Tagged(i, i * 0.5, i % 7 == 0 ? null : "label " + i, new UUID(i, ~i)));
    }
    return rows;
  }

  private static int pid(Database db) {
    return db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
  }

  @Test
  void theWriterWritesEveryRowAndTheValuesArrayIsNeverBuilt() {
    TaggedTable table = new TaggedTable(4);
    try (Database db = Database.connect(tdb.url())) {
      assertThat(db.copyIn(table, rows(20_000))).isEqualTo(20_000);
      assertThat(table.written.get()).isEqualTo(20_000);
      assertThat(
              db.query(
                  "SELECT format('%s|%s|%s|%s', id, weight, coalesce(label, 'null'), key)"
                      + " FROM tagged WHERE id IN (7, 12345) ORDER BY id",
                  TestDecoders.STRING))
          .containsExactly(
              "7|3.5|null|00000000-0000-0007-ffff-fffffffffff8",
              "12345|6172.5|label 12345|00000000-0000-3039-ffff-ffffffffcfc6");
    }
  }

  @Test
  void aWriterOfAnotherColumnCountIsRefusedBeforeTheCopy() {
    TaggedTable table = new TaggedTable(3);
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      int pid = pid(db);
      IllegalStateException e =
          catchThrowableOfType(IllegalStateException.class, () -> db.copyIn(table, rows(3)));
      assertThat(e)
          .hasMessage(
              "the row writer of tagged writes 3 columns, the table has 4 that are not generated:"
                  + " regenerate the table class");
      assertThat(table.written.get()).isZero();
      assertThat(pid(db)).isEqualTo(pid);
      assertThat(db.query("SELECT count(*) FROM tagged", TestDecoders.LONG)).containsExactly(0L);
    }
  }

  @Test
  void anAccessorThatThrowsMidCopyAbortsItAndLeavesTheConnectionInStep() {
    TaggedTable table = new TaggedTable(4);
    List<Tagged> rows = rows(30_000);
    rows.set(25_000, new Tagged(BROKEN, 1, "x", null));
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      int pid = pid(db);
      IllegalStateException e =
          catchThrowableOfType(IllegalStateException.class, () -> db.copyIn(table, rows));
      assertThat(e).hasMessage("the accessor of record -1 broke");
      assertThat(pid(db)).isEqualTo(pid);
      assertThat(db.query("SELECT count(*) FROM tagged", TestDecoders.LONG)).containsExactly(0L);
    }
  }
}
