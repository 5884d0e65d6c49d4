package dev.sluice.dsl;

import java.util.ArrayList;
import java.util.List;

/**
 * An INSERT's {@code ON CONFLICT} clause: its target (columns and a partial index's predicate, a
 * constraint, or any), its action (DO NOTHING, or DO UPDATE SET … [WHERE …]) and their rendering.
 * Built by {@link InsertConflictStep} and {@link ConflictUpdate}; held by its {@link InsertQuery}.
 *
 * <p>An empty condition never widens the clause: a target predicate or a DO UPDATE condition that
 * is still {@link Conditions#noCondition()} when rendered fails, naming the statement, instead of
 * being dropped (an upsert that updates every conflicting row says so by leaving {@code where}
 * out).
 */
final class InsertConflict<R> {
  private final InsertQuery<R> insert;

  /** The ON CONFLICT columns (empty for a constraint), or null for no conflict target. */
  private List<Column<?, ?>> columns;

  /** The constraint of ON CONFLICT ON CONSTRAINT, or null. */
  private String constraint;

  /** Whether the statement ends ON CONFLICT DO NOTHING, for any constraint. */
  private boolean any;

  /** The conflict target's {@code WHERE}, the predicate of a partial unique index; or null. */
  private Condition targetWhere;

  /** null: DO NOTHING; else the columns DO UPDATE sets. */
  private List<Column<?, ?>> updateColumns;

  /**
   * The value of each of {@link #updateColumns}, position for position: an expression, or null for
   * {@code excluded.column} (the value that was to be inserted). Null when every one is.
   */
  private List<QueryPart> updateValues;

  /** {@code DO UPDATE … WHERE}: which conflicting rows are updated; null for all of them. */
  private Condition updateWhere;

  /** {@code excluded}, the row proposed for insertion, as a table; made on first use. */
  private Table<R> excluded;

  InsertConflict(InsertQuery<R> insert) {
    this.insert = insert;
  }

  // ---- the target ----

  void onConstraint(String name) {
    constraint = name;
    columns = List.of();
  }

  void on(List<Column<R, ?>> target) {
    columns = List.<Column<?, ?>>copyOf(target);
  }

  void onAny() {
    any = true;
  }

  /** ANDs {@code predicate} to the conflict target's WHERE. */
  void where(Condition predicate) {
    if (predicate == null) {
      throw new IllegalArgumentException(
          insert.statement() + " ON CONFLICT (…) where(null): pass the partial index's predicate");
    }
    if (constraint != null) {
      throw new IllegalStateException(
          insert.statement()
              + " ON CONFLICT ON CONSTRAINT "
              + constraint
              + ": a constraint takes no WHERE; name the index's columns with onConflict(…)");
    }
    targetWhere = targetWhere == null ? predicate : targetWhere.and(predicate);
  }

  // ---- the action ----

  /** {@code DO NOTHING} after the conflict target. */
  ReturningStep<R> doNothing() {
    updateColumns = null;
    return insert;
  }

  /** {@code DO UPDATE SET c = excluded.c} for each column. */
  ReturningStep<R> updateFromExcluded(List<Column<R, ?>> set) {
    updateColumns = List.<Column<?, ?>>copyOf(set);
    updateValues = null;
    return insert;
  }

  /** {@code DO UPDATE SET c = excluded.c} for every inserted column but the conflict columns. */
  ReturningStep<R> updateAllFromExcluded() {
    List<Column<?, ?>> set = new ArrayList<>();
    for (Column<R, ?> c : insert.insertedColumns()) {
      if (!columns.contains(c)) {
        set.add(c);
      }
    }
    updateColumns = set;
    updateValues = null;
    return insert;
  }

  /** Starts {@code DO UPDATE SET} of expressions, which {@link #set} adds to. */
  void startUpdate() {
    updateColumns = new ArrayList<>();
    updateValues = new ArrayList<>();
    updateWhere = null;
  }

  /** One more {@code column = value} of DO UPDATE; {@code value} null for excluded.column. */
  void set(Column<R, ?> column, QueryPart value) {
    insert.checkOwnColumns("doUpdate().set", List.of(column));
    if (updateColumns.contains(column)) {
      throw new IllegalStateException(
          insert.statement() + " ON CONFLICT DO UPDATE: " + column + " set twice");
    }
    updateColumns.add(column);
    updateValues.add(value);
  }

  /** ANDs {@code condition} to DO UPDATE's WHERE. */
  void updateWhere(Condition condition) {
    if (condition == null) {
      throw new IllegalArgumentException(
          insert.statement()
              + " ON CONFLICT DO UPDATE where(null); pass a condition, or leave it out");
    }
    updateWhere = updateWhere == null ? condition : updateWhere.and(condition);
  }

  // ---- rendering ----

  /** The ON CONFLICT clause, if any. */
  void render(SqlWriter w) {
    if (any) {
      w.append(" ON CONFLICT DO NOTHING");
      return;
    }
    if (columns == null) {
      return;
    }
    if (constraint != null) {
      w.append(" ON CONFLICT ON CONSTRAINT ").identifier(constraint);
    } else {
      w.append(" ON CONFLICT (");
      for (int i = 0; i < columns.size(); i++) {
        w.append(i == 0 ? "" : ", ").identifier(columns.get(i).name());
      }
      w.append(')');
      if (targetWhere != null) {
        w.append(" WHERE ");
        renderNonEmpty(w, targetWhere, "ON CONFLICT (…) WHERE", "the partial index's predicate");
      }
    }
    if (updateColumns == null) {
      w.append(" DO NOTHING");
    } else {
      renderUpdate(w);
    }
  }

  /** {@code DO UPDATE SET … [WHERE …]}, where the target's and excluded's columns are in scope. */
  private void renderUpdate(SqlWriter w) {
    if (updateColumns.isEmpty()) {
      // doUpdate() leads through set(…) first; doUpdateSetAll() gets here when every inserted
      // column is a conflict column.
      throw new IllegalStateException(
          insert.statement()
              + " ON CONFLICT DO UPDATE sets no column; set one, or call doNothing()");
    }
    w.pushScope(List.of(insert.table, excluded()));
    w.append(" DO UPDATE SET ");
    for (int i = 0; i < updateColumns.size(); i++) {
      String name = updateColumns.get(i).name();
      w.append(i == 0 ? "" : ", ").identifier(name).append(" = ");
      QueryPart value = updateValues == null ? null : updateValues.get(i);
      if (value == null) {
        w.append("excluded.").identifier(name);
      } else {
        value.render(w);
      }
    }
    if (updateWhere != null) {
      w.append(" WHERE ");
      renderNonEmpty(w, updateWhere, "ON CONFLICT DO UPDATE WHERE", "the condition");
    }
    w.popScope();
  }

  /**
   * Renders {@code condition}, or fails if it is empty ({@link Conditions#noCondition()} with
   * nothing added): an empty predicate would widen the clause, so it is refused, never dropped.
   */
  private void renderNonEmpty(SqlWriter w, Condition condition, String clause, String what) {
    if (condition.isEmpty()) {
      throw new IllegalStateException(
          insert.statement()
              + ": the "
              + clause
              + " condition is empty (noCondition() with nothing added); pass "
              + what
              + ", or leave the where(…) out");
    }
    condition.render(w);
  }

  /** {@code excluded}: the table's columns, read from the row proposed for insertion. */
  private Table<R> excluded() {
    Table<R> e = excluded;
    if (e == null) {
      excluded = e = insert.table.named("excluded");
    }
    return e;
  }
}
