package dev.sluice.dsl;

/** A row of three values, for a select of three expressions without a {@code @Row} record. */
public record Tuple3<A, B, C>(A first, B second, C third) {
  /** {@code mapper(first, second, third)}: e.g. {@code t.map(FilmLine::new)}. */
  public <U> U map(Function3<? super A, ? super B, ? super C, ? extends U> mapper) {
    return mapper.apply(first, second, third);
  }
}
