package dev.sluice;

/** The body of {@link Database#useTransaction}: runs on the transaction, returns nothing. */
@FunctionalInterface
public interface TxAction {
  /**
   * Runs the transaction's work; the transaction commits when this returns and rolls back when it
   * throws. With {@link TxOptions#attempts} above 1 it may run again, in a new transaction, after a
   * failure that left nothing committed.
   *
   * @param tx the transaction to run statements on, valid only during this call
   */
  void run(Transaction tx);
}
