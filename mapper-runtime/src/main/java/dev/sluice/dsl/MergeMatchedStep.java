package dev.sluice.dsl;

/**
 * {@code WHEN MATCHED} or {@code WHEN NOT MATCHED BY SOURCE}, waiting for its action.
 *
 * @param <R> the target table's record
 */
public interface MergeMatchedStep<R> {
  /** {@code THEN UPDATE SET …}: one {@code set} at least. */
  MergeUpdateSetStep<R> thenUpdate();

  /** {@code THEN DELETE}. */
  MergeStep<R> thenDelete();

  /** {@code THEN DO NOTHING}: the row is left alone, and later clauses are not tried for it. */
  MergeStep<R> thenDoNothing();
}
