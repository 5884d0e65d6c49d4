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
  /** {@code SET column = $n}. */
  <T> ConflictUpdateStep<R> set(Column<R, T> column, T value);

  /** {@code SET column = expression}, of the column's type. */
  <T> ConflictUpdateStep<R> set(Column<R, T> column, Expression<? extends T> value);

  /** {@code SET column = NULL}. */
  ConflictUpdateStep<R> setNull(Column<R, ?> column);

  /** {@code SET column = excluded.column}: the value that was to be inserted. */
  ConflictUpdateStep<R> setExcluded(Column<R, ?> column);
}
