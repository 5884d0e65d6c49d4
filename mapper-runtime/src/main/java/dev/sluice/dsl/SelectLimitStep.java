package dev.sluice.dsl;

/** A SELECT that may still be limited. */
public interface SelectLimitStep<T> extends SelectOffsetStep<T> {
  /**
   * {@code LIMIT $n} (bound).
   *
   * @param rows the most rows returned
   * @return the OFFSET step
   */
  SelectOffsetStep<T> limit(long rows);
}
