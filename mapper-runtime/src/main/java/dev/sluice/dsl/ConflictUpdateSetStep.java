package dev.sluice.dsl;

/**
 * {@code ON CONFLICT … DO UPDATE SET}, waiting for its first column. A column of the inserted table
 * and a value of its type: {@code set(PAYMENT.amount, "x")} does not compile. The value may be an
 * expression over the conflicting row (the table's own columns) and the row proposed for insertion
 * ({@link Dsl#excluded}'s columns): {@code set(PAYMENT.amount,
 * PAYMENT.amount.plus(excluded(PAYMENT).amount))}.
 *
 * @param <R> the inserted table's record
 */
public interface ConflictUpdateSetStep<R> {
  /**
   * {@code SET column = $n}.
   *
   * @param <T> the column's Java type
   * @param column a column of the inserted table
   * @param value its value, bound
   * @return the step of another column, WHERE, or RETURNING
   */
  <T> ConflictUpdateStep<R> set(Column<R, T> column, T value);

  /**
   * {@code SET column = expression}, of the column's type.
   *
   * @param <T> the column's Java type
   * @param column a column of the inserted table
   * @param value the expression giving its value
   * @return the step of another column, WHERE, or RETURNING
   * @throws IllegalArgumentException if {@code value} is null (use {@link #setNull})
   */
  <T> ConflictUpdateStep<R> set(Column<R, T> column, Expression<? extends T> value);

  /**
   * {@code SET column = NULL}.
   *
   * @param column a column of the inserted table
   * @return the step of another column, WHERE, or RETURNING
   */
  ConflictUpdateStep<R> setNull(Column<R, ?> column);

  /**
   * {@code SET column = excluded.column}: the value that was to be inserted.
   *
   * @param column a column of the inserted table
   * @return the step of another column, WHERE, or RETURNING
   */
  ConflictUpdateStep<R> setExcluded(Column<R, ?> column);
}
