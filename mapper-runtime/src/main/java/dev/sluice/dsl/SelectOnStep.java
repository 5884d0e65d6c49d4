package dev.sluice.dsl;

/** A join waiting for its condition. */
public interface SelectOnStep<T> {
  /**
   * {@code ON condition}. {@link Conditions#noCondition()} fails when the query is rendered: a join
   * on no condition would pair every row with every row; say so with {@code crossJoin}.
   *
   * @param condition the join condition; values in it are bound
   * @return the JOIN step, for another join, WHERE, or what follows
   */
  SelectJoinStep<T> on(Condition condition);

  /**
   * {@code USING (column, …)}: the named columns are equal in both tables.
   *
   * @param columns the shared columns (their names are rendered)
   * @return the JOIN step, for another join, WHERE, or what follows
   */
  SelectJoinStep<T> using(Column<?, ?>... columns);
}
