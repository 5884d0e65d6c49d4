package dev.sluice.generated;

/**
 * Writes a record as one row of a binary COPY: generated per {@code @Table} record (inside {@code
 * FilmTable}) and used by {@code copyIn(FILM, films)} in place of the record's {@code Object[]} of
 * values. Its {@link #write} reads each component of the columns that are not {@code @Generated},
 * in the table's column order, and hands it to the {@link CopyRow} by its Java type: primitives
 * through the primitive methods, so they are never boxed.
 *
 * <p>Stateless: one instance serves every COPY. What depends on the target columns (their types,
 * known once the COPY has described them) lives in the {@link CopyRow} the runtime passes.
 *
 * @param <R> the record
 */
public abstract class CopyRowWriter<R> {
  /** The columns a row has: the table's columns that are not {@code @Generated}. */
  private final int columnCount;

  /**
   * For the generated subclass.
   *
   * @param columnCount the columns a row has
   */
  protected CopyRowWriter(int columnCount) {
    this.columnCount = columnCount;
  }

  /**
   * The columns {@link #write} writes, one per column of the table that is not generated.
   *
   * @return the column count
   */
  public final int columnCount() {
    return columnCount;
  }

  /**
   * Writes the values of {@code record} (not null), column {@code 0} to {@code columnCount() - 1}
   * in order, each exactly once.
   *
   * @param record the record
   * @param row the row to write into
   */
  public abstract void write(R record, CopyRow row);
}
