package dev.sluice.dsl;

import java.util.List;

/**
 * Window functions (ranking, offsets, first and last values), window definitions ({@code
 * partitionBy}, {@code orderedBy}) and the bounds of a window frame.
 */
public final class Windows {
  private Windows() {}

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
