package dev.sluice.dsl;

/**
 * A row value of two expressions, {@code (a, b)}, compared as a whole: {@code row(a, b).gt(x, y)}
 * is {@code (a, b) > ($1, $2)}, true when {@code a > x}, or {@code a = x} and {@code b > y}. That
 * is keyset pagination: the next page after the last row seen, in the order {@code a, b}, with an
 * index on {@code (a, b)} serving it. Start from {@link Dsl#row}. Immutable.
 *
 * @param <A> the first value's Java type
 * @param <B> the second value's Java type
 */
public final class Row2<A, B> extends QueryPart {
  private final Expression<A> first;
  private final Expression<B> second;

  Row2(Expression<A> first, Expression<B> second) {
    this.first = first;
    this.second = second;
  }

  public Condition eq(A a, B b) {
    return compare(" = ", a, b);
  }

  public Condition ne(A a, B b) {
    return compare(" <> ", a, b);
  }

  public Condition lt(A a, B b) {
    return compare(" < ", a, b);
  }

  public Condition le(A a, B b) {
    return compare(" <= ", a, b);
  }

  public Condition gt(A a, B b) {
    return compare(" > ", a, b);
  }

  public Condition ge(A a, B b) {
    return compare(" >= ", a, b);
  }

  /** {@code (a, b) > (c, d)} of two row values. */
  public Condition gt(Row2<? extends A, ? extends B> other) {
    return new Conditions.Binary(this, " > ", other);
  }

  public Condition lt(Row2<? extends A, ? extends B> other) {
    return new Conditions.Binary(this, " < ", other);
  }

  private Condition compare(String op, A a, B b) {
    if (a == null || b == null) {
      throw new IllegalArgumentException(
          "null in a row comparison "
              + this
              + op
              + "("
              + a
              + ", "
              + b
              + "): a NULL makes it NULL or decides it by the other value alone; compare"
              + " without the NULL");
    }
    return new Conditions.Binary(
        this,
        op,
        new Row2<>(
            new Expression.Param<A>(first.toDatabase(a), first.valueType()),
            new Expression.Param<B>(second.toDatabase(b), second.valueType())));
  }

  @Override
  void render(SqlWriter w) {
    w.append('(');
    first.render(w);
    w.append(", ");
    second.render(w);
    w.append(')');
  }
}
