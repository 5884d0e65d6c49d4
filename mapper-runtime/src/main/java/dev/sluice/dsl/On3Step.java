package dev.sluice.dsl;

/** A third table joined, waiting for how. */
public final class On3Step<A extends Table<R>, B extends Table<?>, C extends Table<?>, R> {
  private final SelectQuery<R> query;
  private final A a;
  private final B b;
  private final C c;

  On3Step(SelectQuery<R> query, A a, B b, C c) {
    this.query = query;
    this.a = a;
    this.b = b;
    this.c = c;
  }

  public From3Step<A, B, C, R> on(
      Function3<? super A, ? super B, ? super C, ? extends Condition> on) {
    return on(on.apply(a, b, c));
  }

  public From3Step<A, B, C, R> on(Condition condition) {
    query.on(condition);
    return new From3Step<>(query, a, b, c);
  }

  public From3Step<A, B, C, R> using(Column<?, ?>... columns) {
    query.using(columns);
    return new From3Step<>(query, a, b, c);
  }
}
