package dev.sluice.dsl;

import java.util.function.BiFunction;

/** A second table joined, waiting for how: {@code on((f, l) -> f.languageId.eq(l.languageId))}. */
public final class On2Step<A extends Table<R>, B extends Table<?>, R> {
  private final SelectQuery<R> query;
  private final A a;
  private final B b;

  On2Step(SelectQuery<R> query, A a, B b) {
    this.query = query;
    this.a = a;
    this.b = b;
  }

  public From2Step<A, B, R> on(BiFunction<? super A, ? super B, ? extends Condition> on) {
    return on(on.apply(a, b));
  }

  public From2Step<A, B, R> on(Condition condition) {
    query.on(condition);
    return new From2Step<>(query, a, b);
  }

  /** {@code USING (columns)}. */
  public From2Step<A, B, R> using(Column<?, ?>... columns) {
    query.using(columns);
    return new From2Step<>(query, a, b);
  }
}
