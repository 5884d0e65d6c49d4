package dev.sluice.dsl;

import dev.sluice.RowDecoder;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What the DSL needs to run its statements: the few calls of {@link dev.sluice.Queries} a fetch,
 * stream or execute goes through. {@code Queries} (a {@code Database} or a {@code Transaction})
 * extends it, so {@code db.selectFrom(FILM)} and {@code Statements.selectFrom(tx, FILM)} take
 * either; the DSL depends on this interface alone, never on {@code Queries}, which depends on the
 * DSL for its entry points.
 */
public interface StatementExecutor {
  /**
   * All rows, decoded by {@code decoder}.
   *
   * @param <T> the row type
   * @param sql the statement, with parameters {@code $1, $2, …}
   * @param decoder how each row becomes a {@code T}
   * @param params the parameters' values, bound in order
   * @return the rows, in the order the server sent them
   */
  <T> List<T> query(String sql, RowDecoder<T> decoder, Object... params);

  /**
   * All rows as records of {@code type}, read by its generated decoder.
   *
   * @param <T> the record type
   * @param sql the statement, with parameters {@code $1, $2, …}
   * @param type a {@code @Row} or {@code @Table} record
   * @param params the parameters' values, bound in order
   * @return the rows, in the order the server sent them
   */
  <T> List<T> query(String sql, Class<T> type, Object... params);

  /**
   * The only row, or empty; more than one row fails with SQLSTATE 21000.
   *
   * @param <T> the row type
   * @param sql the statement, with parameters {@code $1, $2, …}
   * @param decoder how the row becomes a {@code T}
   * @param params the parameters' values, bound in order
   * @return the row, or empty when there is none
   */
  <T> Optional<T> queryOne(String sql, RowDecoder<T> decoder, Object... params);

  /**
   * The rows as a lazily read stream, which holds a connection until read to its end or closed.
   *
   * @param <T> the row type
   * @param sql the statement, with parameters {@code $1, $2, …}
   * @param decoder how each row becomes a {@code T}
   * @param params the parameters' values, bound in order
   * @return the rows; close it
   */
  <T> Stream<T> stream(String sql, RowDecoder<T> decoder, Object... params);

  /**
   * Runs a statement.
   *
   * @param sql the statement, with parameters {@code $1, $2, …}
   * @param params the parameters' values, bound in order
   * @return the rows it affected (or returned)
   */
  long execute(String sql, Object... params);

  /**
   * Runs {@code sql} once per parameter row as one pipeline, all rows or none.
   *
   * @param sql the statement, with parameters {@code $1, $2, …}
   * @param rows each run's parameter values
   * @return each run's row count
   */
  long[] executeBatch(String sql, List<Object[]> rows);

  /**
   * Runs {@code body} so that its writes are undone if it throws: a {@code Database} runs it in a
   * transaction of its own, a {@code Transaction} in a savepoint. This default, for an executor
   * that holds no connection from one call to the next, runs it as it is. The DSL's {@code
   * fetchOne()} of a statement that may write several rows uses it to roll back when more than one
   * row comes back.
   *
   * @param <R> what {@code body} returns
   * @param body the statements to run, on the executor it is given
   * @return what {@code body} returned
   */
  default <R> R atomically(Function<? super StatementExecutor, ? extends R> body) {
    return body.apply(this);
  }
}
