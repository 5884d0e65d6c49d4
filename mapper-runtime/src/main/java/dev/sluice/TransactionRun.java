package dev.sluice;

import dev.sluice.driver.ConnectionPool;
import dev.sluice.driver.PgConnection;

/**
 * One attempt of {@link Database#transaction}: BEGIN with the options, the body, and COMMIT — or
 * ROLLBACK when the body throws. A COMMIT whose outcome the client cannot know (the connection lost
 * while it was in flight) is reported as 08007, never as success or as a plain failure; a
 * transaction whose statement failed is rolled back and reported as 25P02, also when the body
 * caught the error.
 */
final class TransactionRun {
  private TransactionRun() {}

  /** One attempt: BEGIN on a connection of {@code pool}, {@code body}, COMMIT (or ROLLBACK). */
  static <R> R attempt(ConnectionPool pool, TxOptions options, TxFunction<R> body) {
    PgConnection c = pool.acquire();
    try {
      c.simpleQuery(options.beginStatement());
      Transaction tx = new Transaction(c);
      R result;
      try {
        result = body.apply(tx);
      } catch (RuntimeException | Error e) {
        tx.end();
        rollback(c, e);
        throw e;
      }
      tx.end();
      commit(c);
      return result;
    } finally {
      pool.release(c);
    }
  }

  private static void commit(PgConnection c) {
    if (c.transactionStatus() == 'E') {
      rollback(c, null);
      throw new PgException(
          "25P02",
          "the transaction was rolled back, not committed: a statement in it failed"
              + " and its error was caught inside the transaction");
    }
    String tag;
    try {
      tag = c.commit();
    } catch (PgException e) {
      if (c.isBroken() || c.isClosed()) {
        // COMMIT may have reached the server and run, or not: only the server knows. (Closed: a
        // FATAL error, such as 57P01 at a shutdown, ended the session during COMMIT.)
        throw new PgException(
            "08007",
            "the connection was lost while COMMIT was in flight: the transaction may or may not"
                + " have committed (find out from the data before retrying it)",
            "COMMIT",
            e);
      }
      throw e;
    }
    if (!"COMMIT".equals(tag)) {
      throw new PgException(
          "25P02", "COMMIT answered " + tag + ": the transaction was rolled back");
    }
  }

  private static void rollback(PgConnection c, Throwable cause) {
    if (c.isBroken() || c.isClosed()) {
      return;
    }
    try {
      c.simpleQuery("ROLLBACK");
    } catch (RuntimeException e) {
      // The connection is released and, not being idle, discarded by the pool.
      if (cause != null) {
        cause.addSuppressed(e);
      }
    }
  }
}
