package dev.sluice.dsl;

/** A grouped SELECT, which may filter its groups. */
public interface SelectHavingStep<T> extends SelectOrderByStep<T> {
  /**
   * {@code HAVING condition}, e.g. {@code count().gt(30L)}; {@link Dsl#noCondition()} gives no
   * HAVING.
   */
  SelectOrderByStep<T> having(Condition condition);

  /** {@code WINDOW name AS (…), …}: declares named windows ({@link Window#as}) for {@code over}. */
  SelectOrderByStep<T> window(Window... windows);
}
