package dev.sluice;

import java.util.Objects;

/**
 * A PostgreSQL range value: empty, or a lower and an upper bound, each inclusive, exclusive or
 * unbounded (null). Elements are the range's subtype in its default Java type: Integer (int4range),
 * Long (int8range), BigDecimal (numrange), LocalDate (daterange), LocalDateTime (tsrange), Instant
 * (tstzrange). A multirange is a {@code List<Range<T>>}.
 *
 * <p>The server canonicalizes the discrete ranges (int4range, int8range, daterange) to {@code [)}:
 * {@code [1,3]} binds fine and reads back as {@code [1,4)}. An unbounded side is never inclusive.
 * {@link #toString} is range_out's form ({@code [1,5)}, {@code (,3]}, {@code empty}) with each
 * bound in its Java text; {@code RowView.getString} gives the server's text for the built-in ranges
 * (see {@code RangeCodec}).
 */
public final class Range<T> {
  private static final Range<?> EMPTY = new Range<>(null, false, null, false, true);

  /** The lower bound; null when unbounded (or empty). */
  private final T lower;

  private final boolean lowerInclusive;

  /** The upper bound; null when unbounded (or empty). */
  private final T upper;

  private final boolean upperInclusive;
  private final boolean empty;

  private Range(T lower, boolean lowerInclusive, T upper, boolean upperInclusive, boolean empty) {
    this.lower = lower;
    this.lowerInclusive = lower != null && lowerInclusive;
    this.upper = upper;
    this.upperInclusive = upper != null && upperInclusive;
    this.empty = empty;
  }

  /** The empty range. */
  @SuppressWarnings("unchecked")
  public static <T> Range<T> empty() {
    return (Range<T>) EMPTY;
  }

  /**
   * A range of the given bounds; a null bound is unbounded (its inclusive flag is ignored). The
   * server checks the order of the bounds (22000 when lower is above upper).
   */
  public static <T> Range<T> of(T lower, boolean lowerInclusive, T upper, boolean upperInclusive) {
    return new Range<>(lower, lowerInclusive, upper, upperInclusive, false);
  }

  /** {@code [lower,upper)}, the canonical form of the discrete ranges. */
  public static <T> Range<T> closedOpen(T lower, T upper) {
    return of(lower, true, upper, false);
  }

  /** {@code [lower,upper]}. */
  public static <T> Range<T> closed(T lower, T upper) {
    return of(lower, true, upper, true);
  }

  public boolean isEmpty() {
    return empty;
  }

  /** The lower bound, or null when unbounded or empty. */
  public T lower() {
    return lower;
  }

  /** The upper bound, or null when unbounded or empty. */
  public T upper() {
    return upper;
  }

  public boolean lowerInclusive() {
    return lowerInclusive;
  }

  public boolean upperInclusive() {
    return upperInclusive;
  }

  public boolean lowerUnbounded() {
    return !empty && lower == null;
  }

  public boolean upperUnbounded() {
    return !empty && upper == null;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Range<?> r
        && empty == r.empty
        && lowerInclusive == r.lowerInclusive
        && upperInclusive == r.upperInclusive
        && Objects.equals(lower, r.lower)
        && Objects.equals(upper, r.upper);
  }

  @Override
  public int hashCode() {
    return Objects.hash(lower, upper, lowerInclusive, upperInclusive, empty);
  }

  @Override
  public String toString() {
    if (empty) {
      return "empty";
    }
    return (lowerInclusive ? "[" : "(")
        + (lower == null ? "" : lower)
        + ","
        + (upper == null ? "" : upper)
        + (upperInclusive ? "]" : ")");
  }
}
