package dev.sluice;

/**
 * The body of {@link Database#transaction}: runs on the transaction and returns a result.
 *
 * @param <R> the type of the result
 */
@FunctionalInterface
public interface TxFunction<R> {
  /**
   * Runs the transaction's work; the transaction commits when this returns and rolls back when it
   * throws. With {@link TxOptions#attempts} above 1 it may run again, in a new transaction, after a
   * failure that left nothing committed.
   *
   * @param tx the transaction to run statements on, valid only during this call
   * @return the result, which {@link Database#transaction} returns after the commit
   */
  R apply(Transaction tx);
}
