package dev.sluice.dsl;

/**
 * {@code THEN INSERT}, waiting for a column and its value, typed as {@link MergeUpdateSetStep}'s.
 * The values may read the source row only (there is no target row); the other columns take their
 * defaults.
 *
 * @param <R> the target table's record
 */
public interface MergeInsertSetStep<R> {
  /**
   * One more column, its value bound.
   *
   * @param <T> the column's Java type
   * @param column a column of the target
   * @param value its value, bound (null is NULL)
   * @return the step of another column, or what follows the clause
   */
  <T> MergeInsertStep<R> set(Column<R, T> column, T value);

  /**
   * One more column, its value an expression of its type, e.g. a source column.
   *
   * @param <T> the column's Java type
   * @param column a column of the target
   * @param value the expression giving its value, over the source row
   * @return the step of another column, or what follows the clause
   * @throws IllegalArgumentException if {@code value} is null
   */
  <T> MergeInsertStep<R> set(Column<R, T> column, Expression<? extends T> value);
}
