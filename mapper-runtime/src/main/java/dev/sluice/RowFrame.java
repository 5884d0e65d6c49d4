package dev.sluice;

import dev.sluice.driver.codec.Bytes;

/**
 * The framing of a DataRow in place in the receive buffer: {@code 'D'}, int32 length (counting
 * itself), int16 column count, then per column an int32 length (-1 for NULL) and that many bytes
 * (PostgreSQL protocol, "Message Formats"). Every length is checked before it is used, so a
 * malformed row fails with 08P01 instead of reading another message's bytes.
 *
 * <p>Static and stateless on purpose: the offsets and lengths it records go into {@link RowView}'s
 * own arrays, which the getters index directly. Kept in an object of its own, they would cost every
 * value one more load. {@link #frame} is small enough for the JIT to inline into the row loop;
 * whether a complete row is in the buffer is {@code ReadBuffer.completeRow}.
 */
final class RowFrame {
  /** The bytes before the first column's length: type, length and column count. */
  static final int HEADER = 7;

  private RowFrame() {}

  /**
   * Records the offset and length of each of the {@code n} columns of the DataRow at {@code [p,
   * end)} (one {@code ReadBuffer.completeRow} accepted), checking that the lengths fill the message
   * exactly.
   */
  static void frame(byte[] b, int p, int end, int n, int[] offsets, int[] lengths) {
    int q = p + HEADER;
    for (int i = 0; i < n; i++) {
      // Each length must fit in the message, and -1 is the only negative one (NULL).
      if (end - q < 4) {
        throw ColumnErrors.malformedRow(p, end);
      }
      int len = Bytes.getInt(b, q);
      q += 4;
      offsets[i] = q;
      lengths[i] = len;
      if (len > 0) {
        if (len > end - q) {
          throw ColumnErrors.malformedRow(p, end);
        }
        q += len;
      } else if (len < -1) {
        throw ColumnErrors.negativeLength(i, len);
      }
    }
    if (q != end) {
      throw ColumnErrors.malformedRow(p, end);
    }
  }

  /**
   * The column of a framed row whose length word is at {@code position}, or -1 if none is (the
   * position is past the last column).
   */
  private static int columnAt(int[] offsets, int n, int position) {
    for (int c = 0; c < n; c++) {
      if (offsets[c] - 4 == position) {
        return c;
      }
    }
    return -1;
  }

  /**
   * Frames the row an {@link dev.sluice.generated.InOrderRow} failed on, so that its columns can be
   * named in an error, and returns the column whose length word is at {@code position}, or -1.
   */
  static int frameInOrder(RowView row, int position) {
    frame(row.buf, row.rowStart, row.rowEnd, row.columnCount, row.offsets, row.lengths);
    return columnAt(row.offsets, row.columnCount, position);
  }
}
