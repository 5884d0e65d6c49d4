package dev.sluice;

/** The body of {@link Database#transaction}: runs on the transaction and returns a result. */
@FunctionalInterface
public interface TxFunction<R> {
  R apply(Transaction tx);
}
