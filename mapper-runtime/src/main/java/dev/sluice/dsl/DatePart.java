package dev.sluice.dsl;

/**
 * A field of a date, time or timestamp, for {@link Expressions#extract} and {@link
 * Expressions#dateTrunc}. An enum, not a String, because {@code extract(FIELD FROM x)} takes the
 * field as a keyword that cannot be a bound parameter: only these names are ever written into the
 * SQL. ({@code date_trunc} takes it as text, and the DSL binds it.) {@link #DOW}, {@link #DOY},
 * {@link #ISODOW} and {@link #EPOCH} are for extract only; PostgreSQL rejects them in date_trunc.
 */
public enum DatePart {
  /**
   * Microseconds: {@code extract} gives the seconds field, fractional part included, times
   * 1,000,000.
   */
  MICROSECONDS,
  /**
   * Milliseconds: {@code extract} gives the seconds field, fractional part included, times 1,000.
   */
  MILLISECONDS,
  /** The seconds field, with its fractional part. */
  SECOND,
  /** The minutes field, 0 to 59. */
  MINUTE,
  /** The hour field, 0 to 23. */
  HOUR,
  /** The day of the month, 1 to 31. */
  DAY,
  /** The ISO 8601 week of the year (weeks start on Monday; week 1 holds January 4). */
  WEEK,
  /** The month, 1 to 12. */
  MONTH,
  /** The quarter of the year, 1 to 4. */
  QUARTER,
  /** The year. */
  YEAR,
  /** The year divided by 10. */
  DECADE,
  /** The century: the 21st began on 2001-01-01. */
  CENTURY,
  /** The millennium: the third began on 2001-01-01. */
  MILLENNIUM,
  /** Day of the week, Sunday 0 to Saturday 6. */
  DOW,
  /** Day of the week, Monday 1 to Sunday 7. */
  ISODOW,
  /** Day of the year, 1 to 366. */
  DOY,
  /** Seconds since 1970-01-01 00:00 UTC (for a timestamptz). */
  EPOCH
}
