package dev.sluice.examples;

import dev.sluice.annotations.Dao;
import dev.sluice.annotations.Query;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * Film queries; the annotation processor generates FilmDaoImpl, found by {@code
 * db.dao(FilmDao.class)}.
 */
@Dao
public interface FilmDao {
  @Query("SELECT * FROM film WHERE film_id = :id")
  Optional<Film> byId(int id);

  @Query(
      "SELECT f.title, count(*) AS rentals FROM film f JOIN inventory i USING (film_id)"
          + " JOIN rental r USING (inventory_id) GROUP BY f.title ORDER BY rentals DESC, f.title LIMIT :n")
  List<TitleCount> topRented(int n);

  @Query("UPDATE film SET rental_rate = rental_rate + :raise WHERE rating = :rating")
  int raiseRates(BigDecimal raise, Rating rating);
}
