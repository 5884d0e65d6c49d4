package dev.sluice;

import dev.sluice.driver.PgConnection;
import dev.sluice.dsl.StatementExecutor;
import java.util.function.Function;

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

  /** Savepoints made so far; names are never reused within the transaction. */
  private int savepoints;

  /**
   * Makes a savepoint ({@code SAVEPOINT sluice_sp_n}).
   *
   * @return the savepoint, to roll back to or release in this transaction
   */
  public Savepoint savepoint() {
    Savepoint sp = new Savepoint(this, "sluice_sp_" + (++savepoints));
    acquire().simpleQuery("SAVEPOINT " + sp.name());
    return sp;
  }

  /**
   * Undoes everything since {@code savepoint} ({@code ROLLBACK TO SAVEPOINT}); the savepoint stays,
   * and a transaction that had failed can go on.
   *
   * @param savepoint a savepoint of this transaction, not yet released
   * @throws IllegalArgumentException if the savepoint belongs to another transaction
   */
  public void rollbackTo(Savepoint savepoint) {
    acquire().simpleQuery("ROLLBACK TO SAVEPOINT " + own(savepoint).name());
  }

  /**
   * Forgets {@code savepoint} ({@code RELEASE SAVEPOINT}), keeping what ran after it.
   *
   * @param savepoint a savepoint of this transaction, not yet released
   * @throws IllegalArgumentException if the savepoint belongs to another transaction
   */
  public void release(Savepoint savepoint) {
    acquire().simpleQuery("RELEASE SAVEPOINT " + own(savepoint).name());
  }

  /** {@link #savepoint(TxFunction)}: rolled back to if {@code body} throws. */
  @Override
  public <R> R atomically(Function<? super StatementExecutor, ? extends R> body) {
    return savepoint(tx -> body.apply(tx));
  }

  /**
   * Runs {@code body} inside a savepoint: released if the body returns, rolled back to (and then
   * released) if it throws, so a failure undoes only the body's own work and the transaction goes
   * on. The exception is rethrown.
   *
   * @param <R> the type of the body's result
   * @param body the work to run inside the savepoint, on this transaction
   * @return what {@code body} returned
   */
  public <R> R savepoint(TxFunction<R> body) {
    Savepoint sp = savepoint();
    R result;
    try {
      result = body.apply(this);
    } catch (RuntimeException | Error e) {
      try {
        rollbackTo(sp);
        release(sp);
      } catch (RuntimeException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
    release(sp);
    return result;
  }

  private Savepoint own(Savepoint savepoint) {
    if (savepoint.owner() != this) {
      throw new IllegalArgumentException(savepoint + " belongs to another transaction");
    }
    return savepoint;
  }

  /**
   * Whether a statement in this transaction failed, so it can only roll back (or roll back to a
   * savepoint).
   *
   * @return true while the server reports the transaction as failed
   */
  public boolean isFailed() {
    return connection.transactionStatus() == 'E';
  }

  void end() {
    active = false;
  }
}
