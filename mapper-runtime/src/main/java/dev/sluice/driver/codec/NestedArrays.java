package dev.sluice.driver.codec;

import dev.sluice.PgException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a binary array of any number of dimensions (0 to 6) as nested Lists: a 2-D {@code int[]}
 * value {@code {{1,2},{3,4}}} is a {@code List<List<Integer>>}, a 1-D one a flat List, an empty
 * array an empty List. NULL elements are null at the innermost level. Bounds other than from 1 in
 * any dimension are refused ({@link BinaryCodec#lowerBound}), never dropped.
 */
public final class NestedArrays {
  private NestedArrays() {}

  /** The value (array_send's form, elements of {@code elementOid}) as nested Lists of leaves. */
  public static List<Object> decode(byte[] b, int off, int len, int elementOid, Class<?> leafType) {
    return decode(b, off, len, elementOid, 0, leafType);
  }

  /**
   * {@link #decode(byte[], int, int, int, Class)} whose header may also name {@code createdElement}
   * ({@link dev.sluice.Columns#createdElementOid}); 0 for none.
   */
  public static List<Object> decode(
      byte[] b, int off, int len, int elementOid, int createdElement, Class<?> leafType) {
    if (len < 12) {
      throw new PgException("08P01", "array value of " + len + " bytes, shorter than its header");
    }
    int ndim = Bytes.getInt(b, off);
    int flags = Bytes.getInt(b, off + 4);
    int declared = Bytes.getInt(b, off + 8);
    if (ndim < 0 || ndim > 6 || (flags & ~1) != 0) {
      throw new PgException("08P01", "array value with " + ndim + " dimensions and flags " + flags);
    }
    if (!BinaryCodec.elementsFit(declared, elementOid, createdElement)) {
      throw BinaryCodec.wrongElements(declared, elementOid);
    }
    if (len < 12 + 8 * ndim) {
      throw new PgException("08P01", "array value of " + len + " bytes, shorter than its header");
    }
    int[] dims = new int[ndim];
    long total = ndim == 0 ? 0 : 1;
    StringBuilder bounds = new StringBuilder();
    int firstLower = 1; // the first lower bound other than 1, or 1
    for (int d = 0; d < ndim; d++) {
      dims[d] = Bytes.getInt(b, off + 12 + 8 * d);
      int lower = Bytes.getInt(b, off + 16 + 8 * d);
      if (dims[d] < 0) {
        throw new PgException("08P01", "array dimension " + d + " of length " + dims[d]);
      }
      total *= dims[d];
      if (firstLower == 1) {
        firstLower = lower;
      }
      bounds.append('[').append(lower).append(':').append((long) lower + dims[d] - 1).append(']');
      if (total > len) {
        // Each element takes at least its 4-byte length word: checked before any allocation.
        break;
      }
    }
    int p = off + 12 + 8 * ndim;
    int end = off + len;
    if (total > (end - p) / 4) {
      throw new PgException(
          "08P01", "array value of " + total + " elements in " + (end - p) + " bytes");
    }
    if (firstLower != 1 && total > 0) {
      throw BinaryCodec.lowerBound(bounds.toString(), firstLower);
    }
    if (total == 0) {
      return new ArrayList<>(0);
    }
    int[] at = {p};
    List<Object> out = level(b, at, end, dims, 0, elementOid, leafType);
    if (at[0] != end) {
      throw new PgException(
          "08P01", "array value has " + (end - at[0]) + " bytes after its " + total + " elements");
    }
    return out;
  }

  private static List<Object> level(
      byte[] b, int[] at, int end, int[] dims, int depth, int elementOid, Class<?> leafType) {
    int n = dims[depth];
    List<Object> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      if (depth + 1 < dims.length) {
        out.add(level(b, at, end, dims, depth + 1, elementOid, leafType));
        continue;
      }
      int p = at[0];
      if (end - p < 4) {
        throw new PgException("08P01", "array element runs past the end of the value");
      }
      int l = Bytes.getInt(b, p);
      p += 4;
      if (l < 0) {
        if (l != -1) {
          throw new PgException("08P01", "array element has length " + l);
        }
        out.add(null);
      } else {
        if (l > end - p) {
          throw new PgException("08P01", "array element runs past the end of the value");
        }
        out.add(
            leafType.cast(
                BinaryCodec.convert(
                    BinaryCodec.decode(elementOid, b, p, l), leafType, elementOid)));
        p += l;
      }
      at[0] = p;
    }
    return out;
  }
}
