package dev.sluice.driver.codec;

import dev.sluice.InetNetwork;
import dev.sluice.Interval;
import dev.sluice.PgException;
import dev.sluice.PgNumeric;
import dev.sluice.Range;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the binary send/recv formats straight from the receive buffer: a value of any type with a
 * binary codec ({@link #decode}: a built-in type's family codec, see {@link BuiltinTypes}; an
 * array; a range), arrays into Lists, and a decoded value converted to another Java type. Each
 * takes the array, the value's offset and its length (never -1: callers test NULL). The formats are
 * those of the server's {@code *_send} functions (src/backend/utils/adt).
 *
 * <p>Values java.time cannot hold map to fixed constants, the same both ways ({@link
 * ParameterEncoder} sends the constants back as the server's values): date {@code ±infinity} is
 * {@link LocalDate#MAX}/{@link LocalDate#MIN}; timestamp {@code ±infinity} is {@link
 * LocalDateTime#MAX}/{@code MIN}; timestamptz {@code ±infinity} is {@link Instant#MAX}/{@code MIN}
 * (or {@link OffsetDateTime#MAX}/{@code MIN}); time {@code 24:00:00} is {@link LocalTime#MAX}
 * (23:59:59.999999999, a value the server's microseconds cannot otherwise produce), in timetz at
 * the value's own offset; interval {@code ±infinity} (PostgreSQL 17) is {@link Interval#INFINITY}/
 * {@link Interval#NEGATIVE_INFINITY}. numeric NaN and ±Infinity have no BigDecimal: {@link
 * NumericCodec#numeric} fails (SQLSTATE 22000), {@link NumericCodec}, {@link
 * NumericCodec#numericAsDouble} and {@link NumericCodec#numericAsString} read them, and {@link
 * #decode} gives them as Double.
 */
public final class BinaryCodec {
  private BinaryCodec() {}

  /**
   * The value of type {@code oid} in its default Java type: Boolean, Short, Integer, Long, Float,
   * Double, BigDecimal (numeric; but NaN and ±Infinity, which BigDecimal cannot hold, are the
   * Double's own, as pgjdbc gives them), String (text types, json, jsonb, "char"), byte[], UUID,
   * LocalDate, LocalTime, OffsetTime, LocalDateTime, Instant (timestamptz), Interval, InetNetwork,
   * Long (oid), BitString (bit, varbit), PgLsn, List (arrays). Infinities and 24:00:00 are as the
   * typed decoders above give them. Throws for a type without a binary codec.
   */
  public static Object decode(int oid, byte[] b, int off, int len) {
    return decode(oid, 0, b, off, len);
  }

  /**
   * {@link #decode(int, byte[], int, int)} for a column whose arrays may name {@code
   * createdElement} ({@link dev.sluice.Columns#createdElementOid}) as their element type; 0 for
   * none.
   */
  public static Object decode(int oid, int createdElement, byte[] b, int off, int len) {
    BuiltinType t = BuiltinTypes.of(oid);
    if (t != null) {
      if (t.length >= 0) {
        requireLength(oid, len, t.length);
      }
      return t.decoder.decode(b, off, len);
    }
    int element = Oids.elementOf(oid);
    if (element != 0) {
      return array(b, off, len, element, createdElement, Object.class);
    }
    if (RangeCodec.isRangeOrMultirange(oid)) {
      return RangeCodec.decode(oid, b, off, len);
    }
    throw new PgException("0A000", "no binary decoder for " + Oids.name(oid));
  }

  /** Fails unless a value of a fixed-size type has that size (else it would read its neighbour). */
  private static void requireLength(int oid, int len, int expected) {
    if (len != expected) {
      throw new PgException(
          "08P01", Oids.name(oid) + " value of " + len + " bytes instead of " + expected);
    }
  }

  /**
   * A one-dimensional array (int32 ndim, int32 has-nulls, int32 element OID, then per dimension
   * int32 length and lower bound, then each element as int32 length and bytes) as a List whose
   * elements are converted to {@code elementType} (Object for the default type). NULL elements are
   * null. An empty array (ndim 0) is an empty list.
   *
   * <p>The elements must be of type {@code elementOid}, the column's element type: an array
   * claiming another (an array type in particular, which would nest without bound) is malformed.
   * Every length is checked against the value's end, and the element count against the bytes there
   * are, before anything is allocated for it.
   */
  public static <T> List<T> array(
      byte[] b, int off, int len, int elementOid, Class<T> elementType) {
    return array(b, off, len, elementOid, 0, elementType);
  }

  /**
   * {@link #array(byte[], int, int, int, Class)} whose header may also name {@code createdElement}
   * (a domain over {@code elementOid}, or a range created over its subtype: see {@link
   * dev.sluice.Columns#createdElementOid}); 0 for none.
   */
  public static <T> List<T> array(
      byte[] b, int off, int len, int elementOid, int createdElement, Class<T> elementType) {
    if (len < 12) {
      throw new PgException("08P01", "array value of " + len + " bytes, shorter than its header");
    }
    int ndim = Bytes.getInt(b, off);
    int flags = Bytes.getInt(b, off + 4);
    int declared = Bytes.getInt(b, off + 8);
    if (!elementsFit(declared, elementOid, createdElement)) {
      throw wrongElements(declared, elementOid);
    }
    if (ndim == 0) {
      if (len != 12) {
        throw new PgException("08P01", "empty array value of " + len + " bytes instead of 12");
      }
      return new ArrayList<>(0);
    }
    if (ndim != 1) {
      if (ndim < 0 || ndim > 6 || (flags & ~1) != 0) {
        throw new PgException("08P01", "array value with " + ndim + " dimensions");
      }
      throw new PgException(
          "0A000",
          "arrays of " + ndim + " dimensions are not supported; only one-dimensional arrays are");
    }
    if (len < 20 || (flags & ~1) != 0) {
      throw new PgException("08P01", "array value of " + len + " bytes with flags " + flags);
    }
    int n = Bytes.getInt(b, off + 12);
    int lower = Bytes.getInt(b, off + 16);
    if (lower != 1 && n > 0) {
      // A List (or Java array) is indexed from its first element: it cannot keep [0:2]'s bounds.
      throw lowerBound("[" + lower + ":" + ((long) lower + n - 1) + "]", lower);
    }
    int end = off + len;
    int p = off + 20;
    // Each element takes at least its 4-byte length word.
    if (n < 0 || n > (end - p) / 4) {
      throw new PgException(
          "08P01", "array value of " + n + " elements in " + (end - p) + " bytes");
    }
    List<T> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      if (end - p < 4) {
        throw arrayElementPastEnd(i);
      }
      int l = Bytes.getInt(b, p);
      p += 4;
      if (l < 0) {
        if (l != -1) {
          throw new PgException("08P01", "array element " + i + " has length " + l);
        }
        out.add(null);
      } else {
        if (l > end - p) {
          throw arrayElementPastEnd(i);
        }
        out.add(elementType.cast(convert(decode(elementOid, b, p, l), elementType, elementOid)));
        p += l;
      }
    }
    if (p != end) {
      throw new PgException(
          "08P01", "array value has " + (end - p) + " bytes after its " + n + " elements");
    }
    return out;
  }

  /**
   * Whether an array value whose header declares elements of type {@code declared} is read as one
   * of {@code expected}: the same type, or {@code created}, the one type created in the database
   * that the catalog said travels in {@code expected}'s binary form for this column (a domain over
   * it, or a range created over its subtype; 0 for none). array_send names the created type, and
   * the driver describes such an array as the built-in array only after the catalog said so ({@link
   * Counterparts}). Any other type, built-in or created, is refused.
   */
  static boolean elementsFit(int declared, int expected, int created) {
    return declared == expected || (created != 0 && declared == created);
  }

  /** An array value whose elements are {@code declared} where {@code expected} was described. */
  static PgException wrongElements(int declared, int expected) {
    return new PgException(
        "08P01",
        "array of "
            + Oids.name(declared)
            + " elements where "
            + Oids.name(expected)
            + " elements were expected");
  }

  /**
   * An array whose lower bound is not 1 ({@code '[0:2]={1,2,3}'}): refused, since a List or Java
   * array would keep its elements but silently drop its bounds.
   */
  public static PgException lowerBound(String bounds, int lower) {
    return new PgException(
        "0A000",
        "array with bounds "
            + bounds
            + " (lower bound "
            + lower
            + "): Lists and Java arrays cannot keep bounds other than from 1; select a slice,"
            + " which counts from 1 (value[:]), and the bounds with array_lower() if they"
            + " matter");
  }

  private static PgException arrayElementPastEnd(int i) {
    return new PgException("08P01", "array element " + i + " runs past the end of the value");
  }

  /** Converts a decoded value to a requested Java type where that loses nothing. */
  public static Object convert(Object v, Class<?> type, int oid) {
    if (type == Object.class || type.isInstance(v)) {
      return v;
    }
    if (v instanceof Number n) {
      if (type == Long.class && (v instanceof Integer || v instanceof Short)) {
        return n.longValue();
      }
      if (type == Integer.class && v instanceof Short) {
        return n.intValue();
      }
      if (type == Double.class && v instanceof Float) {
        return n.doubleValue();
      }
      if (type == BigDecimal.class
          && (v instanceof Long || v instanceof Integer || v instanceof Short)) {
        return BigDecimal.valueOf(n.longValue());
      }
    }
    if (v instanceof Instant i && type == OffsetDateTime.class) {
      if (i.equals(Instant.MAX)) {
        return OffsetDateTime.MAX;
      }
      if (i.equals(Instant.MIN)) {
        return OffsetDateTime.MIN;
      }
      return i.atOffset(ZoneOffset.UTC);
    }
    if (type == PgNumeric.class) {
      if (v instanceof BigDecimal d) {
        return PgNumeric.of(d);
      }
      if (v instanceof Double d && oid == Oids.NUMERIC) {
        return PgNumeric.of(d);
      }
      if (v instanceof Long || v instanceof Integer || v instanceof Short) {
        return PgNumeric.of(BigDecimal.valueOf(((Number) v).longValue()));
      }
    }
    if (v instanceof InetNetwork net && type == InetAddress.class) {
      return NetworkCodec.hostAddress(net);
    }
    if (type == String.class && v instanceof Range<?>) {
      return RangeCodec.text(v);
    }
    if (type == String.class && !(v instanceof byte[])) {
      // numeric in plain notation, as getString gives it (BigDecimal.toString writes 1E-7).
      return v instanceof BigDecimal d ? d.toPlainString() : String.valueOf(v);
    }
    if (v instanceof Double d && oid == Oids.NUMERIC) {
      throw new PgException(
          "22000",
          "numeric value "
              + d
              + " has no "
              + type.getSimpleName()
              + " form; read it as Double or String");
    }
    throw new PgException("42804", Oids.name(oid) + " value cannot be read as " + type.getName());
  }
}
