package dev.sluice;

import java.time.Duration;
import java.time.Period;

/**
 * A PostgreSQL interval, exactly as the server keeps it: months, days and microseconds, which do
 * not convert into each other (a month is not 30 days, a day is not 24 hours across DST).
 *
 * <p>PostgreSQL 17's {@code 'infinity'} and {@code '-infinity'} intervals are {@link #INFINITY} and
 * {@link #NEGATIVE_INFINITY}; they have no {@link Period} or {@link Duration}.
 */
public record Interval(int months, int days, long microseconds) {
  /** The interval of no time: {@code '0'}. */
  public static final Interval ZERO = new Interval(0, 0, 0);

  /** PostgreSQL 17's {@code 'infinity'}: every field at its maximum, as the server stores it. */
  public static final Interval INFINITY =
      new Interval(Integer.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE);

  /** PostgreSQL 17's {@code '-infinity'}: every field at its minimum, as the server stores it. */
  public static final Interval NEGATIVE_INFINITY =
      new Interval(Integer.MIN_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE);

  /**
   * The interval of a Period: its years and months as months, its days as days.
   *
   * @param period the period
   * @return the interval, with no microseconds
   * @throws ArithmeticException if the period's total months do not fit an int
   */
  public static Interval of(Period period) {
    return new Interval(Math.toIntExact(period.toTotalMonths()), period.getDays(), 0);
  }

  /**
   * The interval of a Duration, all of it as microseconds (never as days: a day is not always 24
   * hours); nanoseconds below a microsecond are dropped.
   *
   * @param duration the duration
   * @return the interval, with no months nor days
   * @throws ArithmeticException if the duration's microseconds do not fit a long
   */
  public static Interval of(Duration duration) {
    long micros =
        Math.addExact(
            Math.multiplyExact(duration.getSeconds(), 1_000_000L), duration.getNano() / 1000);
    return new Interval(0, 0, micros);
  }

  /**
   * The interval of a Period and a Duration together, as {@link #of(Period)} and {@link
   * #of(Duration)} convert each.
   *
   * @param period the months and days
   * @param duration the time, as microseconds
   * @return the interval
   * @throws ArithmeticException if a part does not fit its field
   */
  public static Interval of(Period period, Duration duration) {
    Interval d = of(duration);
    return new Interval(Math.toIntExact(period.toTotalMonths()), period.getDays(), d.microseconds);
  }

  /**
   * Whether this is {@link #INFINITY} or {@link #NEGATIVE_INFINITY}.
   *
   * @return true for either infinity
   */
  public boolean isInfinite() {
    return equals(INFINITY) || equals(NEGATIVE_INFINITY);
  }

  /**
   * The months and days as a Period.
   *
   * @return the Period of the months (as years and months) and the days
   * @throws ArithmeticException if the interval is infinite
   */
  public Period toPeriod() {
    requireFinite();
    return Period.of(months / 12, months % 12, days);
  }

  /**
   * The microseconds part as a Duration.
   *
   * @return the Duration of the microseconds
   * @throws ArithmeticException if the interval is infinite
   */
  public Duration toDuration() {
    requireFinite();
    return Duration.ofSeconds(
        Math.floorDiv(microseconds, 1_000_000L), Math.floorMod(microseconds, 1_000_000L) * 1000);
  }

  private void requireFinite() {
    if (isInfinite()) {
      throw new ArithmeticException("interval " + this + " is infinite");
    }
  }

  @Override
  public String toString() {
    if (equals(INFINITY)) {
      return "infinity";
    }
    if (equals(NEGATIVE_INFINITY)) {
      return "-infinity";
    }
    return months + " mons " + days + " days " + microseconds + " us";
  }
}
