package dev.sluice.examples;

import static dev.sluice.examples.CustomerTable.CUSTOMER;

import dev.sluice.Database;
import dev.sluice.PgException;
import java.io.PrintStream;

/**
 * The last day of the year, in two transactions: one commits (a walk-in customer signs up, rents a
 * film and is upgraded; every film still out from before today comes back), one fails and rolls
 * back (a rental is deleted, then a sign-up with an e-mail address already taken breaks the unique
 * constraint: the deletion is undone with it).
 */
public final class EndOfDay {
  private EndOfDay() {}

  /** What the two transactions did. */
  public record Outcome(
      Rental walkInRental,
      int returned,
      long stillOut,
      String refusedSqlState,
      String refusedConstraint,
      boolean deletedRentalStillThere) {}

  public static Outcome run(Database db, PrintStream out) {
    // Commits: every statement of the body, or none.
    Customer walkIn =
        new Customer(
            SampleData.CUSTOMERS + 1,
            1,
            "Walk",
            "In",
            "walk.in@example.com",
            Membership.BASIC,
            SampleData.LAST_DAY);
    record Committed(Rental rental, int returned) {}
    Committed committed =
        db.transaction(
            tx -> {
              StoreDao dao = tx.dao(StoreDao.class);
              dao.insertCustomer(walkIn);
              Film film = dao.filmsOfGenre("Comedy").get(0);
              Rental rental =
                  dao.rent(
                      Rental.of(
                          walkIn.customerId(),
                          film.filmId(),
                          walkIn.storeId(),
                          SampleData.LAST_DAY,
                          null,
                          film.dailyRate()));
              dao.updateCustomer(walkIn.withMembership(Membership.SILVER));
              int returned = dao.returnAllRentedBefore(SampleData.LAST_DAY, SampleData.LAST_DAY);
              return new Committed(rental, returned);
            });
    StoreDao dao = db.dao(StoreDao.class);
    long stillOut = dao.rentalsOut();
    out.printf(
        "%nCommitted: customer %d signed up, rented film %d as rental %d and became %s;"
            + " %s rentals came back, %s still out%n",
        walkIn.customerId(),
        committed.rental().filmId(),
        committed.rental().rentalId(),
        dao.customerByEmail(walkIn.email()).orElseThrow().membership(),
        StoreReport.number(committed.returned()),
        StoreReport.number(stillOut));

    // Rolls back: the failed INSERT ends the transaction, and the DELETE before it is undone.
    Rental first = dao.rentalById(1).orElseThrow();
    Customer taken =
        db.selectFrom(CUSTOMER).where(CUSTOMER.customerId.eq(1)).fetchOne().orElseThrow();
    String sqlState = null;
    String constraint = null;
    try {
      db.useTransaction(
          tx -> {
            StoreDao txDao = tx.dao(StoreDao.class);
            txDao.deleteRental(first);
            txDao.insertCustomer(
                new Customer(
                    SampleData.CUSTOMERS + 2,
                    1,
                    "Copy",
                    "Cat",
                    taken.email(),
                    Membership.BASIC,
                    SampleData.LAST_DAY));
          });
    } catch (PgException e) {
      sqlState = e.sqlState();
      constraint = e.constraint();
      out.printf("Rolled back: SQLSTATE %s on %s (%s)%n", sqlState, constraint, e.serverMessage());
    }
    boolean stillThere = dao.rentalById(first.rentalId()).isPresent();
    out.printf(
        "  rental %d, deleted in that transaction, is %s%n",
        first.rentalId(), stillThere ? "still there" : "gone");
    return new Outcome(
        committed.rental(), committed.returned(), stillOut, sqlState, constraint, stillThere);
  }
}
