package dev.sluice.dsl;

import java.util.List;

/**
 * Detached statements: the starts of SELECT, INSERT, UPDATE, DELETE, MERGE and WITH that no {@code
 * Database} runs, for subqueries ({@code in}, {@code exists}, {@code scalar}, derived tables) and
 * for statements built only for {@link FetchStep#toSql()}. Statements that run start from a {@code
 * Database} or {@code Transaction} ({@code db.selectFrom(FILM)}), which call {@link Statements}.
 *
 * <p>The DSL's other static entry points are topical: {@link Conditions}, {@link Expressions},
 * {@link Rows}, {@link Aggregates}, {@link Windows} and {@link Tables} (CTEs, derived tables,
 * VALUES). Import those you use statically, e.g. {@code import static dev.sluice.dsl.Dsl.*}.
 */
public final class Dsl {
  private Dsl() {}

  /**
   * {@code SELECT} every column of {@code table} {@code FROM table}, detached: a subquery, or a
   * statement built for {@code toSql()}.
   *
   * @param <R> the table's record
   * @param table the table read
   * @return the JOIN step
   */
  public static <R> SelectJoinStep<R> selectFrom(Table<R> table) {
    return SelectQuery.ofTable(null, table);
  }

  /**
   * The from-first style, detached: {@code from(FILM).where(f -> …)} as a subquery or a CTE's body.
   *
   * @param <A> the table's class, what the lambdas receive
   * @param <R> the table's record
   * @param table the table read
   * @return the from-first query
   */
  public static <A extends Table<R>, R> From1Step<A, R> from(A table) {
    return new From1Step<>(SelectQuery.ofTable(null, table), table);
  }

  /**
   * {@code SELECT field}: a scalar subquery, e.g. for {@code in}.
   *
   * @param <T> the expression's Java type
   * @param field the expression selected
   * @return the FROM step
   */
  public static <T> SelectFromStep<T> select(SelectField<T> field) {
    return SelectQuery.ofField(null, false, field);
  }

  /**
   * {@code SELECT DISTINCT field}, detached.
   *
   * @param <T> the expression's Java type
   * @param field the expression selected
   * @return the FROM step
   */
  public static <T> SelectFromStep<T> selectDistinct(SelectField<T> field) {
    return SelectQuery.ofField(null, true, field);
  }

  /**
   * {@code SELECT 1}: for {@code exists(selectOne().from(…).where(…))}.
   *
   * @return the FROM step
   */
  public static SelectFromStep<Integer> selectOne() {
    return SelectQuery.ofField(null, false, Expressions.value(1));
  }

  /**
   * {@code SELECT fields}, detached, read into the {@code @Row} record {@code into} by column name.
   *
   * @param <T> the record's type
   * @param into the record each row is read into
   * @param fields the columns or named expressions selected
   * @return the FROM step
   */
  public static <T> SelectFromStep<T> select(Class<T> into, SelectField<?>... fields) {
    return SelectQuery.ofRecord(null, false, into, fields);
  }

  /**
   * {@code SELECT DISTINCT fields}, detached, read into the {@code @Row} record {@code into}.
   *
   * @param <T> the record's type
   * @param into the record each row is read into, by column name
   * @param fields the columns or named expressions selected
   * @return the FROM step
   */
  public static <T> SelectFromStep<T> selectDistinct(Class<T> into, SelectField<?>... fields) {
    return SelectQuery.ofRecord(null, true, into, fields);
  }

  /**
   * {@code WITH ctes} in front of a detached SELECT.
   *
   * @param ctes the CTEs, in order; each may read the ones before it
   * @return the step of the statement that follows the WITH
   * @throws IllegalArgumentException if no CTE is given
   */
  public static WithStep with(Cte<?>... ctes) {
    return new WithStep(null, List.of(ctes));
  }

  /**
   * {@code INSERT INTO table}, detached: for {@code toSql()} or a data-modifying CTE.
   *
   * @param <R> the table's record
   * @param table the table inserted into
   * @return the step that takes the rows
   */
  public static <R> InsertStep<R> insertInto(Table<R> table) {
    return new InsertQuery<>(null, table);
  }

  /**
   * {@code UPDATE table SET …}, detached: for {@code toSql()} or a data-modifying CTE. A WHERE is
   * required, or an explicit {@code allRows()}.
   *
   * @param <A> the table's class, what a {@code where} lambda receives
   * @param <R> the table's record
   * @param table the table updated
   * @return the SET step
   */
  public static <A extends Table<R>, R> UpdateSetStep<A, R> update(A table) {
    return new UpdateQuery<>(null, table);
  }

  /**
   * {@code DELETE FROM table}, detached: for {@code toSql()} or a data-modifying CTE. A WHERE is
   * required, or an explicit {@code allRows()}.
   *
   * @param <A> the table's class, what a {@code where} lambda receives
   * @param <R> the table's record
   * @param table the table deleted from
   * @return the WHERE step
   */
  public static <A extends Table<R>, R> DeleteWhereStep<A, R> deleteFrom(A table) {
    return new DeleteQuery<>(null, table);
  }

  /**
   * {@code excluded}: the row an INSERT proposed, for {@code ON CONFLICT … DO UPDATE}; its columns
   * are {@code table}'s, typed, rendered {@code excluded.column}.
   *
   * @param <A> the table's class
   * @param <R> the table's record
   * @param table the inserted table
   * @return the table's class, reading {@code excluded}
   * @throws IllegalArgumentException if {@code table} is null
   */
  public static <A extends Table<R>, R> A excluded(A table) {
    return DslDml.excluded(table);
  }

  /**
   * {@code MERGE INTO target}, detached (for {@code toSql()} or a CTE).
   *
   * @param <R> the target's record
   * @param target the table merged into
   * @return the USING step
   * @throws IllegalArgumentException if {@code target} is null
   */
  public static <R> MergeUsingStep<R> mergeInto(Table<R> target) {
    return DslDml.mergeInto(null, target);
  }

  /**
   * {@code SELECT a, b}, each row a {@link Tuple2}: detached, e.g. for {@code toSql}.
   *
   * @param <A> the first expression's Java type
   * @param <B> the second expression's Java type
   * @param a the first expression
   * @param b the second expression
   * @return the FROM step
   */
  public static <A, B> SelectFromStep<Tuple2<A, B>> select(SelectField<A> a, SelectField<B> b) {
    return SelectQuery.ofTuple(null, a, b);
  }

  /**
   * {@code SELECT a, b, c}, each row a {@link Tuple3}.
   *
   * @param <A> the first expression's Java type
   * @param <B> the second expression's Java type
   * @param <C> the third expression's Java type
   * @param a the first expression
   * @param b the second expression
   * @param c the third expression
   * @return the FROM step
   */
  public static <A, B, C> SelectFromStep<Tuple3<A, B, C>> select(
      SelectField<A> a, SelectField<B> b, SelectField<C> c) {
    return SelectQuery.ofTuple(null, a, b, c);
  }

  // ---- generated by TuplesTemplate ----

  /**
   * {@code SELECT} 4 expressions, each row a {@link Tuple4}: detached.
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
  public static <A, B, C, D> SelectFromStep<Tuple4<A, B, C, D>> select(
      SelectField<A> a, SelectField<B> b, SelectField<C> c, SelectField<D> d) {
    return SelectQuery.ofTuple(null, a, b, c, d);
  }

  /**
   * {@code SELECT} 5 expressions, each row a {@link Tuple5}: detached.
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
  public static <A, B, C, D, E> SelectFromStep<Tuple5<A, B, C, D, E>> select(
      SelectField<A> a, SelectField<B> b, SelectField<C> c, SelectField<D> d, SelectField<E> e) {
    return SelectQuery.ofTuple(null, a, b, c, d, e);
  }

  /**
   * {@code SELECT} 6 expressions, each row a {@link Tuple6}: detached.
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
  public static <A, B, C, D, E, F> SelectFromStep<Tuple6<A, B, C, D, E, F>> select(
      SelectField<A> a,
      SelectField<B> b,
      SelectField<C> c,
      SelectField<D> d,
      SelectField<E> e,
      SelectField<F> f) {
    return SelectQuery.ofTuple(null, a, b, c, d, e, f);
  }

  /**
   * {@code SELECT} 7 expressions, each row a {@link Tuple7}: detached.
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
  public static <A, B, C, D, E, F, G> SelectFromStep<Tuple7<A, B, C, D, E, F, G>> select(
      SelectField<A> a,
      SelectField<B> b,
      SelectField<C> c,
      SelectField<D> d,
      SelectField<E> e,
      SelectField<F> f,
      SelectField<G> g) {
    return SelectQuery.ofTuple(null, a, b, c, d, e, f, g);
  }

  /**
   * {@code SELECT} 8 expressions, each row a {@link Tuple8}: detached.
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
  public static <A, B, C, D, E, F, G, H> SelectFromStep<Tuple8<A, B, C, D, E, F, G, H>> select(
      SelectField<A> a,
      SelectField<B> b,
      SelectField<C> c,
      SelectField<D> d,
      SelectField<E> e,
      SelectField<F> f,
      SelectField<G> g,
      SelectField<H> h) {
    return SelectQuery.ofTuple(null, a, b, c, d, e, f, g, h);
  }

  // ---- end of what TuplesTemplate generates ----
}
