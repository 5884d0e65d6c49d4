package dev.sluice.dsl;

/** A join waiting for its condition. */
public interface SelectOnStep<T> {
  /** {@code ON condition}. */
  SelectJoinStep<T> on(Condition condition);

  /** {@code USING (column, …)}: the named columns are equal in both tables. */
  SelectJoinStep<T> using(Column<?, ?>... columns);
}
