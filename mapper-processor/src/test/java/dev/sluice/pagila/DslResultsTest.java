package dev.sluice.pagila;

import static dev.sluice.dsl.Dsl.count;
import static dev.sluice.dsl.Dsl.select;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.JdbcRows.ids;
import static dev.sluice.pagila.JdbcRows.rows;
import static dev.sluice.pagila.JdbcRows.text;
import static dev.sluice.pagila.RentalTable.RENTAL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.Database;
import dev.sluice.dsl.FetchStep;
import dev.sluice.dsl.Select;
import dev.sluice.dsl.Tuple2;
import dev.sluice.dsl.Tuple3;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Results (issue 14, Coverage: results): streaming from the DSL ({@code stream()}, {@code forEach})
 * and tuples without a {@code @Row} record, on Pagila against the same queries through pgjdbc.
 * Bounded memory is {@link DslStreamMemoryTest}'s.
 */
@PgTest(pagila = true)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DslResultsTest {
  /** A plain record, no {@code @Row}: made from a tuple by its constructor. */
  record TitleLength(String title, Short length) {}

  private Database db;
  private Connection jdbc;

  @BeforeAll
  void connect(TestDatabase tdb) throws SQLException {
    db = Database.connect(tdb.url());
    jdbc = tdb.jdbc();
  }

  @AfterAll
  void close() throws SQLException {
    jdbc.close();
    db.close();
  }

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
}
