package dev.sluice.examples;

import dev.sluice.Database;
import java.io.PrintStream;
import java.util.List;

/**
 * Loads {@link SampleData} with the DAO's batch inserts ({@code @Insert} of a List: one pipeline
 * per call, not one round trip per row) and the rentals with binary COPY ({@code @Insert(copy =
 * true)}), in one transaction: a failure leaves no row at all.
 */
public final class StoreLoader {
  /** Rentals per batch: each batch is one COPY, and one line of progress. */
  static final int BATCH = 10_000;

  private StoreLoader() {}

  /** Inserts every row of {@code data}; returns how many. */
  public static int load(Database db, SampleData data, PrintStream out) {
    long start = System.nanoTime();
    db.useTransaction(
        tx -> {
          StoreDao dao = tx.dao(StoreDao.class);
          dao.insertStores(data.stores());
          dao.insertFilms(data.films());
          dao.insertCustomers(data.customers());
          out.printf(
              "  %,7d stores, films and customers%n",
              data.stores().size() + data.films().size() + data.customers().size());
          List<Rental> rentals = data.rentals();
          for (int from = 0; from < rentals.size(); from += BATCH) {
            int to = Math.min(from + BATCH, rentals.size());
            dao.copyRentals(rentals.subList(from, to));
            out.printf("  %,7d of %,d rentals%n", to, rentals.size());
          }
        });
    long millis = (System.nanoTime() - start) / 1_000_000;
    out.printf("  loaded %,d rows in %,d ms%n", data.rowCount(), millis);
    return data.rowCount();
  }
}
