package dev.sluice.pagila;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Generated decoders reading composite columns into {@code @Row} records, in binary, straight from
 * the receive buffer (issue 25): one-to-many in one query over Pagila, nested composites, arrays of
 * composites with NULL elements, NULL fields and values.
 */
@PgTest(pagila = true)
class CompositeDecodingTest {
  @Test
  void aFilmsActorsComeInOneQueryAsTheActorsTableReadsThem(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      List<FilmCast> films = db.dao(FilmCast.Casts.class).upTo(3);
      assertThat(films).extracting(FilmCast::filmId).containsExactly(1, 2, 3);
      for (FilmCast f : films) {
        List<Actor> expected =
            db.query(
                "SELECT a.* FROM actor a JOIN film_actor fa USING (actor_id)"
                    + " WHERE fa.film_id = $1 ORDER BY a.actor_id",
                Actor.class,
                f.filmId());
        assertThat(expected).isNotEmpty();
        assertThat(f.actors()).isEqualTo(expected);
      }
      assertThat(films.get(0).title()).isEqualTo("ACADEMY DINOSAUR");
    }
  }

  @Test
  void aFilmWithoutActorsHasAnEmptyListOrNullWhenNullable(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      int lonely =
          db.queryOne(
                  "SELECT min(film_id) FROM film f WHERE NOT EXISTS"
                      + " (SELECT 1 FROM film_actor fa WHERE fa.film_id = f.film_id)",
                  Integer.class)
              .orElseThrow();
      List<FilmCast> films = db.dao(FilmCast.Casts.class).withCasts(List.of(1, lonely));
      assertThat(films).extracting(FilmCast::filmId).containsExactly(1, lonely);
      assertThat(films.get(0).actors()).isNotEmpty();
      assertThat(films.get(1).actors()).isEmpty();
      films.get(1).actors().add(films.get(0).actors().get(0)); // a list like any other

      List<FilmCast.MaybeCast> maybe =
          db.query(
              "SELECT $1::int AS film_id, NULL::actor[] AS actors", FilmCast.MaybeCast.class, 7);
      assertThat(maybe).containsExactly(new FilmCast.MaybeCast(7, null));
    }
  }

  private static void createTypes(Database db) {
    db.execute("DROP TYPE IF EXISTS hh_person, hh_addr CASCADE");
    db.execute("CREATE TYPE hh_addr AS (street text, zip int4, tags text[])");
    db.execute("CREATE TYPE hh_person AS (name text, home hh_addr, born date, rating mpaa_rating)");
  }

  @Test
  void nestedCompositesArraysOfThemAndNullsRoundTrip(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      createTypes(db);
      String sql =
          "SELECT 1 AS id,"
              + " ROW('Ann', ROW('Main St', 12, ARRAY['a', NULL, 'b c'])::hh_addr,"
              + " DATE '1990-02-03', 'PG-13')::hh_person AS head,"
              + " ARRAY[ROW('x', NULL, NULL)::hh_addr, NULL, ROW(NULL, 7, '{}')::hh_addr]"
              + " AS addresses, NULL::hh_addr AS mailing"
              + " UNION ALL SELECT 2, NULL, NULL, ROW(NULL, NULL, NULL)::hh_addr"
              + " UNION ALL SELECT 3, ROW('Bo', NULL, NULL, 'G')::hh_person, '{}', NULL"
              + " ORDER BY 1";
      List<Household> expected =
          List.of(
              new Household(
                  1,
                  new Household.Person(
                      "Ann",
                      new Household.Addr("Main St", 12, Arrays.asList("a", null, "b c")),
                      LocalDate.of(1990, 2, 3),
                      Rating.PG_13),
                  Arrays.asList(
                      new Household.Addr("x", null, null),
                      null,
                      new Household.Addr(null, 7, List.of())),
                  null),
              new Household(2, null, List.of(), new Household.Addr(null, null, null)),
              new Household(3, new Household.Person("Bo", null, null, Rating.G), List.of(), null));
      for (int run = 0; run < 3; run++) {
        // The first run describes the statement unnamed, the second names it, the third reuses it.
        assertThat(db.query(sql, Household.class)).isEqualTo(expected);
      }
      try (Stream<Household> streamed = db.stream(sql, Household.class)) {
        assertThat(streamed.toList()).isEqualTo(expected);
      }
    }
  }

  @Test
  void dateTimeAndUuidFieldsReadAsTheServerWritesThemAndRefuseOtherTypes(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      db.execute("DROP TYPE IF EXISTS tm_moment CASCADE");
      db.execute(
          "CREATE TYPE tm_moment AS (at timestamptz, day date, local timestamp, clock time,"
              + " key uuid, note varchar(20))");
      String sql =
          "SELECT 1 AS id, ARRAY["
              + "ROW('2024-02-29 23:59:59.123456+00', '2024-02-29', '1999-12-31 23:59:59.5',"
              + " '24:00:00', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'leap')::tm_moment,"
              + " ROW('infinity', '-infinity', '1970-01-01 00:00:00', '00:00:00.000001',"
              + " '00000000-0000-0000-0000-000000000000', NULL)::tm_moment] AS moments";
      List<Moments.Moment> moments = db.query(sql, Moments.class).get(0).moments();
      // Each field as the server prints it, read back the same way through pgjdbc-free text.
      List<String> text =
          db.query(
              "SELECT format('%s|%s|%s|%s|%s', (m).at AT TIME ZONE 'UTC', (m).day, (m).local,"
                  + " (m).clock, (m).key) FROM unnest(("
                  + sql.substring("SELECT 1 AS id, ".length()).replace(" AS moments", "")
                  + ")) AS m",
              String.class);
      assertThat(text)
          .containsExactly(
              "2024-02-29 23:59:59.123456|2024-02-29|1999-12-31 23:59:59.5|24:00:00"
                  + "|a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
              "infinity|-infinity|1970-01-01 00:00:00|00:00:00.000001"
                  + "|00000000-0000-0000-0000-000000000000");
      assertThat(moments)
          .containsExactly(
              new Moments.Moment(
                  Instant.parse("2024-02-29T23:59:59.123456Z"),
                  LocalDate.of(2024, 2, 29),
                  LocalDateTime.of(1999, 12, 31, 23, 59, 59, 500_000_000),
                  LocalTime.MAX,
                  UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"),
                  "leap"),
              new Moments.Moment(
                  Instant.MAX,
                  LocalDate.MIN,
                  LocalDateTime.of(1970, 1, 1, 0, 0),
                  LocalTime.of(0, 0, 0, 1000),
                  new UUID(0, 0),
                  null));

      // A field of another type is refused naming the component, never read as the wrong type.
      db.execute("ALTER TYPE tm_moment ALTER ATTRIBUTE at TYPE timestamp");
      PgException e = catchThrowableOfType(PgException.class, () -> db.query(sql, Moments.class));
      assertThat(e.sqlState()).isEqualTo("42804");
      assertThat(e.getMessage())
          .contains(
              "a composite field of type timestamp cannot be read as Instant into component at"
                  + " of Moments.Moment");

      // A NULL in a non-nullable component fails naming it.
      db.execute("ALTER TYPE tm_moment ALTER ATTRIBUTE at TYPE timestamptz");
      PgException nullKey =
          catchThrowableOfType(
              PgException.class,
              () ->
                  db.query(
                      "SELECT 1 AS id, ARRAY[ROW(now(), current_date, localtimestamp, localtime,"
                          + " NULL, NULL)::tm_moment] AS moments",
                      Moments.class));
      assertThat(nullKey.sqlState()).isEqualTo("22004");
      assertThat(nullKey.getMessage())
          .contains("a composite field is NULL, but component key of Moments.Moment (UUID)");
    }
  }

  @Test
  void aNullCompositeInANonNullableComponentFailsNamingIt(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      createTypes(db);
      PgException e =
          catchThrowableOfType(
              PgException.class,
              () -> db.query("SELECT 1 AS id, NULL::hh_addr AS mailing", Household.Strict.class));
      assertThat(e.sqlState()).isEqualTo("22004");
      assertThat(e.getMessage())
          .contains(
              "column \"mailing\" is NULL, but component mailing of Household.Strict cannot be"
                  + " null");

      PgException notComposite =
          catchThrowableOfType(
              PgException.class,
              () -> db.query("SELECT 1 AS id, 'x'::text AS mailing", Household.Strict.class));
      assertThat(notComposite.sqlState()).isEqualTo("42804");
      assertThat(notComposite.getMessage())
          .contains(
              "column \"mailing\" is text, not a composite type, but component mailing of"
                  + " Household.Strict reads a composite");

      PgException nullField =
          catchThrowableOfType(
              PgException.class,
              () ->
                  db.query(
                      "SELECT 1 AS id, ROW(NULL, NULL, NULL, 'G')::hh_person AS head,"
                          + " '{}'::hh_addr[] AS addresses, NULL::hh_addr AS mailing",
                      Household.class));
      assertThat(nullField.sqlState()).isEqualTo("22004");
      assertThat(nullField.getMessage())
          .contains(
              "column \"head\": a composite field is NULL, but component name of"
                  + " Household.Person (String) cannot be null");
    }
  }
}
