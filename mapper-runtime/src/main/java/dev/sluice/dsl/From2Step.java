package dev.sluice.dsl;

import java.util.function.BiFunction;

/**
 * Two tables joined; {@link #fetch()} returns the first table's rows, {@code select} anything.
 *
 * @param <A> the first table's class
 * @param <B> the second table's class
 * @param <R> the first table's record
 */
public final class From2Step<A extends Table<R>, B extends Table<?>, R>
    extends FromStep<R, From2Step<A, B, R>> {
  private final A a;
  private final B b;

  From2Step(SelectQuery<R> query, A a, B b) {
    super(query);
    this.a = a;
    this.b = b;
  }

  @Override
  From2Step<A, B, R> self() {
    return this;
  }

  /** ANDs the condition made of both tables: {@code (f, l) -> l.name.eq("English")}. */
  public From2Step<A, B, R> where(BiFunction<? super A, ? super B, ? extends Condition> where) {
    return where(where.apply(a, b));
  }

  public <C extends Table<?>> On3Step<A, B, C, R> join(C c) {
    query.addJoin(" JOIN ", c);
    return new On3Step<>(query, a, b, c);
  }

  public <C extends Table<?>> On3Step<A, B, C, R> leftJoin(C c) {
    query.addJoin(" LEFT JOIN ", c);
    return new On3Step<>(query, a, b, c);
  }

  public <C extends Table<?>> On3Step<A, B, C, R> rightJoin(C c) {
    query.addJoin(" RIGHT JOIN ", c);
    return new On3Step<>(query, a, b, c);
  }

  public <C extends Table<?>> On3Step<A, B, C, R> fullJoin(C c) {
    query.addJoin(" FULL JOIN ", c);
    return new On3Step<>(query, a, b, c);
  }
}
