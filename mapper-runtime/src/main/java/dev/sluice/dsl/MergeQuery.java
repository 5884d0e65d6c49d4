package dev.sluice.dsl;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code MERGE INTO target USING source ON … WHEN … THEN …} (PostgreSQL 15+; {@code WHEN NOT
 * MATCHED BY SOURCE} and {@code RETURNING} 17+). A builder like the other statements; the steps of
 * a WHEN clause are small objects of {@link MergeClauses} that add to it.
 *
 * <p>Each part is rendered in the scope PostgreSQL gives it, so a column it cannot see fails here,
 * naming the column: ON, {@code WHEN MATCHED} and RETURNING see the target and the source; {@code
 * WHEN NOT MATCHED} (there is no target row) the source only; {@code WHEN NOT MATCHED BY SOURCE}
 * (there is no source row) the target only. An empty ON or WHEN condition and a MERGE without a
 * WHEN clause fail when rendered, naming the statement: none of them may widen what it touches.
 */
final class MergeQuery<R> extends DmlQuery<R>
    implements MergeUsingStep<R>, MergeOnStep<R>, MergeStep<R> {
  /** The kinds of WHEN clause, indexes into {@link #KINDS}. */
  static final int MATCHED = 0;

  static final int NOT_MATCHED = 1;
  static final int NOT_MATCHED_BY_SOURCE = 2;

  private static final String[] KINDS = {
    "WHEN MATCHED", "WHEN NOT MATCHED", "WHEN NOT MATCHED BY SOURCE"
  };

  /** The actions of a WHEN clause; NONE until its then… step is called. */
  static final int NONE = -1;

  static final int UPDATE = 0;
  static final int DELETE = 1;
  static final int DO_NOTHING = 2;
  static final int INSERT = 3;

  /** The USING item; null until using(…). */
  private Table<?> source;

  /** The ON condition; null until on(…). */
  private Condition on;

  /** The WHEN clauses, in the order PostgreSQL tries them. */
  private final List<When> whens = new ArrayList<>();

  /** One WHEN clause: its kind, AND condition, action and, for UPDATE and INSERT, the columns. */
  static final class When {
    final int kind;

    /** The AND condition, or null for none. */
    final Condition condition;

    int action = NONE;

    /** The columns set or inserted, and their values position for position. */
    final List<Column<?, ?>> columns = new ArrayList<>();

    final List<QueryPart> values = new ArrayList<>();

    When(int kind, Condition condition) {
      this.kind = kind;
      this.condition = condition;
    }
  }

  MergeQuery(StatementExecutor queries, Table<R> target) {
    super(queries, target);
  }

  /** The statement's first words and target, for messages: "MERGE INTO balance". */
  @Override
  String statement() {
    return "MERGE INTO " + table;
  }

  @Override
  public MergeOnStep<R> using(Table<?> source) {
    if (source == null) {
      throw new IllegalArgumentException(statement() + " using(null); pass the source table");
    }
    this.source = source;
    return this;
  }

  @Override
  public MergeWhenStep<R> on(Condition condition) {
    if (condition == null) {
      throw new IllegalArgumentException(
          statement() + " on(null); pass the condition that joins the source to the target");
    }
    this.on = condition;
    return this;
  }

  // ---- WHEN clauses ----

  @Override
  public MergeMatchedStep<R> whenMatched() {
    return new MergeClauses.Matched<>(this, open(MATCHED, null));
  }

  @Override
  public MergeMatchedStep<R> whenMatched(Condition condition) {
    return new MergeClauses.Matched<>(this, open(MATCHED, notNull(MATCHED, condition)));
  }

  @Override
  public MergeNotMatchedStep<R> whenNotMatched() {
    return new MergeNotMatchedStep<>(this, open(NOT_MATCHED, null));
  }

  @Override
  public MergeNotMatchedStep<R> whenNotMatched(Condition condition) {
    return new MergeNotMatchedStep<>(this, open(NOT_MATCHED, notNull(NOT_MATCHED, condition)));
  }

  @Override
  public MergeMatchedStep<R> whenNotMatchedBySource() {
    return new MergeClauses.Matched<>(this, open(NOT_MATCHED_BY_SOURCE, null));
  }

  @Override
  public MergeMatchedStep<R> whenNotMatchedBySource(Condition condition) {
    return new MergeClauses.Matched<>(
        this, open(NOT_MATCHED_BY_SOURCE, notNull(NOT_MATCHED_BY_SOURCE, condition)));
  }

  private Condition notNull(int kind, Condition condition) {
    if (condition == null) {
      throw new IllegalArgumentException(
          statement()
              + " "
              + KINDS[kind]
              + " AND null; pass a condition, or leave it out for every such row");
    }
    return condition;
  }

  private When open(int kind, Condition condition) {
    When when = new When(kind, condition);
    whens.add(when);
    return when;
  }

  /** Gives {@code when} its action; each clause has one. */
  void action(When when, int action) {
    if (when.action != NONE) {
      throw new IllegalStateException(
          statement() + ": " + KINDS[when.kind] + " has its action already; add another WHEN");
    }
    when.action = action;
  }

  /** One more {@code column = value} of an UPDATE or INSERT action. */
  void assign(When when, Column<?, ?> column, QueryPart value) {
    Table<?> owner = column.table();
    if (!owner.alias().equals(table.alias()) || !owner.name().equals(table.name())) {
      throw new IllegalArgumentException(
          statement()
              + " "
              + KINDS[when.kind]
              + ": "
              + column
              + " is not a column of the target "
              + table);
    }
    if (when.columns.contains(column)) {
      throw new IllegalStateException(
          statement() + " " + KINDS[when.kind] + ": " + column + " set twice");
    }
    when.columns.add(column);
    when.values.add(value);
  }

  private IllegalArgumentException wrongInsertValue(
      When when, Column<?, ?> column, int position, String is, Class<?> type) {
    return new IllegalArgumentException(
        statement()
            + " "
            + KINDS[when.kind]
            + " THEN INSERT: value "
            + (position + 1)
            + " for "
            + column
            + " is "
            + is
            + " "
            + type.getSimpleName()
            + ", not "
            + column.valueType().getSimpleName());
  }

  /**
   * The value bound for {@code value} in {@code column}, or the expression itself; type-checked.
   */
  QueryPart valueFor(When when, Column<?, ?> column, int position, Object value) {
    if (value instanceof Expression) {
      Class<?> type = ((Expression<?>) value).valueType();
      if (type != column.valueType()) {
        throw wrongInsertValue(when, column, position, "an expression of type", type);
      }
      return (Expression<?>) value;
    }
    if (value != null && !column.valueType().isInstance(value)) {
      throw wrongInsertValue(when, column, position, "of type", value.getClass());
    }
    return new Expression.Param<Object>(
        value == null ? null : column.toDatabase(value), column.valueType());
  }

  // ---- rendering ----

  /** Nothing around the body: its parts open their own scopes (see the class comment). */
  @Override
  List<Table<?>> scopeTables() {
    return List.of();
  }

  @Override
  List<Table<?>> returningScope() {
    return both();
  }

  private List<Table<?>> both() {
    return List.of(table, source);
  }

  @Override
  void renderBody(SqlWriter w) {
    w.append("MERGE INTO ").tableReference(table).append(" USING ").tableReference(source);
    w.pushScope(both());
    w.append(" ON ");
    renderNonEmpty(w, on, "ON", "; trueCondition() joins every pair, if that is meant");
    w.popScope();
    if (whens.isEmpty()) {
      throw new IllegalStateException(
          statement()
              + ": no WHEN clause; add whenMatched(…), whenNotMatched(…) or"
              + " whenNotMatchedBySource(…)");
    }
    for (int i = 0; i < whens.size(); i++) {
      renderWhen(w, whens.get(i));
    }
  }

  private void renderWhen(SqlWriter w, When when) {
    String kind = KINDS[when.kind];
    if (when.action == NONE) {
      throw new IllegalStateException(
          statement() + ": " + kind + " without THEN; call one of its then…() steps");
    }
    if (when.kind == MATCHED) {
      w.pushScope(both());
    } else {
      w.pushScope(when.kind == NOT_MATCHED ? source : table);
    }
    w.append(' ').append(kind);
    if (when.condition != null) {
      w.append(" AND ");
      renderNonEmpty(w, when.condition, kind + " AND", "; leave it out for every such row");
    }
    if ((when.action == UPDATE || when.action == INSERT) && when.columns.isEmpty()) {
      // The types lead through set(…) first; only a step used past its type gets here.
      throw new IllegalStateException(
          statement()
              + ": "
              + kind
              + " THEN "
              + (when.action == UPDATE ? "UPDATE" : "INSERT")
              + " of no column; set one");
    }
    w.append(" THEN ");
    switch (when.action) {
      case UPDATE:
        w.append("UPDATE SET ");
        for (int i = 0; i < when.columns.size(); i++) {
          w.append(i == 0 ? "" : ", ").identifier(when.columns.get(i).name()).append(" = ");
          when.values.get(i).render(w);
        }
        break;
      case DELETE:
        w.append("DELETE");
        break;
      case DO_NOTHING:
        w.append("DO NOTHING");
        break;
      default:
        w.append("INSERT (");
        for (int i = 0; i < when.columns.size(); i++) {
          w.append(i == 0 ? "" : ", ").identifier(when.columns.get(i).name());
        }
        w.append(") VALUES (");
        for (int i = 0; i < when.values.size(); i++) {
          w.append(i == 0 ? "" : ", ");
          when.values.get(i).render(w);
        }
        w.append(')');
    }
    w.popScope();
  }

  private void renderNonEmpty(SqlWriter w, Condition condition, String clause, String hint) {
    if (condition.isEmpty()) {
      throw new IllegalStateException(
          statement()
              + ": the "
              + clause
              + " condition is empty (noCondition() with nothing added)"
              + hint);
    }
    condition.render(w);
  }
}
