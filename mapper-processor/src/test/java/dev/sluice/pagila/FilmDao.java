package dev.sluice.pagila;

import dev.sluice.annotations.Dao;
import dev.sluice.annotations.Delete;
import dev.sluice.annotations.Insert;
import dev.sluice.annotations.Query;
import dev.sluice.annotations.Update;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Every return type over Pagila's film. */
@Dao
public interface FilmDao extends Counting {
  @Query("SELECT * FROM film WHERE film_id = :id")
  Optional<Film> byId(int id);

  @Query("SELECT * FROM film WHERE title = :title")
  Film byTitle(String title);

  @Query(
      "SELECT * FROM film WHERE rating = :rating::mpaa_rating AND length > :minLength"
          + " ORDER BY film_id")
  List<Film> byRating(Rating rating, short minLength);

  @Query("SELECT * FROM film WHERE length > :length ORDER BY film_id")
  Stream<Film> longerThan(int length);

  @Query("SELECT count(*)::int FROM film WHERE rating = :rating")
  int countRated(Rating rating);

  @Query("SELECT title FROM film WHERE film_id = :id")
  Optional<String> titleOf(int id);

  @Query("SELECT title FROM film WHERE film_id = :id")
  String title(int id);

  @Query("SELECT rating FROM film WHERE film_id = :id")
  Rating ratingOf(int id);

  @Query("SELECT original_language_id FROM film WHERE film_id = :id")
  Optional<Integer> originalLanguage(int id);

  @Query("SELECT original_language_id FROM film WHERE film_id = :id")
  int originalLanguageOrFail(int id);

  @Query("SELECT film_id FROM film WHERE title LIKE :prefix || '%' /* :not */ ORDER BY film_id")
  List<Integer> idsStartingWith(String prefix);

  @Query(
      "SELECT f.title, count(*) AS rentals FROM film f JOIN inventory i USING (film_id)"
          + " JOIN rental r USING (inventory_id) GROUP BY f.title"
          + " ORDER BY rentals DESC, f.title LIMIT :n")
  List<TitleCount> topRented(int n);

  @Query("UPDATE film SET rental_rate = :rate WHERE film_id = :id")
  int setRate(int id, BigDecimal rate);

  @Query(
      "UPDATE film SET rental_rate = :film.rentalRate, length = :film.length"
          + " WHERE film_id = :film.filmId")
  void updateRateAndLength(Film film);

  @Query(
      "UPDATE film SET rental_duration = rental_duration + 1 WHERE film_id = :id"
          + " RETURNING rental_duration")
  long bumpRentalDuration(int id);

  @Query("DELETE FROM film_actor WHERE film_id = :id RETURNING actor_id")
  List<Integer> removeActors(int id);

  @Query("SELECT film_id FROM film WHERE film_id = ANY(:ids) ORDER BY film_id")
  List<Integer> existing(List<Integer> ids);

  /** Parameters named like the implementation's field {@code queries} and a batch's local. */
  @Query("SELECT * FROM film WHERE film_id = :queries OR title = :rows ORDER BY film_id")
  List<Film> byIdOrTitle(int queries, String rows);

  @Insert
  int insert(Film film);

  @Insert
  Film insertReturning(Film film);

  @Insert
  void insertAll(List<Film> films);

  @Update
  Film update(Film film);

  @Delete
  int delete(Film film);

  default Film byIdOrFail(int id) {
    return byId(id).orElseThrow();
  }
}
