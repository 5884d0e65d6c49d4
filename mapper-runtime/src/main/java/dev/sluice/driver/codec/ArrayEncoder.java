package dev.sluice.driver.codec;

import dev.sluice.PgException;
import dev.sluice.driver.Protocol;
import dev.sluice.driver.WriteBuffer;
import java.util.Collection;

/**
 * Writes Collections and Java arrays as array parameters for {@link ParameterEncoder}: in binary
 * (array_recv's format) for an array type with a binary element codec, else as an array literal in
 * array_in's syntax.
 *
 * <p>A Collection (or Java array) whose elements are Collections or arrays is a multi-dimensional
 * array: {@code List.of(List.of("a", "b"), List.of("c", "d"))} for a text[] parameter is {@code
 * {{a,b},{c,d}}}, never the strings {@code "{a,b}"}. The sub-arrays must all have the same length
 * (PostgreSQL arrays are rectangular): a ragged one fails (2202E) before anything is sent. byte[]
 * is a bytea value, not an array.
 */
final class ArrayEncoder {
  private ArrayEncoder() {}

  /** array_recv's limit, MAXDIM. */
  private static final int MAX_DIMENSIONS = 6;

  /**
   * Whether {@code v} is written as an array: a Collection, an Object[] or an array of int, long,
   * short, double, float or boolean (byte[] is a bytea value).
   */
  static boolean isArray(Object v) {
    return v instanceof Collection<?>
        || v instanceof Object[]
        || v instanceof int[]
        || v instanceof long[]
        || v instanceof short[]
        || v instanceof double[]
        || v instanceof float[]
        || v instanceof boolean[];
  }

  /**
   * The binary array of {@code v} (a Collection or Java array), elements encoded as {@code
   * element}: int32 ndim, int32 has-nulls, int32 element OID, per dimension int32 length and lower
   * bound (1), then each element as int32 length and bytes, in row-major order.
   */
  static void binary(WriteBuffer w, Object v, int element, int index) {
    Object[] items = elements(v);
    if (items == null) {
      throw ParameterEncoder.cannotEncode(v, Oids.arrayOf(element), index);
    }
    int[] dims = dimensions(items, index);
    int ndim = dims.length;
    int count = 1;
    for (int d : dims) {
      count *= d;
    }
    Object[] flat = ndim == 1 ? items : new Object[count];
    if (ndim > 1) {
      flatten(items, dims, 0, flat, 0, index);
    }
    boolean hasNull = false;
    for (Object o : flat) {
      if (o == null) {
        hasNull = true;
        break;
      }
    }
    if (count == 0) {
      // array_send's form of an empty array, of any dimension: no dimensions at all.
      w.putInt(0);
      w.putInt(0);
      w.putInt(element);
      return;
    }
    w.putInt(ndim);
    w.putInt(hasNull ? 1 : 0);
    w.putInt(element);
    for (int d : dims) {
      w.putInt(d);
      w.putInt(1);
    }
    for (Object o : flat) {
      if (o == null) {
        w.putInt(-1);
      } else {
        int at = w.reserveInt();
        ParameterEncoder.encode(w, o, element, Protocol.FORMAT_BINARY, index);
        w.patchLength(at);
      }
    }
  }

  /**
   * The lengths of the dimensions, read down the first elements: [2, 3] for a list of two lists of
   * three. An element that is no Collection or array ends them.
   */
  private static int[] dimensions(Object[] items, int index) {
    int[] dims = new int[MAX_DIMENSIONS + 1];
    int ndim = 0;
    Object[] level = items;
    for (; ; ) {
      dims[ndim++] = level.length;
      if (level.length == 0 || level[0] == null || !isArray(level[0])) {
        break;
      }
      if (ndim == MAX_DIMENSIONS) {
        throw new PgException(
            "54000",
            "parameter $"
                + index
                + " is an array of more than "
                + MAX_DIMENSIONS
                + " dimensions, PostgreSQL's limit");
      }
      level = elements(level[0]);
    }
    int[] out = new int[ndim];
    System.arraycopy(dims, 0, out, 0, ndim);
    return out;
  }

  /**
   * Copies the leaves of {@code items} (dimension {@code depth}) into {@code flat} from {@code at};
   * returns the position after them. Fails unless every sub-array has the lengths {@code dims}.
   */
  private static int flatten(
      Object[] items, int[] dims, int depth, Object[] flat, int at, int index) {
    if (items.length != dims[depth]) {
      throw ragged(index, depth, dims[depth], items.length);
    }
    boolean last = depth == dims.length - 1;
    for (Object o : items) {
      boolean sub = o != null && isArray(o);
      if (last) {
        if (sub) {
          throw ragged(index, depth + 1, 0, -1);
        }
        flat[at++] = o;
      } else {
        if (!sub) {
          throw ragged(index, depth + 1, dims[depth + 1], -1);
        }
        at = flatten(elements(o), dims, depth + 1, flat, at, index);
      }
    }
    return at;
  }

  private static PgException ragged(int index, int depth, int expected, int found) {
    return new PgException(
        "2202E",
        "parameter $"
            + index
            + " is no rectangular array: at dimension "
            + (depth + 1)
            + (found < 0
                ? (expected == 0
                    ? " a sub-array stands where the first elements are values"
                    : " a value or NULL stands where the first elements are sub-arrays of "
                        + expected)
                : " a sub-array has " + found + " elements where the first has " + expected)
            + "; PostgreSQL's multi-dimensional arrays need sub-arrays of equal lengths");
  }

  /**
   * The array literal of {@code v} (a Collection or Java array) in array_in's syntax, elements
   * separated by {@code delimiter}; every value quoted so that "NULL" stays a string, sub-arrays as
   * nested braces.
   */
  static String literal(Object v, char delimiter) {
    StringBuilder sb = new StringBuilder();
    literal(sb, elements(v), delimiter);
    return sb.toString();
  }

  private static void literal(StringBuilder sb, Object[] items, char delimiter) {
    sb.append('{');
    for (int i = 0; i < items.length; i++) {
      if (i > 0) {
        sb.append(delimiter);
      }
      Object item = items[i];
      if (item == null) {
        sb.append("NULL");
        continue;
      }
      if (isArray(item)) {
        literal(sb, elements(item), delimiter);
        continue;
      }
      TextArray.quoted(sb, TextForms.text(item, delimiter));
    }
    sb.append('}');
  }

  /** The elements of a Collection or Java array, primitives boxed; null for anything else. */
  static Object[] elements(Object v) {
    if (v instanceof Collection<?> c) return c.toArray();
    if (v instanceof Object[] a) return a;
    if (v instanceof int[] a) {
      Object[] o = new Object[a.length];
      for (int i = 0; i < a.length; i++) o[i] = a[i];
      return o;
    }
    if (v instanceof long[] a) {
      Object[] o = new Object[a.length];
      for (int i = 0; i < a.length; i++) o[i] = a[i];
      return o;
    }
    if (v instanceof short[] a) {
      Object[] o = new Object[a.length];
      for (int i = 0; i < a.length; i++) o[i] = a[i];
      return o;
    }
    if (v instanceof double[] a) {
      Object[] o = new Object[a.length];
      for (int i = 0; i < a.length; i++) o[i] = a[i];
      return o;
    }
    if (v instanceof float[] a) {
      Object[] o = new Object[a.length];
      for (int i = 0; i < a.length; i++) o[i] = a[i];
      return o;
    }
    if (v instanceof boolean[] a) {
      Object[] o = new Object[a.length];
      for (int i = 0; i < a.length; i++) o[i] = a[i];
      return o;
    }
    return null;
  }
}
