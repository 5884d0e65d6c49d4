package dev.sluice.dsl;

import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A query whose rows can be read in every way: all at once ({@link #fetch()}), one ({@link
 * #fetchOne()}), as they arrive ({@link #stream()}, {@link #forEach}), or each made into something
 * else as it is decoded ({@link #map}). Every SELECT ({@link Select}) is one, and so is a
 * from-first query ({@code db.from(FILM)…}) and a mapped query.
 *
 * @param <T> what each row is read into
 */
public interface RowsStep<T> extends FetchStep<T> {
  /**
   * Runs the query and hands each row to {@code action} as it is read, building no list: memory
   * stays bounded by the connection's receive buffer (rows come in chunks), whatever the number of
   * rows. If {@code action} throws, the query is stopped, the connection kept, and the exception
   * rethrown.
   *
   * @param action called with each row, in order, on the calling thread
   */
  void forEach(Consumer<? super T> action);

  /**
   * Runs the query and returns its rows as a lazily read stream, with the driver's bounded memory;
   * it holds a connection until read to its end or closed, so close it (try-with-resources). See
   * {@link dev.sluice.Queries#stream(String, Class, Object...)}.
   *
   * @return the rows, read as the stream is consumed; close it
   */
  Stream<T> stream();

  /**
   * The same query, each row made into a {@code U} by {@code mapper} as it is decoded, for any of
   * the ways to read it: {@code db.select(FILM.title, FILM.length).from(FILM).map(t ->
   * t.map(Title::new)).stream()} streams Titles with the same bounded memory. The SQL does not
   * change; {@code mapper} runs once per row, on the thread reading the rows. The mapped query is
   * no {@link Select}: it reads rows, it is not a subquery or a set operation's operand.
   *
   * @param <U> what each row is made into
   * @param mapper makes a {@code U} of each row as it is read
   * @return the mapped query
   */
  <U> RowsStep<U> map(Function<? super T, ? extends U> mapper);
}
