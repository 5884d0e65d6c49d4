package dev.sluice.dsl;

/** An INSERT with its rows, which may say what to do on a conflict. */
public interface InsertValuesStep<R> extends ReturningStep<R> {
  /** {@code ON CONFLICT (columns)}: then {@code doNothing()} or {@code doUpdateSet…}. */
  InsertConflictStep<R> onConflict(Column<?, ?>... columns);

  /** {@code ON CONFLICT DO NOTHING}, whatever the constraint. */
  ReturningStep<R> onConflictDoNothing();

  /** {@code ON CONFLICT ON CONSTRAINT name}: the unique or exclusion constraint, by its name. */
  InsertConflictStep<R> onConflictOnConstraint(String constraint);
}
