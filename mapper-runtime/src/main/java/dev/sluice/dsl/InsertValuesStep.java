package dev.sluice.dsl;

import java.util.List;

/**
 * An INSERT with its rows, which may say what to do on a conflict. A class, not an interface, so
 * that {@link #onConflict} can take the columns of the inserted table only ({@code Column<R, ?>})
 * as varargs without an unchecked warning at every call: only a final method may be
 * {@code @SafeVarargs}. Not to be extended outside the DSL.
 *
 * @param <R> the inserted table's record
 */
public abstract class InsertValuesStep<R> extends DmlQuery<R> {
  InsertValuesStep(StatementExecutor queries, Table<R> table) {
    super(queries, table);
  }

  /**
   * {@code ON CONFLICT (columns)}: then {@code doNothing()} or {@code doUpdateSet…}. The columns
   * are the inserted table's: another table's does not compile.
   *
   * @param columns the columns of the unique index (or constraint) the conflict is on
   * @return the step of the conflict's action
   * @throws IllegalArgumentException if no column is given, or a column is not of the inserted
   *     table itself (a CTE's of the same record, say)
   */
  @SafeVarargs
  public final InsertConflictStep<R> onConflict(Column<R, ?>... columns) {
    if (columns.length == 0) {
      throw new IllegalArgumentException("onConflict() needs the columns of a unique index");
    }
    List<Column<R, ?>> list = List.of(columns);
    checkOwnColumns("onConflict", list);
    return conflictOn(list);
  }

  abstract InsertConflictStep<R> conflictOn(List<Column<R, ?>> columns);

  /**
   * {@code ON CONFLICT DO NOTHING}, whatever the constraint.
   *
   * @return the RETURNING step, or the statement as it is
   */
  public abstract ReturningStep<R> onConflictDoNothing();

  /**
   * {@code ON CONFLICT ON CONSTRAINT name}: the unique or exclusion constraint, by its name.
   *
   * @param constraint the constraint's name, quoted where needed
   * @return the step of the conflict's action
   */
  public abstract InsertConflictStep<R> onConflictOnConstraint(String constraint);

  /**
   * Fails unless each column reads from the inserted table itself: a column of the same record's
   * type may belong to another relation of its rows (a CTE of them), which the types cannot tell.
   */
  final void checkOwnColumns(String step, List<Column<R, ?>> columns) {
    for (Column<R, ?> c : columns) {
      Table<?> owner = c.table();
      if (!owner.name().equals(table.name()) || !owner.schema().equals(table.schema())) {
        throw new IllegalArgumentException(
            step
                + "("
                + c
                + "): the column is of "
                + owner
                + ", not of the inserted table "
                + table);
      }
    }
  }
}
