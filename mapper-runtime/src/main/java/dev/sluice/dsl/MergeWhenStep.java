package dev.sluice.dsl;

/**
 * A MERGE waiting for a {@code WHEN} clause. PostgreSQL tries the clauses in order and runs the
 * first whose kind and {@code AND} condition fit the row; a row no clause fits is left alone. A
 * condition still {@link Dsl#noCondition()} when the statement is rendered fails, naming the
 * statement: leave it out to take every row of the kind.
 *
 * @param <R> the target table's record
 */
public interface MergeWhenStep<R> {
  /** {@code WHEN MATCHED}: a target row the ON condition joins to a source row. */
  MergeMatchedStep<R> whenMatched();

  /** {@code WHEN MATCHED AND condition}; the condition may read the target and the source row. */
  MergeMatchedStep<R> whenMatched(Condition condition);

  /** {@code WHEN NOT MATCHED}: a source row that joins to no target row; it may be inserted. */
  MergeNotMatchedStep<R> whenNotMatched();

  /** {@code WHEN NOT MATCHED AND condition}; the condition reads the source row only. */
  MergeNotMatchedStep<R> whenNotMatched(Condition condition);

  /**
   * {@code WHEN NOT MATCHED BY SOURCE} (PostgreSQL 17): a target row no source row joins to; it may
   * be updated or deleted, from its own columns only.
   */
  MergeMatchedStep<R> whenNotMatchedBySource();

  /** {@code WHEN NOT MATCHED BY SOURCE AND condition}; the condition reads the target row only. */
  MergeMatchedStep<R> whenNotMatchedBySource(Condition condition);
}
