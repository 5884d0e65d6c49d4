package dev.sluice.dsl;

/** A SELECT that may still be ordered. */
public interface SelectOrderByStep<T> extends SelectLimitStep<T> {
  /** {@code ORDER BY keys}: {@code FILM.title.asc()}, {@code FILM.length.desc().nullsLast()}. */
  SelectLimitStep<T> orderBy(SortField... keys);
}
