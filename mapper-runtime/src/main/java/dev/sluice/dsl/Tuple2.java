package dev.sluice.dsl;

import java.util.function.BiFunction;

/**
 * A row of two values, for a select of two expressions without a {@code @Row} record: {@code
 * db.select(FILM.title, FILM.length).from(FILM).fetch()} reads {@code Tuple2<String, Short>}s;
 * {@code t.map(Title::new)} makes a record (or anything) of them.
 */
public record Tuple2<A, B>(A first, B second) {
  /** {@code mapper(first, second)}: e.g. {@code t.map(Title::new)}. */
  public <U> U map(BiFunction<? super A, ? super B, ? extends U> mapper) {
    return mapper.apply(first, second);
  }
}
