package dev.sluice.examples;

import dev.sluice.annotations.Generated;
import dev.sluice.annotations.Id;
import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Table;
import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * One rental. The database numbers rentals (an identity column), so {@code rentalId} is
 * {@code @Generated}: inserts leave it out, and a new rental's is 0 until it is read back.
 */
@Table("rental")
public record Rental(
    @Id @Generated long rentalId,
    int customerId,
    int filmId,
    int storeId,
    LocalDate rentedOn,
    @Nullable LocalDate returnedOn,
    BigDecimal amount) {

  /** A rental not yet stored: the database gives it its id. */
  public static Rental of(
      int customerId,
      int filmId,
      int storeId,
      LocalDate rentedOn,
      @Nullable LocalDate returnedOn,
      BigDecimal amount) {
    return new Rental(0, customerId, filmId, storeId, rentedOn, returnedOn, amount);
  }
}
