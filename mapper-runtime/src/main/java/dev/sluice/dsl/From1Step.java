package dev.sluice.dsl;

import java.util.List;
import java.util.function.Function;

/**
 * {@code from(A)}: one table, whose rows {@link #fetch()} returns.
 *
 * @param <A> the table's generated class ({@code FilmTable}), what the lambdas receive
 * @param <R> its record
 */
public final class From1Step<A extends Table<R>, R> extends FromStep<R, From1Step<A, R>> {
  private final A a;

  From1Step(SelectQuery<R> query, A a) {
    super(query);
    this.a = a;
  }

  /** The table, for {@link Tables#cte(String, From1Step)}. */
  A table() {
    return a;
  }

  @Override
  From1Step<A, R> self() {
    return this;
  }

  /**
   * ANDs the condition {@code where} makes of the table: {@code f -> f.title.like("A%")}.
   *
   * @param where given the table; makes the condition
   * @return this step
   */
  public From1Step<A, R> where(Function<? super A, ? extends Condition> where) {
    return where(where.apply(a));
  }

  /**
   * Selects one expression of the table: {@code f -> f.title}.
   *
   * @param <T> the expression's Java type, what each row is read as
   * @param field given the table; gives the expression
   * @return the WHERE step of a select of that expression
   */
  public <T> SelectWhereStep<T> select(Function<? super A, ? extends Expression<T>> field) {
    return query.project(false, null, List.of(field.apply(a)));
  }

  /**
   * Orders the table's rows: {@code f -> f.title.asc()}.
   *
   * @param key given the table; gives the sort key
   * @return the LIMIT step
   */
  public SelectLimitStep<R> orderBy(Function<? super A, SortField> key) {
    return query.orderBy(key.apply(a));
  }

  /**
   * {@code JOIN table}, then {@code on} or {@code using}.
   *
   * @param <B> the joined table's class
   * @param b the table (or an alias of it) to join
   * @return the ON step, whose lambda receives both tables
   */
  public <B extends Table<?>> On2Step<A, B, R> join(B b) {
    query.addJoin(" JOIN ", b);
    return new On2Step<>(query, a, b);
  }

  /**
   * {@code LEFT JOIN table}, then {@code on} or {@code using}.
   *
   * @param <B> the joined table's class
   * @param b the table (or an alias of it) to join
   * @return the ON step, whose lambda receives both tables
   */
  public <B extends Table<?>> On2Step<A, B, R> leftJoin(B b) {
    query.addJoin(" LEFT JOIN ", b);
    return new On2Step<>(query, a, b);
  }

  /**
   * {@code RIGHT JOIN table}, then {@code on} or {@code using}.
   *
   * @param <B> the joined table's class
   * @param b the table (or an alias of it) to join
   * @return the ON step, whose lambda receives both tables
   */
  public <B extends Table<?>> On2Step<A, B, R> rightJoin(B b) {
    query.addJoin(" RIGHT JOIN ", b);
    return new On2Step<>(query, a, b);
  }

  /**
   * {@code FULL JOIN table}, then {@code on} or {@code using}.
   *
   * @param <B> the joined table's class
   * @param b the table (or an alias of it) to join
   * @return the ON step, whose lambda receives both tables
   */
  public <B extends Table<?>> On2Step<A, B, R> fullJoin(B b) {
    query.addJoin(" FULL JOIN ", b);
    return new On2Step<>(query, a, b);
  }
}
