package dev.sluice.pagila;

import static dev.sluice.dsl.Aggregates.count;
import static dev.sluice.dsl.Aggregates.cube;
import static dev.sluice.dsl.Aggregates.grouping;
import static dev.sluice.dsl.Aggregates.groupingSet;
import static dev.sluice.dsl.Aggregates.groupingSets;
import static dev.sluice.dsl.Aggregates.rollup;
import static dev.sluice.dsl.Conditions.noCondition;
import static dev.sluice.dsl.Dsl.select;
import static dev.sluice.dsl.Dsl.selectFrom;
import static dev.sluice.dsl.Expressions.cast;
import static dev.sluice.dsl.Expressions.coalesce;
import static dev.sluice.dsl.Expressions.concat;
import static dev.sluice.dsl.Expressions.value;
import static dev.sluice.dsl.Windows.currentRow;
import static dev.sluice.dsl.Windows.firstValue;
import static dev.sluice.dsl.Windows.lag;
import static dev.sluice.dsl.Windows.lead;
import static dev.sluice.dsl.Windows.ntile;
import static dev.sluice.dsl.Windows.orderedBy;
import static dev.sluice.dsl.Windows.partitionBy;
import static dev.sluice.dsl.Windows.preceding;
import static dev.sluice.dsl.Windows.unboundedPreceding;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.InventoryTable.INVENTORY;
import static dev.sluice.pagila.JdbcRows.ids;
import static dev.sluice.pagila.JdbcRows.rows;
import static dev.sluice.pagila.JdbcRows.texts;
import static dev.sluice.pagila.RentalTable.RENTAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.PgException;
import dev.sluice.dsl.Expression;
import dev.sluice.dsl.FetchStep;
import dev.sluice.dsl.GroupingSet;
import dev.sluice.dsl.SelectOffsetStep;
import dev.sluice.dsl.SqlType;
import dev.sluice.dsl.Window;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SELECT clauses (issue 14, Coverage: SELECT): DISTINCT ON, locking, window frames, named windows,
 * window functions, FILTER, grouping sets, NULLS FIRST/LAST. Each rendered SQL is pinned, then run
 * on Pagila against the same query written in SQL through pgjdbc, on rows where the clause changes
 * the answer; the locking clauses run against rows another connection's transaction holds.
 */
class DslSelectClausesTest extends PagilaSession {
  @Test
  void distinctOnKeepsTheFirstRowOfEachGroupInTheOrder() throws SQLException {
    FetchStep<Film> longest =
        db.selectFrom(FILM)
            .distinctOn(FILM.rating)
            .orderBy(FILM.rating.asc(), FILM.length.desc(), FILM.filmId.desc());
    assertThat(longest.toSql())
        .startsWith("SELECT DISTINCT ON (film.rating) film.film_id, film.title,")
        .endsWith(" FROM film ORDER BY film.rating, film.length DESC, film.film_id DESC");
    List<String> expected =
        rows(
            jdbc,
            "SELECT film_id FROM film f WHERE film_id = (SELECT g.film_id FROM film g WHERE"
                + " g.rating = f.rating ORDER BY g.length DESC, g.film_id DESC LIMIT 1)"
                + " ORDER BY rating");
    assertThat(ids(longest.fetch())).isEqualTo(expected).hasSize(5);
    // Ties on the longest length are where the order after rating decides the row kept.
    assertThat(
            rows(
                jdbc,
                "SELECT count(*) FROM film f WHERE length = (SELECT max(length) FROM film g"
                    + " WHERE g.rating = f.rating)"))
        .containsExactly(String.valueOf(expectedTies()));
    assertThatThrownBy(() -> selectFrom(FILM).distinctOn())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("DISTINCT ON needs at least one expression");
  }

  private int expectedTies() throws SQLException {
    String n =
        rows(
                jdbc,
                "SELECT count(*) FROM film f WHERE length = (SELECT max(length) FROM film g"
                    + " WHERE g.rating = f.rating)")
            .get(0);
    assertThat(Integer.parseInt(n)).isGreaterThan(5);
    return Integer.parseInt(n);
  }

  @Test
  void lockingClausesAgainstRowsAnotherTransactionHolds() throws SQLException {
    assertThat(
            selectFrom(FILM)
                .join(INVENTORY)
                .on(INVENTORY.filmId.eq(FILM.filmId))
                .where(FILM.filmId.le(10))
                .limit(3)
                .forNoKeyUpdate()
                .of(FILM, INVENTORY)
                .skipLocked()
                .toSql())
        .endsWith(" LIMIT $2 FOR NO KEY UPDATE OF film, inventory SKIP LOCKED");
    boolean autoCommit = jdbc.getAutoCommit();
    jdbc.setAutoCommit(false);
    try (Statement s = jdbc.createStatement()) {
      // The other transaction, on the pgjdbc connection: films 1 to 5 locked FOR UPDATE.
      s.execute("SELECT film_id FROM film WHERE film_id <= 5 FOR UPDATE");

      FetchStep<Integer> free =
          select(FILM.filmId)
              .from(FILM)
              .where(FILM.filmId.le(10))
              .orderBy(FILM.filmId.asc())
              .forUpdate()
              .skipLocked();
      assertThat(free.toSql())
          .isEqualTo(
              "SELECT film.film_id FROM film WHERE film.film_id <= $1 ORDER BY film.film_id"
                  + " FOR UPDATE SKIP LOCKED");
      List<Integer> unlocked =
          db.transaction(
              tx ->
                  tx.select(FILM.filmId)
                      .from(FILM)
                      .where(FILM.filmId.le(10))
                      .orderBy(FILM.filmId.asc())
                      .forUpdate()
                      .skipLocked()
                      .fetch());
      assertThat(unlocked).containsExactly(6, 7, 8, 9, 10);

      for (boolean share : new boolean[] {false, true}) {
        assertThatThrownBy(
                () ->
                    db.useTransaction(
                        tx -> {
                          SelectOffsetStep<Integer> q =
                              tx.select(FILM.filmId).from(FILM).where(FILM.filmId.eq(3)).limit(1);
                          (share ? q.forShare() : q.forUpdate()).nowait().fetch();
                        }))
            .isInstanceOf(PgException.class)
            .satisfies(e -> assertThat(((PgException) e).sqlState()).isEqualTo("55P03"));
      }
      jdbc.rollback();

      // Now a FOR SHARE there: another share lock is granted, an update lock is not.
      s.execute("SELECT film_id FROM film WHERE film_id <= 5 FOR SHARE");
      List<Integer> shared =
          db.transaction(
              tx ->
                  tx.select(FILM.filmId)
                      .from(FILM)
                      .where(FILM.filmId.le(5))
                      .orderBy(FILM.filmId.asc())
                      .forShare()
                      .nowait()
                      .fetch());
      assertThat(shared).containsExactly(1, 2, 3, 4, 5);
      List<Integer> updatable =
          db.transaction(
              tx ->
                  tx.select(FILM.filmId)
                      .from(FILM)
                      .where(FILM.filmId.le(7))
                      .orderBy(FILM.filmId.asc())
                      .forUpdate()
                      .skipLocked()
                      .fetch());
      assertThat(updatable).containsExactly(6, 7);
    } finally {
      jdbc.rollback();
      jdbc.setAutoCommit(autoCommit);
    }
    assertThatThrownBy(() -> selectFrom(FILM).forUpdate().of())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("FOR UPDATE OF needs at least one table; leave out of() to lock every table");
    assertThatThrownBy(() -> selectFrom(FILM).union(selectFrom(FILM)).forUpdate())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("FOR UPDATE is not allowed with UNION");
  }

  @Test
  void rowsAndRangeFramesDifferOnPeers() throws SQLException {
    Window byLength = orderedBy(FILM.length.asc());
    Expression<String> rowsFrame =
        concat(
            FILM.length,
            value(":"),
            count().over(byLength.rowsBetween(preceding(5), currentRow())));
    Expression<String> rangeFrame =
        concat(
            FILM.length,
            value(":"),
            count().over(byLength.rangeBetween(preceding(5), currentRow())));
    FetchStep<String> rows = db.select(rowsFrame).from(FILM);
    FetchStep<String> range = db.select(rangeFrame).from(FILM);
    assertThat(rows.toSql())
        .isEqualTo(
            "SELECT (film.length || $1 || count(*) OVER (ORDER BY film.length ROWS BETWEEN $2"
                + " PRECEDING AND CURRENT ROW)) FROM film");
    assertThat(range.toSql()).contains("OVER (ORDER BY film.length RANGE BETWEEN $2 PRECEDING");
    // Which of several peers comes first is not defined, so compare the rows as sorted lists.
    List<String> expectedRows =
        sorted(
            rows(
                jdbc,
                "SELECT length || ':' || count(*) OVER (ORDER BY length ROWS BETWEEN 5"
                    + " PRECEDING AND CURRENT ROW) FROM film"));
    List<String> expectedRange =
        sorted(
            rows(
                jdbc,
                "SELECT f.length || ':' || (SELECT count(*) FROM film g WHERE g.length BETWEEN"
                    + " f.length - 5 AND f.length) FROM film f"));
    assertThat(sorted(rows.fetch())).isEqualTo(expectedRows);
    assertThat(sorted(range.fetch())).isEqualTo(expectedRange).isNotEqualTo(expectedRows);

    FetchStep<String> running =
        db.select(
                concat(
                    FILM.length,
                    value(":"),
                    count().over(byLength.rangeBetween(unboundedPreceding(), currentRow()))))
            .from(FILM);
    assertThat(sorted(running.fetch()))
        .isEqualTo(
            sorted(
                rows(
                    jdbc,
                    "SELECT f.length || ':' || (SELECT count(*) FROM film g WHERE g.length <="
                        + " f.length) FROM film f")));
  }

  @Test
  void namedWindowsAndLagLeadFirstValueNtile() throws SQLException {
    Window w = partitionBy(FILM.rating).orderBy(FILM.filmId.asc()).as("w");
    FetchStep<String> q =
        db.select(
                concat(
                    FILM.filmId,
                    value(":"),
                    coalesce(lag(FILM.filmId).over(w), value(0)),
                    value(":"),
                    lead(FILM.filmId, 2, -1).over(w),
                    value(":"),
                    firstValue(FILM.title).over(w),
                    value(":"),
                    ntile(4).over(w)))
            .from(FILM)
            .window(w)
            .orderBy(FILM.filmId.asc());
    assertThat(q.toSql())
        .isEqualTo(
            "SELECT (film.film_id || $1 || coalesce(lag(film.film_id) OVER w, $2) || $3 ||"
                + " lead(film.film_id, $4, $5) OVER w || $6 || first_value(film.title) OVER w ||"
                + " $7 || ntile($8) OVER w) FROM film WINDOW w AS (PARTITION BY film.rating"
                + " ORDER BY film.film_id) ORDER BY film.film_id");
    List<String> expected =
        rows(
            jdbc,
            "SELECT film_id || ':' || coalesce((SELECT max(g.film_id) FROM film g WHERE"
                + " g.rating = f.rating AND g.film_id < f.film_id), 0) || ':' || coalesce("
                + "(SELECT g.film_id FROM film g WHERE g.rating = f.rating AND g.film_id >"
                + " f.film_id ORDER BY g.film_id OFFSET 1 LIMIT 1), -1) || ':' || (SELECT"
                + " g.title FROM film g WHERE g.rating = f.rating ORDER BY g.film_id LIMIT 1)"
                + " || ':' || ntile(4) OVER (PARTITION BY rating ORDER BY film_id)"
                + " FROM film f ORDER BY film_id");
    List<String> ours = q.fetch();
    assertThat(ours).isEqualTo(expected);
    assertThat(String.join(",", ours)).contains(":0:", ":-1:", ":1", ":4");
    assertThatThrownBy(() -> selectFrom(FILM).window(orderedBy(FILM.filmId.asc())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "WINDOW declares named windows: name (ORDER BY film.film_id) with as(\"name\")");
  }

  @Test
  void filterCountsOnlyTheRowsItSaysAndAnEmptyFilterIsNone() throws SQLException {
    FetchStep<String> q =
        db.select(
                concat(
                    FILM.rating,
                    value(":"),
                    count().filter(FILM.length.gt((short) 120)),
                    value(":"),
                    count()))
            .from(FILM)
            .groupBy(FILM.rating)
            .orderBy(FILM.rating.asc());
    assertThat(q.toSql())
        .isEqualTo(
            "SELECT (film.rating || $1 || count(*) FILTER (WHERE film.length > $2) || $3 ||"
                + " count(*)) FROM film GROUP BY film.rating ORDER BY film.rating");
    assertThat(q.fetch())
        .isEqualTo(
            rows(
                jdbc,
                "SELECT rating || ':' || sum(CASE WHEN length > 120 THEN 1 ELSE 0 END) || ':'"
                    + " || count(*) FROM film GROUP BY rating ORDER BY rating"));
    assertThat(select(count().filter(noCondition())).from(FILM).toSql())
        .isEqualTo("SELECT count(*) FROM film");
  }

  @Test
  void rollupCubeAndGroupingSets() throws SQLException {
    Expression<String> line =
        concat(
            coalesce(cast(FILM.rating, SqlType.TEXT), value("*")),
            value(":"),
            coalesce(cast(FILM.rentalDuration, SqlType.TEXT), value("*")),
            value(":"),
            count(),
            value(":"),
            grouping(FILM.rating, FILM.rentalDuration));
    String sqlLine =
        "coalesce(rating::text, '*') || ':' || coalesce(rental_duration::text, '*') || ':' ||"
            + " count(*) || ':' || grouping(rating, rental_duration)";
    List<GroupingSet> groupings =
        List.of(
            rollup(FILM.rating, FILM.rentalDuration),
            cube(FILM.rating, FILM.rentalDuration),
            groupingSets(
                groupingSet(FILM.rentalDuration), groupingSet(FILM.rating), groupingSet()));
    List<String> sqlGroupings =
        List.of(
            "ROLLUP (rating, rental_duration)",
            "CUBE (rating, rental_duration)",
            "GROUPING SETS ((rental_duration), (rating), ())");
    List<Integer> sizes = new ArrayList<>();
    for (int i = 0; i < groupings.size(); i++) {
      FetchStep<String> q = db.select(line).from(FILM).groupBy(groupings.get(i));
      assertThat(q.toSql())
          .endsWith(
              " FROM film GROUP BY "
                  + sqlGroupings
                      .get(i)
                      .replace("rating", "film.rating")
                      .replace("rental_duration", "film.rental_duration"));
      List<String> expected =
          sorted(rows(jdbc, "SELECT " + sqlLine + " FROM film GROUP BY " + sqlGroupings.get(i)));
      assertThat(sorted(q.fetch())).as(sqlGroupings.get(i)).isEqualTo(expected);
      assertThat(expected).as(sqlGroupings.get(i)).contains("*:*:1000:3");
      sizes.add(expected.size());
    }
    // 5 ratings × 5 durations, + 5 subtotals, + the total; CUBE adds 5 more; sets: 5 + 5 + 1.
    assertThat(sizes).containsExactly(31, 36, 11);
    assertThatThrownBy(() -> rollup())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("ROLLUP of nothing: give it the expressions to group by");
  }

  @Test
  void nullsFirstAndLastPlaceTheNulls() throws SQLException {
    String[] orders = {
      "return_date DESC NULLS LAST, rental_id",
      "return_date NULLS FIRST, rental_id",
      "return_date DESC, rental_id"
    };
    List<FetchStep<Long>> queries =
        List.of(
            db.select(RENTAL.rentalId)
                .from(RENTAL)
                .where(RENTAL.customerId.le(20))
                .orderBy(RENTAL.returnDate.desc().nullsLast(), RENTAL.rentalId.asc()),
            db.select(RENTAL.rentalId)
                .from(RENTAL)
                .where(RENTAL.customerId.le(20))
                .orderBy(RENTAL.returnDate.asc().nullsFirst(), RENTAL.rentalId.asc()),
            db.select(RENTAL.rentalId)
                .from(RENTAL)
                .where(RENTAL.customerId.le(20))
                .orderBy(RENTAL.returnDate.desc(), RENTAL.rentalId.asc()));
    List<List<String>> results = new ArrayList<>();
    for (int i = 0; i < orders.length; i++) {
      List<String> expected =
          rows(jdbc, "SELECT rental_id FROM rental WHERE customer_id <= 20 ORDER BY " + orders[i]);
      assertThat(texts(queries.get(i).fetch())).as(orders[i]).isEqualTo(expected);
      results.add(expected);
    }
    assertThat(queries.get(0).toSql())
        .endsWith(" ORDER BY rental.return_date DESC NULLS LAST, rental.rental_id");
    // NULL return dates are there, and the clause moves them: first and last differ.
    assertThat(
            rows(
                jdbc,
                "SELECT count(*) > 0 FROM rental WHERE customer_id <= 20 AND return_date IS"
                    + " NULL"))
        .containsExactly("t");
    assertThat(results.get(0)).isNotEqualTo(results.get(2));
  }

  private static List<String> sorted(List<String> rows) {
    List<String> out = new ArrayList<>(rows);
    Collections.sort(out);
    return out;
  }
}
