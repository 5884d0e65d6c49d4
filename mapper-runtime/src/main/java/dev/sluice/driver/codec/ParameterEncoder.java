package dev.sluice.driver.codec;

import dev.sluice.BitString;
import dev.sluice.InetNetwork;
import dev.sluice.Interval;
import dev.sluice.PgException;
import dev.sluice.PgLsn;
import dev.sluice.PgNumeric;
import dev.sluice.Range;
import dev.sluice.annotations.ColumnTypes;
import dev.sluice.driver.ColumnSlice;
import dev.sluice.driver.Protocol;
import dev.sluice.driver.WriteBuffer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.util.UUID;

/**
 * Encodes Java values as Bind parameters. Values are encoded in binary for the type the server
 * described for the parameter (ParameterDescription), converting where nothing is lost (an Integer
 * for a bigint parameter, a Long for an integer one when it fits). Strings and enums go in text
 * format, so the server parses them as whatever type it inferred (a String for a uuid or jsonb
 * parameter works as in psql), as do values for a parameter whose type has no binary codec (a
 * domain, an enum, an array of them), written in the server's text syntax by {@link
 * TextForms#text}. Values beyond the type's range fail here (22003, 22008) rather than wrap around.
 * A {@link ColumnSlice} (batch rows of one parameter, for the array form of a batch insert) is
 * declared and encoded as a binary array of its element type. Collections and Java arrays are
 * written by {@link ArrayEncoder}, nested ones as multi-dimensional arrays.
 *
 * <p>The encoding of every Java type for every parameter type it may meet is one dispatch, read top
 * to bottom. numeric's base-10000 digits ({@link NumericCodec}) and the date/time arithmetic
 * ({@link TemporalCodec}) live with their readers, and the text forms in {@link TextForms}.
 */
public final class ParameterEncoder {
  private ParameterEncoder() {}

  /** The type OID to declare in Parse for a Java value: its unambiguous PostgreSQL type, or 0. */
  public static int declaredOid(Object v) {
    if (v == null || v instanceof String || v instanceof Enum<?>) {
      return Oids.UNSPECIFIED;
    }
    int oid = DECLARED.get(v.getClass());
    if (oid != Oids.UNSPECIFIED) {
      return oid;
    }
    if (v instanceof ColumnSlice c) return c.arrayOid();
    if (v instanceof Range<?> r) return RangeCodec.declaredOid(r);
    return Oids.UNSPECIFIED;
  }

  /**
   * The OID declared for a value of each class, from the table of value types ({@link
   * ColumnTypes#parameterType}): looked up once per class, then one map read per value. A class not
   * in the table takes its nearest superclass's entry (a subclass of BigDecimal binds as numeric);
   * 0 for none.
   */
  private static final ClassValue<Integer> DECLARED =
      new ClassValue<>() {
        @Override
        protected Integer computeValue(Class<?> type) {
          for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            String typname = ColumnTypes.parameterType(ColumnTypes.nameOf(c));
            if (typname != null) {
              return Oids.ofTypname(typname);
            }
          }
          return Oids.UNSPECIFIED;
        }
      };

  /**
   * Whether {@code v} can be bound to a parameter the server described as {@code oid} without loss:
   * same type, a widening (int4 into int8 or numeric, float4 into float8, …), text format (strings,
   * enums, types without a binary codec), or NULL. A statement whose parameters do not take the
   * values is prepared again with the values' own types.
   */
  public static boolean fits(Object v, int oid) {
    if (v == null) {
      return true;
    }
    if (v instanceof ColumnSlice c) {
      // Only the array type it was checked for (a statement prepared for int8[] may not take an
      // int4 slice, whose values were checked against int4).
      return c.arrayOid() == oid;
    }
    int declared = declaredOid(v);
    if (declared == Oids.UNSPECIFIED
        || declared == oid
        || !Oids.hasBinaryCodec(oid)
        || Oids.isTextual(oid)) {
      return true;
    }
    int fromElement = Oids.elementOf(declared);
    int toElement = Oids.elementOf(oid);
    if (fromElement != 0 && toElement != 0) {
      return fromElement == toElement || widens(fromElement, toElement);
    }
    return widens(declared, oid);
  }

  private static boolean widens(int from, int to) {
    switch (from) {
      case Oids.INT2:
        return to == Oids.INT4
            || to == Oids.INT8
            || to == Oids.NUMERIC
            || to == Oids.FLOAT4
            || to == Oids.FLOAT8;
      case Oids.INT4:
        return to == Oids.INT8 || to == Oids.NUMERIC || to == Oids.FLOAT8 || to == Oids.OID;
      case Oids.INT8:
        return to == Oids.NUMERIC || to == Oids.OID;
      case Oids.FLOAT4:
        return to == Oids.FLOAT8 || to == Oids.NUMERIC;
      case Oids.FLOAT8:
        return to == Oids.NUMERIC;
      case Oids.INET:
        return to == Oids.CIDR;
      case Oids.VARBIT:
        return to == Oids.BIT; // the same binary form; bit(n) checks the length
      default:
        return false;
    }
  }

  /** The Bind format of a value: text for strings and enums (and types we have no codec for). */
  public static short format(Object v, int oid) {
    if (v == null) {
      return Protocol.FORMAT_BINARY;
    }
    if (v instanceof String) {
      // charin would keep the first byte of a longer text (é's 0xC3): "char" is checked here.
      return oid == Oids.CHAR ? Protocol.FORMAT_BINARY : Protocol.FORMAT_TEXT;
    }
    if (v instanceof Enum<?>) {
      return Protocol.FORMAT_TEXT;
    }
    return Oids.hasBinaryCodec(oid) ? Protocol.FORMAT_BINARY : Protocol.FORMAT_TEXT;
  }

  /**
   * Writes the value (not null) in the given format for a parameter of type {@code oid}; the caller
   * has reserved and will patch the int32 length.
   */
  public static void encode(WriteBuffer w, Object v, int oid, short format, int index) {
    if (format == Protocol.FORMAT_TEXT) {
      w.putUtf8(TextForms.text(v, Oids.textArrayDelimiter(oid)));
      return;
    }
    switch (oid) {
      case Oids.BOOL:
        w.putByte(asBoolean(v, oid, index) ? 1 : 0);
        return;
      case Oids.INT2:
        w.putShort((short) integral(v, oid, index, Short.MIN_VALUE, Short.MAX_VALUE));
        return;
      case Oids.INT4:
        w.putInt((int) integral(v, oid, index, Integer.MIN_VALUE, Integer.MAX_VALUE));
        return;
      case Oids.INT8:
        w.putLong(integral(v, oid, index, Long.MIN_VALUE, Long.MAX_VALUE));
        return;
      case Oids.OID:
        w.putInt((int) integral(v, oid, index, 0, 0xffffffffL));
        return;
      case Oids.FLOAT4:
        if (v instanceof Float f) {
          w.putInt(Float.floatToIntBits(f));
          return;
        }
        if (v instanceof Double d && ((float) (double) d == d || d.isNaN())) {
          // Exactly a float (1.5, ±Infinity, NaN), e.g. for a statement first prepared with a
          // Float.
          w.putInt(Float.floatToIntBits((float) (double) d));
          return;
        }
        if (v instanceof Number n && !(v instanceof Double)) {
          w.putInt(Float.floatToIntBits(n.floatValue()));
          return;
        }
        break;
      case Oids.FLOAT8:
        if (v instanceof Number n && !(v instanceof BigDecimal) && !(v instanceof BigInteger)) {
          w.putLong(Double.doubleToLongBits(n.doubleValue()));
          return;
        }
        break;
      case Oids.NUMERIC:
        if (v instanceof PgNumeric p) {
          NumericCodec.encode(w, p);
          return;
        }
        if (v instanceof Double || v instanceof Float) {
          // NaN and ±Infinity as numeric's own (a float8 cast to numeric gives the same).
          NumericCodec.encode(w, PgNumeric.of(((Number) v).doubleValue()));
          return;
        }
        if (v instanceof Number n) {
          NumericCodec.writeNumeric(w, toBigDecimal(n));
          return;
        }
        break;
      case Oids.TEXT:
      case Oids.VARCHAR:
      case Oids.BPCHAR:
      case Oids.NAME:
      case Oids.JSON:
      case Oids.XML:
      case Oids.UNKNOWN:
        w.putUtf8(TextForms.text(v));
        return;
      case Oids.CHAR:
        w.putByte(TextForms.pgCharByte(TextForms.text(v), index));
        return;
      case Oids.JSONB:
        w.putByte(1);
        w.putUtf8(TextForms.text(v));
        return;
      case Oids.BYTEA:
        if (v instanceof byte[] bytes) {
          w.putBytes(bytes);
          return;
        }
        break;
      case Oids.UUID:
        if (v instanceof UUID u) {
          w.putLong(u.getMostSignificantBits());
          w.putLong(u.getLeastSignificantBits());
          return;
        }
        break;
      case Oids.DATE:
        if (v instanceof LocalDate d) {
          w.putInt(TemporalCodec.date(d));
          return;
        }
        break;
      case Oids.TIME:
        if (v instanceof LocalTime t) {
          w.putLong(TemporalCodec.time(t));
          return;
        }
        break;
      case Oids.TIMETZ:
        if (v instanceof OffsetTime t) {
          w.putLong(TemporalCodec.time(t.toLocalTime()));
          w.putInt(-t.getOffset().getTotalSeconds());
          return;
        }
        break;
      case Oids.TIMESTAMP:
        if (v instanceof LocalDateTime t) {
          w.putLong(TemporalCodec.timestamp(t));
          return;
        }
        break;
      case Oids.TIMESTAMPTZ:
        Instant instant = TemporalCodec.instantOf(v);
        if (instant != null) {
          w.putLong(TemporalCodec.timestamptz(instant));
          return;
        }
        break;
      case Oids.INTERVAL:
        {
          Interval i = TemporalCodec.intervalOf(v);
          if (i != null) {
            w.putLong(i.microseconds());
            w.putInt(i.days());
            w.putInt(i.months());
            return;
          }
          break;
        }
      case Oids.INET:
      case Oids.CIDR:
        {
          InetNetwork net =
              v instanceof InetAddress a
                  ? InetNetwork.host(a)
                  : v instanceof InetNetwork n ? n : null;
          if (net != null) {
            byte[] addr = net.address().getAddress();
            w.putByte(addr.length == 4 ? 2 : 3);
            w.putByte(net.bits());
            w.putByte(oid == Oids.CIDR ? 1 : 0);
            w.putByte(addr.length);
            w.putBytes(addr);
            return;
          }
          break;
        }
      case Oids.BIT:
      case Oids.VARBIT:
        if (v instanceof BitString bits) {
          BitStringCodec.encode(w, bits);
          return;
        }
        break;
      case Oids.PG_LSN:
        if (v instanceof PgLsn lsn) {
          w.putLong(lsn.asLong());
          return;
        }
        break;
      default:
        int element = Oids.elementOf(oid);
        if (element != 0) {
          if (v instanceof ColumnSlice c) {
            c.write(w, element);
            return;
          }
          ArrayEncoder.binary(w, v, element, index);
          return;
        }
        if (RangeCodec.isRangeOrMultirange(oid)) {
          RangeCodec.encode(w, v, oid, index);
          return;
        }
        break;
    }
    throw cannotEncode(v, oid, index);
  }

  private static boolean asBoolean(Object v, int oid, int index) {
    if (v instanceof Boolean b) {
      return b;
    }
    throw cannotEncode(v, oid, index);
  }

  private static long integral(Object v, int oid, int index, long min, long max) {
    long x;
    if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
      x = ((Number) v).longValue();
    } else if (v instanceof BigInteger b && b.bitLength() < 64) {
      x = b.longValue();
    } else if (v instanceof BigDecimal d) {
      try {
        x = d.longValueExact();
      } catch (ArithmeticException e) {
        throw new PgException(
            "22003",
            "parameter $"
                + index
                + " = "
                + d
                + " is no whole number in the range of "
                + Oids.name(oid));
      }
    } else {
      throw cannotEncode(v, oid, index);
    }
    if (x < min || x > max) {
      throw new PgException(
          "22003", "parameter $" + index + " = " + x + " is out of range for " + Oids.name(oid));
    }
    return x;
  }

  private static BigDecimal toBigDecimal(Number n) {
    if (n instanceof BigDecimal d) return d;
    if (n instanceof BigInteger b) return new BigDecimal(b);
    return BigDecimal.valueOf(n.longValue());
  }

  static PgException cannotEncode(Object v, int oid, int index) {
    return new PgException(
        "42804",
        "parameter $"
            + index
            + " is "
            + Oids.name(oid)
            + " but the value is a "
            + v.getClass().getName()
            + "; pass a matching Java type or a String");
  }
}
