package dev.sluice.pagila;

import dev.sluice.annotations.Dao;
import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Query;
import dev.sluice.annotations.Row;
import java.util.List;

/**
 * One-to-many in one query: each film with its actors, aggregated into an array of the actor
 * table's row type and decoded into {@code List<Actor>} (issue 25).
 */
@Row
public record FilmCast(int filmId, String title, List<Actor> actors) {
  /** A film whose cast may be NULL (read as null, not as an empty list). */
  @Row
  public record MaybeCast(int filmId, @Nullable List<Actor> actors) {}

  @Dao
  public interface Casts {
    @Query(
        "SELECT f.film_id, f.title, array_agg(a ORDER BY a.actor_id) AS actors FROM film f"
            + " JOIN film_actor fa USING (film_id) JOIN actor a USING (actor_id)"
            + " WHERE f.film_id <= :last GROUP BY f.film_id ORDER BY f.film_id")
    List<FilmCast> upTo(int last);

    /** LEFT JOIN: a film without actors aggregates NULL, read as an empty list. */
    @Query(
        "SELECT f.film_id, f.title,"
            + " array_agg(a ORDER BY a.actor_id) FILTER (WHERE a.actor_id IS NOT NULL) AS actors"
            + " FROM film f LEFT JOIN film_actor fa USING (film_id) LEFT JOIN actor a"
            + " USING (actor_id) WHERE f.film_id = ANY(:ids) GROUP BY f.film_id"
            + " ORDER BY f.film_id")
    List<FilmCast> withCasts(List<Integer> ids);
  }
}
