package dev.sluice.dsl;

/** A SELECT that may still be grouped. */
public interface SelectGroupByStep<T> extends SelectOrderByStep<T> {
  /**
   * {@code GROUP BY expressions}.
   *
   * @param expressions the grouping expressions
   * @return the HAVING step
   */
  SelectHavingStep<T> groupBy(Expression<?>... expressions);

  /**
   * {@code GROUP BY ROLLUP (…)}, {@code CUBE (…)} or {@code GROUPING SETS (…)}: several groupings
   * in one pass ({@link Aggregates#rollup}, {@link Aggregates#cube}, {@link
   * Aggregates#groupingSets}).
   *
   * @param groupings the rollups, cubes or grouping sets
   * @return the HAVING step
   */
  SelectHavingStep<T> groupBy(GroupingSet... groupings);

  /**
   * {@code WINDOW name AS (…), …}: declares named windows ({@link Window#as}) for {@code over}.
   *
   * @param windows the named windows, each made by {@link Window#as}
   * @return the ORDER BY step
   */
  SelectOrderByStep<T> window(Window... windows);
}
