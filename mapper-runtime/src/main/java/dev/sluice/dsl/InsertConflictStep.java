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

  /** {@code DO NOTHING}. */
  public ReturningStep<R> doNothing() {
    return insert.conflictDoNothing();
  }

  /**
   * {@code DO UPDATE SET c = excluded.c} for each of {@code columns}: an upsert. The columns are
   * the inserted table's: another table's does not compile.
   */
  @SafeVarargs
  public final ReturningStep<R> doUpdateSet(Column<R, ?>... columns) {
    if (columns.length == 0) {
      throw new IllegalArgumentException("doUpdateSet() without columns; use doNothing()");
    }
    List<Column<R, ?>> list = List.of(columns);
    insert.checkOwnColumns("doUpdateSet", list);
    return insert.updateFromExcluded(list);
  }

  /** {@code DO UPDATE SET} every inserted column but the conflict columns from {@code excluded}. */
  public ReturningStep<R> doUpdateSetAll() {
    return insert.updateAllFromExcluded();
  }
}
