package dev.sluice.dsl;

/** A SELECT that may still be grouped. */
public interface SelectGroupByStep<T> extends SelectOrderByStep<T> {
  /** {@code GROUP BY expressions}. */
  SelectHavingStep<T> groupBy(Expression<?>... expressions);
}
