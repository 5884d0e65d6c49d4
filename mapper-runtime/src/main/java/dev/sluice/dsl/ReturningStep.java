package dev.sluice.dsl;

/**
 * An INSERT, UPDATE or DELETE ready to run: {@link #execute()} for the row count, or a {@code
 * returning} clause to read the rows it wrote.
 *
 * @param <R> the table's record
 */
public interface ReturningStep<R> {
  /** Runs the statement; the rows inserted, updated or deleted. */
  long execute();

  /** {@code RETURNING} every column, read into the table's record. */
  FetchStep<R> returning();

  /**
   * {@code RETURNING field}, read as a scalar: {@code returning(FILM.filmId)}, or an expression
   * named with {@code as} ({@code returning(mergeAction().as("action"))}, for a CTE to read it by).
   */
  <T> FetchStep<T> returning(SelectField<T> field);

  /** {@code RETURNING fields}, read into the {@code @Row} record {@code into}. */
  <T> FetchStep<T> returning(Class<T> into, SelectField<?>... fields);

  /** The SQL text, with {@code $n} placeholders (for a list insert: of one row's statement). */
  String toSql();
}
