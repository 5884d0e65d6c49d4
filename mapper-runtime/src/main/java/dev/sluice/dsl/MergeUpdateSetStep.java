package dev.sluice.dsl;

/**
 * {@code THEN UPDATE SET}, waiting for a column. A column of the target and a value of its type:
 * {@code set(BALANCE.amount, "x")} does not compile.
 *
 * @param <R> the target table's record
 */
public interface MergeUpdateSetStep<R> {
  /**
   * {@code column = $n}.
   *
   * @param <T> the column's Java type
   * @param column a column of the target
   * @param value its value, bound
   * @return the step of another column, or what follows the clause
   */
  <T> MergeUpdateStep<R> set(Column<R, T> column, T value);

  /**
   * {@code column = expression}, over the rows the clause sees.
   *
   * @param <T> the column's Java type
   * @param column a column of the target
   * @param value the expression giving its value
   * @return the step of another column, or what follows the clause
   * @throws IllegalArgumentException if {@code value} is null (use {@link #setNull})
   */
  <T> MergeUpdateStep<R> set(Column<R, T> column, Expression<? extends T> value);

  /**
   * {@code column = NULL}.
   *
   * @param column a column of the target
   * @return the step of another column, or what follows the clause
   */
  MergeUpdateStep<R> setNull(Column<R, ?> column);
}
