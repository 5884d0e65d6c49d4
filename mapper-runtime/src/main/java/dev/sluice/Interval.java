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
  public static final Interval ZERO = new Interval(0, 0, 0);
  public static final Interval INFINITY =
      new Interval(Integer.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE);
  public static final Interval NEGATIVE_INFINITY =
      new Interval(Integer.MIN_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE);

  public static Interval of(Period period) {
    return new Interval(Math.toIntExact(period.toTotalMonths()), period.getDays(), 0);
  }

  public static Interval of(Duration duration) {
    long micros =
        Math.addExact(
            Math.multiplyExact(duration.getSeconds(), 1_000_000L), duration.getNano() / 1000);
    return new Interval(0, 0, micros);
  }

  public static Interval of(Period period, Duration duration) {
    Interval d = of(duration);
    return new Interval(Math.toIntExact(period.toTotalMonths()), period.getDays(), d.microseconds);
  }

  public boolean isInfinite() {
    return equals(INFINITY) || equals(NEGATIVE_INFINITY);
  }

  /** The months and days; fails for an infinite interval. */
  public Period toPeriod() {
    requireFinite();
    return Period.of(months / 12, months % 12, days);
  }

  /** The microseconds part as a Duration; fails for an infinite interval. */
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
