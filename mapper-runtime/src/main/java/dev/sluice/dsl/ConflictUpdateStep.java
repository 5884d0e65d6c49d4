package dev.sluice.dsl;

/**
 * {@code ON CONFLICT … DO UPDATE SET …}: more columns, a {@code WHERE} saying which conflicting
 * rows are updated, or the statement as it is (every conflicting row is updated).
 *
 * @param <R> the inserted table's record
 */
public interface ConflictUpdateStep<R> extends ConflictUpdateSetStep<R>, ReturningStep<R> {
  /**
   * {@code DO UPDATE SET … WHERE condition}: a conflicting row the condition rejects is neither
   * updated nor inserted (nor returned). A second call is ANDed to the first. A condition still
   * {@link Conditions#noCondition()} when the statement is rendered fails, naming the statement:
   * leave {@code where} out to update every conflicting row.
   *
   * @param condition which conflicting rows are updated; bound values stay bound
   * @return the RETURNING step, or the statement as it is
   */
  ReturningStep<R> where(Condition condition);
}
