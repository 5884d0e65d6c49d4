package dev.sluice.dsl;

/**
 * A MERGE waiting for a {@code WHEN} clause. PostgreSQL tries the clauses in order and runs the
 * first whose kind and {@code AND} condition fit the row; a row no clause fits is left alone. A
 * condition still {@link Conditions#noCondition()} when the statement is rendered fails, naming the
 * statement: leave it out to take every row of the kind.
 *
 * @param <R> the target table's record
 */
public interface MergeWhenStep<R> {
  /**
   * {@code WHEN MATCHED}: a target row the ON condition joins to a source row.
   *
   * @return the step of the clause's action
   */
  MergeMatchedStep<R> whenMatched();

  /**
   * {@code WHEN MATCHED AND condition}; the condition may read the target and the source row.
   *
   * @param condition the clause's extra condition; values in it are bound
   * @return the step of the clause's action
   */
  MergeMatchedStep<R> whenMatched(Condition condition);

  /**
   * {@code WHEN NOT MATCHED}: a source row that joins to no target row; it may be inserted.
   *
   * @return the step of the clause's action
   */
  MergeNotMatchedStep<R> whenNotMatched();

  /**
   * {@code WHEN NOT MATCHED AND condition}; the condition reads the source row only.
   *
   * @param condition the clause's extra condition; values in it are bound
   * @return the step of the clause's action
   */
  MergeNotMatchedStep<R> whenNotMatched(Condition condition);

  /**
   * {@code WHEN NOT MATCHED BY SOURCE} (PostgreSQL 17): a target row no source row joins to; it may
   * be updated or deleted, from its own columns only.
   *
   * @return the step of the clause's action
   */
  MergeMatchedStep<R> whenNotMatchedBySource();

  /**
   * {@code WHEN NOT MATCHED BY SOURCE AND condition}; the condition reads the target row only.
   *
   * @param condition the clause's extra condition; values in it are bound
   * @return the step of the clause's action
   */
  MergeMatchedStep<R> whenNotMatchedBySource(Condition condition);
}
