package dev.sluice.dsl;

/** A join waiting for its condition. */
public interface SelectOnStep<T> {
  /**
   * {@code ON condition}. {@link Dsl#noCondition()} fails when the query is rendered: a join on no
   * condition would pair every row with every row; say so with {@code crossJoin}.
   */
  SelectJoinStep<T> on(Condition condition);

  /** {@code USING (column, …)}: the named columns are equal in both tables. */
  SelectJoinStep<T> using(Column<?, ?>... columns);
}
