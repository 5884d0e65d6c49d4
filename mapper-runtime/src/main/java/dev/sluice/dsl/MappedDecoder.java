package dev.sluice.dsl;

import dev.sluice.Columns;
import dev.sluice.RowDecoder;
import java.util.function.Function;

/** Reads each row through another decoder, then makes it into something else ({@code map}). */
final class MappedDecoder<T, U> implements RowDecoder<U> {
  private final RowDecoder<T> rows;
  private final Function<? super T, ? extends U> mapper;

  MappedDecoder(RowDecoder<T> rows, Function<? super T, ? extends U> mapper) {
    this.rows = rows;
    this.mapper = mapper;
  }

  @Override
  public Bound<U> bind(Columns columns) {
    Bound<T> bound = rows.bind(columns);
    Function<? super T, ? extends U> m = mapper;
    return row -> m.apply(bound.decode(row));
  }
}
