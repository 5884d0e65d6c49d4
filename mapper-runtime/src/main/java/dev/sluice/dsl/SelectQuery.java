package dev.sluice.dsl;

import dev.sluice.RowDecoder;
import java.util.ArrayList;
import java.util.List;

/**
 * The one implementation of every SELECT step. A builder: each step records its clause and returns
 * this object as the next step's type, so the Java types offer only the clauses that may follow. A
 * step never changes the type of the rows, though: choosing a select list after the tables (the
 * from-first style's {@code select}) makes a new query ({@link #project}), since the user may still
 * hold the step typed for the first table's records. Rendered afresh on each {@code fetch()}/{@code
 * toSql()}, in clause order whatever the order of calls. Not thread-safe: build a query, run it,
 * drop it (conditions and expressions, which are immutable, are what to share).
 */
final class SelectQuery<T> extends AbstractSelect<T>
    implements SelectFromStep<T>, SelectJoinStep<T>, SelectOnStep<T>, SelectHavingStep<T> {
  /** Where fetch() runs; null for a detached query (a subquery, or one built only for toSql). */
  private final StatementExecutor queries;

  /** The CTEs declared in front, by {@code with(…)}; empty for none. */
  private List<Cte<?>> with = List.of();

  private boolean distinct;

  /** The expressions of DISTINCT ON; empty for none. */
  private List<Expression<?>> distinctOn = List.of();

  /** The select list; empty when {@link #recordTable} is selected whole. */
  private List<SelectField<?>> fields;

  /** The table whose columns make the select list and whose record the rows are read into. */
  private Table<?> recordTable;

  /** The @Row record the rows are read into, or null to read the one field as a scalar. */
  private Class<?> into;

  /** Reads each row as a Tuple2 … Tuple8 of the fields; null otherwise. */
  private RowDecoder<T> tuple;

  private Table<?> from;

  /** Empty (and immutable) until the first join: most queries have none. */
  private List<JoinClause> joins = List.of();

  /** The AND of the where(…) conditions; null if where(…) was never called. */
  private Condition where;

  /** Expressions or grouping sets. */
  private List<QueryPart> groupBy = List.of();

  /** The AND of the having(…) conditions; null if having(…) was never called. */
  private Condition having;

  /** The named windows of the WINDOW clause; empty for none. */
  private List<Window> windows = List.of();

  private SelectQuery(StatementExecutor queries) {
    this.queries = queries;
  }

  /** SELECT every column of {@code table}, read into its record. */
  static <R> SelectQuery<R> ofTable(StatementExecutor queries, Table<R> table) {
    SelectQuery<R> q = new SelectQuery<>(queries);
    q.recordTable = table;
    q.fields = List.of();
    q.from = table;
    return q;
  }

  /** SELECT {@code field}, read as a scalar. */
  static <T> SelectQuery<T> ofField(
      StatementExecutor queries, boolean distinct, SelectField<T> field) {
    SelectQuery<T> q = new SelectQuery<>(queries);
    q.distinct = distinct;
    q.fields = List.of(field);
    return q;
  }

  /** SELECT {@code fields}, read into the {@code @Row} record {@code into} by column name. */
  static <T> SelectQuery<T> ofRecord(
      StatementExecutor queries, boolean distinct, Class<T> into, SelectField<?>[] fields) {
    if (fields.length == 0) {
      throw new IllegalArgumentException("select into " + into.getName() + " without fields");
    }
    SelectQuery<T> q = new SelectQuery<>(queries);
    q.distinct = distinct;
    q.into = into;
    q.fields = List.of(fields);
    return q;
  }

  /** SELECT 2 to 8 fields, each row read as a Tuple2 … Tuple8. */
  static <T> SelectQuery<T> ofTuple(StatementExecutor queries, SelectField<?>... fields) {
    SelectQuery<T> q = new SelectQuery<>(queries);
    q.fields = List.of(fields);
    q.tuple = tupleDecoder(fields);
    return q;
  }

  private static <T> TupleDecoder<T> tupleDecoder(SelectField<?>[] fields) {
    ScalarDecoder<?>[] parts = new ScalarDecoder<?>[fields.length];
    for (int i = 0; i < fields.length; i++) {
      parts[i] = fields[i].decoder();
    }
    return new TupleDecoder<>(parts);
  }

  /**
   * A new query of these tables and clauses selecting {@code fields} (the from-first style chooses
   * the select list after the tables). New, not this one re-typed: a step the user still holds
   * reads its rows as it says, so after {@code titles = q.select(FILM.title)} the from-first step
   * {@code q} still fetches Films, and later calls on either do not reach the other.
   */
  <U> SelectQuery<U> project(boolean distinct, Class<U> into, List<SelectField<?>> fields) {
    if (into != null && fields.isEmpty()) {
      throw new IllegalArgumentException("select into " + into.getName() + " without fields");
    }
    SelectQuery<U> q = new SelectQuery<>(queries);
    q.with = with;
    q.distinct = distinct;
    q.into = into;
    q.fields = fields;
    q.from = from;
    if (!joins.isEmpty()) {
      q.joins = new ArrayList<>(joins.size());
      for (JoinClause j : joins) {
        q.joins.add(j.copy());
      }
    }
    q.where = where;
    q.groupBy = groupBy;
    q.having = having;
    q.windows = windows;
    q.distinctOn = distinctOn;
    q.copyTail(this);
    return q;
  }

  /** {@link #project} of 2 to 8 fields, each row read as a Tuple2 … Tuple8. */
  <U> SelectQuery<U> projectTuple(SelectField<?>... fields) {
    SelectQuery<U> q = project(false, null, List.of(fields));
    q.tuple = tupleDecoder(fields);
    return q;
  }

  /** Declares {@code ctes} in a WITH in front of this query. */
  SelectQuery<T> with(List<Cte<?>> ctes) {
    this.with = ctes;
    return this;
  }

  @Override
  StatementExecutor queries() {
    return queries;
  }

  /** The select list: the fields, or the columns of the table selected whole. */
  @Override
  @SuppressWarnings("unchecked")
  List<SelectField<?>> selectList() {
    return recordTable != null ? (List<SelectField<?>>) (List<?>) recordTable.columns() : fields;
  }

  @Override
  Class<?> rowType() {
    if (recordTable != null) {
      return recordTable.recordType();
    }
    if (tuple != null) {
      return TupleDecoder.tupleClass(fields.size());
    }
    return into != null ? into : fields.get(0).expression().valueType();
  }

  void addWhere(Condition c) {
    where = where == null ? c : where.and(c);
  }

  Table<?> lastTable() {
    return joins.isEmpty() ? from : joins.get(joins.size() - 1).table;
  }

  // ---- steps ----

  @Override
  public SelectJoinStep<T> from(Table<?> table) {
    if (from != null) {
      throw new IllegalStateException(
          "FROM " + from + " is already given; join " + table + " instead");
    }
    from = table;
    return this;
  }

  @Override
  public SelectOnStep<T> join(Table<?> table) {
    return addJoin(" JOIN ", table);
  }

  @Override
  public SelectOnStep<T> leftJoin(Table<?> table) {
    return addJoin(" LEFT JOIN ", table);
  }

  @Override
  public SelectOnStep<T> rightJoin(Table<?> table) {
    return addJoin(" RIGHT JOIN ", table);
  }

  @Override
  public SelectOnStep<T> fullJoin(Table<?> table) {
    return addJoin(" FULL JOIN ", table);
  }

  @Override
  public SelectJoinStep<T> crossJoin(Table<?> table) {
    addJoin(" CROSS JOIN ", table);
    return this;
  }

  SelectQuery<T> addJoin(String kind, Table<?> table) {
    if (from == null) {
      throw new IllegalStateException("join " + table + " before any FROM table");
    }
    if (joins.isEmpty()) {
      joins = new ArrayList<>(2);
    }
    joins.add(new JoinClause(kind, table));
    return this;
  }

  @Override
  public SelectJoinStep<T> on(Condition condition) {
    joins.get(joins.size() - 1).on = condition;
    return this;
  }

  @Override
  public SelectJoinStep<T> using(Column<?, ?>... columns) {
    if (columns.length == 0) {
      throw new IllegalArgumentException("USING needs at least one column");
    }
    joins.get(joins.size() - 1).using = List.of(columns);
    return this;
  }

  @Override
  public SelectGroupByStep<T> where(Condition... conditions) {
    for (Condition c : conditions) {
      addWhere(c);
    }
    return this;
  }

  @Override
  public SelectHavingStep<T> groupBy(Expression<?>... expressions) {
    groupBy = List.of(expressions);
    return this;
  }

  @Override
  public SelectHavingStep<T> groupBy(GroupingSet... groupings) {
    groupBy = List.of(groupings);
    return this;
  }

  @Override
  public SelectJoinStep<T> distinctOn(Expression<?>... expressions) {
    if (expressions.length == 0) {
      // Plain SELECT would not be "distinct on nothing"; PostgreSQL has no DISTINCT ON ().
      throw new IllegalArgumentException("DISTINCT ON needs at least one expression");
    }
    distinctOn = List.of(expressions);
    return this;
  }

  @Override
  public SelectOrderByStep<T> window(Window... named) {
    for (int i = 0; i < named.length; i++) {
      Window wd = named[i];
      if (wd.name() == null) {
        throw new IllegalArgumentException(
            "WINDOW declares named windows: name " + wd + " with as(\"name\")");
      }
      if (wd.base() != null && !declaredBefore(named, i, wd.base())) {
        // PostgreSQL: an existing window name must refer to an earlier entry in the list.
        throw new IllegalArgumentException(
            "WINDOW "
                + wd.name()
                + " extends window "
                + wd.base().name()
                + ", which must be declared before it: window(…, "
                + wd.base().name()
                + ", "
                + wd.name()
                + ", …)");
      }
    }
    windows = List.of(named);
    return this;
  }

  private static boolean declaredBefore(Window[] named, int end, Window base) {
    for (int j = 0; j < end; j++) {
      if (named[j] == base) {
        return true;
      }
    }
    return false;
  }

  @Override
  public SelectOrderByStep<T> having(Condition condition) {
    having = having == null ? condition : having.and(condition);
    return this;
  }

  // ---- running ----

  @Override
  @SuppressWarnings("unchecked")
  RowDecoder<T> decoder(String sql) {
    if (tuple != null) {
      return tuple;
    }
    if (recordTable != null) {
      return RowDecoder.of((Class<T>) recordTable.recordType());
    }
    if (into != null) {
      // Also for stream(): its failures at bind name the selected expression at fault.
      return ProjectionDecoder.of(sql, (Class<T>) into, fields);
    }
    return (ScalarDecoder<T>) fields.get(0).decoder();
  }

  @Override
  boolean hasWith() {
    return !with.isEmpty();
  }

  // ---- rendering ----

  @Override
  void render(SqlWriter w) {
    if (!with.isEmpty()) {
      WithClause.render(w, with);
    }
    if (joins.isEmpty() && from != null) {
      w.pushScope(from);
    } else if (joins.isEmpty()) {
      w.pushScope(List.of());
    } else {
      List<Table<?>> tables = new ArrayList<>(1 + joins.size());
      if (from != null) {
        tables.add(from);
      }
      for (int i = 0; i < joins.size(); i++) {
        tables.add(joins.get(i).table);
      }
      w.pushScope(tables);
    }
    boolean fromTable = from != null && !(from instanceof Derived.DerivedTable);
    if (recordTable == from && fromTable && !distinct && distinctOn.isEmpty()) {
      // selectFrom(table): the table's own columns, the table just put in scope; its FROM item.
      w.append(recordTable.selectHead());
    } else {
      renderSelectList(w);
      if (from != null) {
        w.append(" FROM ").tableReference(from);
      }
    }
    for (int i = 0; i < joins.size(); i++) {
      joins.get(i).render(w);
    }
    renderFilter(w, " WHERE ", where);
    if (!groupBy.isEmpty()) {
      w.append(" GROUP BY ");
      list(w, groupBy);
    }
    renderFilter(w, " HAVING ", having);
    for (int i = 0; i < windows.size(); i++) {
      Window wd = windows.get(i);
      w.append(i == 0 ? " WINDOW " : ", ").identifier(wd.name()).append(" AS ");
      wd.renderDefinition(w);
    }
    if (!orderBy.isEmpty()) {
      w.append(" ORDER BY ");
      list(w, orderBy);
    }
    renderLimitOffset(w);
    w.popScope();
  }

  /** SELECT [DISTINCT [ON (…)]] and the select list. */
  private void renderSelectList(SqlWriter w) {
    if (distinctOn.isEmpty()) {
      w.append(distinct ? "SELECT DISTINCT " : "SELECT ");
    } else {
      w.append("SELECT DISTINCT ON (");
      list(w, distinctOn);
      w.append(") ");
    }
    if (recordTable != null && recordTable == from) {
      // The table's own columns, and the table just put in scope: nothing to check per column.
      w.append(recordTable.selectList());
    } else if (recordTable != null) {
      List<? extends Column<?, ?>> columns = recordTable.columns();
      for (int i = 0; i < columns.size(); i++) {
        if (i > 0) {
          w.append(", ");
        }
        w.column(columns.get(i));
      }
    } else {
      for (int i = 0; i < fields.size(); i++) {
        if (i > 0) {
          w.append(", ");
        }
        fields.get(i).renderField(w);
      }
    }
  }

  static void list(SqlWriter w, List<? extends QueryPart> parts) {
    for (int i = 0; i < parts.size(); i++) {
      if (i > 0) {
        w.append(", ");
      }
      parts.get(i).render(w);
    }
  }

  /**
   * {@code keyword condition}, or nothing for none or an empty one ({@link
   * Conditions#noCondition()} with nothing added: a SELECT reads every row). Inside a part of a
   * data-modifying statement that decides what it writes ({@link SqlWriter#writing()}: a subquery
   * of its WHERE or SET, its WITH, an INSERT's SELECT, a MERGE's USING) an empty filter fails
   * instead, as it does at an UPDATE's or DELETE's top: there it would widen what the statement
   * writes.
   */
  private static void renderFilter(SqlWriter w, String keyword, Condition condition) {
    if (condition == null) {
      return;
    }
    if (!condition.isEmpty()) {
      w.append(keyword);
      condition.render(w);
    } else if (w.writing() != null) {
      String clause = keyword.strip();
      throw new IllegalStateException(
          w.writing()
              + ": the "
              + clause
              + " condition of a query inside it is empty (noCondition() with nothing added),"
              + " which would widen what the statement writes; add a filter, or leave the "
              + clause
              + " out to mean every row of that query");
    }
  }
}
