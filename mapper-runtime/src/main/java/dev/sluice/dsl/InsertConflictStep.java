package dev.sluice.dsl;

import java.util.List;

/**
 * {@code ON CONFLICT (…)}, waiting for the action. A final class for the reason {@link
 * InsertValuesStep} is one: {@link #doUpdateSet} takes the inserted table's columns only, as
 * varargs, without unchecked warnings.
 *
 * @param <R> the inserted table's record
 */
public final class InsertConflictStep<R> {
  private final InsertQuery<R> insert;

  InsertConflictStep(InsertQuery<R> insert) {
    this.insert = insert;
  }

  /**
   * {@code ON CONFLICT (columns) WHERE predicate}: the predicate of a partial unique index, which
   * lets PostgreSQL infer that index as the arbiter ({@code … ON CONFLICT (customer_id) WHERE
   * open}); a row outside the predicate is not in the index and never conflicts. A second call is
   * ANDed to the first. Not after {@code onConflictOnConstraint} (a constraint takes no WHERE). A
   * predicate still {@link Conditions#noCondition()} when the statement is rendered fails.
   *
   * @param indexPredicate the partial index's predicate; values in it are bound
   * @return this step, for the action
   */
  public InsertConflictStep<R> where(Condition indexPredicate) {
    insert.conflict.where(indexPredicate);
    return this;
  }

  /**
   * {@code DO NOTHING}.
   *
   * @return the RETURNING step, or the statement as it is
   */
  public ReturningStep<R> doNothing() {
    return insert.conflict.doNothing();
  }

  /**
   * {@code DO UPDATE SET c = excluded.c} for each of {@code columns}: an upsert. The columns are
   * the inserted table's: another table's does not compile.
   *
   * @param columns the inserted table's columns set from the row that was refused
   * @return the RETURNING step, or the statement as it is
   * @throws IllegalArgumentException if no column is given, or a column is not of the inserted
   *     table itself
   */
  @SafeVarargs
  public final ReturningStep<R> doUpdateSet(Column<R, ?>... columns) {
    if (columns.length == 0) {
      throw new IllegalArgumentException("doUpdateSet() without columns; use doNothing()");
    }
    List<Column<R, ?>> list = List.of(columns);
    insert.checkOwnColumns("doUpdateSet", list);
    return insert.conflict.updateFromExcluded(list);
  }

  /**
   * {@code DO UPDATE SET column = value, …}, each value a bound value or an expression of the
   * column's type over the conflicting row and {@link Dsl#excluded}'s columns; then, optionally,
   * {@code where(…)}: {@code doUpdate().set(B.amount, B.amount.plus(excluded(B).amount))
   * .where(B.amount.lt(limit))}.
   *
   * @return the SET step
   */
  public ConflictUpdateSetStep<R> doUpdate() {
    return new ConflictUpdate<>(insert);
  }

  /**
   * {@code DO UPDATE SET} every inserted column but the conflict columns from {@code excluded}.
   *
   * @return the RETURNING step, or the statement as it is
   */
  public ReturningStep<R> doUpdateSetAll() {
    return insert.conflict.updateAllFromExcluded();
  }
}
