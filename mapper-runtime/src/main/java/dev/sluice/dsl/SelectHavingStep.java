package dev.sluice.dsl;

/** A grouped SELECT, which may filter its groups. */
public interface SelectHavingStep<T> extends SelectOrderByStep<T> {
  /**
   * {@code HAVING condition}, e.g. {@code count().gt(30L)}; {@link Conditions#noCondition()} gives
   * no HAVING.
   *
   * @param condition the filter of the groups; values in it are bound
   * @return the ORDER BY step
   */
  SelectOrderByStep<T> having(Condition condition);

  /**
   * {@code WINDOW name AS (…), …}: declares named windows ({@link Window#as}) for {@code over}.
   *
   * @param windows the named windows, each made by {@link Window#as}
   * @return the ORDER BY step
   */
  SelectOrderByStep<T> window(Window... windows);
}
