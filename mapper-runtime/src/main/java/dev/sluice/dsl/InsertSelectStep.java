package dev.sluice.dsl;

/** {@code INSERT INTO table (columns)}, waiting for the SELECT whose rows it inserts. */
public interface InsertSelectStep<R> {
  /**
   * {@code INSERT INTO table (columns) SELECT …}: the select gives one item per column, in order
   * (checked when rendered); its values are bound with the statement's.
   *
   * @param query the SELECT whose rows are inserted
   * @return the next step: ON CONFLICT, RETURNING, or the statement as it is
   */
  InsertValuesStep<R> select(Select<?> query);
}
