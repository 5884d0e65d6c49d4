package dev.sluice.examples;

import dev.sluice.annotations.Dao;
import dev.sluice.annotations.Delete;
import dev.sluice.annotations.Insert;
import dev.sluice.annotations.Query;
import dev.sluice.annotations.Update;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * The store's hand-written SQL, one method of each kind. The processor generates {@code
 * StoreDaoImpl} (found by {@code db.dao(StoreDao.class)}), rewrites the {@code :names} to {@code
 * $1, $2, …}, and checks every statement against the schema of the migrations while compiling.
 */
@Dao
public interface StoreDao {
  /** A list of records. */
  @Query("SELECT * FROM film WHERE genre = :genre ORDER BY film_id")
  List<Film> filmsOfGenre(String genre);

  /** At most one row. */
  @Query("SELECT * FROM customer WHERE email = :email")
  Optional<Customer> customerByEmail(String email);

  /** At most one row, by a generated key. */
  @Query("SELECT * FROM rental WHERE rental_id = :rentalId")
  Optional<Rental> rentalById(long rentalId);

  /** A scalar. */
  @Query("SELECT count(*) FROM rental WHERE returned_on IS NULL")
  long rentalsOut();

  /** An UPDATE: the number of rows it changed. */
  @Query(
      "UPDATE rental SET returned_on = :today"
          + " WHERE returned_on IS NULL AND rented_on < :rentedBefore")
  int returnAllRentedBefore(LocalDate rentedBefore, LocalDate today);

  /** Aggregates over a join, into a {@code @Row} record, grouped by the PostgreSQL enum. */
  @Query(
      "SELECT c.membership, count(DISTINCT c.customer_id) AS customers, count(*) AS rentals,"
          + " sum(r.amount) AS revenue"
          + " FROM customer c JOIN rental r ON r.customer_id = c.customer_id"
          + " GROUP BY c.membership ORDER BY c.membership")
  List<MembershipSpend> spendByMembership();

  /** Many rows in one pipeline, all or none. */
  @Insert
  void insertStores(List<Store> stores);

  @Insert
  void insertFilms(List<Film> films);

  @Insert
  void insertCustomers(List<Customer> customers);

  @Insert
  void insertRentals(List<Rental> rentals);

  /**
   * Many rows in one binary COPY: the fastest way in, without RETURNING (the ids are the database's
   * own) or ON CONFLICT.
   */
  @Insert(copy = true)
  void copyRentals(List<Rental> rentals);

  /** One row. */
  @Insert
  void insertCustomer(Customer customer);

  /** One row, read back as stored: the rental with the id the database gave it. */
  @Insert
  Rental rent(Rental rental);

  /** Every column but the id, by the id. */
  @Update
  int updateCustomer(Customer customer);

  @Delete
  int deleteRental(Rental rental);
}
