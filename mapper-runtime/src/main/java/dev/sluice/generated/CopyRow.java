package dev.sluice.generated;

/**
 * The row of a binary COPY that a generated {@link CopyRowWriter} writes its record's values into:
 * each method writes the value of one column (by its index among the COPY's columns, from 0) in
 * that column's binary form, the field's length first. The runtime chooses how each column is
 * encoded once per COPY, from the types the COPY's Describe gave; each call only follows that
 * choice. A value whose Java type has no binary form for its column fails naming the row and the
 * column.
 *
 * <p>Implemented by the runtime only; a writer must write every column once, in order.
 */
public abstract class CopyRow {
  /** Only the runtime's own row (the driver's, in another package) extends this. */
  protected CopyRow() {}

  /**
   * SQL NULL in {@code column}.
   *
   * @param column the column's index among the COPY's columns, from 0
   */
  public abstract void putNull(int column);

  /**
   * A boolean.
   *
   * @param column the column's index among the COPY's columns, from 0
   * @param value the value
   */
  public abstract void putBoolean(int column, boolean value);

  /**
   * A short (int2, or widened to a wider column).
   *
   * @param column the column's index among the COPY's columns, from 0
   * @param value the value
   */
  public abstract void putShort(int column, short value);

  /**
   * An int (int4, or widened to a wider column).
   *
   * @param column the column's index among the COPY's columns, from 0
   * @param value the value
   */
  public abstract void putInt(int column, int value);

  /**
   * A long (int8, or numeric).
   *
   * @param column the column's index among the COPY's columns, from 0
   * @param value the value
   */
  public abstract void putLong(int column, long value);

  /**
   * A float (float4, or widened to float8).
   *
   * @param column the column's index among the COPY's columns, from 0
   * @param value the value
   */
  public abstract void putFloat(int column, float value);

  /**
   * A double (float8, or numeric).
   *
   * @param column the column's index among the COPY's columns, from 0
   * @param value the value
   */
  public abstract void putDouble(int column, double value);

  /**
   * A string, written as UTF-8 straight into the row where the column is text.
   *
   * @param column the column's index among the COPY's columns, from 0
   * @param value the value, or null for SQL NULL
   */
  public abstract void putText(int column, String value);

  /**
   * Any other value: a boxed number, a date, a UUID, an enum, an array, a converted component's
   * column value; encoded as a bound parameter of the column's type would be.
   *
   * @param column the column's index among the COPY's columns, from 0
   * @param value the value, or null for SQL NULL
   */
  public abstract void putObject(int column, Object value);
}
