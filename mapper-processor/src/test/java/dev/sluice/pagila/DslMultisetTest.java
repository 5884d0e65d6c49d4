package dev.sluice.pagila;

import static dev.sluice.dsl.Dsl.select;
import static dev.sluice.dsl.Dsl.selectFrom;
import static dev.sluice.dsl.Expressions.multiset;
import static dev.sluice.pagila.ActorTable.ACTOR;
import static dev.sluice.pagila.FilmActorTable.FILM_ACTOR;
import static dev.sluice.pagila.FilmTable.FILM;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.Database;
import dev.sluice.dsl.Expression;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The DSL's {@code multiset}: one-to-many in one query, the nested rows an array of records read in
 * binary by the generated decoder of the record that holds them (issue 25). Compared with the DAO's
 * {@code array_agg} query and with the children read one film at a time.
 */
@PgTest(pagila = true)
class DslMultisetTest {
  private static Expression<List<Actor>> actorsOfEachFilm() {
    return multiset(
        selectFrom(ACTOR)
            .where(
                ACTOR.actorId.in(
                    select(FILM_ACTOR.actorId)
                        .from(FILM_ACTOR)
                        .where(FILM_ACTOR.filmId.eq(FILM.filmId))))
            .orderBy(ACTOR.actorId.asc()));
  }

  @Test
  void eachFilmComesWithItsActorsInOneQuery(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      List<FilmCast> expected = db.dao(FilmCast.Casts.class).upTo(5);
      for (int run = 0; run < 3; run++) { // unnamed, named, cached
        List<FilmCast> films =
            db.select(FilmCast.class, FILM.filmId, FILM.title, actorsOfEachFilm().as("actors"))
                .from(FILM)
                .where(FILM.filmId.le(5))
                .orderBy(FILM.filmId.asc())
                .fetch();
        assertThat(films).isEqualTo(expected);
      }
    }
  }

  @Test
  void aFilmWithoutActorsHasAnEmptyListAndValuesInsideAreBound(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      int lonely =
          db.queryOne(
                  "SELECT min(film_id) FROM film f WHERE NOT EXISTS"
                      + " (SELECT 1 FROM film_actor fa WHERE fa.film_id = f.film_id)",
                  Integer.class)
              .orElseThrow();
      // A value inside the subquery is a parameter like any other: only actors after #100.
      List<FilmCast> films =
          db.select(
                  FilmCast.class,
                  FILM.filmId,
                  FILM.title,
                  multiset(
                          selectFrom(ACTOR)
                              .where(
                                  ACTOR.actorId.gt(100),
                                  ACTOR.actorId.in(
                                      select(FILM_ACTOR.actorId)
                                          .from(FILM_ACTOR)
                                          .where(FILM_ACTOR.filmId.eq(FILM.filmId))))
                              .orderBy(ACTOR.actorId.desc()))
                      .as("actors"))
              .from(FILM)
              .where(FILM.filmId.in(List.of(1, lonely)))
              .orderBy(FILM.filmId.asc())
              .fetch();
      assertThat(films).extracting(FilmCast::filmId).containsExactly(1, lonely);
      List<Actor> expected =
          db.query(
              "SELECT a.* FROM actor a JOIN film_actor fa USING (actor_id)"
                  + " WHERE fa.film_id = 1 AND a.actor_id > 100 ORDER BY a.actor_id DESC",
              Actor.class);
      assertThat(expected).hasSizeGreaterThan(1);
      assertThat(films.get(0).actors()).isEqualTo(expected);
      assertThat(films.get(1).actors()).isEmpty();
    }
  }

  @Test
  void aMultisetAloneIsRefusedNamingHowToReadIt(TestDatabase tdb) {
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      assertThatThrownBy(() -> db.select(actorsOfEachFilm()).from(FILM).fetch())
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("a multiset is read as a List component of a @Row record");
      assertThat(db.queryOne("SELECT 1", Integer.class)).contains(1); // nothing left behind
    }
  }
}
