package dev.sluice;

import dev.sluice.driver.codec.BinaryCodec;
import dev.sluice.driver.codec.BitStringCodec;
import dev.sluice.driver.codec.Bytes;
import dev.sluice.driver.codec.NestedArrays;
import dev.sluice.driver.codec.NumericCodec;
import dev.sluice.driver.codec.Oids;
import dev.sluice.driver.codec.RangeCodec;
import dev.sluice.driver.codec.TextArray;
import dev.sluice.driver.codec.TextCodec;
import java.math.BigDecimal;
import java.util.List;

/**
 * Reads a column of the current {@link RowView} row as a Java type other than its own, for the
 * getters whose fast path takes only the column type that matches them exactly: integers widened or
 * narrowed (with a range check), integers as BigDecimal, real and numeric as double, binary values
 * as text.
 *
 * <p>Static and small, so the JIT inlines them where a result makes them hot (an int component over
 * a smallint column); where it does not, they keep the getters short.
 */
final class ColumnConversions {
  private ColumnConversions() {}

  /**
   * Column {@code c} (int2, int4, int8 or oid) widened to long, for a getter of {@code javaType}
   * that holds {@code [min, max]}; fails outside it (22003), or for a NULL or another type.
   */
  static long integral(RowView row, int c, long min, long max, String javaType) {
    if (row.isNull(c)) {
      throw ColumnErrors.nullValue(row, c, javaType);
    }
    byte[] buf = row.buffer();
    int off = row.offset(c);
    int len = row.length(c);
    long v;
    switch (row.oids[c]) {
      case Oids.INT2:
        v = len == 2 ? Bytes.getShort(buf, off) : badLength(row, c, len, javaType);
        break;
      case Oids.INT4:
        v = len == 4 ? Bytes.getInt(buf, off) : badLength(row, c, len, javaType);
        break;
      case Oids.INT8:
        v = len == 8 ? Bytes.getLong(buf, off) : badLength(row, c, len, javaType);
        break;
      case Oids.OID:
        v = len == 4 ? Bytes.getInt(buf, off) & 0xffffffffL : badLength(row, c, len, javaType);
        break;
      default:
        throw ColumnErrors.mismatch(row, c, javaType);
    }
    if (v < min || v > max) {
      throw ColumnErrors.outOfRange(row, c, v, javaType);
    }
    return v;
  }

  /** Column {@code c} (not NULL) as a BigDecimal when it is not a numeric: an integer type. */
  static BigDecimal toBigDecimal(RowView row, int c) {
    switch (row.oids[c]) {
      case Oids.INT2:
      case Oids.INT4:
      case Oids.INT8:
        return BigDecimal.valueOf(integral(row, c, Long.MIN_VALUE, Long.MAX_VALUE, "BigDecimal"));
      default:
        throw ColumnErrors.mismatch(row, c, "BigDecimal");
    }
  }

  /** Column {@code c} as a double when it is not a float8: a real widened, or a numeric. */
  static double toDouble(RowView row, int c) {
    int len = row.length(c);
    int oid = row.oids[c];
    if (len == 4 && oid == Oids.FLOAT4) {
      return Float.intBitsToFloat(Bytes.getInt(row.buffer(), row.offset(c)));
    }
    if (len >= 8 && oid == Oids.NUMERIC) {
      return NumericCodec.numericAsDouble(row.buffer(), row.offset(c), len);
    }
    throw ColumnErrors.mismatch(row, c, "double");
  }

  /**
   * The text of a binary column (not NULL) whose bytes are not text: jsonb without its version
   * byte, numeric in plain notation, bool as t or f, other types formatted from their value; bytea
   * fails.
   */
  static String text(RowView row, int c) {
    byte[] buf = row.buffer();
    int off = row.offset(c);
    int len = row.length(c);
    int oid = row.oids[c];
    switch (oid) {
      case Oids.JSONB:
        return TextCodec.jsonb(buf, off, len);
      case Oids.NUMERIC:
        return NumericCodec.numericAsString(buf, off, len);
      case Oids.BOOL:
        if (len != 1) {
          badLength(row, c, len, "String");
        }
        return buf[off] != 0 ? "t" : "f";
      case Oids.BYTEA:
      case Oids.BYTEA_ARRAY:
        throw ColumnErrors.mismatch(row, c, "String");
      default:
        int created = row.columns().createdElementOid(c);
        int element = Oids.elementOf(oid);
        if (created != 0 && Oids.isTextual(element)) {
          // An array of enums, read as text[]: the text array_out gives it, as when it came in
          // text format (the labels are text-like, so their text is exact).
          try {
            List<Object> nested =
                NestedArrays.decode(buf, off, len, element, created, String.class);
            return TextArray.format(nested, ',');
          } catch (PgException e) {
            throw ColumnErrors.inColumn(row, c, e);
          }
        }
        Object v;
        try {
          v = BinaryCodec.decode(oid, created, buf, off, len);
        } catch (PgException e) {
          throw ColumnErrors.inColumn(row, c, e);
        }
        if (RangeCodec.isRangeOrMultirange(oid)) {
          return RangeCodec.text(v);
        }
        return String.valueOf(row.infiniteIntervals ? v : FiniteIntervals.check(row, c, v));
    }
  }

  /** Column {@code c} (pg_lsn) as a PgLsn; null for NULL. */
  static PgLsn pgLsn(RowView row, int c) {
    if (row.isNull(c)) {
      return null;
    }
    if (row.oids[c] != Oids.PG_LSN) {
      throw ColumnErrors.mismatch(row, c, "PgLsn");
    }
    try {
      return BitStringCodec.lsn(row.buffer(), row.offset(c), row.length(c));
    } catch (PgException e) {
      throw ColumnErrors.inColumn(row, c, e);
    }
  }

  /** Column {@code c} (bit or varbit) as a BitString; null for NULL. */
  static BitString bitString(RowView row, int c) {
    if (row.isNull(c)) {
      return null;
    }
    int oid = row.oids[c];
    if (oid != Oids.BIT && oid != Oids.VARBIT) {
      throw ColumnErrors.mismatch(row, c, "BitString");
    }
    try {
      return BitStringCodec.bits(row.buffer(), row.offset(c), row.length(c));
    } catch (PgException e) {
      throw ColumnErrors.inColumn(row, c, e);
    }
  }

  /** Fails for a binary value whose length its type cannot have (08P01: a malformed DataRow). */
  private static long badLength(RowView row, int c, int len, String javaType) {
    throw ColumnErrors.badLength(row, c, len, javaType);
  }
}
