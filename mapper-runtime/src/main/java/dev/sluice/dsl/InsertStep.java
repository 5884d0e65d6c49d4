package dev.sluice.dsl;

import java.util.Collection;

/**
 * {@code INSERT INTO table}, waiting for its rows. Every column but the {@code @Generated} ones is
 * inserted, with the record's values bound.
 */
public interface InsertStep<R> {
  /** One row. */
  InsertValuesStep<R> values(R record);

  /**
   * Many rows. Without RETURNING they go as one pipeline of the one-row statement (one round trip's
   * latency, all or none); with RETURNING as multi-row VALUES statements. An empty collection
   * inserts nothing and sends nothing: {@code execute()} returns 0 and {@code fetch()} an empty
   * list.
   */
  InsertValuesStep<R> values(Collection<? extends R> records);

  /** One row of chosen columns, {@code set(column, value)} each; the others take defaults. */
  <T> InsertSetStep<R> set(Column<R, T> column, T value);

  /** One row of chosen columns, starting with one set to an expression. */
  <T> InsertSetStep<R> set(Column<R, T> column, Expression<? extends T> value);

  /** {@code INSERT INTO table (columns)}, then {@code select(…)}: the rows of a query. */
  InsertSelectStep<R> columns(Column<?, ?>... columns);
}
