package dev.sluice.dsl;

import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A complete SELECT: run it with {@link #fetch()}, use it as a subquery ({@link
 * Expression#in(Select)}, {@link Dsl#exists(Select)}) or a CTE's body, or combine it with another
 * select of the same rows ({@link #union}, {@link #intersect}, {@link #except}). Only the DSL
 * implements it.
 *
 * @param <T> what each row is read into
 */
public interface Select<T> extends FetchStep<T> {
  /**
   * Runs the query and hands each row to {@code action} as it is read, building no list: memory
   * stays bounded by the connection's receive buffer (rows come in chunks), whatever the number of
   * rows. If {@code action} throws, the query is stopped, the connection kept, and the exception
   * rethrown.
   */
  void forEach(Consumer<? super T> action);

  /**
   * Runs the query and returns its rows as a lazily read stream, with the driver's bounded memory;
   * it holds a connection until read to its end or closed, so close it (try-with-resources). See
   * {@link dev.sluice.Queries#stream(String, Class, Object...)}.
   */
  Stream<T> stream();

  /**
   * {@code this UNION other}: the rows of both, without duplicates. {@code other} reads its rows as
   * the same type, so selects of different records or scalars do not compile; the two select lists
   * must also have as many items, of the same Java types, or rendering fails naming them. The
   * result may be ordered and limited as a whole ({@code orderBy} takes result columns), and
   * combined again; operands that need it are parenthesized.
   */
  SelectOrderByStep<T> union(Select<T> other);

  /** {@code this UNION ALL other}: the rows of both, duplicates kept. */
  SelectOrderByStep<T> unionAll(Select<T> other);

  /** {@code this INTERSECT other}: the rows in both, without duplicates. */
  SelectOrderByStep<T> intersect(Select<T> other);

  /** {@code this INTERSECT ALL other}. */
  SelectOrderByStep<T> intersectAll(Select<T> other);

  /** {@code this EXCEPT other}: the rows of this not in other, without duplicates. */
  SelectOrderByStep<T> except(Select<T> other);

  /** {@code this EXCEPT ALL other}. */
  SelectOrderByStep<T> exceptAll(Select<T> other);
}
