package dev.sluice.dsl;

/** A SELECT whose tables are all given, which may filter its rows. */
public interface SelectWhereStep<T> extends SelectGroupByStep<T> {
  /**
   * {@code WHERE c1 AND c2 …}; {@link Conditions#noCondition()} operands are dropped, and with
   * nothing left there is no WHERE: a SELECT reads every row.
   *
   * @param conditions ANDed together; values in them are bound
   * @return the GROUP BY step
   */
  SelectGroupByStep<T> where(Condition... conditions);
}
