package dev.sluice.dsl;

/**
 * A one-dimensional array column, read into a {@code List<E>} or an {@code E[]}: a {@link Column}
 * with PostgreSQL's array operators. Arrays are bound as one parameter.
 *
 * @param <R> the table's record
 * @param <T> the component's type: {@code List<String>}, {@code String[]}, …
 * @param <E> the element type
 */
public final class ArrayColumn<R, T, E> extends Column<R, T> {
  private final Class<E> elementType;

  ArrayColumn(
      Table<R> table,
      String name,
      Class<?> javaType,
      Class<E> elementType,
      String sqlType,
      int flags) {
    super(table, name, javaType, sqlType, flags);
    this.elementType = elementType;
  }

  @Override
  Class<?> elementType() {
    return elementType;
  }

  /**
   * {@code this @> values}: the array holds every one of {@code values}, copied when the condition
   * is built. Null is refused, as {@code eq(null)} is.
   *
   * @param values the elements the array must hold
   * @return the condition
   * @throws IllegalArgumentException if {@code values} is null
   */
  public Condition contains(T values) {
    return new ConditionKinds.Binary(
        this, " @> ", new Param<T>(notNull(values, "@>"), valueType()));
  }

  /**
   * {@code this && values}: the array holds at least one of {@code values}, copied when the
   * condition is built. Null is refused, as {@code eq(null)} is.
   *
   * @param values the elements of which the array must hold one
   * @return the condition
   * @throws IllegalArgumentException if {@code values} is null
   */
  public Condition overlaps(T values) {
    return new ConditionKinds.Binary(
        this, " && ", new Param<T>(notNull(values, "&&"), valueType()));
  }

  private T notNull(T values, String op) {
    if (values == null) {
      throw new IllegalArgumentException(
          "null compared with "
              + this
              + " by "
              + op
              + ": a comparison with NULL is never true; use isNull() or isNotNull()");
    }
    return values;
  }

  /**
   * {@code element = ANY(this)}: the array holds {@code element}.
   *
   * @param element the element looked for, bound
   * @return the condition
   * @throws IllegalArgumentException if {@code element} is null
   */
  public Condition any(E element) {
    if (element == null) {
      throw new IllegalArgumentException(
          "null compared with the elements of " + this + ": use unsafeSql for NULL elements");
    }
    return new ConditionKinds.Binary(
        new Param<E>(element, elementType),
        " = ANY(",
        new ConditionKinds.RawExpression<Object>(Object.class, "?)", new Object[] {this}));
  }
}
