package dev.sluice.pagila;

import dev.sluice.annotations.Dao;
import dev.sluice.annotations.Delete;
import dev.sluice.annotations.Insert;
import dev.sluice.annotations.Query;
import dev.sluice.annotations.Update;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.stream.Stream;

/** Pagila's rental: timestamps, streams and counts. */
@Dao
public interface RentalDao {
  @Query("SELECT * FROM rental WHERE customer_id = :customerId ORDER BY rental_id")
  List<Rental> byCustomer(int customerId);

  @Query("SELECT * FROM rental ORDER BY rental_id")
  Stream<Rental> all();

  @Query("SELECT count(*) FROM rental WHERE return_date IS NULL")
  long openCount();

  @Query("UPDATE rental SET return_date = :returned WHERE rental_id = :id AND return_date IS NULL")
  int markReturned(long id, OffsetDateTime returned);

  @Query("SELECT max(rental_id) FROM rental")
  long maxId();

  @Insert
  void insert(Rental rental);

  @Update
  void update(Rental rental);

  @Delete
  long delete(Rental rental);
}
