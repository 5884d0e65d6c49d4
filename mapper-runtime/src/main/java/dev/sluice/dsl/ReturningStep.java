package dev.sluice.dsl;

/**
 * An INSERT, UPDATE or DELETE ready to run: {@link #execute()} for the row count, or a {@code
 * returning} clause to read the rows it wrote.
 *
 * @param <R> the table's record
 */
public interface ReturningStep<R> {
  /**
   * Runs the statement; the rows inserted, updated or deleted.
   *
   * @return the number of rows written, as the database counted them
   */
  long execute();

  /**
   * {@code RETURNING} every column, read into the table's record.
   *
   * @return the step that runs the statement and reads the rows
   */
  FetchStep<R> returning();

  /**
   * {@code RETURNING field}, read as a scalar: {@code returning(FILM.filmId)}, or an expression
   * named with {@code as} ({@code returning(mergeAction().as("action"))}, for a CTE to read it by).
   *
   * @param <T> the expression's Java type
   * @param field the column or named expression returned
   * @return the step that runs the statement and reads the values
   */
  <T> FetchStep<T> returning(SelectField<T> field);

  /**
   * {@code RETURNING fields}, read into the {@code @Row} record {@code into}.
   *
   * @param <T> the record's type
   * @param into the {@code @Row} record each row is read into, by column name
   * @param fields the columns or named expressions returned
   * @return the step that runs the statement and reads the rows
   */
  <T> FetchStep<T> returning(Class<T> into, SelectField<?>... fields);

  /**
   * The SQL text, with {@code $n} placeholders (for a list insert: of one row's statement).
   *
   * @return the SQL text
   */
  String toSql();
}
