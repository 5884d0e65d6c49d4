package dev.sluice.dsl;

/**
 * {@code MERGE INTO target USING source}, waiting for the join condition.
 *
 * @param <R> the target table's record
 */
public interface MergeOnStep<R> {
  /**
   * {@code ON condition}: which target row a source row matches. A condition still {@link
   * Conditions#noCondition()} when the statement is rendered fails, naming the statement (it never
   * means "every pair"); {@link Conditions#trueCondition()} says so explicitly.
   *
   * @param condition the join condition of target and source
   * @return the step of the first WHEN clause
   */
  MergeWhenStep<R> on(Condition condition);
}
