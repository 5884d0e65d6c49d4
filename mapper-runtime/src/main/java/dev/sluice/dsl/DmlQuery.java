package dev.sluice.dsl;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What INSERT, UPDATE and DELETE share: the target table (the only table in scope), running for a
 * row count, and RETURNING read like a SELECT's rows. Builders, like {@link SelectQuery}.
 */
abstract class DmlQuery<R> implements ReturningStep<R> {
  final StatementExecutor queries;
  final Table<R> table;

  /** The CTEs declared in front, by {@code with(…)}; empty for none. */
  List<Cte<?>> with = List.of();

  DmlQuery(StatementExecutor queries, Table<R> table) {
    this.queries = queries;
    this.table = table;
  }

  /** Renders the statement up to RETURNING. */
  abstract void renderBody(SqlWriter w);

  /** The statement's first words and table, for messages: "DELETE FROM film". */
  abstract String statement();

  /** Declares {@code ctes} in a WITH in front of this statement. */
  final DmlQuery<R> with(List<Cte<?>> ctes) {
    this.with = ctes;
    return this;
  }

  /**
   * The WITH in front, if any. Its queries feed the statement, so they are rendered as a part that
   * decides what it writes: an empty filter in them fails.
   */
  final void renderWith(SqlWriter w) {
    if (!with.isEmpty()) {
      DmlQuery<?> outer = w.startWrite(this);
      WithClause.render(w, with);
      w.endWrite(outer);
    }
  }

  /** The tables the statement's expressions may use: the target, and UPDATE's FROM or USING. */
  List<Table<?>> scopeTables() {
    return List.of(table);
  }

  final SqlWriter render(Returning<?> returning) {
    SqlWriter w = SqlWriter.checked();
    render(w, returning);
    return w;
  }

  /** The tables RETURNING may use: those of the body, unless a statement says otherwise. */
  List<Table<?>> returningScope() {
    return scopeTables();
  }

  /**
   * The statement as one, for a CTE's body: what {@link #render(SqlWriter, Returning)} renders,
   * except where running it takes more than one statement (an INSERT of many records).
   */
  void renderWhole(SqlWriter w, Returning<?> returning) {
    render(w, returning);
  }

  /**
   * The whole statement: WITH, the body, and RETURNING if {@code returning} is not null. The WITH
   * and the body decide what the statement writes, so an empty filter anywhere in them fails; what
   * RETURNING reads does not.
   */
  void render(SqlWriter w, Returning<?> returning) {
    renderWith(w);
    DmlQuery<?> outer = w.startWrite(this);
    w.pushScope(scopeTables());
    renderBody(w);
    w.popScope();
    w.endWrite(outer);
    if (returning != null) {
      w.pushScope(returningScope());
      returning.renderList(w);
      w.popScope();
    }
  }

  @Override
  public long execute() {
    StatementExecutor q = attached();
    SqlWriter w = SqlWriter.borrow();
    String sql;
    Object[] params;
    try {
      render(w, null);
      sql = w.sql();
      params = w.params();
    } finally {
      w.release();
    }
    return q.execute(sql, params);
  }

  /**
   * Whether the statement may write more than one row, so that {@code fetchOne()} must be able to
   * undo it; an INSERT of one record says no.
   */
  boolean mayWriteSeveral() {
    return true;
  }

  /** The rows of {@code returning}. */
  <T> List<T> fetch(Returning<T> returning) {
    return fetch(returning, attached());
  }

  /**
   * The rows of {@code returning}, run through {@code q}; an INSERT of many records overrides it.
   */
  <T> List<T> fetch(Returning<T> returning, StatementExecutor q) {
    SqlWriter w = SqlWriter.borrow();
    String sql;
    Object[] params;
    try {
      render(w, returning);
      sql = w.sql();
      params = w.params();
    } finally {
      w.release();
    }
    return returning.run(q, sql, params);
  }

  @Override
  public FetchStep<R> returning() {
    return new Returning<>(this, table, null, List.of());
  }

  @Override
  public <T> FetchStep<T> returning(SelectField<T> field) {
    return new Returning<>(this, null, null, List.of(field));
  }

  @Override
  public <T> FetchStep<T> returning(Class<T> into, SelectField<?>... fields) {
    if (fields.length == 0) {
      throw new IllegalArgumentException("returning into " + into.getName() + " without fields");
    }
    return new Returning<>(this, null, into, List.of(fields));
  }

  @Override
  public String toSql() {
    return render(null).sql();
  }

  @Override
  public String toString() {
    return toSql();
  }

  final StatementExecutor attached() {
    if (queries == null) {
      throw new IllegalStateException(
          "this statement was built detached, for toSql(); start it from a Database or "
              + "Transaction to run it: "
              + toSql());
    }
    return queries;
  }

  /** A RETURNING clause and how its rows are read. */
  static final class Returning<T> implements FetchStep<T> {
    private final DmlQuery<?> statement;

    /** The table whose columns are returned and whose record is read, or null. */
    private final Table<?> recordTable;

    /** The @Row record the fields are read into, or null for a scalar. */
    private final Class<?> into;

    private final List<SelectField<?>> fields;

    Returning(
        DmlQuery<?> statement, Table<?> recordTable, Class<?> into, List<SelectField<?>> fields) {
      this.statement = statement;
      this.recordTable = recordTable;
      this.into = into;
      this.fields = fields;
    }

    void renderList(SqlWriter w) {
      w.append(" RETURNING ");
      if (recordTable != null) {
        List<? extends Column<?, ?>> columns = recordTable.columns();
        for (int i = 0; i < columns.size(); i++) {
          w.append(i == 0 ? "" : ", ").column(columns.get(i));
        }
      } else {
        for (int i = 0; i < fields.size(); i++) {
          w.append(i == 0 ? "" : ", ");
          fields.get(i).renderField(w);
        }
      }
    }

    /** The statement whose rows this returns. */
    DmlQuery<?> statement() {
      return statement;
    }

    /** The statement and this RETURNING, as a CTE's body. */
    void renderWhole(SqlWriter w) {
      statement.renderWhole(w, this);
    }

    /** The returned items: the record table's columns, or the fields. */
    List<SelectField<?>> items() {
      return recordTable == null ? fields : List.<SelectField<?>>copyOf(recordTable.columns());
    }

    /** The name of each returned column (null for an unnamed expression). */
    List<String> outputNames() {
      List<SelectField<?>> items = items();
      List<String> names = new java.util.ArrayList<>(items.size());
      for (int i = 0; i < items.size(); i++) {
        names.add(items.get(i).outputName());
      }
      return names;
    }

    /** What a row is read as: the record, the {@code @Row} class, or the scalar's type. */
    Class<?> rowType() {
      if (recordTable != null) {
        return recordTable.recordType();
      }
      return into != null ? into : fields.get(0).expression().valueType();
    }

    @SuppressWarnings("unchecked")
    List<T> run(StatementExecutor q, String sql, Object[] params) {
      if (recordTable != null) {
        return q.query(sql, (Class<T>) recordTable.recordType(), params);
      }
      if (into != null) {
        return q.query(sql, (Class<T>) into, params);
      }
      return q.query(sql, (ScalarDecoder<T>) fields.get(0).decoder(), params);
    }

    @Override
    public List<T> fetch() {
      return statement.fetch(this);
    }

    /**
     * The only row, if any. A statement that may write several rows runs in a transaction (a
     * savepoint, inside one) that is rolled back when more than one row comes back, so a failing
     * fetchOne() leaves the table as it was: PostgreSQL runs an UPDATE or DELETE to completion at
     * its first Execute whatever the row limit, so the count cannot be checked before the write.
     * (Through a {@code Queries} that is neither a Database nor a Transaction, such as {@code
     * withQueryTimeout}'s, there is no connection to hold, and the count is checked after.)
     */
    @Override
    public Optional<T> fetchOne() {
      StatementExecutor q = statement.attached();
      if (!statement.mayWriteSeveral()) {
        return only(fetch());
      }
      return q.atomically(tx -> only(statement.fetch(this, tx)));
    }

    private Optional<T> only(List<T> rows) {
      if (rows.size() > 1) {
        throw new IllegalStateException(
            "fetchOne() of a statement that returned more than one row ("
                + rows.size()
                + "), so its writes were rolled back: "
                + toSql());
      }
      return rows.isEmpty() ? Optional.empty() : Optional.ofNullable(rows.get(0));
    }

    @Override
    public String toSql() {
      return statement.render(this).sql();
    }

    @Override
    public List<Object> bindValues() {
      return Arrays.asList(statement.render(this).params());
    }

    @Override
    public String toString() {
      return toSql();
    }
  }
}
