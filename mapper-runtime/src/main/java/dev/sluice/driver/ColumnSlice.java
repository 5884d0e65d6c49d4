package dev.sluice.driver;

import dev.sluice.PgException;
import dev.sluice.driver.codec.Oids;
import dev.sluice.driver.codec.ParameterEncoder;
import java.util.List;

/**
 * One parameter's values over a run of batch rows, bound as one binary array: a parameter of the
 * array form of a batch insert (see {@link MultiRowInsert#arraySql()}). It is never copied into an
 * array of its own: Bind writes it straight into the send buffer, each element encoded by {@link
 * ParameterEncoder} as the element type, so the rows' values are neither boxed again nor copied.
 *
 * <p>The caller has checked that every value takes the binary form of the element type (see {@link
 * #accepts}); a value that still fails (a whole number beyond the element type's range) fails the
 * Bind with its batch row named.
 */
public final class ColumnSlice {
  /** The whole batch; this slice is rows [from, to) of it. */
  private final List<Object[]> rows;

  private final int from;
  private final int to;

  /** The parameter, 0-based: the slice holds {@code rows.get(r)[index]}. */
  private final int index;

  /** The array type of the element type the server described for the parameter. */
  private final int arrayOid;

  ColumnSlice(List<Object[]> rows, int from, int to, int index, int elementOid) {
    this.rows = rows;
    this.from = from;
    this.to = to;
    this.index = index;
    this.arrayOid = Oids.arrayOf(elementOid);
  }

  /** The array type the slice is bound as, declared for its parameter in Parse. */
  public int arrayOid() {
    return arrayOid;
  }

  /**
   * Whether a parameter described as {@code oid} can take its rows as binary arrays: the type has a
   * binary codec and a built-in array type.
   */
  static boolean takesArrays(int oid) {
    return Oids.arrayOf(oid) != 0 && Oids.hasBinaryCodec(oid);
  }

  /**
   * Whether {@code v} can be an element of a binary array of {@code oid}: NULL; a value the encoder
   * writes in binary for that type; a whole number of another width for an integer type
   * (range-checked while it is encoded, as the server's cast would); or a String or enum for a type
   * whose binary form is its text (text, varchar, bpchar, json, and jsonb, whose binary form is a
   * version byte and the text).
   */
  static boolean accepts(Object v, int oid) {
    if (v == null) {
      return true;
    }
    if (v instanceof String || v instanceof Enum<?>) {
      return takesText(oid);
    }
    if (ParameterEncoder.format(v, oid) != Protocol.FORMAT_BINARY) {
      return false;
    }
    if (ParameterEncoder.fits(v, oid)) {
      return true;
    }
    return (oid == Oids.INT2 || oid == Oids.INT4 || oid == Oids.INT8)
        && (v instanceof Integer || v instanceof Long || v instanceof Short);
  }

  /**
   * Roughly the bytes {@code v} takes as an element, its length word included: enough to bound a
   * chunk's size without encoding it twice (a String counts a byte per char, however it encodes).
   */
  static int estimatedSize(Object v) {
    if (v instanceof String s) {
      return 4 + s.length();
    }
    if (v instanceof byte[] b) {
      return 4 + b.length;
    }
    return v == null ? 4 : 20;
  }

  /**
   * Types whose binary input reads the same UTF-8 text as their text input. "char" and name are
   * left out: their binary input reads one byte, or rejects what their text input truncates.
   */
  private static boolean takesText(int oid) {
    switch (oid) {
      case Oids.TEXT:
      case Oids.VARCHAR:
      case Oids.BPCHAR:
      case Oids.JSON:
      case Oids.JSONB:
        return true;
      default:
        return false;
    }
  }

  /**
   * Writes the array (the caller reserved and will patch its length): ndim 1, the has-nulls flag,
   * the element type, the length and lower bound 1, then each element's length (-1 for NULL) and
   * binary form.
   */
  public void write(WriteBuffer w, int element) {
    w.putInt(1);
    int flagsAt = w.reserveInt();
    w.putInt(element);
    w.putInt(to - from);
    w.putInt(1);
    boolean hasNull = false;
    int r = from;
    try {
      for (; r < to; r++) {
        Object v = rows.get(r)[index];
        if (v == null) {
          w.putInt(-1);
          hasNull = true;
        } else {
          int at = w.reserveInt();
          ParameterEncoder.encode(w, v, element, Protocol.FORMAT_BINARY, index + 1);
          w.patchLength(at);
        }
      }
    } catch (PgException e) {
      throw new PgException(e.sqlState(), e.serverMessage() + ", in batch row " + (r + 1), null, e);
    }
    w.patchInt(flagsAt, hasNull ? 1 : 0);
  }
}
