package dev.sluice.driver.codec;

import dev.sluice.PgException;
import dev.sluice.PgNumeric;
import dev.sluice.driver.WriteBuffer;

/**
 * numeric as {@link PgNumeric}, both ways, the specials included. The binary form (numeric_send) of
 * NaN, Infinity and -Infinity is a header of no digits whose sign word says which: 0xC000, 0xD000,
 * 0xF000 (numeric.c's NUMERIC_NAN, NUMERIC_PINF, NUMERIC_NINF). Finite values go through {@link
 * BinaryCodec#numeric} and {@link ParameterEncoder#numeric}.
 */
public final class NumericCodec {
  private NumericCodec() {}

  private static final int SIGN_NAN = 0xC000;
  private static final int SIGN_PINF = 0xD000;
  private static final int SIGN_NINF = 0xF000;

  /** A numeric's binary value (8 bytes of header at least) as a PgNumeric. */
  public static PgNumeric decode(byte[] b, int off, int len) {
    if (len >= 8 && BinaryCodec.isNumericSpecial(b, off)) {
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
    return PgNumeric.of(BinaryCodec.numeric(b, off, len));
  }

  /** Writes a PgNumeric in numeric's binary form. */
  public static void encode(WriteBuffer w, PgNumeric v) {
    if (v.isFinite()) {
      ParameterEncoder.numeric(w, v.toBigDecimal());
      return;
    }
    int sign = v.isNaN() ? SIGN_NAN : v.doubleValue() > 0 ? SIGN_PINF : SIGN_NINF;
    w.putShort(0);
    w.putShort(0);
    w.putShort(sign);
    w.putShort(0);
  }
}
