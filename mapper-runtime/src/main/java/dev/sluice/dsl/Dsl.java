package dev.sluice.dsl;

import java.util.List;
import java.util.function.Function;

/**
 * The DSL's static entry points: statements, conditions, aggregates and the raw-SQL escape hatch.
 * Import them statically ({@code import static dev.sluice.dsl.Dsl.*}). The value expressions (CASE,
 * CAST, string, date, jsonb and full-text functions, row values, scalar subqueries) are declared in
 * {@link DslExpressions} and inherited, so the same import and {@code Dsl.caseWhen(…)} reach them.
 *
 * <p>Statements that run start from a {@code Database} or {@code Transaction}: {@code
 * db.selectFrom(FILM)}, {@code db.from(FILM)}, {@code db.insertInto(FILM)}, {@code
 * db.update(FILM)}, {@code db.deleteFrom(FILM)}. The versions here without a {@code Queries} are
 * detached: subqueries for {@code in} and {@code exists}, or statements built only for {@link
 * FetchStep#toSql()}.
 */
public final class Dsl extends DslExpressions {
  private Dsl() {}

  // ---- statements on a Database or Transaction (what their methods of the same name call) ----

  /** {@code SELECT} every column of {@code table} {@code FROM table}, read into its record. */
  public static <R> SelectJoinStep<R> selectFrom(StatementExecutor queries, Table<R> table) {
    return SelectQuery.ofTable(queries, table);
  }

  /** The from-first style: {@code from(FILM).where(f -> …).fetch()}. */
  public static <A extends Table<R>, R> From1Step<A, R> from(StatementExecutor queries, A table) {
    return new From1Step<>(SelectQuery.ofTable(queries, table), table);
  }

  /** {@code SELECT field}, the fluent way: {@code db.select(FILM.title).from(FILM)…}. */
  public static <T> SelectFromStep<T> select(StatementExecutor queries, SelectField<T> field) {
    return SelectQuery.ofField(queries, false, field);
  }

  /** {@code SELECT fields}, read into the {@code @Row} record {@code into} by column name. */
  public static <T> SelectFromStep<T> select(
      StatementExecutor queries, Class<T> into, SelectField<?>... fields) {
    return SelectQuery.ofRecord(queries, false, into, fields);
  }

  public static <T> SelectFromStep<T> selectDistinct(
      StatementExecutor queries, SelectField<T> field) {
    return SelectQuery.ofField(queries, true, field);
  }

  public static <T> SelectFromStep<T> selectDistinct(
      StatementExecutor queries, Class<T> into, SelectField<?>... fields) {
    return SelectQuery.ofRecord(queries, true, into, fields);
  }

  /** {@code WITH ctes} in front of the SELECT that follows: {@code db.with(lf).selectFrom(…)}. */
  public static WithStep with(StatementExecutor queries, Cte<?>... ctes) {
    return new WithStep(queries, List.of(ctes));
  }

  public static <R> InsertStep<R> insertInto(StatementExecutor queries, Table<R> table) {
    return new InsertQuery<>(queries, table);
  }

  public static <A extends Table<R>, R> UpdateSetStep<A, R> update(
      StatementExecutor queries, A table) {
    return new UpdateQuery<>(queries, table);
  }

  public static <A extends Table<R>, R> DeleteWhereStep<A, R> deleteFrom(
      StatementExecutor queries, A table) {
    return new DeleteQuery<>(queries, table);
  }

  // ---- detached statements: subqueries, toSql ----

  public static <R> SelectJoinStep<R> selectFrom(Table<R> table) {
    return SelectQuery.ofTable(null, table);
  }

  public static <A extends Table<R>, R> From1Step<A, R> from(A table) {
    return new From1Step<>(SelectQuery.ofTable(null, table), table);
  }

  /** {@code SELECT field}: a scalar subquery, e.g. for {@code in}. */
  public static <T> SelectFromStep<T> select(SelectField<T> field) {
    return SelectQuery.ofField(null, false, field);
  }

  public static <T> SelectFromStep<T> selectDistinct(SelectField<T> field) {
    return SelectQuery.ofField(null, true, field);
  }

  /** {@code SELECT 1}: for {@code exists(selectOne().from(…).where(…))}. */
  public static SelectFromStep<Integer> selectOne() {
    return SelectQuery.ofField(null, false, value(1));
  }

  public static <T> SelectFromStep<T> select(Class<T> into, SelectField<?>... fields) {
    return SelectQuery.ofRecord(null, false, into, fields);
  }

  public static <T> SelectFromStep<T> selectDistinct(Class<T> into, SelectField<?>... fields) {
    return SelectQuery.ofRecord(null, true, into, fields);
  }

  /** {@code WITH ctes} in front of a detached SELECT. */
  public static WithStep with(Cte<?>... ctes) {
    return new WithStep(null, List.of(ctes));
  }

  public static <R> InsertStep<R> insertInto(Table<R> table) {
    return new InsertQuery<>(null, table);
  }

  public static <A extends Table<R>, R> UpdateSetStep<A, R> update(A table) {
    return new UpdateQuery<>(null, table);
  }

  public static <A extends Table<R>, R> DeleteWhereStep<A, R> deleteFrom(A table) {
    return new DeleteQuery<>(null, table);
  }

  // ---- common table expressions ----

  /**
   * A CTE of {@code shape}'s rows, read through its generated class: {@code cte("long_films", FILM,
   * selectFrom(FILM).where(FILM.length.gt((short) 150)))} gives a {@code Cte<FilmTable>} whose
   * {@code table()} is a FilmTable named {@code long_films}. {@code query} must give every column
   * of {@code shape} by name (a {@code selectFrom} of that table does).
   */
  public static <A extends Table<R>, R> Cte<A> cte(
      String name, A shape, Select<? extends R> query) {
    return Ctes.ofTable(checkName(name), shape, query);
  }

  /**
   * A CTE of the first table's rows of a from-first query: {@code cte("long_films",
   * from(FILM).where(f -> f.length.gt((short) 150)))}, a {@code Cte<FilmTable>}.
   */
  public static <A extends Table<R>, R> Cte<A> cte(String name, From1Step<A, R> query) {
    return Ctes.ofTable(checkName(name), query.table(), query.query);
  }

  /**
   * A CTE of a projection: each select list item (a column, or an expression named with {@code as})
   * becomes a column of {@code table()}, found with {@link Cte#field(SelectField)}; its rows read
   * as the select's ({@code T}).
   */
  public static <T> Cte<Table<T>> cte(String name, Select<T> query) {
    return Ctes.ofSelect(checkName(name), query);
  }

  /**
   * A recursive CTE of a projection: {@code name AS (anchor UNION ALL recursiveTerm)}, declared by
   * {@code with(…)} as {@code WITH RECURSIVE}. The anchor's select list names the CTE's columns, as
   * in {@link #cte(String, Select)}; {@code recursiveTerm} receives the CTE — its {@code table()}
   * and {@code field(item)} — and returns the select that reads it, e.g. the numbers to 10:
   *
   * <pre>{@code
   * SelectField<Integer> x = value(1).as("x");
   * Cte<Table<Integer>> n = recursiveCte("n", select(x),
   *     self -> select(unsafeSql(Integer.class, "? + 1", self.field(x)))
   *         .from(self.table()).where(self.field(x).lt(10)));
   * }</pre>
   *
   * The term runs once, here; the CTE it receives is only to read from, not to declare.
   */
  public static <T> Cte<Table<T>> recursiveCte(
      String name,
      Select<T> anchor,
      Function<? super Cte<Table<T>>, ? extends Select<T>> recursiveTerm) {
    return Ctes.recursiveOfSelect(
        checkName(name), null, anchor, CompoundQuery.UNION_ALL, recursiveTerm);
  }

  /**
   * {@link #recursiveCte(String, Select, Function)} with {@code UNION}: rows already found are not
   * added again, so the recursion ends on a cycle (a graph walk).
   */
  public static <T> Cte<Table<T>> recursiveCteDistinct(
      String name,
      Select<T> anchor,
      Function<? super Cte<Table<T>>, ? extends Select<T>> recursiveTerm) {
    return Ctes.recursiveOfSelect(
        checkName(name), null, anchor, CompoundQuery.UNION, recursiveTerm);
  }

  /**
   * A recursive CTE of {@code shape}'s rows, read through its generated class as in {@link
   * #cte(String, Table, Select)}: {@code name AS (anchor UNION ALL recursiveTerm)}. E.g. a category
   * and everything under it: {@code recursiveCte("subtree", CATEGORY,
   * selectFrom(CATEGORY).where(CATEGORY.id.eq(1)), self -> selectFrom(CATEGORY).join(self.table())
   * .on(CATEGORY.parent.eq(self.table().id)))}.
   */
  public static <A extends Table<R>, R> Cte<A> recursiveCte(
      String name,
      A shape,
      Select<R> anchor,
      Function<? super Cte<A>, ? extends Select<R>> recursiveTerm) {
    return Ctes.recursiveOfTable(
        checkName(name), shape, anchor, CompoundQuery.UNION_ALL, recursiveTerm);
  }

  /** {@link #recursiveCte(String, Table, Select, Function)} with {@code UNION}. */
  public static <A extends Table<R>, R> Cte<A> recursiveCteDistinct(
      String name,
      A shape,
      Select<R> anchor,
      Function<? super Cte<A>, ? extends Select<R>> recursiveTerm) {
    return Ctes.recursiveOfTable(
        checkName(name), shape, anchor, CompoundQuery.UNION, recursiveTerm);
  }

  private static String checkName(String name) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("a CTE needs a name: '" + name + "'");
    }
    return name;
  }

  // ---- conditions ----

  /**
   * No condition: the start for filters composed at run time, e.g. {@code c = c.and(…)} under
   * {@code if}s. {@code and} and {@code or} drop it ({@code noCondition().and(c)} is {@code c}), so
   * it never renders as SQL of its own. What a statement does when its condition is still {@code
   * noCondition()} when it is rendered:
   *
   * <ul>
   *   <li>a SELECT's {@code where(…)} or {@code having(…)}: no WHERE or HAVING, every row;
   *   <li>an UPDATE's or DELETE's {@code where(…)}: fails, naming the statement, before anything is
   *       sent; every row takes an explicit {@code allRows()};
   *   <li>a join's {@code on(…)} or an {@code unsafeSql} argument: fails.
   * </ul>
   */
  public static Condition noCondition() {
    return Conditions.NONE;
  }

  /**
   * {@code c1 AND c2 AND …}; {@link #noCondition()} operands are dropped. With none left (or none
   * given) it is {@code noCondition()}: no filter, which an UPDATE or DELETE rejects.
   */
  public static Condition and(Condition... conditions) {
    return Conditions.Junction.of(Conditions.Junction.AND, conditions);
  }

  /**
   * {@code c1 OR c2 OR …}; {@link #noCondition()} operands are dropped. With none left (or none
   * given) it is {@code FALSE}, which matches no row: {@code or()} of an empty list of alternatives
   * selects, updates and deletes nothing, as {@code in()} of an empty list does.
   */
  public static Condition or(Condition... conditions) {
    return Conditions.Junction.of(Conditions.Junction.OR, conditions);
  }

  public static Condition not(Condition condition) {
    return condition.not();
  }

  /** {@code EXISTS (subquery)}; the subquery may refer to the tables of the enclosing query. */
  public static Condition exists(Select<?> subquery) {
    return new Conditions.Exists("EXISTS", subquery);
  }

  public static Condition notExists(Select<?> subquery) {
    return new Conditions.Exists("NOT EXISTS", subquery);
  }

  /**
   * {@code expression LIKE pattern}; the pattern is bound. A null pattern is refused, as {@code
   * eq(null)} is: use isNull().
   */
  public static Condition like(Expression<String> expression, String pattern) {
    return Patterns.like(expression, " LIKE ", pattern);
  }

  /** {@code expression ILIKE pattern}: LIKE ignoring case. A null pattern is refused. */
  public static Condition ilike(Expression<String> expression, String pattern) {
    return Patterns.like(expression, " ILIKE ", pattern);
  }

  // ---- values and functions ----

  /** A bound value as an expression: {@code value(1)} renders {@code $n}. */
  public static <T> Expression<T> value(T value) {
    if (value == null) {
      throw new IllegalArgumentException("value(null) has no type; use unsafeSql(type, \"NULL\")");
    }
    return new Expression.Param<>(value, value.getClass());
  }

  /** {@code count(*)}: a bigint, never NULL (0 for no rows). */
  public static WindowFunction<Long> count() {
    return new WindowFunction<>(Long.class, "count", "", List.of());
  }

  /** {@code count(expression)}: the rows where it is not NULL. */
  public static WindowFunction<Long> count(Expression<?> expression) {
    return new WindowFunction<>(Long.class, "count", "", List.of(expression));
  }

  /** {@code count(DISTINCT expression)}. */
  public static WindowFunction<Long> countDistinct(Expression<?> expression) {
    return new WindowFunction<>(Long.class, "count", "DISTINCT ", List.of(expression));
  }

  /**
   * {@code sum(column)}, of PostgreSQL's result type: a Long for smallint and integer, a BigDecimal
   * for bigint and numeric, a Float for real, a Double for double precision, an Interval for
   * interval (see {@link SummableColumn}). NULL (null) for no rows.
   */
  public static <S> WindowFunction<S> sum(SummableColumn<?, ?, S, ?> column) {
    return new WindowFunction<>(
        SummableColumn.sumType(column.valueType()), "sum", "", List.of(column));
  }

  /**
   * {@code sum(expression)} of an expression that is not a table's column (a computed value, a
   * CTE's column), read as {@code type}, which must be PostgreSQL's result type for the
   * expression's type (as for {@link #sum(SummableColumn)}): {@code sum(expr, Long.class)} of an
   * integer expression. Checked here, since the expression's static type cannot say it.
   */
  public static <S> WindowFunction<S> sum(Expression<?> expression, Class<S> type) {
    Class<?> expected = SummableColumn.sumType(expression.valueType());
    checkAggregateType("sum", expression, expected, type);
    return new WindowFunction<>(type, "sum", "", List.of(expression));
  }

  /**
   * {@code avg(column)}, of PostgreSQL's result type: a BigDecimal (numeric) for integers and
   * numeric, a Double for real and double precision, an Interval for interval. NULL for no rows.
   */
  public static <A> WindowFunction<A> avg(SummableColumn<?, ?, ?, A> column) {
    return new WindowFunction<>(
        SummableColumn.avgType(column.valueType()), "avg", "", List.of(column));
  }

  /**
   * {@code avg(expression)} read as {@code type}, checked as {@link #sum(Expression, Class)} is.
   */
  public static <A> WindowFunction<A> avg(Expression<?> expression, Class<A> type) {
    Class<?> expected = SummableColumn.avgType(expression.valueType());
    checkAggregateType("avg", expression, expected, type);
    return new WindowFunction<>(type, "avg", "", List.of(expression));
  }

  private static void checkAggregateType(
      String function, Expression<?> expression, Class<?> expected, Class<?> type) {
    if (expected == null) {
      throw new IllegalArgumentException(
          function
              + "("
              + expression
              + "): PostgreSQL has no "
              + function
              + " of "
              + expression.valueType().getName()
              + " values; it takes numbers and intervals");
    }
    if (expected != type) {
      throw new IllegalArgumentException(
          function
              + "("
              + expression
              + ") of "
              + expression.valueType().getSimpleName()
              + " values returns "
              + expected.getSimpleName()
              + " in PostgreSQL, not "
              + type.getSimpleName()
              + ": read it as "
              + expected.getSimpleName()
              + ".class");
    }
  }

  public static <T> WindowFunction<T> min(Expression<T> expression) {
    return new WindowFunction<>(expression.valueType(), "min", "", List.of(expression));
  }

  public static <T> WindowFunction<T> max(Expression<T> expression) {
    return new WindowFunction<>(expression.valueType(), "max", "", List.of(expression));
  }

  /** {@code row_number()}, for {@link WindowFunction#over}. */
  public static WindowFunction<Long> rowNumber() {
    return new WindowFunction<>(Long.class, "row_number", "", List.of());
  }

  /** {@code rank()}: rank with gaps, for {@link WindowFunction#over}. */
  public static WindowFunction<Long> rank() {
    return new WindowFunction<>(Long.class, "rank", "", List.of());
  }

  /** {@code dense_rank()}: rank without gaps, for {@link WindowFunction#over}. */
  public static WindowFunction<Long> denseRank() {
    return new WindowFunction<>(Long.class, "dense_rank", "", List.of());
  }

  /** A window partitioned by {@code expressions}; add {@code .orderBy(…)}. */
  public static Window partitionBy(Expression<?>... expressions) {
    return new Window(List.of(expressions), List.of());
  }

  /** A window over all rows, ordered by {@code keys}. */
  public static Window orderedBy(SortField... keys) {
    return new Window(List.of(), List.of(keys));
  }

  public static Expression<String> lower(Expression<String> expression) {
    return new Expression.Call<>(String.class, "lower", "", List.of(expression));
  }

  public static Expression<String> upper(Expression<String> expression) {
    return new Expression.Call<>(String.class, "upper", "", List.of(expression));
  }

  /** {@code coalesce(expression, $n)}: the value when the expression is NULL. */
  public static <T> Expression<T> coalesce(Expression<T> expression, T otherwise) {
    return new Expression.Call<>(
        expression.valueType(),
        "coalesce",
        "",
        List.of(expression, new Expression.Param<T>(otherwise, expression.valueType())));
  }

  // ---- the escape hatch ----

  /**
   * SQL written by hand, as an expression of type {@code type}. Each {@code ?} takes the next
   * argument: a DSL part (a column, an expression) is rendered in place, anything else is bound as
   * a parameter; {@code ??} is a literal {@code ?}. The text itself is trusted as it is: never
   * build it from user input — pass user input as arguments.
   */
  public static <T> Expression<T> unsafeSql(Class<T> type, String sql, Object... args) {
    return new Conditions.RawExpression<>(type, sql, args.clone());
  }

  /** A condition written by hand; see {@link #unsafeSql(Class, String, Object...)}. */
  public static Condition unsafeCondition(String sql, Object... args) {
    return new Conditions.Raw(sql, args.clone());
  }

  // DML (merge, data-modifying CTEs)

  /**
   * {@code excluded}: the row an INSERT proposed, for {@code ON CONFLICT … DO UPDATE}; its columns
   * are {@code table}'s, typed, rendered {@code excluded.column}.
   */
  public static <A extends Table<R>, R> A excluded(A table) {
    return DslDml.excluded(table);
  }

  /** {@code MERGE INTO target} on a Database or Transaction: {@code mergeInto(db, T).using(…)}. */
  public static <R> MergeUsingStep<R> mergeInto(StatementExecutor queries, Table<R> target) {
    return DslDml.mergeInto(queries, target);
  }

  /** {@code MERGE INTO target}, detached (for {@code toSql()} or a CTE). */
  public static <R> MergeUsingStep<R> mergeInto(Table<R> target) {
    return DslDml.mergeInto(null, target);
  }

  /**
   * A CTE of a data-modifying statement, read as {@code shape}'s rows: {@code cte("moved", A,
   * deleteFrom(A).where(…).returning())}, then {@code with(moved).insertInto(B)…}.
   */
  public static <A extends Table<R>, R> Cte<A> cte(
      String name, A shape, FetchStep<? extends R> returning) {
    return DslDml.cte(name, shape, returning);
  }

  /**
   * A CTE of a data-modifying statement's RETURNING list ({@code returning(field)} or a record).
   */
  public static <T> Cte<Table<T>> cte(String name, FetchStep<T> returning) {
    return DslDml.cte(name, returning);
  }

  /**
   * A CTE of a data-modifying statement without RETURNING, declared for its effect only ({@code
   * with(cte("purge", deleteFrom(A).where(…))).select(…)}): it has no columns to read.
   */
  public static Cte<Table<Void>> cte(String name, ReturningStep<?> statement) {
    return DslDml.cte(name, statement);
  }

  /** {@code merge_action()}: 'INSERT', 'UPDATE' or 'DELETE', in a MERGE's RETURNING. */
  public static Expression<String> mergeAction() {
    return DslDml.mergeAction();
  }

  // SELECT (frames, windows, tuples): the window parts are DslClauses', the tuples of 4 to 8 and
  // the row values of 3 to 8 DslTuples' (generated by TuplesTemplate), both inherited.
}
