package dev.sluice.dsl;

/**
 * {@code UPDATE table SET …}. A column of the table and a value of its type: {@code set(FILM.title,
 * 42)} does not compile.
 *
 * @param <A> the table's class, what a {@code where} lambda receives
 * @param <R> the table's record
 */
public interface UpdateSetStep<A extends Table<R>, R> {
  /**
   * {@code SET column = $n}.
   *
   * @param <T> the column's Java type
   * @param column a column of the updated table
   * @param value its value, bound
   * @return the WHERE step, which takes more SETs too
   */
  <T> UpdateWhereStep<A, R> set(Column<R, T> column, T value);

  /**
   * {@code SET column = expression}, e.g. another column or {@link Expressions#unsafeSql}.
   *
   * @param <T> the column's Java type
   * @param column a column of the updated table
   * @param value the expression giving its value
   * @return the WHERE step, which takes more SETs too
   */
  <T> UpdateWhereStep<A, R> set(Column<R, T> column, Expression<? extends T> value);

  /**
   * {@code SET column = NULL}.
   *
   * @param column a column of the updated table
   * @return the WHERE step, which takes more SETs too
   */
  UpdateWhereStep<A, R> setNull(Column<R, ?> column);
}
