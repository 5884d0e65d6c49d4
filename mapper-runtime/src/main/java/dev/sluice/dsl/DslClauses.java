package dev.sluice.dsl;

import java.util.List;

/**
 * The DSL's parts of SELECT clauses beyond the basics: window functions and frame bounds, and the
 * grouping elements of GROUP BY. Reached through {@link Dsl} (which extends this class by way of
 * {@link DslExpressions}; it extends {@link DslCtes} and {@link DslValues} in turn), so {@code
 * import static dev.sluice.dsl.Dsl.*} brings them in.
 */
abstract class DslClauses extends DslCtes {
  DslClauses() {}

  // ---- window functions (for Expression.over) ----

  /**
   * {@code lag(expression)}: the value in the row before, in the window's order; NULL for none.
   *
   * @param <T> the expression's Java type
   * @param expression the expression read in the earlier row
   * @return the window function, for {@code over}
   */
  public static <T> WindowFunction<T> lag(Expression<T> expression) {
    return window(expression.valueType(), "lag", expression);
  }

  /**
   * {@code lag(expression, $n)}: the value {@code offset} rows before.
   *
   * @param <T> the expression's Java type
   * @param expression the expression read in the earlier row
   * @param offset how many rows before, bound
   * @return the window function, for {@code over}
   */
  public static <T> WindowFunction<T> lag(Expression<T> expression, int offset) {
    return window(expression.valueType(), "lag", expression, bound(offset));
  }

  /**
   * {@code lag(expression, $n, $m)}: {@code otherwise} where there is no such row.
   *
   * @param <T> the expression's Java type
   * @param expression the expression read in the earlier row
   * @param offset how many rows before, bound
   * @param otherwise the value where there is no such row, bound
   * @return the window function, for {@code over}
   * @throws IllegalArgumentException if {@code otherwise} is null (leave it out: NULL is the
   *     default)
   */
  public static <T> WindowFunction<T> lag(Expression<T> expression, int offset, T otherwise) {
    return window(
        expression.valueType(), "lag", expression, bound(offset), bound(expression, otherwise));
  }

  /**
   * {@code lead(expression)}: the value in the row after; NULL for none.
   *
   * @param <T> the expression's Java type
   * @param expression the expression read in the later row
   * @return the window function, for {@code over}
   */
  public static <T> WindowFunction<T> lead(Expression<T> expression) {
    return window(expression.valueType(), "lead", expression);
  }

  /**
   * {@code lead(expression, $n)}: the value {@code offset} rows after.
   *
   * @param <T> the expression's Java type
   * @param expression the expression read in the later row
   * @param offset how many rows after, bound
   * @return the window function, for {@code over}
   */
  public static <T> WindowFunction<T> lead(Expression<T> expression, int offset) {
    return window(expression.valueType(), "lead", expression, bound(offset));
  }

  /**
   * {@code lead(expression, $n, $m)}: {@code otherwise} where there is no such row.
   *
   * @param <T> the expression's Java type
   * @param expression the expression read in the later row
   * @param offset how many rows after, bound
   * @param otherwise the value where there is no such row, bound
   * @return the window function, for {@code over}
   * @throws IllegalArgumentException if {@code otherwise} is null (leave it out: NULL is the
   *     default)
   */
  public static <T> WindowFunction<T> lead(Expression<T> expression, int offset, T otherwise) {
    return window(
        expression.valueType(), "lead", expression, bound(offset), bound(expression, otherwise));
  }

  /**
   * {@code first_value(expression)}: the value in the frame's first row.
   *
   * @param <T> the expression's Java type
   * @param expression the expression read in the frame's first row
   * @return the window function, for {@code over}
   */
  public static <T> WindowFunction<T> firstValue(Expression<T> expression) {
    return window(expression.valueType(), "first_value", expression);
  }

  /**
   * {@code last_value(expression)}: the value in the frame's last row. With the default frame that
   * is the current row's last peer, not the partition's last row: give the window {@code
   * rowsBetween(unboundedPreceding(), unboundedFollowing())} for that.
   *
   * @param <T> the expression's Java type
   * @param expression the expression read in the frame's last row
   * @return the window function, for {@code over}
   */
  public static <T> WindowFunction<T> lastValue(Expression<T> expression) {
    return window(expression.valueType(), "last_value", expression);
  }

  /**
   * {@code ntile($n)}: the number, 1 to {@code buckets}, of the bucket the row falls in.
   *
   * @param buckets the number of buckets, bound
   * @return the window function, for {@code over}
   * @throws IllegalArgumentException if {@code buckets} is less than 1
   */
  public static WindowFunction<Integer> ntile(int buckets) {
    if (buckets < 1) {
      throw new IllegalArgumentException("ntile of " + buckets + " buckets; it takes 1 or more");
    }
    return window(Integer.class, "ntile", bound(buckets));
  }

  // ---- window frame bounds ----

  /**
   * {@code UNBOUNDED PRECEDING}: the frame starts at the partition's first row.
   *
   * @return the bound
   */
  public static FrameBound unboundedPreceding() {
    return FrameBound.UNBOUNDED_PRECEDING;
  }

  /**
   * {@code $n PRECEDING}: {@code rows} rows (ROWS), groups (GROUPS) or a distance (RANGE).
   *
   * @param rows the offset, 0 or more, bound
   * @return the bound
   * @throws IllegalArgumentException if {@code rows} is negative
   */
  public static FrameBound preceding(long rows) {
    return FrameBound.offset(rows, "PRECEDING");
  }

  /**
   * {@code CURRENT ROW}: the frame starts or ends at the current row (with RANGE or GROUPS, at its
   * first or last peer).
   *
   * @return the bound
   */
  public static FrameBound currentRow() {
    return FrameBound.CURRENT_ROW;
  }

  /**
   * {@code $n FOLLOWING}.
   *
   * @param rows the offset, 0 or more: rows, groups or a distance, as for {@link #preceding}
   * @return the bound
   * @throws IllegalArgumentException if {@code rows} is negative
   */
  public static FrameBound following(long rows) {
    return FrameBound.offset(rows, "FOLLOWING");
  }

  /**
   * {@code UNBOUNDED FOLLOWING}: the frame ends at the partition's last row.
   *
   * @return the bound
   */
  public static FrameBound unboundedFollowing() {
    return FrameBound.UNBOUNDED_FOLLOWING;
  }

  // ---- grouping elements (for groupBy) ----

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

  // ---- FROM items ----

  /**
   * {@code (query) AS alias}: a subquery as a FROM item; each select list item (a column, or an
   * expression named with {@code as}) is a column of {@code table()}, found with {@code field}.
   *
   * @param <T> what the subquery's rows read as
   * @param alias the derived table's name
   * @param query the subquery; its values are bound with the statement's
   * @return the derived table
   * @throws IllegalArgumentException if {@code alias} is null or empty
   */
  public static <T> Derived<T> derived(String alias, Select<T> query) {
    return Derived.of(alias, query, false);
  }

  /**
   * {@code LATERAL (query) AS alias}: a derived table that may refer to the FROM items before it,
   * evaluated for each of their rows: {@code crossJoin(lateral(…).table())}, or {@code
   * leftJoin(…).on(trueCondition())} to keep the rows it finds nothing for.
   *
   * @param <T> what the subquery's rows read as
   * @param alias the derived table's name
   * @param query the subquery, which may name the earlier FROM items' columns
   * @return the derived table
   * @throws IllegalArgumentException if {@code alias} is null or empty
   */
  public static <T> Derived<T> lateral(String alias, Select<T> query) {
    return Derived.of(alias, query, true);
  }

  /**
   * {@code TRUE}, said explicitly: for {@code LEFT JOIN LATERAL … ON TRUE}. ({@code noCondition()}
   * is refused in ON, so a join without a condition is never an accident.)
   *
   * @return the condition {@code TRUE}
   */
  public static Condition trueCondition() {
    return Conditions.TRUE;
  }

  // ---- tuples: selects of two or three expressions without a @Row record (4 to 8: Dsl) ----

  /**
   * {@code SELECT a, b}, each row a {@link Tuple2}: detached, e.g. for {@code toSql}.
   *
   * @param <A> the first expression's Java type
   * @param <B> the second expression's Java type
   * @param a the first expression
   * @param b the second expression
   * @return the FROM step
   */
  public static <A, B> SelectFromStep<Tuple2<A, B>> select(SelectField<A> a, SelectField<B> b) {
    return SelectQuery.ofTuple(null, a, b);
  }

  /**
   * {@code SELECT a, b, c}, each row a {@link Tuple3}.
   *
   * @param <A> the first expression's Java type
   * @param <B> the second expression's Java type
   * @param <C> the third expression's Java type
   * @param a the first expression
   * @param b the second expression
   * @param c the third expression
   * @return the FROM step
   */
  public static <A, B, C> SelectFromStep<Tuple3<A, B, C>> select(
      SelectField<A> a, SelectField<B> b, SelectField<C> c) {
    return SelectQuery.ofTuple(null, a, b, c);
  }

  /**
   * {@code db.select(a, b)}'s implementation (Queries calls it).
   *
   * @param <A> the first expression's Java type
   * @param <B> the second expression's Java type
   * @param queries the Database or Transaction the statement runs on
   * @param a the first expression
   * @param b the second expression
   * @return the FROM step
   */
  public static <A, B> SelectFromStep<Tuple2<A, B>> select(
      StatementExecutor queries, SelectField<A> a, SelectField<B> b) {
    return SelectQuery.ofTuple(queries, a, b);
  }

  /**
   * {@code db.select(a, b, c)}'s implementation (Queries calls it).
   *
   * @param <A> the first expression's Java type
   * @param <B> the second expression's Java type
   * @param <C> the third expression's Java type
   * @param queries the Database or Transaction the statement runs on
   * @param a the first expression
   * @param b the second expression
   * @param c the third expression
   * @return the FROM step
   */
  public static <A, B, C> SelectFromStep<Tuple3<A, B, C>> select(
      StatementExecutor queries, SelectField<A> a, SelectField<B> b, SelectField<C> c) {
    return SelectQuery.ofTuple(queries, a, b, c);
  }

  // ---- helpers ----

  private static <T> WindowFunction<T> window(Class<?> type, String name, QueryPart... args) {
    return new WindowFunction<>(type, name, "", List.of(args));
  }

  private static Expression<Integer> bound(int value) {
    return new Expression.Param<>(value, Integer.class);
  }

  private static <T> Expression<T> bound(Expression<T> expression, T value) {
    if (value == null) {
      throw new IllegalArgumentException(
          "a default of null for " + expression + ": leave it out, NULL is the default");
    }
    return new Expression.Param<>(expression.toDatabase(value), expression.valueType());
  }
}
