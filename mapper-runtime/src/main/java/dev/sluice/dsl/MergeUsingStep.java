package dev.sluice.dsl;

/**
 * {@code MERGE INTO target}, waiting for its source.
 *
 * @param <R> the target table's record
 */
public interface MergeUsingStep<R> {
  /**
   * {@code USING source}: a table (under an alias if it is the target's own), a derived table
   * ({@code derived("s", select(…)).table()}), a VALUES list ({@code values(…).row(…).as("v")
   * .table()}) or a CTE's table. Its columns are in scope in ON, in the WHEN clauses that see the
   * source row, and in RETURNING.
   *
   * @param source the table, derived table, VALUES list or CTE the rows come from
   * @return the ON step
   */
  MergeOnStep<R> using(Table<?> source);
}
