package dev.sluice;

import dev.sluice.driver.PgConnection;

/**
 * A transaction in progress: every statement runs on its one connection, between the BEGIN and the
 * COMMIT or ROLLBACK that {@link Database#transaction} issues. Valid only inside that call; using
 * it afterwards fails. Not for use by several threads at once.
 */
public final class Transaction extends ConnectionQueries {
  private final PgConnection connection;

  /** False once the transaction has ended. */
  private boolean active = true;

  Transaction(PgConnection connection) {
    this.connection = connection;
  }

  @Override
  PgConnection acquire() {
    if (!active) {
      throw new PgException(
          "25000",
          "the transaction has ended; use the Transaction only inside its transaction(...) call");
    }
    return connection;
  }

  @Override
  void release(PgConnection c) {
    // The connection stays with the transaction until it ends.
  }

  /** Whether a statement in this transaction failed, so it can only roll back. */
  public boolean isFailed() {
    return connection.transactionStatus() == 'E';
  }

  void end() {
    active = false;
  }
}
