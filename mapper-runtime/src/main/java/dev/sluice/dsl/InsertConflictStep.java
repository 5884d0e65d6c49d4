package dev.sluice.dsl;

/** {@code ON CONFLICT (…)}, waiting for the action. */
public interface InsertConflictStep<R> {
  /** {@code DO NOTHING}. */
  ReturningStep<R> doNothing();

  /** {@code DO UPDATE SET c = excluded.c} for each of {@code columns}: an upsert. */
  ReturningStep<R> doUpdateSet(Column<?, ?>... columns);

  /** {@code DO UPDATE SET} every inserted column but the conflict columns from {@code excluded}. */
  ReturningStep<R> doUpdateSetAll();
}
