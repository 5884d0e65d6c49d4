package dev.sluice.types;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.Database;
import dev.sluice.Range;
import dev.sluice.RowDecoder;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Ranges created in the database over a built-in range's subtype (issue 25's type registry): their
 * OIDs are looked up once per connection and they are read in binary as that built-in range, with
 * their multiranges and arrays; a range over a subtype no built-in range has (float8) stays text.
 * Each value is compared with the server's own text of it.
 */
@PgTest
class DerivedRangeTest {
  private static final String SCHEMA =
      "DROP TABLE IF EXISTS spans; DROP TYPE IF EXISTS intspan, numspan, dayspan, floatspan;"
          + " CREATE TYPE intspan AS RANGE (subtype = int4);"
          + " CREATE TYPE numspan AS RANGE (subtype = numeric);"
          + " CREATE TYPE dayspan AS RANGE (subtype = date);"
          + " CREATE TYPE floatspan AS RANGE (subtype = float8);"
          + " CREATE TABLE spans (id int PRIMARY KEY, i intspan, n numspan, d dayspan,"
          + " m intspan_multirange, a intspan[], f floatspan);"
          + " INSERT INTO spans VALUES (1, '[1,5]', '(1.5,)', '[2024-01-01,2024-02-01)',"
          + " '{[1,3), [7,9]}', '{\"[1,2]\",empty,NULL}', '[1.5,2.5)')";

  private static final String READ =
      "SELECT i, n, d, m, a, f, i::text, m::text, f::text FROM spans WHERE id = 1";

  record Spans(
      Range<Integer> i,
      Range<BigDecimal> n,
      Range<LocalDate> d,
      List<Range<Integer>> m,
      List<Object> a,
      String f,
      String iText,
      String mText,
      String fText,
      String binary) {}

  private static final RowDecoder<Spans> SPANS =
      columns ->
          row ->
              new Spans(
                  row.getRange(0, Integer.class),
                  row.getRange(1, BigDecimal.class),
                  row.getRange(2, LocalDate.class),
                  row.getMultirange(3, Integer.class),
                  row.getList(4, Object.class),
                  row.getString(5),
                  row.getString(6),
                  row.getString(7),
                  row.getString(8),
                  ""
                      + row.isBinary(0)
                      + row.isBinary(1)
                      + row.isBinary(2)
                      + row.isBinary(3)
                      + row.isBinary(4)
                      + row.isBinary(5));

  @Test
  void rangesOverABuiltInSubtypeReadInBinaryAsTheServerPrintsThem(TestDatabase tdb)
      throws Exception {
    tdb.execute(SCHEMA);
    try (Database db = Database.connect(tdb.url())) {
      for (int run = 0; run < 3; run++) { // unnamed, then named and described, then cached
        Spans s = db.queryOne(READ, SPANS).orElseThrow();
        // Binary for the ranges over int4, numeric and date, their multirange and array; text for
        // the range over float8.
        assertThat(s.binary()).isEqualTo("truetruetruetruetruefalse");
        // No canonical function: '[1,5]' keeps its inclusive upper bound, as the server prints it.
        assertThat(s.i()).isEqualTo(Range.closed(1, 5));
        assertThat(s.iText()).isEqualTo("[1,5]");
        assertThat(s.n()).isEqualTo(Range.of(new BigDecimal("1.5"), false, null, false));
        assertThat(s.d())
            .isEqualTo(Range.closedOpen(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 2, 1)));
        assertThat(s.m()).containsExactly(Range.closedOpen(1, 3), Range.closed(7, 9));
        assertThat(s.mText()).isEqualTo("{[1,3),[7,9]}");
        assertThat(s.a()).isEqualTo(Arrays.asList(Range.closed(1, 2), Range.empty(), null));
        assertThat(s.f()).isEqualTo(s.fText()).isEqualTo("[1.5,2.5)");
      }
      // A Range is declared as the built-in range of its bounds (int4range), which the server
      // does not compare with an intspan: a value of a created range type is bound as its text,
      // of unspecified type, which the server parses as the type it infers.
      Spans s = db.queryOne(READ, SPANS).orElseThrow();
      assertThat(
              db.queryOne(
                      "SELECT i = $1 AND m = $2 FROM spans WHERE id = 1",
                      columns -> row -> row.getBoolean(0),
                      s.i().toString(),
                      s.mText())
                  .orElseThrow())
          .isTrue();
    }
  }

  @Test
  void aRangeTypeDroppedAndCreatedOverAnotherSubtypeIsReadAsTheNewOne(TestDatabase tdb)
      throws Exception {
    tdb.execute(SCHEMA);
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      RowDecoder<String> first = columns -> row -> row.getRange(0, Object.class).toString();
      assertThat(db.queryOne("SELECT i FROM spans", first).orElseThrow())
          .isEqualTo(Range.closed(1, 5).toString());
      tdb.execute(
          "DROP TABLE spans; DROP TYPE intspan; CREATE TYPE intspan AS RANGE (subtype = int8);"
              + " CREATE TABLE spans (i intspan); INSERT INTO spans VALUES ('[9000000000,)')");
      RowDecoder<Range<Long>> longs = columns -> row -> row.getRange(0, Long.class);
      assertThat(db.queryOne("SELECT i FROM spans", longs).orElseThrow())
          .isEqualTo(Range.of(9_000_000_000L, true, null, false));
    }
  }
}
