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
}
