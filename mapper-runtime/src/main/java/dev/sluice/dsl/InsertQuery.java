package dev.sluice.dsl;

import dev.sluice.Queries;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * INSERT of records: every column but the {@code @Generated} ones, values from the generated {@link
 * Table#values}. One record is one statement; many without RETURNING are one pipelined batch of
 * that statement ({@code executeBatch}); many with RETURNING are multi-row VALUES, as few
 * statements as PostgreSQL's limit of 65535 parameters allows.
 */
final class InsertQuery<R> extends InsertSetStep<R> implements InsertStep<R>, InsertSelectStep<R> {
  private static final int MAX_PARAMETERS = 65535;

  /** Positions in {@link Table#columns()} of the inserted columns. */
  private final int[] inserted;

  private List<R> records;

  /** The ON CONFLICT columns, or null. */
  private List<Column<?, ?>> conflictColumns;

  /** The constraint of ON CONFLICT ON CONSTRAINT, or null. */
  private String conflictConstraint;

  /** The columns chosen by set(…) or columns(…); null to insert records. */
  private List<Column<R, ?>> chosen;

  /** The values of set(…), one per chosen column; empty for INSERT … SELECT. */
  private List<QueryPart> chosenValues;

  /** The SELECT of INSERT … SELECT, or null. */
  private AbstractSelect<?> source;

  /** Whether the statement ends ON CONFLICT DO NOTHING, for any constraint. */
  private boolean conflictAny;

  /** null: DO NOTHING; else the columns DO UPDATE sets. */
  private List<Column<?, ?>> updateColumns;

  /**
   * The value of each of {@link #updateColumns}, position for position: an expression, or null for
   * {@code excluded.column} (the value that was to be inserted).
   */
  private List<QueryPart> updateValues;

  /** The conflict target's {@code WHERE}, the predicate of a partial unique index; or null. */
  private Condition conflictWhere;

  /** {@code DO UPDATE … WHERE}: which conflicting rows are updated; null for all of them. */
  private Condition updateWhere;

  /** {@code excluded}, the row proposed for insertion, as a table; made on first use. */
  private Table<R> excluded;

  InsertQuery(Queries queries, Table<R> table) {
    super(queries, table);
    List<? extends Column<R, ?>> columns = table.columns();
    int[] positions = new int[columns.size()];
    int n = 0;
    for (int i = 0; i < columns.size(); i++) {
      if (!columns.get(i).isGenerated()) {
        positions[n++] = i;
      }
    }
    this.inserted = java.util.Arrays.copyOf(positions, n);
  }

  @Override
  public InsertValuesStep<R> values(R record) {
    if (record == null) {
      throw new IllegalArgumentException("insert into " + table + " of a null record");
    }
    records = List.of(record);
    return this;
  }

  @Override
  public InsertValuesStep<R> values(Collection<? extends R> list) {
    records = new ArrayList<>(list);
    return this;
  }

  // ---- chosen columns ----

  @Override
  public <T> InsertSetStep<R> set(Column<R, T> column, T value) {
    return choose(column, new Expression.Param<T>(column.toDatabase(value), column.valueType()));
  }

  @Override
  public <T> InsertSetStep<R> set(Column<R, T> column, Expression<? extends T> value) {
    return choose(column, value);
  }

  private InsertSetStep<R> choose(Column<R, ?> column, QueryPart value) {
    if (records != null || source != null) {
      throw new IllegalStateException(
          "insert into " + table + ": set(…) after values(…) or columns(…); use one of them");
    }
    if (chosen == null) {
      chosen = new ArrayList<>();
      chosenValues = new ArrayList<>();
    }
    if (chosen.contains(column)) {
      throw new IllegalStateException("insert into " + table + ": " + column + " set twice");
    }
    chosen.add(column);
    chosenValues.add(value);
    return this;
  }

  @Override
  @SuppressWarnings("unchecked")
  public InsertSelectStep<R> columns(Column<?, ?>... columns) {
    if (columns.length == 0) {
      throw new IllegalArgumentException("insert into " + table + ": columns() of none");
    }
    List<Column<R, ?>> mine = new ArrayList<>(columns.length);
    for (Column<?, ?> c : columns) {
      if (c.table() != table && !c.table().alias().equals(table.alias())) {
        throw new IllegalArgumentException(
            "insert into " + table + ": " + c + " is not a column of it");
      }
      mine.add((Column<R, ?>) c);
    }
    chosen = List.copyOf(mine);
    chosenValues = List.of();
    return this;
  }

  @Override
  public InsertValuesStep<R> select(Select<?> query) {
    source = (AbstractSelect<?>) query;
    return this;
  }

  /** INSERT INTO table (chosen) VALUES (…) or SELECT …. */
  private void renderChosen(SqlWriter w) {
    w.append("INSERT INTO ").tableReference(table).append(" (");
    for (int i = 0; i < chosen.size(); i++) {
      w.append(i == 0 ? "" : ", ").identifier(chosen.get(i).name());
    }
    w.append(')');
    if (source == null && chosenValues.isEmpty()) {
      throw new IllegalStateException(
          "insert into " + table + " " + chosen + ": columns(…) without select(…)");
    }
    if (source != null) {
      int items = source.selectList().size();
      if (items != chosen.size()) {
        throw new IllegalStateException(
            "insert into "
                + table
                + ": "
                + chosen.size()
                + " columns "
                + chosen
                + " but the select gives "
                + items);
      }
      w.append(' ');
      source.render(w);
    } else {
      w.append(" VALUES (");
      for (int i = 0; i < chosenValues.size(); i++) {
        w.append(i == 0 ? "" : ", ");
        chosenValues.get(i).render(w);
      }
      w.append(')');
    }
    renderConflict(w);
  }

  // ---- conflicts ----

  @Override
  public InsertConflictStep<R> onConflictOnConstraint(String constraint) {
    if (constraint == null || constraint.isEmpty()) {
      throw new IllegalArgumentException("onConflictOnConstraint needs the constraint's name");
    }
    conflictConstraint = constraint;
    conflictColumns = List.of();
    return new InsertConflictStep<>(this);
  }

  @Override
  InsertConflictStep<R> conflictOn(List<Column<R, ?>> columns) {
    conflictColumns = List.<Column<?, ?>>copyOf(columns);
    return new InsertConflictStep<>(this);
  }

  @Override
  public ReturningStep<R> onConflictDoNothing() {
    conflictAny = true;
    return this;
  }

  /** {@code DO NOTHING} after the conflict columns. */
  ReturningStep<R> conflictDoNothing() {
    updateColumns = null;
    return this;
  }

  /** ANDs {@code predicate} to the conflict target's WHERE. */
  void conflictWhere(Condition predicate) {
    if (predicate == null) {
      throw new IllegalArgumentException(
          statement() + " ON CONFLICT (…) where(null): pass the partial index's predicate");
    }
    if (conflictConstraint != null) {
      throw new IllegalStateException(
          statement()
              + " ON CONFLICT ON CONSTRAINT "
              + conflictConstraint
              + ": a constraint takes no WHERE; name the index's columns with onConflict(…)");
    }
    conflictWhere = conflictWhere == null ? predicate : conflictWhere.and(predicate);
  }

  /** {@code DO UPDATE SET c = excluded.c} for each column. */
  ReturningStep<R> updateFromExcluded(List<Column<R, ?>> columns) {
    updateColumns = List.<Column<?, ?>>copyOf(columns);
    updateValues = null;
    return this;
  }

  /** Starts {@code DO UPDATE SET} of expressions, which {@link #updateSet} adds to. */
  void startUpdate() {
    updateColumns = new ArrayList<>();
    updateValues = new ArrayList<>();
    updateWhere = null;
  }

  /** One more {@code column = value} of DO UPDATE; {@code value} null for excluded.column. */
  void updateSet(Column<R, ?> column, QueryPart value) {
    checkOwnColumns("doUpdate().set", List.of(column));
    if (updateColumns.contains(column)) {
      throw new IllegalStateException(
          statement() + " ON CONFLICT DO UPDATE: " + column + " set twice");
    }
    updateColumns.add(column);
    updateValues.add(value);
  }

  /** ANDs {@code condition} to DO UPDATE's WHERE. */
  void updateWhere(Condition condition) {
    if (condition == null) {
      throw new IllegalArgumentException(
          statement() + " ON CONFLICT DO UPDATE where(null); pass a condition, or leave it out");
    }
    updateWhere = updateWhere == null ? condition : updateWhere.and(condition);
  }

  /** The statement's first words and table, for messages: "INSERT INTO payment". */
  String statement() {
    return "INSERT INTO " + table;
  }

  /** {@code excluded}: this table's columns, read from the row proposed for insertion. */
  Table<R> excluded() {
    Table<R> e = excluded;
    if (e == null) {
      excluded = e = table.named("excluded");
    }
    return e;
  }

  /** {@code DO UPDATE SET} every inserted column but the conflict columns. */
  ReturningStep<R> updateAllFromExcluded() {
    List<Column<?, ?>> set = new ArrayList<>();
    List<? extends Column<R, ?>> columns = table.columns();
    if (chosen != null) {
      // Only the inserted columns have values in excluded; the others hold their defaults.
      for (Column<R, ?> c : chosen) {
        if (!conflictColumns.contains(c)) {
          set.add(c);
        }
      }
    } else {
      for (int p : inserted) {
        Column<R, ?> c = columns.get(p);
        if (!conflictColumns.contains(c)) {
          set.add(c);
        }
      }
    }
    updateColumns = set;
    updateValues = null;
    return this;
  }

  @Override
  void renderBody(SqlWriter w) {
    if (chosen != null) {
      renderChosen(w);
      return;
    }
    checkRecords();
    renderRows(w, 1, 0);
  }

  /** INSERT … VALUES for {@code count} records from {@code first}, and the conflict clause. */
  private void renderRows(SqlWriter w, int count, int first) {
    List<? extends Column<R, ?>> columns = table.columns();
    w.append("INSERT INTO ").tableReference(table);
    if (inserted.length == 0) {
      // Every column is generated: one row of defaults per statement (an empty column list and
      // VALUES () are syntax errors in PostgreSQL).
      if (count != 1) {
        throw new IllegalStateException("DEFAULT VALUES inserts one row per statement: " + count);
      }
      w.append(" DEFAULT VALUES");
    } else {
      w.append(" (");
      for (int i = 0; i < inserted.length; i++) {
        w.append(i == 0 ? "" : ", ").identifier(columns.get(inserted[i]).name());
      }
      w.append(") VALUES ");
      for (int r = 0; r < count; r++) {
        Object[] values = records.isEmpty() ? new Object[columns.size()] : row(first + r);
        w.append(r == 0 ? "(" : ", (");
        for (int i = 0; i < inserted.length; i++) {
          w.append(i == 0 ? "" : ", ").bind(values[inserted[i]]);
        }
        w.append(')');
      }
    }
    renderConflict(w);
  }

  /** The ON CONFLICT clause, if any. */
  private void renderConflict(SqlWriter w) {
    if (conflictAny) {
      w.append(" ON CONFLICT DO NOTHING");
    } else if (conflictColumns != null) {
      if (conflictConstraint != null) {
        w.append(" ON CONFLICT ON CONSTRAINT ").identifier(conflictConstraint);
      } else {
        w.append(" ON CONFLICT (");
        for (int i = 0; i < conflictColumns.size(); i++) {
          w.append(i == 0 ? "" : ", ").identifier(conflictColumns.get(i).name());
        }
        w.append(')');
        if (conflictWhere != null) {
          w.append(" WHERE ");
          renderNonEmpty(
              w, conflictWhere, "ON CONFLICT (…) WHERE", "the partial index's predicate");
        }
      }
      if (updateColumns == null) {
        w.append(" DO NOTHING");
      } else {
        renderUpdate(w);
      }
    }
  }

  /** {@code DO UPDATE SET … [WHERE …]}, where the target's and excluded's columns are in scope. */
  private void renderUpdate(SqlWriter w) {
    if (updateColumns.isEmpty()) {
      // doUpdate() leads through set(…) first; doUpdateSetAll() gets here when every inserted
      // column is a conflict column.
      throw new IllegalStateException(
          statement() + " ON CONFLICT DO UPDATE sets no column; set one, or call doNothing()");
    }
    w.pushScope(List.of(table, excluded()));
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
   * Renders {@code condition}, or fails if it is empty ({@link Dsl#noCondition()} with nothing
   * added): an empty predicate would widen the clause, so it is refused, never dropped.
   */
  private void renderNonEmpty(SqlWriter w, Condition condition, String clause, String what) {
    if (condition.isEmpty()) {
      throw new IllegalStateException(
          statement()
              + ": the "
              + clause
              + " condition is empty (noCondition() with nothing added); pass "
              + what
              + ", or leave the where(…) out");
    }
    condition.render(w);
  }

  private Object[] row(int i) {
    R record = records.get(i);
    if (record == null) {
      throw new IllegalArgumentException("insert into " + table + ": record " + i + " is null");
    }
    return table.values(record);
  }

  private Object[] insertedValues(int i) {
    Object[] all = row(i);
    Object[] out = new Object[inserted.length];
    for (int k = 0; k < inserted.length; k++) {
      out[k] = all[inserted[k]];
    }
    return out;
  }

  @Override
  public long execute() {
    if (chosen != null) {
      return super.execute();
    }
    checkRecords();
    if (records.size() <= 1) {
      return records.isEmpty() ? 0 : super.execute();
    }
    SqlWriter w = render(null);
    List<Object[]> rows = new ArrayList<>(records.size());
    for (int i = 0; i < records.size(); i++) {
      rows.add(insertedValues(i));
    }
    long total = 0;
    for (long n : attached().executeBatch(w.sql(), rows)) {
      total += n;
    }
    return total;
  }

  @Override
  <T> List<T> fetch(Returning<T> returning) {
    if (chosen != null) {
      return super.fetch(returning);
    }
    checkRecords();
    if (records.size() <= 1) {
      return records.isEmpty() ? new ArrayList<>() : super.fetch(returning);
    }
    int perStatement = inserted.length == 0 ? 1 : Math.max(1, MAX_PARAMETERS / inserted.length);
    List<T> out = new ArrayList<>(records.size());
    for (int first = 0; first < records.size(); first += perStatement) {
      SqlWriter w = SqlWriter.checked();
      if (!with.isEmpty()) {
        SelectQuery.renderWith(w, with);
      }
      w.pushScope(table);
      renderRows(w, Math.min(perStatement, records.size() - first), first);
      returning.renderList(w);
      w.popScope();
      out.addAll(returning.run(attached(), w.sql(), w.params()));
    }
    return out;
  }

  private void checkRecords() {
    if (records == null) {
      throw new IllegalStateException("insert into " + table + " without values(…)");
    }
  }
}
