package dev.sluice.dsl;

/**
 * {@code UPDATE table SET …}. A column of the table and a value of its type: {@code set(FILM.title,
 * 42)} does not compile.
 *
 * @param <A> the table's class, what a {@code where} lambda receives
 * @param <R> the table's record
 */
public interface UpdateSetStep<A extends Table<R>, R> {
  /** {@code SET column = $n}. */
  <T> UpdateWhereStep<A, R> set(Column<R, T> column, T value);

  /** {@code SET column = expression}, e.g. another column or {@link Dsl#unsafeSql}. */
  <T> UpdateWhereStep<A, R> set(Column<R, T> column, Expression<? extends T> value);

  /** {@code SET column = NULL}. */
  UpdateWhereStep<A, R> setNull(Column<R, ?> column);
}
