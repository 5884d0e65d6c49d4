package dev.sluice.dsl;

/** A SELECT that may still be limited. */
public interface SelectLimitStep<T> extends SelectOffsetStep<T> {
  /** {@code LIMIT $n} (bound). */
  SelectOffsetStep<T> limit(long rows);
}
