package dev.sluice.dsl;

/** A SELECT that may still be ordered. */
public interface SelectOrderByStep<T> extends SelectLimitStep<T> {
  /**
   * {@code ORDER BY keys}: {@code FILM.title.asc()}, {@code FILM.length.desc().nullsLast()}.
   *
   * @param keys the sort keys, most significant first
   * @return the LIMIT step
   */
  SelectLimitStep<T> orderBy(SortField... keys);
}
