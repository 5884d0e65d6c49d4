package dev.sluice.dsl;

/**
 * Three tables joined. More joins continue in the fluent style ({@link #join} returns a {@link
 * SelectOnStep} taking a plain condition).
 */
public final class From3Step<A extends Table<R>, B extends Table<?>, C extends Table<?>, R>
    extends FromStep<R, From3Step<A, B, C, R>> {
  private final A a;
  private final B b;
  private final C c;

  From3Step(SelectQuery<R> query, A a, B b, C c) {
    super(query);
    this.a = a;
    this.b = b;
    this.c = c;
  }

  @Override
  From3Step<A, B, C, R> self() {
    return this;
  }

  public From3Step<A, B, C, R> where(
      Function3<? super A, ? super B, ? super C, ? extends Condition> where) {
    return where(where.apply(a, b, c));
  }

  /** A fourth table, joined in the fluent style: the rows of the first table, or a projection. */
  public SelectOnStep<R> join(Table<?> table) {
    return query.join(table);
  }

  public SelectOnStep<R> leftJoin(Table<?> table) {
    return query.leftJoin(table);
  }
}
