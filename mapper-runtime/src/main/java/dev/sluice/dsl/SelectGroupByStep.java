package dev.sluice.dsl;

/** A SELECT that may still be grouped. */
public interface SelectGroupByStep<T> extends SelectOrderByStep<T> {
  /** {@code GROUP BY expressions}. */
  SelectHavingStep<T> groupBy(Expression<?>... expressions);

  /**
   * {@code GROUP BY ROLLUP (…)}, {@code CUBE (…)} or {@code GROUPING SETS (…)}: several groupings
   * in one pass ({@link Dsl#rollup}, {@link Dsl#cube}, {@link Dsl#groupingSets}).
   */
  SelectHavingStep<T> groupBy(GroupingSet... groupings);

  /** {@code WINDOW name AS (…), …}: declares named windows ({@link Window#as}) for {@code over}. */
  SelectOrderByStep<T> window(Window... windows);
}
