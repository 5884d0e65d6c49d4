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

  /** The table, for {@link Dsl#cte(String, From1Step)}. */
  A table() {
    return a;
  }

  @Override
  From1Step<A, R> self() {
    return this;
  }

  /** ANDs the condition {@code where} makes of the table: {@code f -> f.title.like("A%")}. */
  public From1Step<A, R> where(Function<? super A, ? extends Condition> where) {
    return where(where.apply(a));
  }

  /** Selects one expression of the table: {@code f -> f.title}. */
  public <T> SelectWhereStep<T> select(Function<? super A, ? extends Expression<T>> field) {
    return query.project(false, null, List.of(field.apply(a)));
  }

  /** Orders the table's rows: {@code f -> f.title.asc()}. */
  public SelectLimitStep<R> orderBy(Function<? super A, SortField> key) {
    return query.orderBy(key.apply(a));
  }

  public <B extends Table<?>> On2Step<A, B, R> join(B b) {
    query.addJoin(" JOIN ", b);
    return new On2Step<>(query, a, b);
  }

  public <B extends Table<?>> On2Step<A, B, R> leftJoin(B b) {
    query.addJoin(" LEFT JOIN ", b);
    return new On2Step<>(query, a, b);
  }

  public <B extends Table<?>> On2Step<A, B, R> rightJoin(B b) {
    query.addJoin(" RIGHT JOIN ", b);
    return new On2Step<>(query, a, b);
  }

  public <B extends Table<?>> On2Step<A, B, R> fullJoin(B b) {
    query.addJoin(" FULL JOIN ", b);
    return new On2Step<>(query, a, b);
  }
}
