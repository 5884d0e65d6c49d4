package dev.sluice.dsl;

/**
 * {@code INSERT INTO table (c1, c2, …) VALUES ($1, $2, …)} of chosen columns, one {@code set} each:
 * the others take their defaults. A column of the table and a value of its type: {@code
 * set(FILM.title, 42)} does not compile. A class, as {@link InsertValuesStep} is one; not to be
 * extended outside the DSL.
 */
public abstract class InsertSetStep<R> extends InsertValuesStep<R> {
  InsertSetStep(StatementExecutor queries, Table<R> table) {
    super(queries, table);
  }

  /**
   * One more column and its bound value.
   *
   * @param <T> the column's Java type
   * @param column a column of the inserted table
   * @param value its value, bound (null is NULL)
   * @return this step, for another column, ON CONFLICT, RETURNING, or to run
   */
  public abstract <T> InsertSetStep<R> set(Column<R, T> column, T value);

  /**
   * One more column and an expression of its type ({@code now()}, another column's value).
   *
   * @param <T> the column's Java type
   * @param column a column of the inserted table
   * @param value the expression giving its value
   * @return this step, for another column, ON CONFLICT, RETURNING, or to run
   */
  public abstract <T> InsertSetStep<R> set(Column<R, T> column, Expression<? extends T> value);
}
