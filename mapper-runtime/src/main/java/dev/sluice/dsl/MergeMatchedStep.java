package dev.sluice.dsl;

/**
 * {@code WHEN MATCHED} or {@code WHEN NOT MATCHED BY SOURCE}, waiting for its action.
 *
 * @param <R> the target table's record
 */
public interface MergeMatchedStep<R> {
  /**
   * {@code THEN UPDATE SET …}: one {@code set} at least.
   *
   * @return the SET step
   */
  MergeUpdateSetStep<R> thenUpdate();

  /**
   * {@code THEN DELETE}.
   *
   * @return the MERGE, for another WHEN clause, RETURNING, or to run
   */
  MergeStep<R> thenDelete();

  /**
   * {@code THEN DO NOTHING}: the row is left alone, and later clauses are not tried for it.
   *
   * @return the MERGE, for another WHEN clause, RETURNING, or to run
   */
  MergeStep<R> thenDoNothing();
}
