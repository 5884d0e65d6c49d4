package dev.sluice.driver.codec;

import dev.sluice.Interval;
import dev.sluice.PgException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The binary send/recv formats of the date and time types and interval, read straight from the
 * receive buffer: microseconds and days from PostgreSQL's epoch, 2000-01-01. The values java.time
 * cannot hold map to the constants {@link BinaryCodec} lists, the same both ways.
 */
public final class TemporalCodec {
  private TemporalCodec() {}

  /** date, time, timetz, timestamp, timestamptz and interval. */
  static final List<BuiltinType> TYPES =
      List.of(
          BuiltinType.of(
              Oids.DATE,
              Oids.DATE_ARRAY,
              "date",
              "date",
              4,
              (b, off, len) -> date(b, off),
              (w, v, oid, i) -> {
                if (v instanceof LocalDate d) {
                  w.putInt(date(d));
                  return true;
                }
                return false;
              }),
          BuiltinType.of(
              Oids.TIME,
              Oids.TIME_ARRAY,
              "time",
              "time",
              8,
              (b, off, len) -> time(b, off),
              (w, v, oid, i) -> {
                if (v instanceof LocalTime t) {
                  w.putLong(time(t));
                  return true;
                }
                return false;
              }),
          BuiltinType.of(
              Oids.TIMETZ,
              Oids.TIMETZ_ARRAY,
              "timetz",
              "timetz",
              12,
              (b, off, len) -> timetz(b, off),
              (w, v, oid, i) -> {
                if (v instanceof OffsetTime t) {
                  w.putLong(time(t.toLocalTime()));
                  w.putInt(-t.getOffset().getTotalSeconds());
                  return true;
                }
                return false;
              }),
          BuiltinType.of(
              Oids.TIMESTAMP,
              Oids.TIMESTAMP_ARRAY,
              "timestamp",
              "timestamp",
              8,
              (b, off, len) -> timestamp(b, off),
              (w, v, oid, i) -> {
                if (v instanceof LocalDateTime t) {
                  w.putLong(timestamp(t));
                  return true;
                }
                return false;
              }),
          BuiltinType.of(
              Oids.TIMESTAMPTZ,
              Oids.TIMESTAMPTZ_ARRAY,
              "timestamptz",
              "timestamptz",
              8,
              (b, off, len) -> timestamptz(b, off),
              (w, v, oid, i) -> {
                Instant instant = instantOf(v);
                if (instant != null) {
                  w.putLong(timestamptz(instant));
                  return true;
                }
                return false;
              }),
          BuiltinType.of(
              Oids.INTERVAL,
              Oids.INTERVAL_ARRAY,
              "interval",
              "interval",
              16,
              (b, off, len) -> interval(b, off),
              (w, v, oid, i) -> {
                Interval interval = intervalOf(v);
                if (interval != null) {
                  w.putLong(interval.microseconds());
                  w.putInt(interval.days());
                  w.putInt(interval.months());
                  return true;
                }
                return false;
              }));

  /** Seconds from 1970-01-01 to PostgreSQL's epoch, 2000-01-01. */
  public static final long PG_EPOCH_SECONDS = 946_684_800L;

  /** Days from 1970-01-01 to 2000-01-01. */
  public static final int PG_EPOCH_DAYS = 10_957;

  public static final long MICROS_PER_DAY = 86_400_000_000L;

  /**
   * date: int32 days since 2000-01-01; ±infinity are {@link LocalDate#MAX} and {@link
   * LocalDate#MIN}.
   */
  public static LocalDate date(byte[] b, int off) {
    int days = Bytes.getInt(b, off);
    if (days == Integer.MAX_VALUE) {
      return LocalDate.MAX;
    }
    if (days == Integer.MIN_VALUE) {
      return LocalDate.MIN;
    }
    return LocalDate.ofEpochDay((long) days + PG_EPOCH_DAYS);
  }

  /** time: int64 µs since midnight; '24:00:00' is {@link LocalTime#MAX}. */
  public static LocalTime time(byte[] b, int off) {
    return localTime(Bytes.getLong(b, off));
  }

  static LocalTime localTime(long micros) {
    if (micros >= MICROS_PER_DAY) {
      if (micros == MICROS_PER_DAY) {
        return LocalTime.MAX;
      }
      throw timeOutOfRange(micros);
    }
    if (micros < 0) {
      throw timeOutOfRange(micros);
    }
    return LocalTime.ofNanoOfDay(micros * 1000);
  }

  /** time_recv accepts 0 to 24:00:00 only: anything else is not from a server. */
  private static PgException timeOutOfRange(long micros) {
    return new PgException(
        "08P01", "time value of " + micros + " µs, outside 00:00:00 to 24:00:00");
  }

  /** timetz_recv's limit on the zone: less than 16 hours either way (TZDISP_LIMIT). */
  private static final int TZDISP_LIMIT = 16 * 3600;

  /** timetz: int64 µs since midnight, int32 zone offset in seconds west of UTC. */
  public static OffsetTime timetz(byte[] b, int off) {
    LocalTime t = localTime(Bytes.getLong(b, off));
    int west = Bytes.getInt(b, off + 8);
    if (west <= -TZDISP_LIMIT || west >= TZDISP_LIMIT) {
      throw new PgException(
          "08P01", "timetz value with a zone of " + west + " s west of UTC, beyond ±16 hours");
    }
    return OffsetTime.of(t, ZoneOffset.ofTotalSeconds(-west));
  }

  /** timestamp: int64 µs since 2000-01-01; ±infinity are {@link LocalDateTime#MAX}/{@code MIN}. */
  public static LocalDateTime timestamp(byte[] b, int off) {
    long micros = Bytes.getLong(b, off);
    if (micros == Long.MAX_VALUE) {
      return LocalDateTime.MAX;
    }
    if (micros == Long.MIN_VALUE) {
      return LocalDateTime.MIN;
    }
    long seconds = Math.floorDiv(micros, 1_000_000L) + PG_EPOCH_SECONDS;
    int nanos = (int) Math.floorMod(micros, 1_000_000L) * 1000;
    return LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC);
  }

  /** timestamptz: int64 µs since 2000-01-01 UTC; ±infinity are {@link Instant#MAX}/{@code MIN}. */
  public static Instant timestamptz(byte[] b, int off) {
    long micros = Bytes.getLong(b, off);
    if (micros == Long.MAX_VALUE) {
      return Instant.MAX;
    }
    if (micros == Long.MIN_VALUE) {
      return Instant.MIN;
    }
    long seconds = Math.floorDiv(micros, 1_000_000L) + PG_EPOCH_SECONDS;
    int nanos = (int) Math.floorMod(micros, 1_000_000L) * 1000;
    return Instant.ofEpochSecond(seconds, nanos);
  }

  /**
   * timestamptz as an OffsetDateTime in UTC; ±infinity are {@link OffsetDateTime#MAX}/{@code MIN}.
   */
  public static OffsetDateTime timestamptzOffset(byte[] b, int off) {
    long micros = Bytes.getLong(b, off);
    if (micros == Long.MAX_VALUE) {
      return OffsetDateTime.MAX;
    }
    if (micros == Long.MIN_VALUE) {
      return OffsetDateTime.MIN;
    }
    return timestamptz(b, off).atOffset(ZoneOffset.UTC);
  }

  /** interval: int64 µs, int32 days, int32 months. */
  public static Interval interval(byte[] b, int off) {
    long micros = Bytes.getLong(b, off);
    int days = Bytes.getInt(b, off + 8);
    int months = Bytes.getInt(b, off + 12);
    return new Interval(months, days, micros);
  }

  // ---- the other way: java.time values as the server's microseconds and days ----

  /** A date as days since 2000-01-01; {@link LocalDate#MAX}/{@code MIN} as ±infinity. */
  static int date(LocalDate d) {
    if (d.equals(LocalDate.MAX)) return Integer.MAX_VALUE;
    if (d.equals(LocalDate.MIN)) return Integer.MIN_VALUE;
    long days = d.toEpochDay() - PG_EPOCH_DAYS;
    if (days <= Integer.MIN_VALUE || days >= Integer.MAX_VALUE) {
      throw outOfRange("date", d);
    }
    return (int) days;
  }

  /** A time as µs since midnight; {@link LocalTime#MAX} as 24:00:00. */
  static long time(LocalTime t) {
    if (t.equals(LocalTime.MAX)) return MICROS_PER_DAY;
    return t.toNanoOfDay() / 1000;
  }

  /** A timestamp as µs since 2000-01-01; MAX/MIN as ±infinity. */
  static long timestamp(LocalDateTime t) {
    if (t.equals(LocalDateTime.MAX)) return Long.MAX_VALUE;
    if (t.equals(LocalDateTime.MIN)) return Long.MIN_VALUE;
    long seconds = t.toEpochSecond(java.time.ZoneOffset.UTC) - PG_EPOCH_SECONDS;
    return micros(seconds, t.getNano(), "timestamp", t);
  }

  /** A timestamptz as µs since 2000-01-01 UTC; MAX/MIN as ±infinity. */
  static long timestamptz(Instant t) {
    if (t.equals(Instant.MAX)) return Long.MAX_VALUE;
    if (t.equals(Instant.MIN)) return Long.MIN_VALUE;
    return micros(t.getEpochSecond() - PG_EPOCH_SECONDS, t.getNano(), "timestamptz", t);
  }

  /**
   * µs since 2000 of a value {@code seconds} + {@code nanos} since 2000. Beyond the long range
   * (about ±292,000 years) the product would wrap around into a valid-looking timestamp, so it
   * fails instead; the server rejects what fits in a long but lies outside its own range. The
   * extreme longs themselves are the infinities, so they are out of range too.
   */
  private static long micros(long seconds, int nanos, String type, Object value) {
    long micros;
    try {
      micros = Math.addExact(Math.multiplyExact(seconds, 1_000_000L), nanos / 1000);
    } catch (ArithmeticException e) {
      throw outOfRange(type, value);
    }
    if (micros == Long.MAX_VALUE || micros == Long.MIN_VALUE) {
      throw outOfRange(type, value);
    }
    return micros;
  }

  private static PgException outOfRange(String type, Object value) {
    return new PgException("22008", type + " out of range: " + value);
  }

  /** A value bound as timestamptz as an Instant (infinities kept), or null for another type. */
  static Instant instantOf(Object v) {
    if (v instanceof Instant i) return i;
    if (v instanceof OffsetDateTime o) {
      if (o.equals(OffsetDateTime.MAX)) return Instant.MAX;
      if (o.equals(OffsetDateTime.MIN)) return Instant.MIN;
      return o.toInstant();
    }
    if (v instanceof ZonedDateTime z) return z.toInstant();
    return null;
  }

  /** A value bound as interval as an Interval (Duration to microseconds), or null. */
  static Interval intervalOf(Object v) {
    if (v instanceof Interval i) return i;
    if (v instanceof Duration d) return Interval.of(d.truncatedTo(ChronoUnit.MICROS));
    if (v instanceof Period p) return Interval.of(p);
    return null;
  }
}
