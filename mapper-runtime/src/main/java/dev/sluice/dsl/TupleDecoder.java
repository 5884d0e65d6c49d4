package dev.sluice.dsl;

import dev.sluice.Columns;
import dev.sluice.RowDecoder;
import dev.sluice.RowView;

/**
 * Reads each row of a select of two or three expressions as a {@link Tuple2} or {@link Tuple3}: a
 * {@link ScalarDecoder} per column, by position (the select list's order), each choosing its getter
 * once from its expression's Java type.
 */
final class TupleDecoder<T> implements RowDecoder<T> {
  private final ScalarDecoder<?>[] parts;

  TupleDecoder(ScalarDecoder<?>[] parts) {
    this.parts = parts;
  }

  @Override
  public Bound<T> bind(Columns columns) {
    if (columns.count() < parts.length) {
      throw new IllegalStateException(
          "the query returned " + columns.count() + " columns for a tuple of " + parts.length);
    }
    return this::read;
  }

  @SuppressWarnings("unchecked")
  private T read(RowView row) {
    if (parts.length == 2) {
      return (T) new Tuple2<>(parts[0].readAt(row, 0), parts[1].readAt(row, 1));
    }
    return (T)
        new Tuple3<>(parts[0].readAt(row, 0), parts[1].readAt(row, 1), parts[2].readAt(row, 2));
  }
}
