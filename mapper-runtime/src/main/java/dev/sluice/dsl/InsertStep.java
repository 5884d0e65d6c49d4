package dev.sluice.dsl;

import java.util.Collection;

/**
 * {@code INSERT INTO table}, waiting for its rows. Every column but the {@code @Generated} ones is
 * inserted, with the record's values bound.
 */
public interface InsertStep<R> {
  /**
   * One row.
   *
   * @param record the row, every column but the generated ones bound from it
   * @return the next step: ON CONFLICT, RETURNING, or the statement as it is
   */
  InsertValuesStep<R> values(R record);

  /**
   * Many rows. Without RETURNING they go as one pipeline of the one-row statement (one round trip's
   * latency, all or none); with RETURNING as multi-row VALUES statements. An empty collection
   * inserts nothing and sends nothing: {@code execute()} returns 0 and {@code fetch()} an empty
   * list.
   *
   * @param records the rows, in order
   * @return the next step: ON CONFLICT, RETURNING, or the statement as it is
   */
  InsertValuesStep<R> values(Collection<? extends R> records);

  /**
   * One row of chosen columns, {@code set(column, value)} each; the others take defaults.
   *
   * @param <T> the column's Java type
   * @param column a column of the inserted table
   * @param value its value, bound (null is NULL)
   * @return the step of another column, ON CONFLICT, RETURNING, or to run
   */
  <T> InsertSetStep<R> set(Column<R, T> column, T value);

  /**
   * One row of chosen columns, starting with one set to an expression.
   *
   * @param <T> the column's Java type
   * @param column a column of the inserted table
   * @param value the expression giving its value
   * @return the step of another column, ON CONFLICT, RETURNING, or to run
   */
  <T> InsertSetStep<R> set(Column<R, T> column, Expression<? extends T> value);

  /**
   * {@code INSERT INTO table (columns)}, then {@code select(…)}: the rows of a query.
   *
   * @param columns the columns the select's items go to, in order
   * @return the step that takes the select
   */
  InsertSelectStep<R> columns(Column<?, ?>... columns);
}
