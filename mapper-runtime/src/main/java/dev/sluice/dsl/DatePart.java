package dev.sluice.dsl;

/**
 * A field of a date, time or timestamp, for {@link Dsl#extract} and {@link Dsl#dateTrunc}. An enum,
 * not a String, because {@code extract(FIELD FROM x)} takes the field as a keyword that cannot be a
 * bound parameter: only these names are ever written into the SQL. ({@code date_trunc} takes it as
 * text, and the DSL binds it.) {@link #DOW}, {@link #DOY}, {@link #ISODOW} and {@link #EPOCH} are
 * for extract only; PostgreSQL rejects them in date_trunc.
 */
public enum DatePart {
  MICROSECONDS,
  MILLISECONDS,
  SECOND,
  MINUTE,
  HOUR,
  DAY,
  WEEK,
  MONTH,
  QUARTER,
  YEAR,
  DECADE,
  CENTURY,
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
