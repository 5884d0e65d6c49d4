package dev.sluice.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.RowView;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Multi-dimensional arrays read with {@link RowView#getNestedList} (issue 25), compared with the
 * server's {@code ::text} form of the same value and with what pgjdbc reads. Values after
 * PostgreSQL's regression {@code arrays.sql}, plus empty, NULL elements and 3 dimensions.
 */
@PgTest
class NestedArrayTest {
  private static Database db;
  private static Connection jdbc;

  @BeforeAll
  static void connect(TestDatabase tdb) throws SQLException {
    db = Database.builder().url(tdb.url()).build();
    jdbc = tdb.jdbc();
  }

  @AfterAll
  static void close() throws SQLException {
    db.close();
    jdbc.close();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{}",
        "{1,2,3}",
        "{{1,2,3},{4,5,6},{7,8,9}}",
        "{{{1,2},{3,4}},{{5,6},{7,8}}}",
        "{{NULL,1},{2,NULL}}",
        "{{{NULL}}}",
        "{{-2147483648,2147483647}}",
        "{{{{{{1}}}}}}"
      })
  void intArraysReadAsTheServerPrintsAndAsPgjdbcReads(String literal) throws SQLException {
    String sql = "SELECT '" + literal + "'::int[], '" + literal + "'::int[]::text";
    Object[] ours =
        Read.one(
            db,
            sql,
            (RowView r) -> new Object[] {r.getNestedList(0, Integer.class), r.getString(1)});
    assertThat(text((List<?>) ours[0])).isEqualTo(ours[1]);
    try (Statement st = jdbc.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      assertThat(ours[0]).isEqualTo(lists(rs.getArray(1).getArray()));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"{{a,\"b c\"},{NULL,\"\"}}", "{{{x}},{{y}}}"})
  void textArraysReadAsPgjdbcReads(String literal) throws SQLException {
    String sql = "SELECT '" + literal + "'::text[]";
    Object ours = Read.one(db, sql, (RowView r) -> r.getNestedList(0, String.class));
    try (Statement st = jdbc.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      assertThat(ours).isEqualTo(lists(rs.getArray(1).getArray()));
    }
  }

  /** pgjdbc drops the bounds of '[2:3][1:2]={{1,2},{3,4}}'; we refuse, naming column and bounds. */
  @ParameterizedTest
  @ValueSource(strings = {"[2:3][1:2]={{1,2},{3,4}}", "[1:2][0:1]={{1,2},{3,4}}", "[0:2]={1,2,3}"})
  void boundsOtherThanFromOneAreRefusedWherePgjdbcDropsThem(String literal) throws SQLException {
    String sql = "SELECT '" + literal + "'::int[] AS shifted";
    try (Statement st = jdbc.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      // What pgjdbc gives: the elements, the bounds gone.
      assertThat(lists(rs.getArray(1).getArray()).toString()).doesNotContain(":");
    }
    String bounds = literal.substring(0, literal.indexOf('='));
    assertThatThrownBy(() -> Read.one(db, sql, (RowView r) -> r.getNestedList(0, Integer.class)))
        .isInstanceOfSatisfying(
            PgException.class,
            e -> {
              assertThat(e.sqlState()).isEqualTo("0A000");
              assertThat(e.getMessage())
                  .contains("column \"shifted\": array with bounds " + bounds);
            });
  }

  /** Nested Lists bind as N-dimensional arrays, to int[] and text[], and read back the same. */
  @Test
  void nestedListsBindAsMultiDimensionalArraysAndReadBack() {
    List<List<String>> texts = List.of(List.of("a", "b c"), Arrays.asList(null, ""));
    Object[] row =
        Read.one(
            db,
            "SELECT $1::text[]::text, array_ndims($1::text[]), $1::text[]",
            (RowView r) ->
                new Object[] {r.getString(0), r.getInt(1), r.getNestedList(2, String.class)},
            texts);
    assertThat(row[0]).isEqualTo("{{a,\"b c\"},{NULL,\"\"}}");
    assertThat(row[1]).isEqualTo(2);
    assertThat(row[2]).isEqualTo(texts);
    List<List<List<Integer>>> ints =
        List.of(
            List.of(List.of(1, 2), Arrays.asList(3, null)), List.of(List.of(5, 6), List.of(7, 8)));
    Object[] back =
        Read.one(
            db,
            "SELECT $1::int[]::text, $1::int[]",
            (RowView r) -> new Object[] {r.getString(0), r.getNestedList(1, Integer.class)},
            ints);
    assertThat(back[0]).isEqualTo("{{{1,2},{3,NULL}},{{5,6},{7,8}}}");
    assertThat(back[1]).isEqualTo(ints);
  }

  /** getListOfLists takes two dimensions, or an empty array; another count fails naming it. */
  @Test
  void listsOfListsTakeTwoDimensionsOnly() {
    assertThat(
            Read.one(
                db,
                "SELECT '{{1,2},{3,NULL}}'::int[]",
                (RowView r) -> r.getListOfLists(0, Integer.class)))
        .isEqualTo(List.of(List.of(1, 2), Arrays.asList(3, null)));
    assertThat(
            Read.one(db, "SELECT '{}'::int[]", (RowView r) -> r.getListOfLists(0, Integer.class)))
        .isEmpty();
    assertThat(
            Read.one(
                db,
                "SELECT '{{a}}'::text[], NULL::int[]",
                (RowView r) ->
                    Arrays.asList(
                        r.getListOfLists(0, String.class), r.getListOfLists(1, Long.class))))
        .isEqualTo(Arrays.asList(List.of(List.of("a")), null));
    for (String literal : List.of("{1,2}", "{{{1}}}")) {
      int dims = literal.startsWith("{{{") ? 3 : 1;
      assertThatThrownBy(
              () ->
                  Read.one(
                      db,
                      "SELECT '" + literal + "'::int[] AS grid",
                      (RowView r) -> r.getListOfLists(0, Integer.class)))
          .isInstanceOfSatisfying(
              PgException.class,
              e -> {
                assertThat(e.sqlState()).isEqualTo("2202E");
                assertThat(e.getMessage())
                    .contains(
                        "column \"grid\" holds an array of "
                            + dims
                            + (dims == 1 ? " dimension" : " dimensions")
                            + ", which List<List<Integer>> cannot hold");
              });
    }
    assertThatThrownBy(
            () -> Read.one(db, "SELECT 1 AS n", (RowView r) -> r.getListOfLists(0, Integer.class)))
        .isInstanceOfSatisfying(
            PgException.class, e -> assertThat(e.sqlState()).isEqualTo("42804"));
  }

  /** A ragged nesting is refused before anything is sent. */
  @Test
  void raggedNestedListIsRefused() {
    assertThatThrownBy(
            () ->
                Read.one(
                    db,
                    "SELECT $1::int[]::text",
                    (RowView r) -> r.getString(0),
                    List.of(List.of(1, 2), List.of(3))))
        .isInstanceOfSatisfying(
            PgException.class, e -> assertThat(e.sqlState()).isEqualTo("2202E"));
  }

  /** PostgreSQL's array_out form of nested int lists. */
  private static String text(List<?> list) {
    StringBuilder s = new StringBuilder("{");
    for (int i = 0; i < list.size(); i++) {
      if (i > 0) {
        s.append(',');
      }
      Object e = list.get(i);
      s.append(e == null ? "NULL" : e instanceof List<?> l ? text(l) : e.toString());
    }
    return s.append('}').toString();
  }

  /** pgjdbc's (nested) Java array as nested Lists. */
  private static Object lists(Object array) {
    if (!(array instanceof Object[] items)) {
      return array;
    }
    List<Object> out = new ArrayList<>(items.length);
    for (Object item : items) {
      out.add(lists(item));
    }
    return out;
  }
}
