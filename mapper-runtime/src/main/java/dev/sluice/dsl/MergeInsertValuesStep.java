package dev.sluice.dsl;

/**
 * {@code THEN INSERT (columns)}, waiting for the values, one per column in order.
 *
 * @param <R> the target table's record
 */
public interface MergeInsertValuesStep<R> {
  /**
   * {@code VALUES (…)}: each value an {@link Expression} (a source column, a computed value) of its
   * column's type, or a plain value bound as the column binds it. The number and the types are
   * checked here, since positions cannot be typed: {@code INSERT (customer_id) VALUES ('x')} fails.
   *
   * @param values one per column, in the order the columns were given
   * @return the MERGE, for another WHEN clause, RETURNING, or to run
   * @throws IllegalArgumentException if the number of values is not the number of columns, or a
   *     value is not of its column's type
   */
  MergeStep<R> values(Object... values);
}
