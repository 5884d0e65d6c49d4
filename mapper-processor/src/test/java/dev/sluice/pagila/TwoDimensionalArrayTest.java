package dev.sluice.pagila;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Generated decoders read two-dimensional arrays into {@code List<List<T>>}, {@code T[][]} and
 * {@code int[][]} components (issue 25); the dimensions of each value are checked, since the
 * column's type does not fix them.
 */
@PgTest
class TwoDimensionalArrayTest {
  private static final String ROW =
      "SELECT 1 AS id, '{{1,2,3},{4,5,6}}'::int[] AS cells, '{{7,NULL},{NULL,8}}'::int[] AS boxed,"
          + " '{{-2147483648,2147483647}}'::int[] AS primitive,"
          + " '{{a,\"b c\"},{NULL,\"\"}}'::text[] AS words";

  @Test
  void twoDimensionalArraysReadAsTheServerHoldsThem(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      for (int run = 0; run < 2; run++) { // described, then the cached statement
        Grid g = db.queryOne(ROW, Grid.class).orElseThrow();
        assertThat(g.cells()).isEqualTo(List.of(List.of(1, 2, 3), List.of(4, 5, 6)));
        assertThat(g.boxed()).isDeepEqualTo(new Integer[][] {{7, null}, {null, 8}});
        assertThat(g.primitive())
            .isDeepEqualTo(new int[][] {{Integer.MIN_VALUE, Integer.MAX_VALUE}});
        assertThat(g.words()).isEqualTo(List.of(List.of("a", "b c"), Arrays.asList(null, "")));
      }
      // The same shapes bind as two-dimensional arrays and read back equal.
      assertThat(
              db.queryOne(
                      "SELECT 3 AS id, $1::int[] AS cells, $2::int[] AS boxed, $3::int[] AS primitive,"
                          + " $4::text[] AS words",
                      Grid.class,
                      List.of(List.of(1, 2), List.of(3, 4)),
                      new Integer[][] {{5, null}},
                      new int[][] {{6}, {7}},
                      List.of(Arrays.asList("x", null)))
                  .orElseThrow())
          .satisfies(
              g -> {
                assertThat(g.cells()).isEqualTo(List.of(List.of(1, 2), List.of(3, 4)));
                assertThat(g.boxed()).isDeepEqualTo(new Integer[][] {{5, null}});
                assertThat(g.primitive()).isDeepEqualTo(new int[][] {{6}, {7}});
                assertThat(g.words()).isEqualTo(List.of(Arrays.asList("x", null)));
              });
      // Empty arrays are empty; a NULL column in a nullable component is null.
      Grid empty =
          db.queryOne(
                  "SELECT 2 AS id, '{}'::int[] AS cells, '{}'::int[] AS boxed,"
                      + " '{}'::int[] AS primitive, NULL::text[] AS words",
                  Grid.class)
              .orElseThrow();
      assertThat(empty.cells()).isEmpty();
      assertThat(empty.boxed()).isEmpty();
      assertThat(empty.primitive()).isEmpty();
      assertThat(empty.words()).isNull();
    }
  }

  @Test
  void anotherNumberOfDimensionsOrANullPrimitiveFailsNamingTheColumn(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      PgException flat =
          catchThrowableOfType(
              PgException.class,
              () -> db.query(ROW.replace("'{{1,2,3},{4,5,6}}'", "'{1,2,3}'"), Grid.class));
      assertThat(flat.sqlState()).isEqualTo("2202E");
      assertThat(flat.getMessage())
          .contains(
              "column \"cells\" holds an array of 1 dimension, which List<List<Integer>> cannot"
                  + " hold: it takes two");
      PgException deep =
          catchThrowableOfType(
              PgException.class,
              () -> db.query(ROW.replace("'{{7,NULL},{NULL,8}}'", "'{{{7}}}'"), Grid.class));
      assertThat(deep.sqlState()).isEqualTo("2202E");
      assertThat(deep.getMessage())
          .contains("column \"boxed\" holds an array of 3 dimensions, which List<List<Integer>>");
      PgException nullElement =
          catchThrowableOfType(
              PgException.class,
              () ->
                  db.query(
                      ROW.replace("'{{-2147483648,2147483647}}'", "'{{1,NULL}}'"), Grid.class));
      assertThat(nullElement.sqlState()).isEqualTo("22004");
      assertThat(nullElement.getMessage())
          .contains("column \"primitive\" holds a NULL element, which int[][] cannot hold");
      // The connection is clean after each: the next statement runs on it.
      assertThat(db.queryOne(ROW, Grid.class)).isPresent();
    }
  }

  @Test
  void deeperArraysReadIntoListsNestedAsDeep(TestDatabase tdb) {
    String sql =
        "SELECT 1 AS id, '{{{1,2},{3,4}},{{5,6},{7,NULL}}}'::int[] AS cells,"
            + " '{{{{a}},{{\"b c\"}}}}'::text[] AS words";
    try (Database db = Database.connect(tdb.url())) {
      for (int run = 0; run < 2; run++) { // described, then the cached statement
        Cube c = db.queryOne(sql, Cube.class).orElseThrow();
        assertThat(c.cells())
            .isEqualTo(
                List.of(
                    List.of(List.of(1, 2), List.of(3, 4)),
                    List.of(List.of(5, 6), Arrays.asList(7, null))));
        assertThat(c.cells().get(1).get(1).get(0)).isEqualTo(7);
        assertThat(c.words())
            .isEqualTo(List.of(List.of(List.of(List.of("a")), List.of(List.of("b c")))));
      }
      Cube empty =
          db.queryOne("SELECT 2 AS id, '{}'::int[] AS cells, NULL::text[] AS words", Cube.class)
              .orElseThrow();
      assertThat(empty.cells()).isEmpty();
      assertThat(empty.words()).isNull();
      PgException flat =
          catchThrowableOfType(
              PgException.class,
              () ->
                  db.query(
                      sql.replace("'{{{1,2},{3,4}},{{5,6},{7,NULL}}}'", "'{{1}}'"), Cube.class));
      assertThat(flat.sqlState()).isEqualTo("2202E");
      assertThat(flat.getMessage())
          .contains(
              "column \"cells\" holds an array of 2 dimensions, which List<List<List<Integer>>>"
                  + " cannot hold: it takes three");
      assertThat(db.queryOne(sql, Cube.class)).isPresent(); // the connection is clean
    }
  }
}
