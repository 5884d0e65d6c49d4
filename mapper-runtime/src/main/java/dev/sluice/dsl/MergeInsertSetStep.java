package dev.sluice.dsl;

/**
 * {@code THEN INSERT}, waiting for a column and its value, typed as {@link MergeUpdateSetStep}'s.
 * The values may read the source row only (there is no target row); the other columns take their
 * defaults.
 *
 * @param <R> the target table's record
 */
public interface MergeInsertSetStep<R> {
  /** One more column, its value bound. */
  <T> MergeInsertStep<R> set(Column<R, T> column, T value);

  /** One more column, its value an expression of its type, e.g. a source column. */
  <T> MergeInsertStep<R> set(Column<R, T> column, Expression<? extends T> value);
}
