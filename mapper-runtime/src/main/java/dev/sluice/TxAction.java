package dev.sluice;

/** The body of {@link Database#useTransaction}: runs on the transaction, returns nothing. */
@FunctionalInterface
public interface TxAction {
  void run(Transaction tx);
}
