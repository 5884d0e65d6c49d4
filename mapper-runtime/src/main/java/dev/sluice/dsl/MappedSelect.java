package dev.sluice.dsl;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A select whose rows are each made into a {@code U} as they are decoded ({@link RowsStep#map}):
 * the select's own SQL and values, its decoder wrapped in a {@link MappedDecoder}. Immutable; the
 * select it reads is the one it was made of, so later clauses added to that select show here too.
 */
final class MappedSelect<T, U> implements RowsStep<U> {
  private final AbstractSelect<T> select;
  private final Function<? super T, ? extends U> mapper;

  MappedSelect(AbstractSelect<T> select, Function<? super T, ? extends U> mapper) {
    if (mapper == null) {
      throw new IllegalArgumentException("map(null): give a function of the row");
    }
    this.select = select;
    this.mapper = mapper;
  }

  @Override
  public List<U> fetch() {
    return select.fetch(mapper);
  }

  @Override
  public Optional<U> fetchOne() {
    return select.fetchOne(mapper);
  }

  @Override
  public Stream<U> stream() {
    return select.stream(mapper);
  }

  @Override
  public void forEach(Consumer<? super U> action) {
    try (Stream<U> rows = stream()) {
      rows.forEach(action);
    }
  }

  @Override
  public <V> RowsStep<V> map(Function<? super U, ? extends V> next) {
    if (next == null) {
      throw new IllegalArgumentException("map(null): give a function of the row");
    }
    Function<? super T, ? extends U> first = mapper;
    return new MappedSelect<T, V>(select, t -> next.apply(first.apply(t)));
  }

  @Override
  public String toSql() {
    return select.toSql();
  }

  @Override
  public List<Object> bindValues() {
    return select.bindValues();
  }

  @Override
  public String toString() {
    return select.toSql();
  }
}
