package dev.sluice.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.RowView;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Values that once came back silently different from what the server stored (issue 25, "Fidelity"):
 * each test compares what Sluice reads or binds with the server's own text form of the value.
 */
@PgTest
class FidelityTest {
  private static Database db;

  @BeforeAll
  static void connect(TestDatabase tdb) {
    db = Database.builder().url(tdb.url()).build();
  }

  @AfterAll
  static void close() {
    db.close();
  }

  /** All 256 "char" values: text, getObject and a "char"[] element read as the server prints. */
  @Test
  void charReadsEveryByteAsTheServerPrintsIt() {
    List<String[]> rows =
        Read.all(
            db,
            "SELECT c::text, c, ARRAY[c] FROM (SELECT (i - 128)::\"char\" AS c, i"
                + " FROM generate_series(0, 255) i) s ORDER BY i",
            (RowView r) ->
                new String[] {
                  r.getString(0),
                  r.getString(1),
                  (String) r.getObject(1),
                  r.getList(2, String.class).get(0)
                });
    assertThat(rows).hasSize(256);
    for (String[] row : rows) {
      assertThat(row[1]).as("getString of %s", row[0]).isEqualTo(row[0]);
      assertThat(row[2]).as("getObject of %s", row[0]).isEqualTo(row[0]);
      assertThat(row[3]).as("array element %s", row[0]).isEqualTo(row[0]);
    }
    // The server's forms the mapping is documented with.
    assertThat(rows.get(128)[1]).isEmpty();
    assertThat(rows.get(128 + 0x41)[1]).isEqualTo("A");
    assertThat(rows.get(0xE9 - 128)[1]).isEqualTo("\\351");
  }

  /** Binding the text of every byte stores that byte; a text that is no byte fails before. */
  @Test
  void charBindsTheTextItReads() {
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 256; i++) {
      texts.add(i == 0 ? "" : i < 0x80 ? String.valueOf((char) i) : String.format("\\%03o", i));
    }
    for (int i = 0; i < 256; i++) {
      String t = texts.get(i);
      // int4 to "char" keeps the low byte of a signed value.
      String row =
          Read.one(
              db,
              "SELECT $1::\"char\" = $2::int::\"char\", $1::\"char\"::text",
              (RowView r) -> r.getBoolean(0) + " " + r.getString(1),
              t,
              (int) (byte) i);
      assertThat(row).as("byte %d bound as %s", i, t).isEqualTo("true " + t);
    }
    List<String> array =
        Read.one(db, "SELECT $1::\"char\"[]", (RowView r) -> r.getList(0, String.class), texts);
    assertThat(array).isEqualTo(texts);
    assertThatThrownBy(
            () -> Read.one(db, "SELECT $1::\"char\"", (RowView r) -> r.getString(0), "é"))
        .isInstanceOfSatisfying(
            PgException.class,
            e -> {
              assertThat(e.sqlState()).isEqualTo("22P02");
              assertThat(e.getMessage()).contains("\"é\" is no \"char\" value");
            });
    assertThatThrownBy(
            () -> Read.one(db, "SELECT $1::\"char\"", (RowView r) -> r.getString(0), "ab"))
        .isInstanceOf(PgException.class)
        .hasMessageContaining("\"ab\" is no \"char\" value");
  }

  /** box[] separates its elements with ';': read and bound, a NULL element stays NULL. */
  @Test
  void boxArraysUseTheirOwnDelimiter() {
    String sql =
        "SELECT ARRAY['(1,1),(0,0)'::box, NULL, '(3,4),(-2,-1.5)'], "
            + "(SELECT array_agg(b::text ORDER BY o) FROM unnest(ARRAY['(1,1),(0,0)'::box, NULL,"
            + " '(3,4),(-2,-1.5)']) WITH ORDINALITY AS u(b, o))";
    List<List<String>> both =
        Read.one(
            db,
            sql,
            (RowView r) -> List.of(r.getList(0, String.class), r.getList(1, String.class)));
    assertThat(both.get(0)).containsExactly("(1,1),(0,0)", null, "(3,4),(-2,-1.5)");
    assertThat(both.get(0)).isEqualTo(both.get(1));
    List<String> boxes = new ArrayList<>();
    boxes.add("(1,1),(0,0)");
    boxes.add(null);
    boxes.add("(3,4),(-2,-1.5)");
    assertThat(
            Read.one(
                db,
                "SELECT $1::box[]::text, array_length($1::box[], 1)",
                (RowView r) -> r.getString(0) + " " + r.getInt(1),
                boxes))
        .isEqualTo("{(1,1),(0,0);NULL;(3,4),(-2,-1.5)} 3");
  }

  /** Nested Lists and Java arrays are multi-dimensional arrays, never strings of braces. */
  @Test
  void nestedListsBindAsMultiDimensionalArrays() {
    String sql = "SELECT $1::text[]::text, array_ndims($1::text[])";
    assertThat(
            Read.one(
                db,
                sql,
                (RowView r) -> r.getString(0) + " " + r.getInt(1),
                List.of(List.of("a", "b"), List.of("c", "NULL"))))
        .isEqualTo("{{a,b},{c,\"NULL\"}} 2");
    assertThat(
            Read.one(
                db,
                "SELECT $1::int[]::text",
                (RowView r) -> r.getString(0),
                (Object) new int[][] {{1, 2, 3}, {4, 5, 6}}))
        .isEqualTo("{{1,2,3},{4,5,6}}");
    assertThat(
            Read.one(
                db,
                "SELECT $1::int[]::text, cardinality($1::int[])",
                (RowView r) -> r.getString(0) + " " + r.getInt(1),
                List.of(List.of(), List.of())))
        .isEqualTo("{} 0");
    // Text format (box[] has no binary codec): nested braces, box's own delimiter.
    assertThat(
            Read.one(
                db,
                "SELECT $1::box[]::text",
                (RowView r) -> r.getString(0),
                List.of(List.of("(1,1),(0,0)"), List.of("(2,2),(0,0)"))))
        .isEqualTo("{{(1,1),(0,0)};{(2,2),(0,0)}}");
  }

  @Test
  void raggedNestedListsFailBeforeAnythingIsSent() {
    assertThatThrownBy(
            () ->
                Read.one(
                    db,
                    "SELECT $1::text[]::text",
                    (RowView r) -> r.getString(0),
                    List.of(List.of("a"), List.of("b", "c"))))
        .isInstanceOfSatisfying(
            PgException.class,
            e -> {
              assertThat(e.sqlState()).isEqualTo("2202E");
              assertThat(e.getMessage())
                  .contains(
                      "parameter $1 is no rectangular array: at dimension 2 a sub-array has 2"
                          + " elements where the first has 1");
            });
    assertThatThrownBy(
            () ->
                Read.one(
                    db,
                    "SELECT $1::text[]::text",
                    (RowView r) -> r.getString(0),
                    List.of(List.of("a"), "b")))
        .isInstanceOf(PgException.class)
        .hasMessageContaining("at dimension 2 a value or NULL stands where the first elements are");
    assertThat(Read.one(db, "SELECT 1", (RowView r) -> r.getInt(0))).isEqualTo(1);
  }

  /**
   * The largest numerics PostgreSQL holds (131072 digits before the point, 16383 after): 36864
   * base-10000 digits, past int16's range in the unsigned ndigits field; read and bound back.
   */
  @Test
  void theLargestNumericsReadAndBind() {
    String nines = "9".repeat(131072) + "." + "9".repeat(16383);
    String sql = "SELECT v, v::text FROM (SELECT $1::numeric AS v) s";
    String[] read =
        Read.one(
            db,
            "SELECT v, v::text FROM (SELECT ('-' || repeat('9', 131072) || '.' || repeat('9', 16383))"
                + "::numeric AS v) s",
            (RowView r) ->
                new String[] {r.getBigDecimal(0).toPlainString(), r.getString(0), r.getString(1)});
    assertThat(read[2]).isEqualTo("-" + nines);
    assertThat(read[0]).isEqualTo(read[2]);
    assertThat(read[1]).isEqualTo(read[2]);
    assertThat(
            Read.one(
                db,
                "SELECT $1::numeric::text = $2",
                (RowView r) -> r.getBoolean(0),
                new java.math.BigDecimal(nines),
                nines))
        .isTrue();
    String back =
        Read.one(
            db,
            sql,
            (RowView r) -> r.getBigDecimal(0).toPlainString(),
            new java.math.BigDecimal(nines));
    assertThat(back).isEqualTo(nines);
  }

  /**
   * Arrays whose lower bound is not 1 are refused on every read path, naming the column and the
   * bounds: a List or Java array would keep the elements and drop the bounds.
   */
  @Test
  void arraysWithOtherLowerBoundsAreRefusedNamingColumnAndBounds() {
    String binary = "SELECT '[0:2]={1,2,3}'::int[] AS shifted";
    List<java.util.function.Function<RowView, Object>> getters =
        List.of(r -> r.getList(0, Integer.class), r -> r.getObject(0), r -> r.getString(0));
    for (java.util.function.Function<RowView, Object> getter : getters) {
      assertThatThrownBy(() -> Read.one(db, binary, getter))
          .isInstanceOfSatisfying(
              PgException.class,
              e -> {
                assertThat(e.sqlState()).isEqualTo("0A000");
                assertThat(e.getMessage())
                    .contains("column \"shifted\": array with bounds [0:2] (lower bound 0)");
              });
    }
    // Arrays of types read as text (enums, box, …) carry their bounds in array_out's text.
    assertThatThrownBy(
            () ->
                Read.one(
                    db,
                    "SELECT '[-3:-2]={(1,1),(0,0);(2,2),(0,0)}'::box[] AS boxes",
                    (RowView r) -> r.getList(0, String.class)))
        .isInstanceOf(PgException.class)
        .hasMessageContaining("column \"boxes\": array with bounds [-3:-2] (lower bound -3)");
    // From 1 they read as before; the connection is in step after the failures.
    assertThat(
            Read.one(
                db,
                "SELECT '[1:2]={1,2}'::int[], '[1:1]={(1,1),(0,0)}'::box[]",
                (RowView r) -> List.of(r.getList(0, Integer.class), r.getList(1, String.class))))
        .isEqualTo(List.of(List.of(1, 2), List.of("(1,1),(0,0)")));
  }
}
