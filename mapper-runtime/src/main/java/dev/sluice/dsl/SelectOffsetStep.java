package dev.sluice.dsl;

/** A SELECT that may still skip rows. */
public interface SelectOffsetStep<T> extends Select<T> {
  /**
   * {@code OFFSET $n}: skip the first {@code rows} rows (bound, so paging reuses the statement).
   */
  Select<T> offset(long rows);
}
