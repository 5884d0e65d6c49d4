package dev.sluice.generated;

import dev.sluice.Columns;
import dev.sluice.PgException;
import dev.sluice.driver.codec.Bytes;
import dev.sluice.driver.codec.Oids;

/**
 * The framing under {@link CompositeReader}: where it is in a composite value (the buffer, the
 * position, the stack of the ends of the values entered) and the checks and errors of moving
 * through a field. Package-private: generated code sees only the reader's methods.
 */
abstract class CompositeFrame {
  /** The receive buffer holding the value. */
  byte[] buf;

  /** Where the next thing to read (a field count, a field's OID, an array element's length) is. */
  int pos;

  /** The ends (exclusive) of the values entered, innermost last. */
  int[] ends = new int[8];

  /** How many of {@link #ends} are in use. */
  int depth;

  /** The columns of the result and the position of the column being read, for messages. */
  Columns columns;

  int c;

  /**
   * Moves past a field of type {@code oid} and {@code len} bytes; returns where its bytes start.
   */
  final int fixed(int oid, int len, String component, String javaType) {
    int q = pos;
    if (ends[depth - 1] - q >= 8 + len && Bytes.getInt(buf, q) == oid) {
      int flen = Bytes.getInt(buf, q + 4);
      if (flen == len) {
        pos = q + 8 + len;
        return q + 8;
      }
      if (flen == -1) {
        throw nullField(component, javaType);
      }
      throw malformed("a field of type " + Oids.name(oid) + " of " + flen + " bytes");
    }
    throw mismatch(intAt(q), component, javaType);
  }

  /**
   * The fast path of the typed readers: if the next field is of type {@code oid}, not NULL and
   * {@code len} bytes long within the value, moves past it and returns where its bytes start; else
   * -1, having moved nothing (the generic {@link CompositeReader#read} then decides, and names any
   * error).
   */
  final int fixedAt(int oid, int len) {
    int q = pos;
    if (ends[depth - 1] - q >= 8 + len
        && Bytes.getInt(buf, q) == oid
        && Bytes.getInt(buf, q + 4) == len) {
      pos = q + 8 + len;
      return q + 8;
    }
    return -1;
  }

  /** Moves past a field's OID and length, leaving {@link #pos} at its bytes; returns its length. */
  final int variable(String component, String javaType) {
    int len = intAt(pos + 4);
    if (len == -1) {
      throw nullField(component, javaType);
    }
    if (len < 0 || len > ends[depth - 1] - pos - 8) {
      throw malformed("a field of length " + len);
    }
    pos += 8;
    return len;
  }

  final int intAt(int q) {
    if (q + 4 > ends[depth - 1]) {
      throw malformed("a value ends inside an int32");
    }
    return Bytes.getInt(buf, q);
  }

  final void push(int end) {
    if (depth == ends.length) {
      ends = java.util.Arrays.copyOf(ends, depth * 2);
    }
    ends[depth++] = end;
  }

  final PgException nullField(String component, String javaType) {
    return new PgException(
        "22004",
        column()
            + ": a composite field is NULL, but "
            + component
            + " ("
            + javaType
            + ") cannot be null; annotate it @Nullable (a primitive: use its box)");
  }

  final PgException mismatch(int oid, String component, String javaType) {
    if (intAt(pos + 4) == -1) {
      return nullField(component, javaType);
    }
    return new PgException(
        "42804",
        column()
            + ": a composite field of type "
            + Oids.name(oid)
            + " cannot be read as "
            + javaType
            + " into "
            + component);
  }

  /** {@code column "actors"}, as messages name the column read. */
  final String column() {
    return "column \"" + columns.name(c) + '"';
  }

  final PgException malformed(String what) {
    return new PgException("08P01", "malformed binary composite in " + column() + ": " + what);
  }
}
