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

  /**
   * {@code SELECT} every column of {@code table} {@code FROM table}, read into its record.
   *
   * @param <R> the table's record
   * @param queries the Database or Transaction the statement runs on
   * @param table the table read
   * @return the JOIN step
   */
  public static <R> SelectJoinStep<R> selectFrom(StatementExecutor queries, Table<R> table) {
    return SelectQuery.ofTable(queries, table);
  }

  /**
   * The from-first style: {@code from(FILM).where(f -> …).fetch()}.
   *
   * @param <A> the table's class, what the lambdas receive
   * @param <R> the table's record
   * @param queries the Database or Transaction the statement runs on
   * @param table the table read
   * @return the from-first query
   */
  public static <A extends Table<R>, R> From1Step<A, R> from(StatementExecutor queries, A table) {
    return new From1Step<>(SelectQuery.ofTable(queries, table), table);
  }

  /**
   * {@code SELECT field}, the fluent way: {@code db.select(FILM.title).from(FILM)…}.
   *
   * @param <T> the expression's Java type
   * @param queries the Database or Transaction the statement runs on
   * @param field the expression selected
   * @return the FROM step
   */
  public static <T> SelectFromStep<T> select(StatementExecutor queries, SelectField<T> field) {
    return SelectQuery.ofField(queries, false, field);
  }

  /**
   * {@code SELECT fields}, read into the {@code @Row} record {@code into} by column name.
   *
   * @param <T> the record's type
   * @param queries the Database or Transaction the statement runs on
   * @param into the {@code @Row} record each row is read into
   * @param fields the columns or named expressions selected
   * @return the FROM step
   */
  public static <T> SelectFromStep<T> select(
      StatementExecutor queries, Class<T> into, SelectField<?>... fields) {
    return SelectQuery.ofRecord(queries, false, into, fields);
  }

  /**
   * {@code SELECT DISTINCT field}, the fluent way: the distinct values of one expression.
   *
   * @param <T> the expression's Java type
   * @param queries the Database or Transaction the statement runs on
   * @param field the expression selected
   * @return the FROM step
   */
  public static <T> SelectFromStep<T> selectDistinct(
      StatementExecutor queries, SelectField<T> field) {
    return SelectQuery.ofField(queries, true, field);
  }

  /**
   * {@code SELECT DISTINCT fields}, read into the {@code @Row} record {@code into} by column name.
   *
   * @param <T> the record's type
   * @param queries the Database or Transaction the statement runs on
   * @param into the record each row is read into
   * @param fields the columns or named expressions selected
   * @return the FROM step
   */
  public static <T> SelectFromStep<T> selectDistinct(
      StatementExecutor queries, Class<T> into, SelectField<?>... fields) {
    return SelectQuery.ofRecord(queries, true, into, fields);
  }

  /**
   * {@code WITH ctes} in front of the SELECT that follows: {@code db.with(lf).selectFrom(…)}.
   *
   * @param queries the Database or Transaction the statement runs on
   * @param ctes the CTEs, in order; each may read the ones before it
   * @return the step of the statement that follows the WITH
   * @throws IllegalArgumentException if no CTE is given
   */
  public static WithStep with(StatementExecutor queries, Cte<?>... ctes) {
    return new WithStep(queries, List.of(ctes));
  }

  /**
   * {@code INSERT INTO table}, run on {@code queries}: then the rows ({@code values}, {@code set},
   * {@code columns(…).select(…)}).
   *
   * @param <R> the table's record
   * @param queries the Database or Transaction the statement runs on
   * @param table the table inserted into
   * @return the step that takes the rows
   */
  public static <R> InsertStep<R> insertInto(StatementExecutor queries, Table<R> table) {
    return new InsertQuery<>(queries, table);
  }

  /**
   * {@code UPDATE table SET …}, run on {@code queries}. It never updates every row by accident: a
   * WHERE is required, or an explicit {@code allRows()}.
   *
   * @param <A> the table's class, what a {@code where} lambda receives
   * @param <R> the table's record
   * @param queries the Database or Transaction the statement runs on
   * @param table the table updated
   * @return the SET step
   */
  public static <A extends Table<R>, R> UpdateSetStep<A, R> update(
      StatementExecutor queries, A table) {
    return new UpdateQuery<>(queries, table);
  }

  /**
   * {@code DELETE FROM table}, run on {@code queries}. It never deletes every row by accident: a
   * WHERE is required, or an explicit {@code allRows()}.
   *
   * @param <A> the table's class, what a {@code where} lambda receives
   * @param <R> the table's record
   * @param queries the Database or Transaction the statement runs on
   * @param table the table deleted from
   * @return the WHERE step
   */
  public static <A extends Table<R>, R> DeleteWhereStep<A, R> deleteFrom(
      StatementExecutor queries, A table) {
    return new DeleteQuery<>(queries, table);
  }

  // ---- detached statements: subqueries, toSql ----

  /**
   * {@code SELECT} every column of {@code table} {@code FROM table}, detached: a subquery, or a
   * statement built for {@code toSql()}.
   *
   * @param <R> the table's record
   * @param table the table read
   * @return the JOIN step
   */
  public static <R> SelectJoinStep<R> selectFrom(Table<R> table) {
    return SelectQuery.ofTable(null, table);
  }

  /**
   * The from-first style, detached: {@code from(FILM).where(f -> …)} as a subquery or a CTE's body.
   *
   * @param <A> the table's class, what the lambdas receive
   * @param <R> the table's record
   * @param table the table read
   * @return the from-first query
   */
  public static <A extends Table<R>, R> From1Step<A, R> from(A table) {
    return new From1Step<>(SelectQuery.ofTable(null, table), table);
  }

  /**
   * {@code SELECT field}: a scalar subquery, e.g. for {@code in}.
   *
   * @param <T> the expression's Java type
   * @param field the expression selected
   * @return the FROM step
   */
  public static <T> SelectFromStep<T> select(SelectField<T> field) {
    return SelectQuery.ofField(null, false, field);
  }

  /**
   * {@code SELECT DISTINCT field}, detached.
   *
   * @param <T> the expression's Java type
   * @param field the expression selected
   * @return the FROM step
   */
  public static <T> SelectFromStep<T> selectDistinct(SelectField<T> field) {
    return SelectQuery.ofField(null, true, field);
  }

  /**
   * {@code SELECT 1}: for {@code exists(selectOne().from(…).where(…))}.
   *
   * @return the FROM step
   */
  public static SelectFromStep<Integer> selectOne() {
    return SelectQuery.ofField(null, false, value(1));
  }

  /**
   * {@code SELECT fields}, detached, read into the {@code @Row} record {@code into} by column name.
   *
   * @param <T> the record's type
   * @param into the record each row is read into
   * @param fields the columns or named expressions selected
   * @return the FROM step
   */
  public static <T> SelectFromStep<T> select(Class<T> into, SelectField<?>... fields) {
    return SelectQuery.ofRecord(null, false, into, fields);
  }

  /**
   * {@code SELECT DISTINCT fields}, detached, read into the {@code @Row} record {@code into}.
   *
   * @param <T> the record's type
   * @param into the record each row is read into, by column name
   * @param fields the columns or named expressions selected
   * @return the FROM step
   */
  public static <T> SelectFromStep<T> selectDistinct(Class<T> into, SelectField<?>... fields) {
    return SelectQuery.ofRecord(null, true, into, fields);
  }

  /**
   * {@code WITH ctes} in front of a detached SELECT.
   *
   * @param ctes the CTEs, in order; each may read the ones before it
   * @return the step of the statement that follows the WITH
   * @throws IllegalArgumentException if no CTE is given
   */
  public static WithStep with(Cte<?>... ctes) {
    return new WithStep(null, List.of(ctes));
  }

  /**
   * {@code INSERT INTO table}, detached: for {@code toSql()} or a data-modifying CTE.
   *
   * @param <R> the table's record
   * @param table the table inserted into
   * @return the step that takes the rows
   */
  public static <R> InsertStep<R> insertInto(Table<R> table) {
    return new InsertQuery<>(null, table);
  }

  /**
   * {@code UPDATE table SET …}, detached: for {@code toSql()} or a data-modifying CTE. A WHERE is
   * required, or an explicit {@code allRows()}.
   *
   * @param <A> the table's class, what a {@code where} lambda receives
   * @param <R> the table's record
   * @param table the table updated
   * @return the SET step
   */
  public static <A extends Table<R>, R> UpdateSetStep<A, R> update(A table) {
    return new UpdateQuery<>(null, table);
  }

  /**
   * {@code DELETE FROM table}, detached: for {@code toSql()} or a data-modifying CTE. A WHERE is
   * required, or an explicit {@code allRows()}.
   *
   * @param <A> the table's class, what a {@code where} lambda receives
   * @param <R> the table's record
   * @param table the table deleted from
   * @return the WHERE step
   */
  public static <A extends Table<R>, R> DeleteWhereStep<A, R> deleteFrom(A table) {
    return new DeleteQuery<>(null, table);
  }

  // ---- common table expressions ----

  /**
   * A CTE of {@code shape}'s rows, read through its generated class: {@code cte("long_films", FILM,
   * selectFrom(FILM).where(FILM.length.gt((short) 150)))} gives a {@code Cte<FilmTable>} whose
   * {@code table()} is a FilmTable named {@code long_films}. {@code query} must give every column
   * of {@code shape} by name (a {@code selectFrom} of that table does).
   *
   * @param <A> the table's class
   * @param <R> the table's record
   * @param name the CTE's name
   * @param shape the table whose rows the CTE holds, and whose class reads them
   * @param query the CTE's body
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, or {@code query} does not give every
   *     column of {@code shape}
   */
  public static <A extends Table<R>, R> Cte<A> cte(
      String name, A shape, Select<? extends R> query) {
    return Ctes.ofTable(checkName(name), shape, query);
  }

  /**
   * A CTE of the first table's rows of a from-first query: {@code cte("long_films",
   * from(FILM).where(f -> f.length.gt((short) 150)))}, a {@code Cte<FilmTable>}.
   *
   * @param <A> the first table's class
   * @param <R> the first table's record
   * @param name the CTE's name
   * @param query the from-first query, its rows the first table's
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty
   */
  public static <A extends Table<R>, R> Cte<A> cte(String name, From1Step<A, R> query) {
    return Ctes.ofTable(checkName(name), query.table(), query.query);
  }

  /**
   * A CTE of a projection: each select list item (a column, or an expression named with {@code as})
   * becomes a column of {@code table()}, found with {@link Cte#field(SelectField)}; its rows read
   * as the select's ({@code T}).
   *
   * @param <T> what the select's rows read as
   * @param name the CTE's name
   * @param query the CTE's body
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, or a select list item has no name
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
   *
   * @param <T> what the anchor's (and the recursive term's) rows read as
   * @param name the CTE's name
   * @param anchor the non-recursive term, whose select list names the columns
   * @param recursiveTerm given the CTE itself; makes the select that reads it
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, or the recursive term null
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
   *
   * @param <T> what the anchor's (and the recursive term's) rows read as
   * @param name the CTE's name
   * @param anchor the non-recursive term, whose select list names the columns
   * @param recursiveTerm given the CTE itself; makes the select that reads it
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, or the recursive term null
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
   *
   * @param <A> the table's class
   * @param <R> the table's record
   * @param name the CTE's name
   * @param shape the table whose rows the CTE holds, and whose class reads them
   * @param anchor the non-recursive term
   * @param recursiveTerm given the CTE itself; makes the select that reads it
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, the recursive term null, or a term does
   *     not give every column of {@code shape}
   */
  public static <A extends Table<R>, R> Cte<A> recursiveCte(
      String name,
      A shape,
      Select<R> anchor,
      Function<? super Cte<A>, ? extends Select<R>> recursiveTerm) {
    return Ctes.recursiveOfTable(
        checkName(name), shape, anchor, CompoundQuery.UNION_ALL, recursiveTerm);
  }

  /**
   * {@link #recursiveCte(String, Table, Select, Function)} with {@code UNION}.
   *
   * @param <A> the table's class
   * @param <R> the table's record
   * @param name the CTE's name
   * @param shape the table whose rows the CTE holds, and whose class reads them
   * @param anchor the non-recursive term
   * @param recursiveTerm given the CTE itself; makes the select that reads it
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, the recursive term null, or a term does
   *     not give every column of {@code shape}
   */
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
   *
   * @return the empty condition
   */
  public static Condition noCondition() {
    return Conditions.NONE;
  }

  /**
   * {@code c1 AND c2 AND …}; {@link #noCondition()} operands are dropped. With none left (or none
   * given) it is {@code noCondition()}: no filter, which an UPDATE or DELETE rejects.
   *
   * @param conditions the conditions ANDed
   * @return the conjunction, or {@code noCondition()} if nothing is left
   */
  public static Condition and(Condition... conditions) {
    return Conditions.Junction.of(Conditions.Junction.AND, conditions);
  }

  /**
   * {@code c1 OR c2 OR …}; {@link #noCondition()} operands are dropped. With none left (or none
   * given) it is {@code FALSE}, which matches no row: {@code or()} of an empty list of alternatives
   * selects, updates and deletes nothing, as {@code in()} of an empty list does.
   *
   * @param conditions the conditions ORed
   * @return the disjunction, or FALSE if nothing is left
   */
  public static Condition or(Condition... conditions) {
    return Conditions.Junction.of(Conditions.Junction.OR, conditions);
  }

  /**
   * {@code NOT (condition)}; the negation of {@link #noCondition()} is {@code noCondition()}.
   *
   * @param condition the condition negated
   * @return the negation
   */
  public static Condition not(Condition condition) {
    return condition.not();
  }

  /**
   * {@code EXISTS (subquery)}; the subquery may refer to the tables of the enclosing query.
   *
   * @param subquery the subquery; its values are bound with the statement's
   * @return the condition
   */
  public static Condition exists(Select<?> subquery) {
    return new Conditions.Exists("EXISTS", subquery);
  }

  /**
   * {@code NOT EXISTS (subquery)}; the subquery may refer to the tables of the enclosing query.
   *
   * @param subquery the subquery; its values are bound with the statement's
   * @return the condition
   */
  public static Condition notExists(Select<?> subquery) {
    return new Conditions.Exists("NOT EXISTS", subquery);
  }

  /**
   * {@code expression LIKE pattern}; the pattern is bound. A null pattern is refused, as {@code
   * eq(null)} is: use isNull().
   *
   * @param expression the text matched
   * @param pattern the pattern ({@code %} any string, {@code _} one character), bound
   * @return the condition
   * @throws IllegalArgumentException if {@code pattern} is null
   */
  public static Condition like(Expression<String> expression, String pattern) {
    return Patterns.like(expression, " LIKE ", pattern);
  }

  /**
   * {@code expression ILIKE pattern}: LIKE ignoring case. A null pattern is refused.
   *
   * @param expression the text matched
   * @param pattern the pattern, bound
   * @return the condition
   * @throws IllegalArgumentException if {@code pattern} is null
   */
  public static Condition ilike(Expression<String> expression, String pattern) {
    return Patterns.like(expression, " ILIKE ", pattern);
  }

  // ---- values and functions ----

  /**
   * A bound value as an expression: {@code value(1)} renders {@code $n}.
   *
   * @param <T> the value's Java type
   * @param value the value, bound
   * @return the value as an expression of its class
   * @throws IllegalArgumentException if {@code value} is null
   */
  public static <T> Expression<T> value(T value) {
    if (value == null) {
      throw new IllegalArgumentException("value(null) has no type; use unsafeSql(type, \"NULL\")");
    }
    return new Expression.Param<>(value, value.getClass());
  }

  /**
   * {@code count(*)}: a bigint, never NULL (0 for no rows).
   *
   * @return the aggregate, which also takes {@code filter} and {@code over}
   */
  public static WindowFunction<Long> count() {
    return new WindowFunction<>(Long.class, "count", "", List.of());
  }

  /**
   * {@code count(expression)}: the rows where it is not NULL.
   *
   * @param expression the expression counted where not NULL
   * @return the aggregate, which also takes {@code filter} and {@code over}
   */
  public static WindowFunction<Long> count(Expression<?> expression) {
    return new WindowFunction<>(Long.class, "count", "", List.of(expression));
  }

  /**
   * {@code count(DISTINCT expression)}.
   *
   * @param expression the expression whose distinct values are counted, NULL left out
   * @return the aggregate
   */
  public static WindowFunction<Long> countDistinct(Expression<?> expression) {
    return new WindowFunction<>(Long.class, "count", "DISTINCT ", List.of(expression));
  }

  /**
   * {@code sum(column)}, of PostgreSQL's result type: a Long for smallint and integer, a BigDecimal
   * for bigint and numeric, a Float for real, a Double for double precision, an Interval for
   * interval (see {@link SummableColumn}). NULL (null) for no rows.
   *
   * @param <S> the sum's Java type, from the column's
   * @param column a number or interval column
   * @return the aggregate, which also takes {@code filter} and {@code over}
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
   *
   * @param <S> the sum's Java type
   * @param expression a number or interval expression
   * @param type the Java type of PostgreSQL's sum of the expression's type
   * @return the aggregate, which also takes {@code filter} and {@code over}
   * @throws IllegalArgumentException if PostgreSQL has no sum of the expression's type, or it is
   *     not {@code type}
   */
  public static <S> WindowFunction<S> sum(Expression<?> expression, Class<S> type) {
    Class<?> expected = SummableColumn.sumType(expression.valueType());
    checkAggregateType("sum", expression, expected, type);
    return new WindowFunction<>(type, "sum", "", List.of(expression));
  }

  /**
   * {@code avg(column)}, of PostgreSQL's result type: a BigDecimal (numeric) for integers and
   * numeric, a Double for real and double precision, an Interval for interval. NULL for no rows.
   *
   * @param <A> the average's Java type, from the column's
   * @param column a number or interval column
   * @return the aggregate, which also takes {@code filter} and {@code over}
   */
  public static <A> WindowFunction<A> avg(SummableColumn<?, ?, ?, A> column) {
    return new WindowFunction<>(
        SummableColumn.avgType(column.valueType()), "avg", "", List.of(column));
  }

  /**
   * {@code avg(expression)} read as {@code type}, checked as {@link #sum(Expression, Class)} is.
   *
   * @param <A> the average's Java type
   * @param expression a number or interval expression
   * @param type the Java type of PostgreSQL's average of the expression's type
   * @return the aggregate, which also takes {@code filter} and {@code over}
   * @throws IllegalArgumentException if PostgreSQL has no average of the expression's type, or it
   *     is not {@code type}
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

  /**
   * {@code min(expression)}: the smallest value, NULLs ignored; NULL for no rows.
   *
   * @param <T> the expression's Java type
   * @param expression the expression
   * @return the aggregate, which also takes {@code filter} and {@code over}
   */
  public static <T> WindowFunction<T> min(Expression<T> expression) {
    return new WindowFunction<>(expression.valueType(), "min", "", List.of(expression));
  }

  /**
   * {@code max(expression)}: the largest value, NULLs ignored; NULL for no rows.
   *
   * @param <T> the expression's Java type
   * @param expression the expression
   * @return the aggregate, which also takes {@code filter} and {@code over}
   */
  public static <T> WindowFunction<T> max(Expression<T> expression) {
    return new WindowFunction<>(expression.valueType(), "max", "", List.of(expression));
  }

  /**
   * {@code row_number()}, for {@link WindowFunction#over}.
   *
   * @return the window function, a bigint counting from 1
   */
  public static WindowFunction<Long> rowNumber() {
    return new WindowFunction<>(Long.class, "row_number", "", List.of());
  }

  /**
   * {@code rank()}: rank with gaps, for {@link WindowFunction#over}.
   *
   * @return the window function, a bigint
   */
  public static WindowFunction<Long> rank() {
    return new WindowFunction<>(Long.class, "rank", "", List.of());
  }

  /**
   * {@code dense_rank()}: rank without gaps, for {@link WindowFunction#over}.
   *
   * @return the window function, a bigint
   */
  public static WindowFunction<Long> denseRank() {
    return new WindowFunction<>(Long.class, "dense_rank", "", List.of());
  }

  /**
   * A window partitioned by {@code expressions}; add {@code .orderBy(…)}.
   *
   * @param expressions the partitioning expressions
   * @return the window
   */
  public static Window partitionBy(Expression<?>... expressions) {
    return new Window(List.of(expressions), List.of());
  }

  /**
   * A window over all rows, ordered by {@code keys}.
   *
   * @param keys the sort keys, most significant first
   * @return the window
   */
  public static Window orderedBy(SortField... keys) {
    return new Window(List.of(), List.of(keys));
  }

  /**
   * {@code lower(expression)}: the text in lower case.
   *
   * @param expression the text
   * @return the text in lower case
   */
  public static Expression<String> lower(Expression<String> expression) {
    return new Expression.Call<>(String.class, "lower", "", List.of(expression));
  }

  /**
   * {@code upper(expression)}: the text in upper case.
   *
   * @param expression the text
   * @return the text in upper case
   */
  public static Expression<String> upper(Expression<String> expression) {
    return new Expression.Call<>(String.class, "upper", "", List.of(expression));
  }

  /**
   * {@code coalesce(expression, $n)}: the value when the expression is NULL.
   *
   * @param <T> the expression's Java type
   * @param expression the expression
   * @param otherwise the value where it is NULL, bound
   * @return the expression
   */
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
   *
   * @param <T> the Java type the result is read as
   * @param type the Java type the result is read as, which the SQL must give
   * @param sql the SQL text, with a {@code ?} per argument; a mismatch fails when rendered
   * @param args the arguments: DSL parts rendered in place, other values bound
   * @return the expression
   */
  public static <T> Expression<T> unsafeSql(Class<T> type, String sql, Object... args) {
    return new Conditions.RawExpression<>(type, sql, args.clone());
  }

  /**
   * A condition written by hand; see {@link #unsafeSql(Class, String, Object...)}.
   *
   * @param sql the SQL text, with a {@code ?} per argument; a mismatch fails when rendered
   * @param args the arguments: DSL parts rendered in place, other values bound
   * @return the condition
   */
  public static Condition unsafeCondition(String sql, Object... args) {
    return new Conditions.Raw(sql, args.clone());
  }

  // DML (merge, data-modifying CTEs)

  /**
   * {@code excluded}: the row an INSERT proposed, for {@code ON CONFLICT … DO UPDATE}; its columns
   * are {@code table}'s, typed, rendered {@code excluded.column}.
   *
   * @param <A> the table's class
   * @param <R> the table's record
   * @param table the inserted table
   * @return the table's class, reading {@code excluded}
   * @throws IllegalArgumentException if {@code table} is null
   */
  public static <A extends Table<R>, R> A excluded(A table) {
    return DslDml.excluded(table);
  }

  /**
   * {@code MERGE INTO target} on a Database or Transaction: {@code mergeInto(db, T).using(…)}.
   *
   * @param <R> the target's record
   * @param queries the Database or Transaction the statement runs on
   * @param target the table merged into
   * @return the USING step
   * @throws IllegalArgumentException if {@code target} is null
   */
  public static <R> MergeUsingStep<R> mergeInto(StatementExecutor queries, Table<R> target) {
    return DslDml.mergeInto(queries, target);
  }

  /**
   * {@code MERGE INTO target}, detached (for {@code toSql()} or a CTE).
   *
   * @param <R> the target's record
   * @param target the table merged into
   * @return the USING step
   * @throws IllegalArgumentException if {@code target} is null
   */
  public static <R> MergeUsingStep<R> mergeInto(Table<R> target) {
    return DslDml.mergeInto(null, target);
  }

  /**
   * A CTE of a data-modifying statement, read as {@code shape}'s rows: {@code cte("moved", A,
   * deleteFrom(A).where(…).returning())}, then {@code with(moved).insertInto(B)…}.
   *
   * @param <A> the table's class
   * @param <R> the table's record
   * @param name the CTE's name
   * @param shape the table whose rows the statement returns
   * @param returning the statement's {@code returning()} step
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, or {@code returning} is not the
   *     RETURNING of a DSL statement
   */
  public static <A extends Table<R>, R> Cte<A> cte(
      String name, A shape, FetchStep<? extends R> returning) {
    return DslDml.cte(name, shape, returning);
  }

  /**
   * A CTE of a data-modifying statement's RETURNING list ({@code returning(field)} or a record).
   *
   * @param <T> what the RETURNING list's rows read as
   * @param name the CTE's name
   * @param returning the statement's {@code returning(…)} step; each item must have a name
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, a RETURNING item has no name, or {@code
   *     returning} is not the RETURNING of a DSL statement
   */
  public static <T> Cte<Table<T>> cte(String name, FetchStep<T> returning) {
    return DslDml.cte(name, returning);
  }

  /**
   * A CTE of a data-modifying statement without RETURNING, declared for its effect only ({@code
   * with(cte("purge", deleteFrom(A).where(…))).select(…)}): it has no columns to read.
   *
   * @param name the CTE's name
   * @param statement the INSERT, UPDATE, DELETE or MERGE
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, or {@code statement} is not one made by
   *     the DSL
   */
  public static Cte<Table<Void>> cte(String name, ReturningStep<?> statement) {
    return DslDml.cte(name, statement);
  }

  /**
   * {@code merge_action()}: 'INSERT', 'UPDATE' or 'DELETE', in a MERGE's RETURNING.
   *
   * @return the expression, text
   */
  public static Expression<String> mergeAction() {
    return DslDml.mergeAction();
  }

  // SELECT (frames, windows, tuples): the window parts are DslClauses', the tuples of 4 to 8 and
  // the row values of 3 to 8 DslTuples' (generated by TuplesTemplate), both inherited.
}
