package dev.sluice.driver.codec;

import dev.sluice.PgException;
import dev.sluice.PgNumeric;
import dev.sluice.driver.WriteBuffer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;

/**
 * The family of integers, floats and numeric: their rows of the built-in types ({@link #TYPES}),
 * and numeric as {@link PgNumeric}, both ways, the specials included. The binary form
 * (numeric_send) of NaN, Infinity and -Infinity is a header of no digits whose sign word says
 * which: 0xC000, 0xD000, 0xF000 (numeric.c's NUMERIC_NAN, NUMERIC_PINF, NUMERIC_NINF). Also numeric
 * as BigDecimal ({@link #numeric}, the fast path: long arithmetic up to 16 significant digits),
 * double and String; {@link NumericCodec#writeNumeric} writes it.
 */
public final class NumericCodec {
  private NumericCodec() {}

  /** int2, int4, int8, oid, float4, float8 and numeric. */
  static final List<BuiltinType> TYPES =
      List.of(
          BuiltinType.of(
              Oids.INT2,
              Oids.INT2_ARRAY,
              "int2",
              "smallint",
              2,
              (b, off, len) -> Bytes.getShort(b, off),
              (w, v, oid, i) -> {
                w.putShort(
                    (short) ParameterEncoder.integral(v, oid, i, Short.MIN_VALUE, Short.MAX_VALUE));
                return true;
              }),
          BuiltinType.of(
              Oids.INT4,
              Oids.INT4_ARRAY,
              "int4",
              "integer",
              4,
              (b, off, len) -> Bytes.getInt(b, off),
              (w, v, oid, i) -> {
                w.putInt(
                    (int)
                        ParameterEncoder.integral(v, oid, i, Integer.MIN_VALUE, Integer.MAX_VALUE));
                return true;
              }),
          BuiltinType.of(
              Oids.INT8,
              Oids.INT8_ARRAY,
              "int8",
              "bigint",
              8,
              (b, off, len) -> Bytes.getLong(b, off),
              (w, v, oid, i) -> {
                w.putLong(ParameterEncoder.integral(v, oid, i, Long.MIN_VALUE, Long.MAX_VALUE));
                return true;
              }),
          BuiltinType.of(
              Oids.OID,
              Oids.OID_ARRAY,
              "oid",
              "oid",
              4,
              (b, off, len) -> Bytes.getInt(b, off) & 0xffffffffL,
              (w, v, oid, i) -> {
                w.putInt((int) ParameterEncoder.integral(v, oid, i, 0, 0xffffffffL));
                return true;
              }),
          BuiltinType.of(
              Oids.FLOAT4,
              Oids.FLOAT4_ARRAY,
              "float4",
              "real",
              4,
              (b, off, len) -> Float.intBitsToFloat(Bytes.getInt(b, off)),
              NumericCodec::encodeFloat4),
          BuiltinType.of(
              Oids.FLOAT8,
              Oids.FLOAT8_ARRAY,
              "float8",
              "double precision",
              8,
              (b, off, len) -> Double.longBitsToDouble(Bytes.getLong(b, off)),
              (w, v, oid, i) -> {
                if (v instanceof Number n
                    && !(v instanceof BigDecimal)
                    && !(v instanceof BigInteger)) {
                  w.putLong(Double.doubleToLongBits(n.doubleValue()));
                  return true;
                }
                return false;
              }),
          BuiltinType.of(
              Oids.NUMERIC,
              Oids.NUMERIC_ARRAY,
              "numeric",
              "numeric",
              -1,
              (b, off, len) -> {
                if (len < 8) {
                  throw numericTooShort(len);
                }
                return isNumericSpecial(b, off)
                    ? numericAsDouble(b, off, len)
                    : numeric(b, off, len);
              },
              NumericCodec::encodeNumeric));

  private static boolean encodeFloat4(WriteBuffer w, Object v, int oid, int index) {
    if (v instanceof Float f) {
      w.putInt(Float.floatToIntBits(f));
      return true;
    }
    if (v instanceof Double d && ((float) (double) d == d || d.isNaN())) {
      // Exactly a float (1.5, ±Infinity, NaN), e.g. for a statement first prepared with a Float.
      w.putInt(Float.floatToIntBits((float) (double) d));
      return true;
    }
    if (v instanceof Number n && !(v instanceof Double)) {
      w.putInt(Float.floatToIntBits(n.floatValue()));
      return true;
    }
    return false;
  }

  private static boolean encodeNumeric(WriteBuffer w, Object v, int oid, int index) {
    if (v instanceof PgNumeric p) {
      encode(w, p);
    } else if (v instanceof Double || v instanceof Float) {
      // NaN and ±Infinity as numeric's own (a float8 cast to numeric gives the same).
      encode(w, PgNumeric.of(((Number) v).doubleValue()));
    } else if (v instanceof Number n) {
      writeNumeric(w, ParameterEncoder.toBigDecimal(n));
    } else {
      return false;
    }
    return true;
  }

  private static final int SIGN_NAN = 0xC000;
  private static final int SIGN_PINF = 0xD000;
  private static final int SIGN_NINF = 0xF000;

  private static final long[] POW10 = new long[19];

  static {
    POW10[0] = 1;
    for (int i = 1; i < POW10.length; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
  }

  private static final short NUMERIC_POS = 0x0000;
  private static final short NUMERIC_NEG = 0x4000;
  private static final short NUMERIC_NAN = (short) 0xC000;
  private static final short NUMERIC_PINF = (short) 0xD000;
  private static final short NUMERIC_NINF = (short) 0xF000;

  /**
   * numeric: uint16 ndigits, int16 weight, int16 sign, int16 dscale, then base-10000 digits. Values
   * of up to 16 significant digits take a long-arithmetic path; the rest go through BigInteger.
   */
  public static BigDecimal numeric(byte[] b, int off, int len) {
    if (len < 8) {
      throw numericTooShort(len);
    }
    // ndigits is unsigned: the largest numerics (131072 digits before the point, 16383 after)
    // have up to 36865 base-10000 digits.
    int ndigits = Bytes.getShort(b, off) & 0xffff;
    int weight = Bytes.getShort(b, off + 2);
    short sign = Bytes.getShort(b, off + 4);
    int dscale = Bytes.getShort(b, off + 6) & 0xffff;
    // One test for the three ways a header can be refused, and their messages out of line: this
    // method stays under the JIT's inlining limit for hot methods (FreqInlineSize, 325 bytes of
    // bytecode), so a row decoder's loop inlines it (issue 25: W5's numeric column).
    if ((sign != NUMERIC_POS && sign != NUMERIC_NEG)
        || len != 8 + 2 * ndigits
        || dscale > NUMERIC_MAX_DSCALE) {
      throw numericRefused(sign, ndigits, len, dscale);
    }
    if (ndigits == 0) {
      return BigDecimal.valueOf(0, dscale);
    }
    // value = digits (as one base-10000 number) * 10000^(weight - ndigits + 1)
    int exp10 = 4 * (weight - ndigits + 1);
    int shift = exp10 + dscale;
    if (ndigits <= 4 && shift <= 18 && shift >= -18) {
      long acc = 0;
      for (int i = 0, p = off + 8; i < ndigits; i++, p += 2) {
        short d = Bytes.getShort(b, p);
        if ((char) d > 9999) {
          throw badDigit(d);
        }
        acc = acc * 10000 + d;
      }
      long unscaled;
      if (shift >= 0) {
        if (acc <= Long.MAX_VALUE / POW10[shift]) {
          unscaled = acc * POW10[shift];
          return BigDecimal.valueOf(sign == NUMERIC_NEG ? -unscaled : unscaled, dscale);
        }
      } else {
        // Digits below dscale are zeros that pad the last base-10000 group.
        unscaled = acc / POW10[-shift];
        return BigDecimal.valueOf(sign == NUMERIC_NEG ? -unscaled : unscaled, dscale);
      }
    }
    return numericSlow(b, off, ndigits, sign, dscale, exp10, true);
  }

  /**
   * The digits as a BigDecimal; at scale {@code dscale} if {@code scaled}, else at the exponent the
   * digits give (for a double, which needs no scale: scaling 1e131071 to dscale multiplies by
   * 10^131071).
   */
  private static BigDecimal numericSlow(
      byte[] b, int off, int ndigits, short sign, int dscale, int exp10, boolean scaled) {
    char[] digits = new char[ndigits * 4];
    for (int i = 0, p = off + 8; i < ndigits; i++, p += 2) {
      short d = Bytes.getShort(b, p);
      if ((char) d > 9999) {
        throw badDigit(d);
      }
      digits[i * 4] = (char) ('0' + d / 1000);
      digits[i * 4 + 1] = (char) ('0' + d / 100 % 10);
      digits[i * 4 + 2] = (char) ('0' + d / 10 % 10);
      digits[i * 4 + 3] = (char) ('0' + d % 10);
    }
    BigInteger unscaled = new BigInteger(new String(digits));
    BigDecimal v = new BigDecimal(unscaled, -exp10);
    if (sign == NUMERIC_NEG) {
      v = v.negate();
    }
    // numeric_recv truncates digits the dscale hides; so does the fast path above.
    return scaled ? v.setScale(dscale, java.math.RoundingMode.DOWN) : v;
  }

  /** Why {@link #numeric} refuses a header: NaN or an infinity, a wrong length, a dscale. */
  private static PgException numericRefused(short sign, int ndigits, int len, int dscale) {
    if (sign != NUMERIC_POS && sign != NUMERIC_NEG) {
      return new PgException(
          "22000",
          "numeric value "
              + numericSpecialName(sign)
              + " has no BigDecimal form; read it as PgNumeric, double or String");
    }
    if (len != 8 + 2 * ndigits) {
      return new PgException("08P01", "numeric of " + ndigits + " digits in " + len + " bytes");
    }
    return new PgException("08P01", "numeric with dscale " + dscale + ", above 16383");
  }

  /** The largest dscale numeric_recv accepts (NUMERIC_DSCALE_MASK). */
  private static final int NUMERIC_MAX_DSCALE = 0x3FFF;

  static PgException numericTooShort(int len) {
    return new PgException("08P01", "numeric value of " + len + " bytes, shorter than its header");
  }

  private static PgException badDigit(short d) {
    return new PgException("08P01", "numeric with base-10000 digit " + d + ", outside 0..9999");
  }

  /** numeric as double: NaN and ±Infinity map to the double's own. */
  public static double numericAsDouble(byte[] b, int off, int len) {
    if (len < 8) {
      throw numericTooShort(len);
    }
    short sign = Bytes.getShort(b, off + 4);
    if (sign == NUMERIC_NAN) {
      return Double.NaN;
    }
    if (sign == NUMERIC_PINF) {
      return Double.POSITIVE_INFINITY;
    }
    if (sign == NUMERIC_NINF) {
      return Double.NEGATIVE_INFINITY;
    }
    int ndigits = Bytes.getShort(b, off) & 0xffff;
    int weight = Bytes.getShort(b, off + 2);
    if ((weight > 80 || weight < -80) && len == 8 + 2 * ndigits && ndigits > 0) {
      // Far beyond a double's range or precision either way: no BigDecimal scaled to dscale.
      if (sign != NUMERIC_POS && sign != NUMERIC_NEG) {
        throw new PgException("08P01", "numeric with sign 0x" + Integer.toHexString(sign & 0xffff));
      }
      return numericSlow(b, off, ndigits, sign, 0, 4 * (weight - ndigits + 1), false).doubleValue();
    }
    return numeric(b, off, len).doubleValue();
  }

  /** numeric as text, including 'NaN', 'Infinity' and '-Infinity'. */
  public static String numericAsString(byte[] b, int off, int len) {
    if (len < 8) {
      throw numericTooShort(len);
    }
    short sign = Bytes.getShort(b, off + 4);
    if (sign != NUMERIC_POS && sign != NUMERIC_NEG) {
      return numericSpecialName(sign);
    }
    return numeric(b, off, len).toPlainString();
  }

  /** Whether a numeric is NaN or ±Infinity, which have no BigDecimal. */
  public static boolean isNumericSpecial(byte[] b, int off) {
    short sign = Bytes.getShort(b, off + 4);
    return sign != NUMERIC_POS && sign != NUMERIC_NEG;
  }

  private static String numericSpecialName(short sign) {
    switch (sign) {
      case NUMERIC_NAN:
        return "NaN";
      case NUMERIC_PINF:
        return "Infinity";
      case NUMERIC_NINF:
        return "-Infinity";
      default:
        return "sign 0x" + Integer.toHexString(sign & 0xffff);
    }
  }

  /** A numeric's binary value (8 bytes of header at least) as a PgNumeric. */
  public static PgNumeric decode(byte[] b, int off, int len) {
    if (len >= 8 && NumericCodec.isNumericSpecial(b, off)) {
      int sign = Bytes.getShort(b, off + 4) & 0xffff;
      switch (sign) {
        case SIGN_NAN:
          return PgNumeric.NaN;
        case SIGN_PINF:
          return PgNumeric.POSITIVE_INFINITY;
        case SIGN_NINF:
          return PgNumeric.NEGATIVE_INFINITY;
        default:
          throw new PgException("08P01", "numeric with sign 0x" + Integer.toHexString(sign));
      }
    }
    return PgNumeric.of(NumericCodec.numeric(b, off, len));
  }

  /** Writes a PgNumeric in numeric's binary form. */
  public static void encode(WriteBuffer w, PgNumeric v) {
    if (v.isFinite()) {
      NumericCodec.writeNumeric(w, v.toBigDecimal());
      return;
    }
    int sign = v.isNaN() ? SIGN_NAN : v.doubleValue() > 0 ? SIGN_PINF : SIGN_NINF;
    w.putShort(0);
    w.putShort(0);
    w.putShort(sign);
    w.putShort(0);
  }

  /** Digits numeric holds before the decimal point: a weight of at most int16's maximum. */
  private static final int NUMERIC_MAX_INTEGER_DIGITS = 4 * (Short.MAX_VALUE + 1);

  /**
   * Writes numeric_recv's form: int16 ndigits, int16 weight, int16 sign, int16 dscale, base-10000
   * digits.
   */
  static void writeNumeric(WriteBuffer w, BigDecimal value) {
    // Checked before building any digits: the weight and dscale are int16 fields, and a value past
    // them would wrap around into another valid numeric (1E+140000 arrived as 1).
    if (value.scale() > NUMERIC_MAX_DSCALE
        || value.signum() != 0
            && (long) value.precision() - value.scale() > NUMERIC_MAX_INTEGER_DIGITS) {
      throw new PgException(
          "22003",
          "numeric value of "
              + value.precision()
              + " digits and scale "
              + value.scale()
              + " is out of numeric's range ("
              + NUMERIC_MAX_INTEGER_DIGITS
              + " digits before the point, "
              + NUMERIC_MAX_DSCALE
              + " after)");
    }
    BigDecimal v = value.scale() < 0 ? value.setScale(0) : value;
    int dscale = v.scale();
    String digits = v.unscaledValue().abs().toString();
    // Pad the fraction on the right and the integer part on the left to whole base-10000 groups.
    int fracPad = (4 - dscale % 4) % 4;
    int intLen = digits.length() - dscale;
    StringBuilder sb = new StringBuilder(digits.length() + 8);
    int intPad = intLen <= 0 ? 0 : (4 - intLen % 4) % 4;
    if (intLen < 0) {
      for (int i = 0; i < -intLen; i++) sb.append('0');
      intLen = 0;
    }
    for (int i = 0; i < intPad; i++) sb.append('0');
    sb.append(digits);
    for (int i = 0; i < fracPad; i++) sb.append('0');
    int groups = sb.length() / 4;
    int weight = (intLen + intPad) / 4 - 1;
    int first = 0;
    while (first < groups && group(sb, first) == 0) {
      first++;
      weight--;
    }
    int last = groups - 1;
    while (last >= first && group(sb, last) == 0) {
      last--;
    }
    int ndigits = last - first + 1;
    w.putShort(ndigits);
    w.putShort(ndigits == 0 ? 0 : weight);
    w.putShort(v.signum() < 0 ? 0x4000 : 0);
    w.putShort(dscale);
    for (int g = first; g <= last; g++) {
      w.putShort(group(sb, g));
    }
  }

  private static int group(CharSequence s, int g) {
    int p = g * 4;
    return (s.charAt(p) - '0') * 1000
        + (s.charAt(p + 1) - '0') * 100
        + (s.charAt(p + 2) - '0') * 10
        + (s.charAt(p + 3) - '0');
  }
}
