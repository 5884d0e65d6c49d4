package dev.sluice.pagila;

import static dev.sluice.dsl.Aggregates.count;
import static dev.sluice.dsl.Dsl.select;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.InventoryTable.INVENTORY;
import static dev.sluice.pagila.JdbcRows.ids;
import static dev.sluice.pagila.JdbcRows.rows;
import static dev.sluice.pagila.JdbcRows.text;
import static dev.sluice.pagila.RentalTable.RENTAL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.dsl.FetchStep;
import dev.sluice.dsl.RowsStep;
import dev.sluice.dsl.Select;
import dev.sluice.dsl.Tuple2;
import dev.sluice.dsl.Tuple3;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Results (issue 14, Coverage: results): streaming from the DSL ({@code stream()}, {@code forEach})
 * and tuples without a {@code @Row} record, from the fluent and the from-first steps, and {@code
 * map(…)}, on Pagila against the same queries through pgjdbc. Bounded memory is {@link
 * DslStreamMemoryTest}'s.
 */
class DslResultsTest extends PagilaSession {
  /** A plain record, no {@code @Row}: made from a tuple by its constructor. */
  record TitleLength(String title, Short length) {}

  @Test
  void streamAndForEachReadTheRowsFetchWould() throws SQLException {
    Select<Film> q =
        db.selectFrom(FILM).where(FILM.length.gt((short) 170)).orderBy(FILM.filmId.asc());
    List<String> expected =
        rows(jdbc, "SELECT film_id FROM film WHERE length > 170 ORDER BY film_id");
    try (Stream<Film> films = q.stream()) {
      assertThat(ids(films.toList())).isEqualTo(expected).isNotEmpty();
    }
    List<String> titles = new ArrayList<>();
    db.select(FILM.title)
        .from(FILM)
        .where(FILM.length.gt((short) 170))
        .orderBy(FILM.filmId.asc())
        .forEach(titles::add);
    assertThat(titles)
        .isEqualTo(rows(jdbc, "SELECT title FROM film WHERE length > 170 ORDER BY film_id"));
  }

  @Test
  void twoAndThreeExpressionsReadAsTuplesAndMapToAnyRecord() throws SQLException {
    Select<Tuple2<String, Short>> q =
        db.select(FILM.title, FILM.length)
            .from(FILM)
            .where(FILM.filmId.le(8))
            .orderBy(FILM.filmId.asc());
    assertThat(q.toSql())
        .isEqualTo(
            "SELECT film.title, film.length FROM film WHERE film.film_id <= $1"
                + " ORDER BY film.film_id");
    List<TitleLength> titles = q.fetch().stream().map(t -> t.map(TitleLength::new)).toList();
    assertThat(titles.stream().map(t -> text(t.title(), t.length())).toList())
        .isEqualTo(rows(jdbc, "SELECT title, length FROM film WHERE film_id <= 8 ORDER BY film_id"))
        .hasSize(8);

    // Three columns, a NULL among them (rentals not returned), and an aggregate.
    FetchStep<Tuple3<Integer, OffsetDateTime, Long>> rentals =
        db.select(RENTAL.customerId, RENTAL.returnDate, count())
            .from(RENTAL)
            .where(RENTAL.customerId.le(30))
            .groupBy(RENTAL.customerId, RENTAL.returnDate)
            .orderBy(RENTAL.customerId.asc(), RENTAL.returnDate.asc().nullsFirst());
    List<Tuple3<Integer, OffsetDateTime, Long>> got = rentals.fetch();
    assertThat(got.stream().map(t -> text(t.first(), t.second() == null, t.third())).toList())
        .isEqualTo(
            rows(
                    jdbc,
                    "SELECT customer_id, return_date IS NULL, count(*) FROM rental"
                        + " WHERE customer_id <= 30 GROUP BY customer_id, return_date"
                        + " ORDER BY customer_id, return_date NULLS FIRST")
                .stream()
                .map(r -> r.replace("|t|", "|true|").replace("|f|", "|false|"))
                .toList())
        .anyMatch(r -> r.contains("|true|"));
    assertThat(select(FILM.title, FILM.length, FILM.filmId).from(FILM).toSql())
        .isEqualTo("SELECT film.title, film.length, film.film_id FROM film");
    try (Stream<Tuple2<String, Short>> s = q.stream()) {
      assertThat(s.count()).isEqualTo(8);
    }
  }

  @Test
  void fromFirstStepsStreamForEachAndMap() throws SQLException {
    String longFilms = "SELECT film_id FROM film WHERE length > 170 ORDER BY film_id";
    List<String> expected = rows(jdbc, longFilms);
    // No ORDER BY on a from-first step itself: compare the rows sorted by id.
    try (Stream<Film> films = db.from(FILM).where(f -> f.length.gt((short) 170)).stream()) {
      assertThat(sortedIds(films.map(Film::filmId).toList())).isEqualTo(expected).isNotEmpty();
    }
    List<Integer> seen = new ArrayList<>();
    db.from(FILM).where(f -> f.length.gt((short) 170)).forEach(f -> seen.add(f.filmId()));
    assertThat(sortedIds(seen)).isEqualTo(expected);
    RowsStep<Integer> ids = db.from(FILM).where(f -> f.length.gt((short) 170)).map(Film::filmId);
    assertThat(ids.toSql()).isEqualTo(db.from(FILM).where(f -> f.length.gt((short) 170)).toSql());
    assertThat(sortedIds(ids.fetch())).isEqualTo(expected);

    // A join of two, its first table's rows (one per copy in inventory) and a tuple of both.
    String copies =
        "SELECT f.film_id, i.inventory_id, i.store_id FROM film f JOIN inventory i"
            + " ON i.film_id = f.film_id WHERE f.film_id <= 5 ORDER BY i.inventory_id";
    Select<Tuple3<Integer, Integer, Integer>> tuples =
        db.from(FILM)
            .join(INVENTORY)
            .on((f, i) -> i.filmId.eq(f.filmId))
            .where((f, i) -> f.filmId.le(5))
            .select(FILM.filmId, INVENTORY.inventoryId, INVENTORY.storeId)
            .orderBy(INVENTORY.inventoryId.asc());
    assertThat(tuples.toSql())
        .isEqualTo(
            "SELECT film.film_id, inventory.inventory_id, inventory.store_id FROM film JOIN"
                + " inventory ON inventory.film_id = film.film_id WHERE film.film_id <= $1"
                + " ORDER BY inventory.inventory_id");
    try (Stream<String> s = tuples.stream().map(t -> t.map(JdbcRows::text))) {
      assertThat(s.toList()).isEqualTo(rows(jdbc, copies)).hasSizeGreaterThan(5);
    }
    List<String> joinedFilms = new ArrayList<>();
    db.from(FILM)
        .join(INVENTORY)
        .on((f, i) -> i.filmId.eq(f.filmId))
        .where((f, i) -> f.filmId.le(5))
        .forEach(f -> joinedFilms.add(String.valueOf(f.filmId())));
    Collections.sort(joinedFilms);
    List<String> expectedFilms = new ArrayList<>();
    for (String r : rows(jdbc, copies)) {
      expectedFilms.add(r.substring(0, r.indexOf('|')));
    }
    Collections.sort(expectedFilms);
    assertThat(joinedFilms).isEqualTo(expectedFilms);
  }

  @Test
  void mapMakesEachRowAsItIsDecodedForEveryWayOfReading() throws SQLException {
    String sql = "SELECT title, length FROM film WHERE film_id <= 8 ORDER BY film_id";
    List<String> expected = rows(jdbc, sql);
    RowsStep<TitleLength> titles =
        db.select(FILM.title, FILM.length)
            .from(FILM)
            .where(FILM.filmId.le(8))
            .orderBy(FILM.filmId.asc())
            .map(t -> t.map(TitleLength::new));
    assertThat(titles.toSql())
        .isEqualTo(
            "SELECT film.title, film.length FROM film WHERE film.film_id <= $1"
                + " ORDER BY film.film_id");
    assertThat(titles.bindValues()).containsExactly(8);
    assertThat(lines(titles.fetch())).isEqualTo(expected);
    try (Stream<TitleLength> s = titles.stream()) {
      assertThat(lines(s.toList())).isEqualTo(expected);
    }
    List<TitleLength> each = new ArrayList<>();
    titles.forEach(each::add);
    assertThat(lines(each)).isEqualTo(expected);
    // Mapped again: the functions compose, still one query.
    assertThat(titles.map(TitleLength::title).fetch())
        .isEqualTo(rows(jdbc, "SELECT title FROM film WHERE film_id <= 8 ORDER BY film_id"));
    assertThat(
            db.selectFrom(FILM)
                .where(FILM.filmId.eq(3))
                .map(f -> f.title() + "/" + f.length())
                .fetchOne())
        .contains(rows(jdbc, "SELECT title || '/' || length FROM film WHERE film_id = 3").get(0));
    // A set operation's rows, mapped.
    assertThat(
            db.select(FILM.filmId)
                .from(FILM)
                .where(FILM.filmId.le(3))
                .union(db.select(FILM.filmId).from(FILM).where(FILM.filmId.between(998, 1000)))
                .orderBy(FILM.filmId.desc())
                .map(id -> id * 10)
                .fetch())
        .containsExactly(10000, 9990, 9980, 30, 20, 10);
  }

  private static List<String> lines(List<TitleLength> titles) {
    List<String> out = new ArrayList<>();
    for (TitleLength t : titles) {
      out.add(text(t.title(), t.length()));
    }
    return out;
  }

  private static List<String> sortedIds(List<Integer> ids) {
    List<Integer> sorted = new ArrayList<>(ids);
    Collections.sort(sorted);
    List<String> out = new ArrayList<>();
    for (Integer id : sorted) {
      out.add(String.valueOf(id));
    }
    return out;
  }
}
