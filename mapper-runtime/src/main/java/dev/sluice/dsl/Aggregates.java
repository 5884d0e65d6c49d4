package dev.sluice.dsl;

import java.util.List;

/**
 * Aggregate functions (each also usable as a window function with {@code over}) and the grouping
 * sets of GROUP BY: ROLLUP, CUBE, GROUPING SETS and {@code grouping(…)}.
 */
public final class Aggregates {
  private Aggregates() {}

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
   * {@code ROLLUP (a, b, …)}: groups by a, b, …; then by a, …; …; then the grand total.
   *
   * @param expressions the expressions, from the coarsest grouping down
   * @return the grouping element, for {@code groupBy}
   */
  public static GroupingSet rollup(Expression<?>... expressions) {
    return new GroupingSet("ROLLUP ", List.of(expressions));
  }

  /**
   * {@code CUBE (a, b, …)}: groups by every subset of the expressions.
   *
   * @param expressions the expressions
   * @return the grouping element, for {@code groupBy}
   */
  public static GroupingSet cube(Expression<?>... expressions) {
    return new GroupingSet("CUBE ", List.of(expressions));
  }

  /**
   * {@code GROUPING SETS (s1, s2, …)}: the groupings listed, each a {@link #groupingSet}.
   *
   * @param sets the groupings, each made by {@link #groupingSet}
   * @return the grouping element, for {@code groupBy}
   */
  public static GroupingSet groupingSets(GroupingSet... sets) {
    return new GroupingSet("GROUPING SETS ", List.of(sets));
  }

  /**
   * One set of GROUPING SETS, {@code (a, b)}; with no expression, {@code ()}, the grand total.
   *
   * @param expressions the expressions grouped by together; none for the grand total
   * @return the set, for {@link #groupingSets}
   */
  public static GroupingSet groupingSet(Expression<?>... expressions) {
    return new GroupingSet("", List.of(expressions));
  }

  /**
   * {@code grouping(a, b, …)}: a bit per argument, 1 where the row's grouping leaves it out (its
   * NULL is a subtotal's, not the data's).
   *
   * @param expressions grouped expressions of the query, the first the most significant bit
   * @return the bit mask, an integer
   * @throws IllegalArgumentException if no expression is given
   */
  public static Expression<Integer> grouping(Expression<?>... expressions) {
    if (expressions.length == 0) {
      throw new IllegalArgumentException("grouping() of nothing: name the grouped expressions");
    }
    return new Expression.Call<>(Integer.class, "grouping", "", List.of(expressions));
  }
}
