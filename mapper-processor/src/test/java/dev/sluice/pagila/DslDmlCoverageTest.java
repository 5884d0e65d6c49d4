package dev.sluice.pagila;

import static dev.sluice.dsl.Dsl.insertInto;
import static dev.sluice.dsl.Dsl.select;
import static dev.sluice.dsl.Dsl.selectFrom;
import static dev.sluice.dsl.Dsl.update;
import static dev.sluice.dsl.Dsl.with;
import static dev.sluice.dsl.Expressions.concat;
import static dev.sluice.dsl.Expressions.value;
import static dev.sluice.dsl.Tables.cte;
import static dev.sluice.pagila.ActorTable.ACTOR;
import static dev.sluice.pagila.FilmActorTable.FILM_ACTOR;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.JdbcRows.rows;
import static dev.sluice.pagila.LanguageTable.LANGUAGE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.dsl.Cte;
import dev.sluice.dsl.FetchStep;
import dev.sluice.dsl.ReturningStep;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Write statements (issue 14, Coverage: DML): INSERT of chosen columns, INSERT … SELECT, ON
 * CONFLICT ON CONSTRAINT, UPDATE … FROM, DELETE … USING, WITH in front of them and MATERIALIZED.
 * Each rendered SQL is pinned, then run on this class's own copy of Pagila and its effect read back
 * through pgjdbc with SQL written by hand.
 */
class DslDmlCoverageTest extends PagilaSession {
  @Test
  void updateFromTakesValuesOfAJoinedTable() throws SQLException {
    List<String> expected =
        rows(
            jdbc,
            "SELECT f.title || ' in ' || l.name FROM film f JOIN language l USING (language_id)"
                + " WHERE f.film_id BETWEEN 11 AND 15 ORDER BY f.film_id");
    ReturningStep<Film> q =
        db.update(FILM)
            .set(FILM.description, concat(FILM.title, value(" in "), LANGUAGE.name))
            .from(LANGUAGE)
            .where(LANGUAGE.languageId.eq(FILM.languageId).and(FILM.filmId.between(11, 15)));
    assertThat(q.toSql())
        .isEqualTo(
            "UPDATE film SET description = (film.title || $1 || language.name) FROM language"
                + " WHERE language.language_id = film.language_id AND film.film_id BETWEEN $2 AND"
                + " $3");
    assertThat(q.execute()).isEqualTo(5);
    assertThat(
            rows(jdbc, "SELECT description FROM film WHERE film_id BETWEEN 11 AND 15 ORDER BY 1"))
        .isEqualTo(expected.stream().sorted().toList());
    assertThatThrownBy(() -> update(FILM).set(FILM.title, "x").from())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("UPDATE film FROM needs at least one table");
  }

  @Test
  void deleteUsingDeletesTheRowsJoinedToAnotherTable() throws SQLException {
    String count =
        rows(
                jdbc,
                "SELECT count(*) FROM film_actor fa JOIN actor a USING (actor_id)"
                    + " WHERE a.last_name = 'GUINESS'")
            .get(0);
    ReturningStep<FilmActor> q =
        db.deleteFrom(FILM_ACTOR)
            .using(ACTOR)
            .where(ACTOR.actorId.eq(FILM_ACTOR.actorId).and(ACTOR.lastName.eq("GUINESS")));
    assertThat(q.toSql())
        .isEqualTo(
            "DELETE FROM film_actor USING public.actor WHERE actor.actor_id ="
                + " film_actor.actor_id AND actor.last_name = $1");
    assertThat(q.execute()).isEqualTo(Long.parseLong(count)).isGreaterThan(10);
    assertThat(
            rows(
                jdbc,
                "SELECT count(*) FROM film_actor WHERE actor_id IN (SELECT actor_id FROM actor"
                    + " WHERE last_name = 'GUINESS')"))
        .containsExactly("0");
    assertThat(rows(jdbc, "SELECT count(*) > 5000 FROM film_actor")).containsExactly("t");
  }

  @Test
  void insertOfChosenColumnsAndInsertSelectWithOnConstraint() throws SQLException {
    FetchStep<Integer> ada =
        db.insertInto(ACTOR)
            .set(ACTOR.firstName, "ADA")
            .set(ACTOR.lastName, "LOVELACE")
            .returning(ACTOR.actorId);
    assertThat(ada.toSql())
        .isEqualTo(
            "INSERT INTO public.actor (first_name, last_name) VALUES ($1, $2) RETURNING"
                + " actor.actor_id");
    int id = ada.fetchOne().orElseThrow();
    assertThat(
            rows(
                jdbc,
                "SELECT first_name, last_name, last_update IS NOT NULL FROM actor"
                    + " WHERE actor_id = ?",
                id))
        .containsExactly("ADA|LOVELACE|t");

    ReturningStep<FilmActor> cast =
        db.insertInto(FILM_ACTOR)
            .columns(FILM_ACTOR.actorId, FILM_ACTOR.filmId)
            .select(
                select(FilmActor.class, value(id), FILM.filmId)
                    .from(FILM)
                    .where(FILM.rating.eq(Rating.G).and(FILM.length.gt((short) 150))))
            .onConflictOnConstraint("film_actor_pkey")
            .doNothing();
    assertThat(cast.toSql())
        .isEqualTo(
            "INSERT INTO film_actor (actor_id, film_id) SELECT $1, film.film_id FROM film WHERE"
                + " film.rating = $2 AND film.length > $3 ON CONFLICT ON CONSTRAINT"
                + " film_actor_pkey DO NOTHING");
    long films =
        Long.parseLong(
            rows(jdbc, "SELECT count(*) FROM film WHERE rating = 'G' AND length > 150").get(0));
    assertThat(cast.execute()).isEqualTo(films).isGreaterThan(3);
    // Again: every row conflicts on the primary key, and DO NOTHING skips it.
    assertThat(cast.execute()).isZero();
    assertThat(rows(jdbc, "SELECT count(*) FROM film_actor WHERE actor_id = ?", id))
        .containsExactly(String.valueOf(films));

    // An upsert through the constraint's name, updating the one column from excluded.
    long n =
        db.insertInto(LANGUAGE)
            .set(LANGUAGE.languageId, 6)
            .set(LANGUAGE.name, "Klingon")
            .onConflictOnConstraint("language_pkey")
            .doUpdateSet(LANGUAGE.name)
            .execute();
    assertThat(n).isEqualTo(1);
    assertThat(rows(jdbc, "SELECT trim(name) FROM language WHERE language_id = 6"))
        .containsExactly("Klingon");
    assertThatThrownBy(
            () ->
                insertInto(FILM_ACTOR)
                    .columns(FILM_ACTOR.actorId, FILM_ACTOR.filmId)
                    .select(select(FILM.filmId).from(FILM))
                    .toSql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "insert into film_actor: 2 columns [film_actor.actor_id, film_actor.film_id] but"
                + " the select gives 1");
  }

  @Test
  void withInFrontOfUpdateAndMaterializationHints() throws SQLException {
    Cte<FilmTable> longFilms =
        cte("long_films", FILM, selectFrom(FILM).where(FILM.length.gt((short) 180))).materialized();
    FilmTable lf = longFilms.table();
    ReturningStep<Film> q =
        db.with(longFilms)
            .update(FILM)
            .set(FILM.rentalRate, new BigDecimal("5.99"))
            .where(FILM.filmId.in(select(lf.filmId).from(lf)));
    assertThat(q.toSql())
        .startsWith("WITH long_films AS MATERIALIZED (SELECT film.film_id, ")
        .endsWith(
            " FROM film WHERE film.length > $1) UPDATE film SET rental_rate = $2 WHERE"
                + " film.film_id IN (SELECT long_films.film_id FROM long_films)");
    long expected =
        Long.parseLong(rows(jdbc, "SELECT count(*) FROM film WHERE length > 180").get(0));
    assertThat(q.execute()).isEqualTo(expected).isGreaterThan(5);
    assertThat(rows(jdbc, "SELECT count(*) FROM film WHERE length > 180 AND rental_rate = 5.99"))
        .containsExactly(String.valueOf(expected));

    Cte<FilmTable> inlined =
        cte("short_films", FILM, selectFrom(FILM).where(FILM.length.lt((short) 50)))
            .notMaterialized();
    FetchStep<Film> read =
        db.with(inlined).selectFrom(inlined.table()).orderBy(inlined.table().filmId.asc());
    assertThat(read.toSql()).startsWith("WITH short_films AS NOT MATERIALIZED (SELECT ");
    assertThat(read.fetch().stream().map(f -> String.valueOf(f.filmId())).toList())
        .isEqualTo(rows(jdbc, "SELECT film_id FROM film WHERE length < 50 ORDER BY film_id"))
        .isNotEmpty();
    assertThat(with(inlined).deleteFrom(FILM_ACTOR).allRows().toSql())
        .startsWith("WITH short_films AS NOT MATERIALIZED (")
        .endsWith(") DELETE FROM film_actor");
  }
}
