package dev.sluice.dsl;

import java.util.List;
import java.util.Optional;

/**
 * A statement ready to run: {@link #fetch()} renders it, runs it on the {@code Database} or {@code
 * Transaction} it was started from, and reads the rows through the generated decoder of the record
 * (or a scalar decoder for a single expression).
 *
 * @param <T> what each row is read into
 */
public interface FetchStep<T> {
  /**
   * Runs the statement; all rows.
   *
   * @return every row, in the order the database sent them; empty if none
   */
  List<T> fetch();

  /**
   * Runs the statement; the only row, or empty. More than one row fails (SQLSTATE 21000).
   *
   * @return the only row, or empty if there is none
   */
  Optional<T> fetchOne();

  /**
   * The SQL text the statement renders to, with {@code $n} placeholders for the bound values.
   *
   * @return the SQL text
   */
  String toSql();

  /**
   * The values bound to {@code $1, $2, …}, in order, as {@link #toSql()} renders them.
   *
   * @return the bound values, as the database receives them
   */
  List<Object> bindValues();
}
