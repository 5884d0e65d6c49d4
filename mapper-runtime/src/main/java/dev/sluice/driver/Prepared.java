package dev.sluice.driver;

import dev.sluice.Columns;
import dev.sluice.RowDecoder;
import dev.sluice.driver.codec.Bytes;
import dev.sluice.driver.codec.ParameterEncoder;
import dev.sluice.driver.config.StatementMode;

/**
 * A named prepared statement on one connection, with both descriptions the server gave on its first
 * use (parameter types and result columns) and the decoders bound to its result. Owned by the
 * connection's {@link StatementCache}; never shared between connections.
 */
final class Prepared {
  final String name;
  final String sql;

  /** The parameter types the server chose (ParameterDescription). */
  final int[] paramOids;

  /** The result's columns, or null when the statement returns no rows (NoData). */
  final Columns columns;

  /** Per column: the type OID when the column is read in binary, else 0 (see RowView). */
  final int[] binaryOids;

  /**
   * The result-format part of Bind, encoded once: count and codes; encoded again when a decoder
   * turns a composite column binary ({@link Columns#readAsComposite}).
   */
  byte[] resultFormats;

  /**
   * What running it may leave in the session that no command tag shows ({@link SessionResidue}).
   */
  final int residue;

  /**
   * In {@link StatementMode#UNNAMED}: the body of its portal's RowDescription as last seen matching
   * {@link #columns}, so later executions check theirs by comparing bytes; null until then.
   */
  byte[] portalDescription;

  /** The next variant of the same SQL text (see {@link StatementCache}), or null. */
  Prepared next;

  /** Decoders bound to {@link #columns}: a few (decoder, bound) pairs, searched by identity. */
  private Object[] bound = new Object[4];

  /** Entries used in {@link #bound}, two slots each. */
  private int boundSize;

  Prepared(String name, String sql, int[] paramOids, Columns columns) {
    this.name = name;
    this.sql = sql;
    this.paramOids = paramOids;
    this.columns = columns;
    this.residue = SessionResidue.ofText(sql);
    int n = columns == null ? 0 : columns.count();
    this.binaryOids = new int[n];
    this.resultFormats = formats(columns, binaryOids);
  }

  /** Fills {@code binaryOids} from the columns' formats; returns Bind's result-format part. */
  private static byte[] formats(Columns columns, int[] binaryOids) {
    int n = binaryOids.length;
    boolean allBinary = true;
    boolean anyBinary = false;
    for (int i = 0; i < n; i++) {
      if (columns.isBinary(i)) {
        binaryOids[i] = columns.typeOid(i);
        anyBinary = true;
      } else {
        allBinary = false;
      }
    }
    if (n == 0 || !anyBinary) {
      return new byte[] {0, 0};
    }
    if (allBinary) {
      return new byte[] {0, 1, 0, 1};
    }
    byte[] formats = new byte[2 + 2 * n];
    Bytes.putShort(formats, 0, n);
    for (int i = 0; i < n; i++) {
      Bytes.putShort(formats, 2 + 2 * i, columns.format(i));
    }
    return formats;
  }

  /** Whether this is the unnamed statement, described for one use and never cached. */
  boolean isUnnamed() {
    return name.isEmpty();
  }

  /** Whether these values can be bound to this statement's parameter types. */
  boolean accepts(Object[] params) {
    int[] oids = paramOids;
    if (params.length != oids.length) {
      // Bind reports the mismatch with the statement's own count.
      return true;
    }
    for (int i = 0; i < params.length; i++) {
      if (!ParameterEncoder.fits(params[i], oids[i])) {
        return false;
      }
    }
    return true;
  }

  /** The decoder bound to this statement's columns, binding it on first use. */
  @SuppressWarnings("unchecked")
  <T> RowDecoder.Bound<T> bound(RowDecoder<T> decoder) {
    Object[] b = bound;
    for (int i = 0; i < boundSize; i += 2) {
      if (b[i] == decoder) {
        return (RowDecoder.Bound<T>) b[i + 1];
      }
    }
    if (columns == null) {
      throw new dev.sluice.PgException("42601", "the statement returns no rows to decode: " + sql);
    }
    int turned = columns.turnedBinary();
    RowDecoder.Bound<T> result = decoder.bind(columns);
    if (columns.turnedBinary() != turned) {
      // The decoder reads a composite column, now binary: Bind asks for it so from now on, and
      // decoders bound before, which expected text there, bind again (and say if they cannot).
      resultFormats = formats(columns, binaryOids);
      boundSize = 0;
      java.util.Arrays.fill(b, null);
    }
    if (boundSize == b.length) {
      // Keep the newest entries; a statement read by many decoders is rare.
      System.arraycopy(b, 2, b, 0, b.length - 2);
      boundSize -= 2;
    }
    b[boundSize] = decoder;
    b[boundSize + 1] = result;
    boundSize += 2;
    return result;
  }
}
