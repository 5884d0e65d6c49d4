package dev.sluice.driver.codec;

import dev.sluice.PgException;
import dev.sluice.Range;
import dev.sluice.driver.Protocol;
import dev.sluice.driver.WriteBuffer;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The built-in range and multirange types (multiranges from PostgreSQL 14), both ways in binary,
 * and their text forms. Their OIDs are fixed; a user-defined range (CREATE TYPE … AS RANGE) is not
 * known here and still travels as text.
 *
 * <p>range_send: a flags byte (rangetypes.h: RANGE_EMPTY 0x01, RANGE_LB_INC 0x02, RANGE_UB_INC
 * 0x04, RANGE_LB_INF 0x08, RANGE_UB_INF 0x10), then each finite bound as int32 length and the
 * subtype's binary value. multirange_send: an int32 count, then each range as int32 length and its
 * range_send bytes.
 */
public final class RangeCodec {
  private RangeCodec() {}

  public static final int INT4RANGE = 3904;
  public static final int NUMRANGE = 3906;
  public static final int TSRANGE = 3908;
  public static final int TSTZRANGE = 3910;
  public static final int DATERANGE = 3912;
  public static final int INT8RANGE = 3926;

  public static final int INT4RANGE_ARRAY = 3905;
  public static final int NUMRANGE_ARRAY = 3907;
  public static final int TSRANGE_ARRAY = 3909;
  public static final int TSTZRANGE_ARRAY = 3911;
  public static final int DATERANGE_ARRAY = 3913;
  public static final int INT8RANGE_ARRAY = 3927;

  public static final int INT4MULTIRANGE = 4451;
  public static final int NUMMULTIRANGE = 4532;
  public static final int TSMULTIRANGE = 4533;
  public static final int TSTZMULTIRANGE = 4534;
  public static final int DATEMULTIRANGE = 4535;
  public static final int INT8MULTIRANGE = 4536;

  private static final int EMPTY = 0x01;
  private static final int LB_INC = 0x02;
  private static final int UB_INC = 0x04;
  private static final int LB_INF = 0x08;
  private static final int UB_INF = 0x10;

  /** The subtype of a built-in range type, or 0. */
  public static int subtypeOf(int rangeOid) {
    switch (rangeOid) {
      case INT4RANGE:
        return Oids.INT4;
      case NUMRANGE:
        return Oids.NUMERIC;
      case TSRANGE:
        return Oids.TIMESTAMP;
      case TSTZRANGE:
        return Oids.TIMESTAMPTZ;
      case DATERANGE:
        return Oids.DATE;
      case INT8RANGE:
        return Oids.INT8;
      default:
        return 0;
    }
  }

  /** The built-in range types; each has one multirange type (PostgreSQL 14 on). */
  private static final int[] RANGES = {
    INT4RANGE, NUMRANGE, TSRANGE, TSTZRANGE, DATERANGE, INT8RANGE
  };

  private static final int[] MULTIRANGES = {
    INT4MULTIRANGE, NUMMULTIRANGE, TSMULTIRANGE, TSTZMULTIRANGE, DATEMULTIRANGE, INT8MULTIRANGE
  };

  /**
   * The built-in range type whose subtype is {@code subtype}, or 0 (float8 has none): the inverse
   * of {@link #subtypeOf}, for a range created in the database (looked up once per type).
   */
  public static int rangeOfSubtype(int subtype) {
    for (int range : RANGES) {
      if (subtypeOf(range) == subtype) {
        return range;
      }
    }
    return 0;
  }

  /** The built-in multirange type of the built-in range {@code range}, or 0. */
  public static int multirangeOf(int range) {
    for (int multirange : MULTIRANGES) {
      if (rangeOfMultirange(multirange) == range) {
        return multirange;
      }
    }
    return 0;
  }

  /** The array type of the built-in range {@code range} (each is its range's OID + 1), or 0. */
  public static int arrayOfRange(int range) {
    return subtypeOf(range) != 0 ? range + 1 : 0;
  }

  /** The name of a built-in range or multirange type, for messages; else "type oid N". */
  static String name(int oid) {
    int range = rangeOfMultirange(oid);
    String multi = range != 0 ? "multirange" : "range";
    switch (range != 0 ? range : oid) {
      case INT4RANGE:
        return "int4" + multi;
      case NUMRANGE:
        return "num" + multi;
      case TSRANGE:
        return "ts" + multi;
      case TSTZRANGE:
        return "tstz" + multi;
      case DATERANGE:
        return "date" + multi;
      case INT8RANGE:
        return "int8" + multi;
      default:
        return "type oid " + oid;
    }
  }

  /** The range type of a built-in multirange type, or 0. */
  public static int rangeOfMultirange(int oid) {
    switch (oid) {
      case INT4MULTIRANGE:
        return INT4RANGE;
      case NUMMULTIRANGE:
        return NUMRANGE;
      case TSMULTIRANGE:
        return TSRANGE;
      case TSTZMULTIRANGE:
        return TSTZRANGE;
      case DATEMULTIRANGE:
        return DATERANGE;
      case INT8MULTIRANGE:
        return INT8RANGE;
      default:
        return 0;
    }
  }

  /** The range type of an array of a built-in range type, or 0. */
  public static int rangeOfArray(int oid) {
    return oid >= INT4RANGE_ARRAY && oid <= DATERANGE_ARRAY && (oid & 1) == 1
            || oid == INT8RANGE_ARRAY
        ? oid - 1
        : 0;
  }

  /** Whether {@code oid} is a built-in range or multirange type. */
  public static boolean isRangeOrMultirange(int oid) {
    return subtypeOf(oid) != 0 || rangeOfMultirange(oid) != 0;
  }

  /** The range type a Java range's bounds declare, or 0 (empty, unbounded or another type). */
  public static int declaredOid(Range<?> r) {
    Object b = r.lower() != null ? r.lower() : r.upper();
    if (b instanceof Integer) return INT4RANGE;
    if (b instanceof Long) return INT8RANGE;
    if (b instanceof BigDecimal) return NUMRANGE;
    if (b instanceof LocalDate) return DATERANGE;
    if (b instanceof LocalDateTime) return TSRANGE;
    if (b instanceof Instant) return TSTZRANGE;
    return 0;
  }

  /** A built-in range's (or multirange's) binary value: a Range, or a List of them. */
  public static Object decode(int oid, byte[] b, int off, int len) {
    int range = rangeOfMultirange(oid);
    return range != 0 ? multirange(range, b, off, len) : range(oid, b, off, len);
  }

  /** range_send's bytes as a Range of the subtype's default Java type. */
  public static Range<Object> range(int rangeOid, byte[] b, int off, int len) {
    if (len < 1) {
      throw new PgException("08P01", "range value of 0 bytes");
    }
    int flags = b[off] & 0xff;
    if ((flags & EMPTY) != 0) {
      if (len != 1) {
        throw new PgException("08P01", "empty range value of " + len + " bytes");
      }
      return Range.empty();
    }
    int subtype = subtypeOf(rangeOid);
    int p = off + 1;
    int end = off + len;
    Object lower = null;
    Object upper = null;
    if ((flags & LB_INF) == 0) {
      int l = boundLength(b, p, end);
      lower = BinaryCodec.decode(subtype, b, p + 4, l);
      p += 4 + l;
    }
    if ((flags & UB_INF) == 0) {
      int l = boundLength(b, p, end);
      upper = BinaryCodec.decode(subtype, b, p + 4, l);
      p += 4 + l;
    }
    if (p != end) {
      throw new PgException("08P01", "range value has " + (end - p) + " bytes after its bounds");
    }
    return Range.of(lower, (flags & LB_INC) != 0, upper, (flags & UB_INC) != 0);
  }

  private static int boundLength(byte[] b, int p, int end) {
    if (end - p < 4) {
      throw new PgException("08P01", "range bound runs past the end of the value");
    }
    int l = Bytes.getInt(b, p);
    if (l < 0 || l > end - p - 4) {
      throw new PgException("08P01", "range bound of length " + l + " in a shorter value");
    }
    return l;
  }

  /** A decoded range with its bounds converted to {@code subtype} where nothing is lost. */
  @SuppressWarnings("unchecked")
  public static <T> Range<T> convert(Range<Object> r, Class<T> subtype, int rangeOid) {
    if (r.isEmpty()) {
      return Range.empty();
    }
    int element = subtypeOf(rangeOid);
    T lower =
        r.lower() == null ? null : subtype.cast(BinaryCodec.convert(r.lower(), subtype, element));
    T upper =
        r.upper() == null ? null : subtype.cast(BinaryCodec.convert(r.upper(), subtype, element));
    return Range.of(lower, r.lowerInclusive(), upper, r.upperInclusive());
  }

  /** multirange_send's bytes as a List of Ranges, in the server's order. */
  public static List<Range<Object>> multirange(int rangeOid, byte[] b, int off, int len) {
    if (len < 4) {
      throw new PgException("08P01", "multirange value of " + len + " bytes");
    }
    int n = Bytes.getInt(b, off);
    int p = off + 4;
    int end = off + len;
    if (n < 0 || n > (end - p) / 5) {
      throw new PgException("08P01", "multirange of " + n + " ranges in " + len + " bytes");
    }
    List<Range<Object>> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int l = boundLength(b, p, end);
      out.add(range(rangeOid, b, p + 4, l));
      p += 4 + l;
    }
    if (p != end) {
      throw new PgException("08P01", "multirange value has " + (end - p) + " bytes after it");
    }
    return out;
  }

  /**
   * Writes a Range (for a range parameter) or a Collection of Ranges (for a multirange one) in
   * binary; each bound is encoded as the subtype's parameter would be.
   */
  public static void encode(WriteBuffer w, Object v, int oid, int index) {
    int range = rangeOfMultirange(oid);
    if (range != 0 && v instanceof Collection<?> c) {
      w.putInt(c.size());
      for (Object r : c) {
        if (!(r instanceof Range<?> each)) {
          throw ParameterEncoder.cannotEncode(r == null ? "null" : r, oid, index);
        }
        int at = w.reserveInt();
        range(w, each, range, index);
        w.patchLength(at);
      }
      return;
    }
    if (range == 0 && v instanceof Range<?> r) {
      range(w, r, oid, index);
      return;
    }
    throw ParameterEncoder.cannotEncode(v, oid, index);
  }

  private static void range(WriteBuffer w, Range<?> r, int rangeOid, int index) {
    if (r.isEmpty()) {
      w.putByte(EMPTY);
      return;
    }
    int flags =
        (r.lowerInclusive() ? LB_INC : 0)
            | (r.upperInclusive() ? UB_INC : 0)
            | (r.lower() == null ? LB_INF : 0)
            | (r.upper() == null ? UB_INF : 0);
    w.putByte(flags);
    int subtype = subtypeOf(rangeOid);
    for (Object bound : new Object[] {r.lower(), r.upper()}) {
      if (bound != null) {
        int at = w.reserveInt();
        ParameterEncoder.encode(w, bound, subtype, Protocol.FORMAT_BINARY, index);
        w.patchLength(at);
      }
    }
  }

  /**
   * The server's text form of a decoded range or multirange (range_out, multirange_out), for
   * getString on a binary column: bounds in PostgreSQL's ISO output (DateStyle ISO), quoted where
   * they hold a space; a tstzrange's bounds in UTC ({@code +00}), which is the server's text only
   * in a session whose TimeZone is UTC.
   */
  public static String text(Object v) {
    if (v instanceof List<?> ranges) {
      StringBuilder sb = new StringBuilder("{");
      for (int i = 0; i < ranges.size(); i++) {
        sb.append(i == 0 ? "" : ",").append(text(ranges.get(i)));
      }
      return sb.append('}').toString();
    }
    Range<?> r = (Range<?>) v;
    if (r.isEmpty()) {
      return "empty";
    }
    return (r.lowerInclusive() ? "[" : "(")
        + bound(r.lower())
        + ","
        + bound(r.upper())
        + (r.upperInclusive() ? "]" : ")");
  }

  private static String bound(Object b) {
    if (b == null) {
      return "";
    }
    String t;
    if (b instanceof BigDecimal d) {
      t = d.toPlainString();
    } else if (b instanceof LocalDate d) {
      t = date(d);
    } else if (b instanceof LocalDateTime ts) {
      t = timestamp(ts, "");
    } else if (b instanceof Instant i) {
      t =
          i.equals(Instant.MAX)
              ? "infinity"
              : i.equals(Instant.MIN)
                  ? "-infinity"
                  : timestamp(LocalDateTime.ofInstant(i, ZoneOffset.UTC), "+00");
    } else {
      t = b.toString();
    }
    // range_bound_escape quotes a bound holding a space, a quote, a backslash, a bracket or a
    // comma.
    return t.matches(".*[\\s\"\\\\()\\[\\],].*") ? '"' + t + '"' : t;
  }

  private static String date(LocalDate d) {
    if (d.equals(LocalDate.MAX)) return "infinity";
    if (d.equals(LocalDate.MIN)) return "-infinity";
    int year = d.getYear();
    String ymd =
        String.format(
            "%04d-%02d-%02d", year > 0 ? year : 1 - year, d.getMonthValue(), d.getDayOfMonth());
    return year > 0 ? ymd : ymd + " BC";
  }

  private static String timestamp(LocalDateTime t, String zone) {
    if (t.equals(LocalDateTime.MAX)) return "infinity";
    if (t.equals(LocalDateTime.MIN)) return "-infinity";
    LocalDate d = t.toLocalDate();
    String day = date(d);
    boolean bc = day.endsWith(" BC");
    StringBuilder sb = new StringBuilder(bc ? day.substring(0, day.length() - 3) : day);
    sb.append(String.format(" %02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond()));
    int micros = t.getNano() / 1000;
    if (micros != 0) {
      String f = String.format("%06d", micros);
      int last = f.length();
      while (f.charAt(last - 1) == '0') {
        last--;
      }
      sb.append('.').append(f, 0, last);
    }
    sb.append(zone);
    return bc ? sb.append(" BC").toString() : sb.toString();
  }
}
