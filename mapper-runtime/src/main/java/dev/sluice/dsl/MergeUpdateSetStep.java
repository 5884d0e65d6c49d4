package dev.sluice.dsl;

/**
 * {@code THEN UPDATE SET}, waiting for a column. A column of the target and a value of its type:
 * {@code set(BALANCE.amount, "x")} does not compile.
 *
 * @param <R> the target table's record
 */
public interface MergeUpdateSetStep<R> {
  /** {@code column = $n}. */
  <T> MergeUpdateStep<R> set(Column<R, T> column, T value);

  /** {@code column = expression}, over the rows the clause sees. */
  <T> MergeUpdateStep<R> set(Column<R, T> column, Expression<? extends T> value);

  /** {@code column = NULL}. */
  MergeUpdateStep<R> setNull(Column<R, ?> column);
}
