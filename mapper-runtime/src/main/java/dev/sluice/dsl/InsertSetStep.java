package dev.sluice.dsl;

/**
 * {@code INSERT INTO table (c1, c2, …) VALUES ($1, $2, …)} of chosen columns, one {@code set} each:
 * the others take their defaults. A column of the table and a value of its type: {@code
 * set(FILM.title, 42)} does not compile.
 */
public interface InsertSetStep<R> extends InsertValuesStep<R> {
  /** One more column and its bound value. */
  <T> InsertSetStep<R> set(Column<R, T> column, T value);

  /** One more column and an expression of its type ({@code now()}, another column's value). */
  <T> InsertSetStep<R> set(Column<R, T> column, Expression<? extends T> value);
}
