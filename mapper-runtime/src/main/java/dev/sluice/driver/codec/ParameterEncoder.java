package dev.sluice.driver.codec;

import dev.sluice.PgException;
import dev.sluice.Range;
import dev.sluice.annotations.ColumnTypes;
import dev.sluice.driver.ColumnSlice;
import dev.sluice.driver.Protocol;
import dev.sluice.driver.WriteBuffer;
import java.math.BigDecimal;
import java.math.BigInteger;

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
    BuiltinType t = BuiltinTypes.of(oid);
    if (t != null) {
      if (!t.encoder.encode(w, v, oid, index)) {
        throw cannotEncode(v, oid, index);
      }
      return;
    }
    int element = Oids.elementOf(oid);
    if (element != 0) {
      if (v instanceof ColumnSlice c) {
        c.write(w, element);
      } else {
        ArrayEncoder.binary(w, v, element, index);
      }
      return;
    }
    if (RangeCodec.isRangeOrMultirange(oid)) {
      RangeCodec.encode(w, v, oid, index);
      return;
    }
    throw cannotEncode(v, oid, index);
  }

  static long integral(Object v, int oid, int index, long min, long max) {
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

  static BigDecimal toBigDecimal(Number n) {
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
