package dev.sluice.dsl;

import dev.sluice.Interval;
import java.math.BigDecimal;

/**
 * A column of a type PostgreSQL sums and averages: a number or an interval. Its two extra type
 * parameters are the Java types of what {@link Aggregates#sum(SummableColumn)} and {@link
 * Aggregates#avg(SummableColumn)} of it return, which are PostgreSQL's result types, not the
 * column's:
 *
 * <table>
 *   <caption>sum and avg by column type</caption>
 *   <tr><th>column (Java)</th><th>sum</th><th>avg</th></tr>
 *   <tr><td>smallint, integer (short, int)</td><td>bigint (Long)</td><td>numeric (BigDecimal)</td>
 *   <tr><td>bigint, numeric (long, BigDecimal)</td><td>numeric (BigDecimal)</td>
 *       <td>numeric (BigDecimal)</td>
 *   <tr><td>real (float)</td><td>real (Float)</td><td>double precision (Double)</td>
 *   <tr><td>double precision (double)</td><td>double precision (Double)</td>
 *       <td>double precision (Double)</td>
 *   <tr><td>interval (Interval)</td><td>interval (Interval)</td><td>interval (Interval)</td>
 * </table>
 *
 * Java generics are erased, so {@code sum(Expression<Integer>)} and {@code sum(Expression<Long>)}
 * cannot both exist: the generated table metadata gives each such column its result types here
 * instead ({@code SummableColumn<Film, Short, Long, BigDecimal> length}). Both are nullable: the
 * sum or average of no rows (or of NULLs only) is NULL.
 *
 * @param <R> the table's record
 * @param <T> the column's type (boxed)
 * @param <S> the Java type of {@code sum(column)}
 * @param <A> the Java type of {@code avg(column)}
 */
public final class SummableColumn<R, T, S, A> extends Column<R, T> {
  SummableColumn(Table<R> table, String name, Class<?> javaType, String sqlType, int flags) {
    super(table, name, javaType, sqlType, flags);
    if (sumType(valueType()) == null) {
      throw new IllegalArgumentException(
          "column " + name + " of " + javaType.getName() + " is not summed by PostgreSQL");
    }
  }

  /**
   * The Java type of PostgreSQL's {@code sum} of a value read as {@code type} (boxed), or null when
   * PostgreSQL has no sum of it.
   */
  static Class<?> sumType(Class<?> type) {
    if (type == Short.class || type == Integer.class) return Long.class;
    if (type == Long.class || type == BigDecimal.class) return BigDecimal.class;
    if (type == Float.class) return Float.class;
    if (type == Double.class) return Double.class;
    if (type == Interval.class) return Interval.class;
    return null;
  }

  /** The Java type of PostgreSQL's {@code avg} of a value read as {@code type}, or null. */
  static Class<?> avgType(Class<?> type) {
    if (type == Short.class || type == Integer.class || type == Long.class) return BigDecimal.class;
    if (type == BigDecimal.class) return BigDecimal.class;
    if (type == Float.class || type == Double.class) return Double.class;
    if (type == Interval.class) return Interval.class;
    return null;
  }
}
