package dev.sluice.dsl;

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

  /** The columns chosen by set(…) or columns(…); null to insert records. */
  private List<Column<R, ?>> chosen;

  /** The values of set(…), one per chosen column; empty for INSERT … SELECT. */
  private List<QueryPart> chosenValues;

  /** The SELECT of INSERT … SELECT, or null. */
  private AbstractSelect<?> source;

  /** The ON CONFLICT clause: its target and action, if any. */
  final InsertConflict<R> conflict = new InsertConflict<>(this);

  InsertQuery(StatementExecutor queries, Table<R> table) {
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
    conflict.render(w);
  }

  // ---- conflicts: the clause's state and rendering are InsertConflict's ----

  @Override
  public InsertConflictStep<R> onConflictOnConstraint(String constraint) {
    if (constraint == null || constraint.isEmpty()) {
      throw new IllegalArgumentException("onConflictOnConstraint needs the constraint's name");
    }
    conflict.onConstraint(constraint);
    return new InsertConflictStep<>(this);
  }

  @Override
  InsertConflictStep<R> conflictOn(List<Column<R, ?>> columns) {
    conflict.on(columns);
    return new InsertConflictStep<>(this);
  }

  @Override
  public ReturningStep<R> onConflictDoNothing() {
    conflict.onAny();
    return this;
  }

  /** The statement's first words and table, for messages: "INSERT INTO payment". */
  @Override
  String statement() {
    return "INSERT INTO " + table;
  }

  /** The inserted columns, which have values in {@code excluded} (the others hold defaults). */
  List<Column<R, ?>> insertedColumns() {
    if (chosen != null) {
      return chosen;
    }
    List<? extends Column<R, ?>> columns = table.columns();
    List<Column<R, ?>> out = new ArrayList<>(inserted.length);
    for (int p : inserted) {
      out.add(columns.get(p));
    }
    return out;
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
    // Rendered alone by a multi-row INSERT's paths: the conflict clause's subqueries decide
    // what is written as the body's do.
    DmlQuery<?> outer = w.startWrite(this);
    conflict.render(w);
    w.endWrite(outer);
  }

  /**
   * As a CTE's body an INSERT of many records is one statement, of multi-row VALUES (running it
   * alone takes a batch or several statements, which a CTE cannot be).
   */
  @Override
  void renderWhole(SqlWriter w, Returning<?> returning) {
    if (chosen != null || records == null || records.size() == 1) {
      super.renderWhole(w, returning);
      return;
    }
    if (records.isEmpty()) {
      throw new IllegalStateException(
          statement() + " of an empty list in a CTE: a statement cannot insert no rows");
    }
    if (inserted.length == 0 || (long) records.size() * inserted.length > MAX_PARAMETERS) {
      throw new IllegalStateException(
          statement()
              + " of "
              + records.size()
              + " records in a CTE: one statement takes "
              + (inserted.length == 0
                  ? "one row of DEFAULT VALUES"
                  : "at most " + MAX_PARAMETERS / inserted.length + " of them"));
    }
    renderWith(w);
    w.pushScope(table);
    renderRows(w, records.size(), 0);
    w.popScope();
    if (returning != null) {
      w.pushScope(table);
      returning.renderList(w);
      w.popScope();
    }
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

  /** One record, or one row of set(…), is one row: fetchOne() needs no transaction for it. */
  @Override
  boolean mayWriteSeveral() {
    return !with.isEmpty() || source != null || records != null && records.size() > 1;
  }

  @Override
  <T> List<T> fetch(Returning<T> returning, StatementExecutor q) {
    if (chosen != null) {
      return super.fetch(returning, q);
    }
    checkRecords();
    if (records.size() <= 1) {
      return records.isEmpty() ? new ArrayList<>() : super.fetch(returning, q);
    }
    int perStatement = inserted.length == 0 ? 1 : Math.max(1, MAX_PARAMETERS / inserted.length);
    List<T> out = new ArrayList<>(records.size());
    for (int first = 0; first < records.size(); first += perStatement) {
      SqlWriter w = SqlWriter.checked();
      renderWith(w);
      w.pushScope(table);
      renderRows(w, Math.min(perStatement, records.size() - first), first);
      returning.renderList(w);
      w.popScope();
      out.addAll(returning.run(q, w.sql(), w.params()));
    }
    return out;
  }

  private void checkRecords() {
    if (records == null) {
      throw new IllegalStateException("insert into " + table + " without values(…)");
    }
  }
}
