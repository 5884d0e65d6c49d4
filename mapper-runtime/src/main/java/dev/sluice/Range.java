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

  /**
   * The empty range.
   *
   * @param <T> the subtype's Java type
   * @return the empty range, one instance for every subtype
   */
  @SuppressWarnings("unchecked")
  public static <T> Range<T> empty() {
    return (Range<T>) EMPTY;
  }

  /**
   * A range of the given bounds; a null bound is unbounded (its inclusive flag is ignored). The
   * server checks the order of the bounds (22000 when lower is above upper).
   *
   * @param <T> the subtype's Java type
   * @param lower the lower bound, or null for unbounded
   * @param lowerInclusive whether the lower bound is in the range
   * @param upper the upper bound, or null for unbounded
   * @param upperInclusive whether the upper bound is in the range
   * @return the range, not empty
   */
  public static <T> Range<T> of(T lower, boolean lowerInclusive, T upper, boolean upperInclusive) {
    return new Range<>(lower, lowerInclusive, upper, upperInclusive, false);
  }

  /**
   * {@code [lower,upper)}, the canonical form of the discrete ranges.
   *
   * @param <T> the subtype's Java type
   * @param lower the inclusive lower bound, or null for unbounded
   * @param upper the exclusive upper bound, or null for unbounded
   * @return the range
   */
  public static <T> Range<T> closedOpen(T lower, T upper) {
    return of(lower, true, upper, false);
  }

  /**
   * {@code [lower,upper]}.
   *
   * @param <T> the subtype's Java type
   * @param lower the inclusive lower bound, or null for unbounded
   * @param upper the inclusive upper bound, or null for unbounded
   * @return the range
   */
  public static <T> Range<T> closed(T lower, T upper) {
    return of(lower, true, upper, true);
  }

  /**
   * Whether this is the empty range, which has no bounds.
   *
   * @return true for {@link #empty()} and an empty range read from the server
   */
  public boolean isEmpty() {
    return empty;
  }

  /**
   * The lower bound.
   *
   * @return the bound, or null when unbounded or empty
   */
  public T lower() {
    return lower;
  }

  /**
   * The upper bound.
   *
   * @return the bound, or null when unbounded or empty
   */
  public T upper() {
    return upper;
  }

  /**
   * Whether the lower bound is in the range.
   *
   * @return false when the lower side is exclusive, unbounded or the range is empty
   */
  public boolean lowerInclusive() {
    return lowerInclusive;
  }

  /**
   * Whether the upper bound is in the range.
   *
   * @return false when the upper side is exclusive, unbounded or the range is empty
   */
  public boolean upperInclusive() {
    return upperInclusive;
  }

  /**
   * Whether the range has no lower bound.
   *
   * @return true when the range is not empty and its lower bound is null
   */
  public boolean lowerUnbounded() {
    return !empty && lower == null;
  }

  /**
   * Whether the range has no upper bound.
   *
   * @return true when the range is not empty and its upper bound is null
   */
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
