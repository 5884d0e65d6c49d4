package dev.sluice;

import dev.sluice.dsl.Cte;
import dev.sluice.dsl.DeleteWhereStep;
import dev.sluice.dsl.From1Step;
import dev.sluice.dsl.InsertStep;
import dev.sluice.dsl.MergeUsingStep;
import dev.sluice.dsl.SelectField;
import dev.sluice.dsl.SelectFromStep;
import dev.sluice.dsl.SelectJoinStep;
import dev.sluice.dsl.StatementExecutor;
import dev.sluice.dsl.Statements;
import dev.sluice.dsl.Table;
import dev.sluice.dsl.Tuple2;
import dev.sluice.dsl.Tuple3;
import dev.sluice.dsl.Tuple4;
import dev.sluice.dsl.Tuple5;
import dev.sluice.dsl.Tuple6;
import dev.sluice.dsl.Tuple7;
import dev.sluice.dsl.Tuple8;
import dev.sluice.dsl.UpdateSetStep;
import dev.sluice.dsl.WithStep;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The statements a {@link Database} (on a pooled connection per call) and a {@link Transaction} (on
 * its one connection) run. Parameters are {@code $1, $2, …} in the SQL and are always bound, never
 * inlined. Every query is prepared on its first use on a connection and cached there; results are
 * read in binary and decoded in place.
 */
public interface Queries extends StatementExecutor {
  /** All rows, decoded by {@code decoder}. */
  <T> List<T> query(String sql, RowDecoder<T> decoder, Object... params);

  /**
   * All rows as records of {@code type}, decoded by its generated decoder ({@code TypeDecoder}).
   */
  <T> List<T> query(String sql, Class<T> type, Object... params);

  /** The only row, or empty; more than one row fails with SQLSTATE 21000. */
  <T> Optional<T> queryOne(String sql, RowDecoder<T> decoder, Object... params);

  /**
   * The only row as a record of {@code type}, or empty; more than one row fails (21000).
   *
   * @param <T> the record's type
   * @param sql the statement, its parameters {@code $1, $2, …}
   * @param type the {@code @Row} record a row is read into
   * @param params the parameters' values, bound in order
   * @return the only row, or empty
   * @throws PgException if the statement fails, or with SQLSTATE 21000 if it returns more than one
   *     row
   */
  <T> Optional<T> queryOne(String sql, Class<T> type, Object... params);

  /**
   * Hands each row to {@code action} as it is decoded, building no list: for results larger than
   * memory. If {@code action} throws, the query is cancelled, the connection drained and kept, and
   * the exception rethrown.
   *
   * @param <T> what each row is read into
   * @param sql the statement, its parameters {@code $1, $2, …}
   * @param decoder reads each row
   * @param action called with each row, in order, on the calling thread
   * @param params the parameters' values, bound in order
   * @throws PgException if the statement fails
   */
  <T> void forEach(String sql, RowDecoder<T> decoder, Consumer<? super T> action, Object... params);

  /**
   * The rows as a lazily read stream, for results larger than memory: rows are decoded as the
   * stream is consumed and memory stays bounded by the connection's receive buffer (rows are
   * fetched in chunks of 8,192). The stream holds a connection until it is read to its end or
   * closed, so close it — use try-with-resources. Closing it before the end stops the query without
   * failing anything, in or out of a transaction, and keeps the connection usable. On a Database
   * the connection returns to the pool as soon as the last row is read, or at close; in a
   * Transaction nothing else may run on it until then. A stream that is dropped neither finished
   * nor closed is found when it is garbage-collected: a warning names where it was opened, and its
   * connection is closed and replaced.
   */
  <T> Stream<T> stream(String sql, RowDecoder<T> decoder, Object... params);

  /**
   * {@link #stream(String, RowDecoder, Object...)} into records of {@code type}. Must be closed.
   *
   * @param <T> the record's type
   * @param sql the statement, its parameters {@code $1, $2, …}
   * @param type the {@code @Row} record a row is read into
   * @param params the parameters' values, bound in order
   * @return the rows, read as the stream is consumed; close it
   * @throws PgException if the statement fails (when opened, or as its rows are read)
   */
  <T> Stream<T> stream(String sql, Class<T> type, Object... params);

  /** Runs a statement; returns the rows it affected (or returned). */
  long execute(String sql, Object... params);

  /**
   * Runs {@code sql} once per parameter row as one pipeline (one round trip's worth of latency, not
   * N). All rows or none: the pipeline runs as one implicit transaction, or inside the enclosing
   * one. Returns each row's count.
   */
  long[] executeBatch(String sql, List<Object[]> rows);

  /**
   * Runs the statements {@code block} queues on the {@link Pipeline} it is given as one pipeline of
   * independent statements ({@link Pipeline.Mode#INDEPENDENT}): every statement is sent before any
   * result is read; each {@link Pipelined} handle holds its result afterwards. Returns what the
   * block returned (its handles, typically).
   *
   * @param <R> what {@code block} returns
   * @param block queues the statements on the pipeline it is given
   * @return what {@code block} returned
   */
  default <R> R pipeline(java.util.function.Function<Pipeline, R> block) {
    return pipeline(Pipeline.Mode.INDEPENDENT, block);
  }

  /**
   * {@link #pipeline(java.util.function.Function)} in the given {@link Pipeline.Mode}.
   *
   * @param <R> what {@code block} returns
   * @param mode each statement its own implicit transaction ({@code INDEPENDENT}), or all in one
   *     ({@code ATOMIC})
   * @param block queues the statements on the pipeline it is given
   * @return what {@code block} returned
   */
  <R> R pipeline(Pipeline.Mode mode, java.util.function.Function<Pipeline, R> block);

  /**
   * Runs a script of one or more statements (simple query protocol, no parameters).
   *
   * @param sql the statements, separated by semicolons; trusted text only, as nothing is bound
   * @throws PgException if a statement fails; the ones after it do not run
   */
  void executeScript(String sql);

  /**
   * {@code COPY … TO STDOUT} (text, CSV or binary, as the statement says): its data is written to
   * {@code out} as it arrives, in bounded memory; returns the rows copied. COPY takes no
   * parameters: build the statement from trusted text only. If {@code out} throws, the COPY is
   * cancelled and its rest drained (within 5 s, else the connection is closed), and the exception
   * is rethrown.
   *
   * @param sql the {@code COPY … TO STDOUT} statement
   * @param out receives the data; not closed here
   * @return the number of rows copied
   * @throws PgException if the COPY fails
   */
  long copyOut(String sql, java.io.OutputStream out);

  /**
   * The rows of {@code query} (a SELECT, or any query returning rows) through a binary {@code COPY
   * (query) TO STDOUT}, each decoded by {@code type}'s generated decoder straight from the receive
   * buffer and handed to {@code consumer}; returns the row count. For large exports: cheaper per
   * row than a query on the server's side. COPY takes no parameters, so neither does this: build
   * the query from trusted text only. Every column needs a binary form here (cast others to text).
   * If {@code consumer} throws, the COPY is cancelled and drained, and the exception rethrown.
   *
   * @param <T> the record's type
   * @param query the query whose rows are copied
   * @param type the {@code @Row} record a row is read into
   * @param consumer called with each row, in order, on the calling thread
   * @return the number of rows copied
   * @throws PgException if the COPY fails
   */
  <T> long copyOut(String query, Class<T> type, java.util.function.Consumer<? super T> consumer);

  /**
   * {@link #copyOut(String, Class, java.util.function.Consumer)} with a decoder of your own.
   *
   * @param <T> what each row is read into
   * @param query the query whose rows are copied
   * @param decoder reads each row, in binary
   * @param consumer called with each row, in order, on the calling thread
   * @return the number of rows copied
   * @throws PgException if the COPY fails
   */
  <T> long copyOut(
      String query, RowDecoder<T> decoder, java.util.function.Consumer<? super T> consumer);

  /**
   * Copies {@code records} into {@code table} with a binary {@code COPY … FROM STDIN} of every
   * column but the {@code @Generated} ones, each value in its column's exact binary type (the
   * columns are described first), from the generated table metadata; returns the rows copied. One
   * statement: all rows or none. COPY fires row and statement triggers but no rules, and has no
   * RETURNING or ON CONFLICT, so no generated keys come back. A value that cannot be encoded, or a
   * source that throws, aborts the COPY (nothing is written) and the error names the row's index.
   *
   * @param <R> the table's record
   * @param table the generated table metadata of the table copied into
   * @param records the rows, read once, in order
   * @return the number of rows copied
   * @throws PgException if the COPY fails, or a value cannot be encoded (nothing is written)
   */
  <R> long copyIn(dev.sluice.dsl.Table<R> table, java.util.Iterator<? extends R> records);

  /**
   * {@link #copyIn(dev.sluice.dsl.Table, java.util.Iterator)} from a list or any Iterable.
   *
   * @param <R> the table's record
   * @param table the generated table metadata of the table copied into
   * @param records the rows, in order
   * @return the number of rows copied
   * @throws PgException if the COPY fails, or a value cannot be encoded (nothing is written)
   */
  default <R> long copyIn(dev.sluice.dsl.Table<R> table, Iterable<? extends R> records) {
    return copyIn(table, records.iterator());
  }

  /**
   * {@link #copyIn(dev.sluice.dsl.Table, java.util.Iterator)} from a stream (not closed here).
   *
   * @param <R> the table's record
   * @param table the generated table metadata of the table copied into
   * @param records the rows, in order
   * @return the number of rows copied
   * @throws PgException if the COPY fails, or a value cannot be encoded (nothing is written)
   */
  default <R> long copyIn(dev.sluice.dsl.Table<R> table, Stream<? extends R> records) {
    return copyIn(table, records.iterator());
  }

  /**
   * {@code COPY … FROM STDIN}: streams {@code data} to the server; returns the rows copied.
   *
   * @param sql the {@code COPY … FROM STDIN} statement
   * @param data the data, in the statement's format; read to its end, not closed here
   * @return the number of rows copied
   * @throws PgException if the COPY fails
   */
  long copyIn(String sql, InputStream data);

  // ---- the DSL (dev.sluice.dsl): statements built over generated table metadata, run here ----

  /**
   * {@code SELECT} every column {@code FROM table}: {@code db.selectFrom(FILM).where(…).fetch()}.
   *
   * @param <R> the table's record
   * @param table the table read
   * @return the JOIN step
   */
  default <R> SelectJoinStep<R> selectFrom(Table<R> table) {
    return Statements.selectFrom(this, table);
  }

  /**
   * The from-first style, lambdas receiving the tables: {@code db.from(FILM).where(f -> …)}.
   *
   * @param <A> the table's class, what the lambdas receive
   * @param <R> the table's record
   * @param table the table read
   * @return the from-first query
   */
  default <A extends Table<R>, R> From1Step<A, R> from(A table) {
    return Statements.from(this, table);
  }

  /**
   * {@code SELECT field}, then FROM: {@code db.select(FILM.title).from(FILM).where(…)}.
   *
   * @param <T> the expression's Java type
   * @param field the expression selected
   * @return the FROM step
   */
  default <T> SelectFromStep<T> select(SelectField<T> field) {
    return Statements.select(this, field);
  }

  /**
   * {@code SELECT fields} read into the {@code @Row} record {@code into}, then FROM.
   *
   * @param <T> the record's type
   * @param into the record each row is read into, by column name
   * @param fields the columns or named expressions selected
   * @return the FROM step
   */
  default <T> SelectFromStep<T> select(Class<T> into, SelectField<?>... fields) {
    return Statements.select(this, into, fields);
  }

  /**
   * {@code SELECT a, b}, each row a {@code Tuple2}: {@code t.map(Title::new)} for a record.
   *
   * @param <A> the first expression's Java type
   * @param <B> the second expression's Java type
   * @param a the first expression
   * @param b the second expression
   * @return the FROM step
   */
  default <A, B> SelectFromStep<Tuple2<A, B>> select(SelectField<A> a, SelectField<B> b) {
    return Statements.select(this, a, b);
  }

  /**
   * {@code SELECT a, b, c}, each row a {@code Tuple3}.
   *
   * @param <A> the first expression's Java type
   * @param <B> the second expression's Java type
   * @param <C> the third expression's Java type
   * @param a the first expression
   * @param b the second expression
   * @param c the third expression
   * @return the FROM step
   */
  default <A, B, C> SelectFromStep<Tuple3<A, B, C>> select(
      SelectField<A> a, SelectField<B> b, SelectField<C> c) {
    return Statements.select(this, a, b, c);
  }

  // ---- generated by TuplesTemplate ----

  /**
   * {@code SELECT} 4 expressions, each row a {@code Tuple4}.
   *
   * @param <A> the first expression's Java type
   * @param <B> the second expression's Java type
   * @param <C> the third expression's Java type
   * @param <D> the fourth expression's Java type
   * @param a the first expression
   * @param b the second expression
   * @param c the third expression
   * @param d the fourth expression
   * @return the FROM step
   */
  default <A, B, C, D> SelectFromStep<Tuple4<A, B, C, D>> select(
      SelectField<A> a, SelectField<B> b, SelectField<C> c, SelectField<D> d) {
    return Statements.select(this, a, b, c, d);
  }

  /**
   * {@code SELECT} 5 expressions, each row a {@code Tuple5}.
   *
   * @param <A> the first expression's Java type
   * @param <B> the second expression's Java type
   * @param <C> the third expression's Java type
   * @param <D> the fourth expression's Java type
   * @param <E> the fifth expression's Java type
   * @param a the first expression
   * @param b the second expression
   * @param c the third expression
   * @param d the fourth expression
   * @param e the fifth expression
   * @return the FROM step
   */
  default <A, B, C, D, E> SelectFromStep<Tuple5<A, B, C, D, E>> select(
      SelectField<A> a, SelectField<B> b, SelectField<C> c, SelectField<D> d, SelectField<E> e) {
    return Statements.select(this, a, b, c, d, e);
  }

  /**
   * {@code SELECT} 6 expressions, each row a {@code Tuple6}.
   *
   * @param <A> the first expression's Java type
   * @param <B> the second expression's Java type
   * @param <C> the third expression's Java type
   * @param <D> the fourth expression's Java type
   * @param <E> the fifth expression's Java type
   * @param <F> the sixth expression's Java type
   * @param a the first expression
   * @param b the second expression
   * @param c the third expression
   * @param d the fourth expression
   * @param e the fifth expression
   * @param f the sixth expression
   * @return the FROM step
   */
  default <A, B, C, D, E, F> SelectFromStep<Tuple6<A, B, C, D, E, F>> select(
      SelectField<A> a,
      SelectField<B> b,
      SelectField<C> c,
      SelectField<D> d,
      SelectField<E> e,
      SelectField<F> f) {
    return Statements.select(this, a, b, c, d, e, f);
  }

  /**
   * {@code SELECT} 7 expressions, each row a {@code Tuple7}.
   *
   * @param <A> the first expression's Java type
   * @param <B> the second expression's Java type
   * @param <C> the third expression's Java type
   * @param <D> the fourth expression's Java type
   * @param <E> the fifth expression's Java type
   * @param <F> the sixth expression's Java type
   * @param <G> the seventh expression's Java type
   * @param a the first expression
   * @param b the second expression
   * @param c the third expression
   * @param d the fourth expression
   * @param e the fifth expression
   * @param f the sixth expression
   * @param g the seventh expression
   * @return the FROM step
   */
  default <A, B, C, D, E, F, G> SelectFromStep<Tuple7<A, B, C, D, E, F, G>> select(
      SelectField<A> a,
      SelectField<B> b,
      SelectField<C> c,
      SelectField<D> d,
      SelectField<E> e,
      SelectField<F> f,
      SelectField<G> g) {
    return Statements.select(this, a, b, c, d, e, f, g);
  }

  /**
   * {@code SELECT} 8 expressions, each row a {@code Tuple8}.
   *
   * @param <A> the first expression's Java type
   * @param <B> the second expression's Java type
   * @param <C> the third expression's Java type
   * @param <D> the fourth expression's Java type
   * @param <E> the fifth expression's Java type
   * @param <F> the sixth expression's Java type
   * @param <G> the seventh expression's Java type
   * @param <H> the eighth expression's Java type
   * @param a the first expression
   * @param b the second expression
   * @param c the third expression
   * @param d the fourth expression
   * @param e the fifth expression
   * @param f the sixth expression
   * @param g the seventh expression
   * @param h the eighth expression
   * @return the FROM step
   */
  default <A, B, C, D, E, F, G, H> SelectFromStep<Tuple8<A, B, C, D, E, F, G, H>> select(
      SelectField<A> a,
      SelectField<B> b,
      SelectField<C> c,
      SelectField<D> d,
      SelectField<E> e,
      SelectField<F> f,
      SelectField<G> g,
      SelectField<H> h) {
    return Statements.select(this, a, b, c, d, e, f, g, h);
  }

  // ---- end of what TuplesTemplate generates ----

  /**
   * {@code SELECT DISTINCT field}, then FROM: the distinct values of one expression.
   *
   * @param <T> the expression's Java type
   * @param field the expression selected
   * @return the FROM step
   */
  default <T> SelectFromStep<T> selectDistinct(SelectField<T> field) {
    return Statements.selectDistinct(this, field);
  }

  /**
   * {@code SELECT DISTINCT fields} read into the {@code @Row} record {@code into}, then FROM.
   *
   * @param <T> the record's type
   * @param into the record each row is read into, by column name
   * @param fields the columns or named expressions selected
   * @return the FROM step
   */
  default <T> SelectFromStep<T> selectDistinct(Class<T> into, SelectField<?>... fields) {
    return Statements.selectDistinct(this, into, fields);
  }

  /**
   * {@code WITH ctes} in front of a SELECT: {@code db.with(lf).from(lf.table()).where(f -> …)}, the
   * CTEs made with {@code Tables.cte(…)}.
   *
   * @param ctes the CTEs, in order; each may read the ones before it
   * @return the step of the statement that follows the WITH
   * @throws IllegalArgumentException if no CTE is given
   */
  default WithStep with(Cte<?>... ctes) {
    return Statements.with(this, ctes);
  }

  /**
   * {@code INSERT INTO table}: {@code db.insertInto(FILM).values(film).execute()}.
   *
   * @param <R> the table's record
   * @param table the table inserted into
   * @return the step that takes the rows
   */
  default <R> InsertStep<R> insertInto(Table<R> table) {
    return Statements.insertInto(this, table);
  }

  /**
   * {@code UPDATE table}: {@code db.update(FILM).set(FILM.title, t).where(…).execute()}.
   *
   * @param <A> the table's class, what a {@code where} lambda receives
   * @param <R> the table's record
   * @param table the table updated
   * @return the SET step, then a WHERE or an explicit {@code allRows()}
   */
  default <A extends Table<R>, R> UpdateSetStep<A, R> update(A table) {
    return Statements.update(this, table);
  }

  /**
   * {@code DELETE FROM table}: {@code db.deleteFrom(FILM).where(…).execute()}.
   *
   * @param <A> the table's class, what a {@code where} lambda receives
   * @param <R> the table's record
   * @param table the table deleted from
   * @return the WHERE step: a WHERE or an explicit {@code allRows()}
   */
  default <A extends Table<R>, R> DeleteWhereStep<A, R> deleteFrom(A table) {
    return Statements.deleteFrom(this, table);
  }

  /**
   * {@code MERGE INTO table} (PostgreSQL 15+): {@code db.mergeInto(FILM).using(src).on(…)
   * .whenMatched().thenUpdate()…execute()}; a MERGE without a WHEN clause does not compile.
   *
   * @param <R> the target's record
   * @param table the table merged into
   * @return the USING step
   */
  default <R> MergeUsingStep<R> mergeInto(Table<R> table) {
    return Statements.mergeInto(this, table);
  }

  /**
   * The generated implementation of the {@code @Dao} interface {@code type} ({@code FilmDaoImpl}),
   * running its statements here: on a Database each call takes a pooled connection, on a
   * Transaction they run in the transaction (and fail once it has ended). Cheap: the implementation
   * is found once per interface and cached.
   *
   * @param <D> the {@code @Dao} interface
   * @param type the interface
   * @return the implementation, running on these queries
   * @throws PgException with SQLSTATE 42704 if {@code type} is not an interface or has no generated
   *     implementation (the annotation processor did not run)
   */
  <D> D dao(Class<D> type);
}
