package dev.sluice;

import dev.sluice.driver.codec.Oids;

/**
 * The errors a {@link RowView} reports about a DataRow or one of its columns, built here so that
 * the getters and readers keep only their fast paths: each throws {@code
 * ColumnErrors.something(…)}, one call the JIT leaves cold, and no string is built before a value
 * has failed. The messages are part of the public behaviour (tests pin them): change them here only
 * on purpose.
 *
 * <p>Protocol violations are 08P01 and break the connection; a value the caller cannot take is
 * 42804 (type), 22004 (NULL), 22003 (range) or 22P02 (enum label).
 */
final class ColumnErrors {
  private ColumnErrors() {}

  /** A DataRow at {@code [start, end)} whose column lengths do not fill it exactly. */
  static PgException malformedRow(int start, int end) {
    return new PgException(
        "08P01", "DataRow length " + (end - start - 1) + " does not match its columns");
  }

  /** A DataRow with {@code n} columns in a result of {@code columnCount}. */
  static PgException columnCountMismatch(int n, int columnCount) {
    return new PgException(
        "08P01", "DataRow with " + n + " columns for a result of " + columnCount + " columns");
  }

  /** A column length that is negative but not -1 (NULL). */
  static PgException negativeLength(int c, int len) {
    return new PgException("08P01", "DataRow column " + c + " has length " + len);
  }

  /**
   * Column {@code c} of the current row cannot be read as {@code javaType}: it is NULL (see {@link
   * #nullValue}) or of another type, or arrived as text.
   */
  static PgException mismatch(RowView row, int c, String javaType) {
    if (row.isNull(c)) {
      return nullValue(row, c, javaType);
    }
    return new PgException(
        "42804",
        column(row, c)
            + " is "
            + Oids.name(row.columns().typeOid(c))
            + (row.isBinary(c) ? "" : " (received as text)")
            + " and cannot be read as "
            + javaType);
  }

  /** A NULL in column {@code c} read by a getter of a primitive type. */
  /** A binary value whose length its type cannot have: a malformed DataRow. */
  static PgException badLength(RowView row, int c, int len, String javaType) {
    return new PgException(
        "08P01",
        "DataRow column "
            + c
            + " (\""
            + row.columns().name(c)
            + "\", "
            + Oids.name(row.oids[c])
            + ") has length "
            + len
            + ", which "
            + javaType
            + " cannot read");
  }

  static PgException nullValue(RowView row, int c, String javaType) {
    return new PgException(
        "22004",
        column(row, c)
            + " is NULL and cannot be read as "
            + javaType
            + "; test isNull first or read it as a nullable type");
  }

  /** An integer in column {@code c} that {@code javaType} cannot hold. */
  static PgException outOfRange(RowView row, int c, long v, String javaType) {
    return new PgException(
        "22003", column(row, c) + " holds " + v + ", out of range for " + javaType);
  }

  /** An enum label, of column {@code c}, that no constant of {@code type} has. */
  static PgException unknownLabel(RowView row, int c, String label, Class<?> type) {
    return new PgException(
        "22P02",
        column(row, c)
            + " holds label '"
            + label
            + "', which no constant of "
            + type.getName()
            + " has (use @Label to name a constant's label)");
  }

  /** A NULL in column {@code c} whose component ("component title of Film") cannot hold it. */
  static PgException notNullable(RowView row, int c, String component) {
    return new PgException(
        "22004",
        column(row, c)
            + " is NULL, but "
            + component
            + " cannot be null; annotate it @Nullable (a primitive: use its box) or make it"
            + " Optional");
  }

  /**
   * The next column of a row read in order is not what the reader of {@code javaType} expects:
   * frames the row (a malformed one fails there, 08P01), then names the NULL that {@code component}
   * cannot hold, or reports a length the type cannot have.
   */
  static PgException sequenceFailure(RowView row, String component, String javaType) {
    int c = RowFrame.frameInOrder(row, row.cursor);
    if (c < 0) {
      return malformedRow(row.rowStart, row.rowEnd);
    }
    int len = row.length(c);
    if (len < 0) {
      return notNullable(row, c, component);
    }
    Columns columns = row.columns();
    return new PgException(
        "08P01",
        "DataRow column "
            + c
            + " (\""
            + columns.name(c)
            + "\", "
            + Oids.name(columns.typeOid(c))
            + ") has length "
            + len
            + ", which "
            + javaType
            + " cannot read");
  }

  /**
   * The columns read in order do not fill the row: frames it, to name a bad column length if that
   * is the cause, else reports the row.
   */
  static PgException unfilledRow(RowView row) {
    RowFrame.frameInOrder(row, row.cursor);
    return malformedRow(row.rowStart, row.rowEnd);
  }

  /** {@code column "name"}, as each message about one column starts. */
  /**
   * {@code e}, a value the driver cannot represent (0A000: an array's bounds or dimensions), said
   * of column {@code c}; other errors as they are.
   */
  static PgException inColumn(RowView row, int c, PgException e) {
    if (!"0A000".equals(e.sqlState())) {
      return e;
    }
    return new PgException(e.sqlState(), column(row, c) + ": " + e.serverMessage());
  }

  private static String column(RowView row, int c) {
    return "column \"" + row.columns().name(c) + '"';
  }
}
