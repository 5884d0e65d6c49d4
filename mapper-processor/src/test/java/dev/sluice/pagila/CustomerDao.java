package dev.sluice.pagila;

import dev.sluice.annotations.Dao;
import dev.sluice.annotations.Delete;
import dev.sluice.annotations.Insert;
import dev.sluice.annotations.Query;
import dev.sluice.annotations.Update;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** Pagila's customer: an embedded record, a converter and Optional in both directions. */
@Dao
public interface CustomerDao {
  @Query("SELECT * FROM customer WHERE customer_id = :id")
  Optional<Customer> byId(int id);

  @Query(
      "SELECT * FROM customer WHERE first_name = :c.name.firstName"
          + " AND last_name = :c.name.lastName ORDER BY customer_id")
  List<Customer> sameName(Customer c);

  @Query("SELECT * FROM customer WHERE email = :c.email")
  Optional<Customer> sameEmail(Customer c);

  @Query("SELECT email FROM customer WHERE store_id = :store ORDER BY customer_id")
  List<String> emails(int store);

  @Query("SELECT max(create_date) FROM customer")
  LocalDate newestCreateDate();

  @Query("SELECT active FROM customer WHERE customer_id = :id")
  Optional<Integer> activeFlag(int id);

  @Insert
  void insert(Customer c);

  @Insert
  long insertAll(Collection<Customer> customers);

  @Update
  int update(Customer c);

  @Delete
  void delete(Customer c);
}
