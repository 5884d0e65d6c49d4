package dev.sluice.pagila;

import static dev.sluice.dsl.Aggregates.count;
import static dev.sluice.dsl.Aggregates.sum;
import static dev.sluice.dsl.Dsl.selectFrom;
import static dev.sluice.dsl.Expressions.concat;
import static dev.sluice.dsl.Expressions.value;
import static dev.sluice.dsl.Windows.currentRow;
import static dev.sluice.dsl.Windows.following;
import static dev.sluice.dsl.Windows.orderedBy;
import static dev.sluice.dsl.Windows.partitionBy;
import static dev.sluice.dsl.Windows.preceding;
import static dev.sluice.dsl.Windows.rank;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.JdbcRows.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.dsl.FetchStep;
import dev.sluice.dsl.Window;
import java.sql.SQLException;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Window frames' exclusion ({@code EXCLUDE CURRENT ROW | GROUP | TIES | NO OTHERS}) and windows
 * extending named ones ({@code OVER (w ORDER BY …)}, {@code w2 AS (w …)}), with PostgreSQL's rules
 * for extension checked when the window is built. Each SQL is pinned and run on Pagila against a
 * query written without the construct (correlated subqueries), on films whose lengths tie, so each
 * exclusion gives another answer.
 */
class DslWindowFramesTest extends PagilaSession {
  /** film_id:sum of film_id over the groups of peers by length before, at and after the row's. */
  private FetchStep<String> sumOverNeighbourGroups(UnaryOperator<Window> exclusion) {
    Window frame = orderedBy(FILM.length.asc()).groupsBetween(preceding(1), following(1));
    return db.select(concat(FILM.filmId, value(":"), sum(FILM.filmId).over(exclusion.apply(frame))))
        .from(FILM)
        .orderBy(FILM.filmId.asc());
  }

  /**
   * The same without a window: g numbers the groups of peers (dense_rank), and {@code excluded}
   * says which rows of the three groups to leave out.
   */
  private List<String> expectedSum(String kept) throws SQLException {
    return rows(
        jdbc,
        "WITH r AS (SELECT film_id, dense_rank() OVER (ORDER BY length) AS g FROM film)"
            + " SELECT f.film_id || ':' || (SELECT sum(x.film_id) FROM r x"
            + " WHERE x.g BETWEEN f.g - 1 AND f.g + 1 AND ("
            + kept
            + ")) FROM r f ORDER BY f.film_id");
  }

  @Test
  void eachFrameExclusionLeavesOutWhatItSays() throws SQLException {
    FetchStep<String> ties = sumOverNeighbourGroups(Window::excludeTies);
    assertThat(ties.toSql())
        .isEqualTo(
            "SELECT (film.film_id || $1 || sum(film.film_id) OVER (ORDER BY film.length GROUPS"
                + " BETWEEN $2 PRECEDING AND $3 FOLLOWING EXCLUDE TIES)) FROM film"
                + " ORDER BY film.film_id");
    assertThat(sumOverNeighbourGroups(Window::excludeCurrentRow).toSql())
        .contains("FOLLOWING EXCLUDE CURRENT ROW)");
    assertThat(sumOverNeighbourGroups(Window::excludeGroup).toSql())
        .contains("FOLLOWING EXCLUDE GROUP)");
    assertThat(sumOverNeighbourGroups(Window::excludeNoOthers).toSql())
        .contains("FOLLOWING EXCLUDE NO OTHERS)");

    List<String> currentRow = expectedSum("x.film_id <> f.film_id");
    List<String> group = expectedSum("x.g <> f.g");
    List<String> tiesKept = expectedSum("x.g <> f.g OR x.film_id = f.film_id");
    List<String> noOthers = expectedSum("TRUE");
    assertThat(List.of(currentRow, group, tiesKept, noOthers))
        .as("on these rows every exclusion changes the answer")
        .doesNotHaveDuplicates();
    assertThat(ties.fetch()).isEqualTo(tiesKept).hasSize(1000);
    assertThat(sumOverNeighbourGroups(Window::excludeCurrentRow).fetch()).isEqualTo(currentRow);
    assertThat(sumOverNeighbourGroups(Window::excludeGroup).fetch()).isEqualTo(group);
    assertThat(sumOverNeighbourGroups(Window::excludeNoOthers).fetch()).isEqualTo(noOthers);
  }

  @Test
  void anExclusionNeedsAFrame() {
    assertThatThrownBy(() -> orderedBy(FILM.length.asc()).excludeTies())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "EXCLUDE TIES needs a frame: give (ORDER BY film.length) rowsBetween, rangeBetween or"
                + " groupsBetween first");
  }

  @Test
  void windowsExtendingANamedOne() throws SQLException {
    Window w = partitionBy(FILM.rating).as("w");
    Window w2 = w.extend().orderBy(FILM.length.desc(), FILM.filmId.asc()).as("w2");
    FetchStep<String> q =
        db.select(
                concat(
                    FILM.filmId,
                    value(":"),
                    rank().over(w.extend().orderBy(FILM.length.desc())),
                    value(":"),
                    sum(FILM.length).over(w2.extend().rowsBetween(preceding(1), currentRow())),
                    value(":"),
                    count().over(w)))
            .from(FILM)
            .window(w, w2)
            .orderBy(FILM.filmId.asc());
    assertThat(q.toSql())
        .isEqualTo(
            "SELECT (film.film_id || $1 || rank() OVER (w ORDER BY film.length DESC) || $2 ||"
                + " sum(film.length) OVER (w2 ROWS BETWEEN $3 PRECEDING AND CURRENT ROW) || $4 ||"
                + " count(*) OVER w) FROM film WINDOW w AS (PARTITION BY film.rating),"
                + " w2 AS (w ORDER BY film.length DESC, film.film_id) ORDER BY film.film_id");
    List<String> expected =
        rows(
            jdbc,
            "SELECT f.film_id || ':' || (1 + (SELECT count(*) FROM film g"
                + " WHERE g.rating IS NOT DISTINCT FROM f.rating AND g.length > f.length))"
                + " || ':' || (f.length + coalesce((SELECT g.length FROM film g"
                + " WHERE g.rating IS NOT DISTINCT FROM f.rating AND (g.length > f.length"
                + " OR (g.length = f.length AND g.film_id < f.film_id))"
                + " ORDER BY g.length, g.film_id DESC LIMIT 1), 0))"
                + " || ':' || (SELECT count(*) FROM film g"
                + " WHERE g.rating IS NOT DISTINCT FROM f.rating)"
                + " FROM film f ORDER BY f.film_id");
    List<String> ours = q.fetch();
    assertThat(ours).isEqualTo(expected).hasSize(1000);
    // The extension's ORDER BY is what ranks: without it every row of w would rank 1.
    assertThat(ours).anyMatch(r -> !r.split(":")[1].equals("1"));
  }

  @Test
  void extensionFollowsPostgresRulesWhenBuilt() {
    assertThatThrownBy(() -> partitionBy(FILM.rating).extend())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "only a named window can be extended: name (PARTITION BY film.rating) with"
                + " as(\"name\") first");
    Window ordered = orderedBy(FILM.length.asc()).as("o");
    assertThatThrownBy(() -> ordered.extend().orderBy(FILM.filmId.asc()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "window o has an ORDER BY already; a window extending it may not order it again"
                + " (PostgreSQL: cannot override ORDER BY clause of window): order the base, or"
                + " extend a base without ORDER BY");
    // Two levels down: the ORDER BY came from the middle window.
    Window middle = partitionBy(FILM.rating).as("p").extend().orderBy(FILM.length.asc()).as("m");
    assertThatThrownBy(() -> middle.extend().orderBy(FILM.filmId.asc()))
        .hasMessageStartingWith("window m has an ORDER BY already");
    assertThatThrownBy(
            () ->
                partitionBy(FILM.rating)
                    .rowsBetween(preceding(1), currentRow())
                    .as("framed")
                    .extend())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "window framed has a frame (ROWS BETWEEN …); PostgreSQL cannot copy a window with a"
                + " frame: give the frame to the window extending it instead");
    Window w = partitionBy(FILM.rating).as("w");
    Window w2 = w.extend().orderBy(FILM.filmId.asc()).as("w2");
    assertThatThrownBy(() -> selectFrom(FILM).window(w2, w))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "WINDOW w2 extends window w, which must be declared before it: window(…, w, w2, …)");
    assertThat(selectFrom(FILM).window(w, w2).toSql())
        .endsWith(
            " FROM film WINDOW w AS (PARTITION BY film.rating), w2 AS (w ORDER BY film.film_id)");
  }
}
