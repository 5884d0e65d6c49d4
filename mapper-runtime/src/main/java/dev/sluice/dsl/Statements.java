package dev.sluice.dsl;

import java.util.List;

/**
 * Statements that run on a {@link StatementExecutor} (a {@code Database} or {@code Transaction}):
 * what {@code db.selectFrom(FILM)}, {@code tx.insertInto(FILM)} and the executor's other methods of
 * the same name call. The detached forms, for subqueries, are on {@link Dsl}.
 */
public final class Statements {
  private Statements() {}

  /**
   * {@code SELECT} every column of {@code table} {@code FROM table}, read into its record.
   *
   * @param <R> the table's record
   * @param queries the Database or Transaction the statement runs on
   * @param table the table read
   * @return the JOIN step
   */
  public static <R> SelectJoinStep<R> selectFrom(StatementExecutor queries, Table<R> table) {
    return SelectQuery.ofTable(queries, table);
  }

  /**
   * The from-first style: {@code from(FILM).where(f -> …).fetch()}.
   *
   * @param <A> the table's class, what the lambdas receive
   * @param <R> the table's record
   * @param queries the Database or Transaction the statement runs on
   * @param table the table read
   * @return the from-first query
   */
  public static <A extends Table<R>, R> From1Step<A, R> from(StatementExecutor queries, A table) {
    return new From1Step<>(SelectQuery.ofTable(queries, table), table);
  }

  /**
   * {@code SELECT field}, the fluent way: {@code db.select(FILM.title).from(FILM)…}.
   *
   * @param <T> the expression's Java type
   * @param queries the Database or Transaction the statement runs on
   * @param field the expression selected
   * @return the FROM step
   */
  public static <T> SelectFromStep<T> select(StatementExecutor queries, SelectField<T> field) {
    return SelectQuery.ofField(queries, false, field);
  }

  /**
   * {@code SELECT fields}, read into the {@code @Row} record {@code into} by column name.
   *
   * @param <T> the record's type
   * @param queries the Database or Transaction the statement runs on
   * @param into the {@code @Row} record each row is read into
   * @param fields the columns or named expressions selected
   * @return the FROM step
   */
  public static <T> SelectFromStep<T> select(
      StatementExecutor queries, Class<T> into, SelectField<?>... fields) {
    return SelectQuery.ofRecord(queries, false, into, fields);
  }

  /**
   * {@code SELECT DISTINCT field}, the fluent way: the distinct values of one expression.
   *
   * @param <T> the expression's Java type
   * @param queries the Database or Transaction the statement runs on
   * @param field the expression selected
   * @return the FROM step
   */
  public static <T> SelectFromStep<T> selectDistinct(
      StatementExecutor queries, SelectField<T> field) {
    return SelectQuery.ofField(queries, true, field);
  }

  /**
   * {@code SELECT DISTINCT fields}, read into the {@code @Row} record {@code into} by column name.
   *
   * @param <T> the record's type
   * @param queries the Database or Transaction the statement runs on
   * @param into the record each row is read into
   * @param fields the columns or named expressions selected
   * @return the FROM step
   */
  public static <T> SelectFromStep<T> selectDistinct(
      StatementExecutor queries, Class<T> into, SelectField<?>... fields) {
    return SelectQuery.ofRecord(queries, true, into, fields);
  }

  /**
   * {@code WITH ctes} in front of the SELECT that follows: {@code db.with(lf).selectFrom(…)}.
   *
   * @param queries the Database or Transaction the statement runs on
   * @param ctes the CTEs, in order; each may read the ones before it
   * @return the step of the statement that follows the WITH
   * @throws IllegalArgumentException if no CTE is given
   */
  public static WithStep with(StatementExecutor queries, Cte<?>... ctes) {
    return new WithStep(queries, List.of(ctes));
  }

  /**
   * {@code INSERT INTO table}, run on {@code queries}: then the rows ({@code values}, {@code set},
   * {@code columns(…).select(…)}).
   *
   * @param <R> the table's record
   * @param queries the Database or Transaction the statement runs on
   * @param table the table inserted into
   * @return the step that takes the rows
   */
  public static <R> InsertStep<R> insertInto(StatementExecutor queries, Table<R> table) {
    return new InsertQuery<>(queries, table);
  }

  /**
   * {@code UPDATE table SET …}, run on {@code queries}. It never updates every row by accident: a
   * WHERE is required, or an explicit {@code allRows()}.
   *
   * @param <A> the table's class, what a {@code where} lambda receives
   * @param <R> the table's record
   * @param queries the Database or Transaction the statement runs on
   * @param table the table updated
   * @return the SET step
   */
  public static <A extends Table<R>, R> UpdateSetStep<A, R> update(
      StatementExecutor queries, A table) {
    return new UpdateQuery<>(queries, table);
  }

  /**
   * {@code DELETE FROM table}, run on {@code queries}. It never deletes every row by accident: a
   * WHERE is required, or an explicit {@code allRows()}.
   *
   * @param <A> the table's class, what a {@code where} lambda receives
   * @param <R> the table's record
   * @param queries the Database or Transaction the statement runs on
   * @param table the table deleted from
   * @return the WHERE step
   */
  public static <A extends Table<R>, R> DeleteWhereStep<A, R> deleteFrom(
      StatementExecutor queries, A table) {
    return new DeleteQuery<>(queries, table);
  }

  /**
   * {@code MERGE INTO target} on a Database or Transaction: {@code mergeInto(db, T).using(…)}.
   *
   * @param <R> the target's record
   * @param queries the Database or Transaction the statement runs on
   * @param target the table merged into
   * @return the USING step
   * @throws IllegalArgumentException if {@code target} is null
   */
  public static <R> MergeUsingStep<R> mergeInto(StatementExecutor queries, Table<R> target) {
    return DslDml.mergeInto(queries, target);
  }

  /**
   * {@code db.select(a, b)}'s implementation (Queries calls it).
   *
   * @param <A> the first expression's Java type
   * @param <B> the second expression's Java type
   * @param queries the Database or Transaction the statement runs on
   * @param a the first expression
   * @param b the second expression
   * @return the FROM step
   */
  public static <A, B> SelectFromStep<Tuple2<A, B>> select(
      StatementExecutor queries, SelectField<A> a, SelectField<B> b) {
    return SelectQuery.ofTuple(queries, a, b);
  }

  /**
   * {@code db.select(a, b, c)}'s implementation (Queries calls it).
   *
   * @param <A> the first expression's Java type
   * @param <B> the second expression's Java type
   * @param <C> the third expression's Java type
   * @param queries the Database or Transaction the statement runs on
   * @param a the first expression
   * @param b the second expression
   * @param c the third expression
   * @return the FROM step
   */
  public static <A, B, C> SelectFromStep<Tuple3<A, B, C>> select(
      StatementExecutor queries, SelectField<A> a, SelectField<B> b, SelectField<C> c) {
    return SelectQuery.ofTuple(queries, a, b, c);
  }

  // ---- generated by TuplesTemplate ----

  /**
   * {@code db.select(…)} of 4 expressions (Queries calls it).
   *
   * @param queries the Database or Transaction the statement runs on
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
  public static <A, B, C, D> SelectFromStep<Tuple4<A, B, C, D>> select(
      StatementExecutor queries,
      SelectField<A> a,
      SelectField<B> b,
      SelectField<C> c,
      SelectField<D> d) {
    return SelectQuery.ofTuple(queries, a, b, c, d);
  }

  /**
   * {@code db.select(…)} of 5 expressions (Queries calls it).
   *
   * @param queries the Database or Transaction the statement runs on
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
  public static <A, B, C, D, E> SelectFromStep<Tuple5<A, B, C, D, E>> select(
      StatementExecutor queries,
      SelectField<A> a,
      SelectField<B> b,
      SelectField<C> c,
      SelectField<D> d,
      SelectField<E> e) {
    return SelectQuery.ofTuple(queries, a, b, c, d, e);
  }

  /**
   * {@code db.select(…)} of 6 expressions (Queries calls it).
   *
   * @param queries the Database or Transaction the statement runs on
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
  public static <A, B, C, D, E, F> SelectFromStep<Tuple6<A, B, C, D, E, F>> select(
      StatementExecutor queries,
      SelectField<A> a,
      SelectField<B> b,
      SelectField<C> c,
      SelectField<D> d,
      SelectField<E> e,
      SelectField<F> f) {
    return SelectQuery.ofTuple(queries, a, b, c, d, e, f);
  }

  /**
   * {@code db.select(…)} of 7 expressions (Queries calls it).
   *
   * @param queries the Database or Transaction the statement runs on
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
  public static <A, B, C, D, E, F, G> SelectFromStep<Tuple7<A, B, C, D, E, F, G>> select(
      StatementExecutor queries,
      SelectField<A> a,
      SelectField<B> b,
      SelectField<C> c,
      SelectField<D> d,
      SelectField<E> e,
      SelectField<F> f,
      SelectField<G> g) {
    return SelectQuery.ofTuple(queries, a, b, c, d, e, f, g);
  }

  /**
   * {@code db.select(…)} of 8 expressions (Queries calls it).
   *
   * @param queries the Database or Transaction the statement runs on
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
  public static <A, B, C, D, E, F, G, H> SelectFromStep<Tuple8<A, B, C, D, E, F, G, H>> select(
      StatementExecutor queries,
      SelectField<A> a,
      SelectField<B> b,
      SelectField<C> c,
      SelectField<D> d,
      SelectField<E> e,
      SelectField<F> f,
      SelectField<G> g,
      SelectField<H> h) {
    return SelectQuery.ofTuple(queries, a, b, c, d, e, f, g, h);
  }

  // ---- end of what TuplesTemplate generates ----
}
