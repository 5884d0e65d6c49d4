package dev.sluice.examples;

import dev.sluice.annotations.Id;
import dev.sluice.annotations.Table;
import java.time.LocalDate;

/** A customer of one store; {@code email} is unique. */
@Table("customer")
public record Customer(
    @Id int customerId,
    int storeId,
    String firstName,
    String lastName,
    String email,
    Membership membership,
    LocalDate joinedOn) {

  /** This customer with another membership, for {@code @Update}. */
  public Customer withMembership(Membership newMembership) {
    return new Customer(customerId, storeId, firstName, lastName, email, newMembership, joinedOn);
  }
}
