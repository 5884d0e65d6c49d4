package dev.sluice.dsl;

/**
 * The DSL's VALUES lists (and, later, the other FROM items that are not tables): {@code
 * values(BALANCE.customerId, BALANCE.amount).row(new Tuple2<>(3, x)).as("v")}. Reached through
 * {@link Dsl}, which extends this class by way of {@link DslClauses} and {@link DslCtes}, so {@code
 * import static dev.sluice.dsl.Dsl.*} brings them in. See {@link ValuesStep} for the typing and
 * casts.
 */
abstract class DslValues extends DslTuples {
  DslValues() {}

  /**
   * A VALUES list of one column, named and typed as {@code a} (a table's column, or an expression
   * named with {@code as}, which is not rendered): {@code
   * values(FILM.filmId).row(1).row(7).as("v")} is {@code (VALUES ($1::integer), ($2)) AS v
   * (film_id)}.
   *
   * @param <A> the first column's Java type
   * @param a the first column: its name and type
   * @return the list, to add rows to
   * @throws IllegalArgumentException if an item is null, or its SQL type is not known (an enum:
   *     give it as a {@code cast})
   */
  public static <A> ValuesStep<A> values(SelectField<A> a) {
    return new ValuesStep<>(a == null ? Object.class : a.expression().valueType(), a);
  }

  /**
   * A VALUES list of 2 columns, each row a {@link Tuple2}: see {@link #values(SelectField)}.
   *
   * @param <A> the first column's Java type
   * @param <B> the second column's Java type
   * @param a the first column: its name and type
   * @param b the second column: its name and type
   * @return the list, to add rows to
   * @throws IllegalArgumentException if an item is null, or its SQL type is not known (an enum:
   *     give it as a {@code cast})
   */
  public static <A, B> ValuesStep<Tuple2<A, B>> values(SelectField<A> a, SelectField<B> b) {
    return new ValuesStep<>(Tuple2.class, a, b);
  }

  /**
   * A VALUES list of 3 columns, each row a {@link Tuple3}: see {@link #values(SelectField)}.
   *
   * @param <A> the first column's Java type
   * @param <B> the second column's Java type
   * @param <C> the third column's Java type
   * @param a the first column: its name and type
   * @param b the second column: its name and type
   * @param c the third column: its name and type
   * @return the list, to add rows to
   * @throws IllegalArgumentException if an item is null, or its SQL type is not known (an enum:
   *     give it as a {@code cast})
   */
  public static <A, B, C> ValuesStep<Tuple3<A, B, C>> values(
      SelectField<A> a, SelectField<B> b, SelectField<C> c) {
    return new ValuesStep<>(Tuple3.class, a, b, c);
  }

  /**
   * A VALUES list of 4 columns, each row a {@link Tuple4}: see {@link #values(SelectField)}.
   *
   * @param <A> the first column's Java type
   * @param <B> the second column's Java type
   * @param <C> the third column's Java type
   * @param <D> the fourth column's Java type
   * @param a the first column: its name and type
   * @param b the second column: its name and type
   * @param c the third column: its name and type
   * @param d the fourth column: its name and type
   * @return the list, to add rows to
   * @throws IllegalArgumentException if an item is null, or its SQL type is not known (an enum:
   *     give it as a {@code cast})
   */
  public static <A, B, C, D> ValuesStep<Tuple4<A, B, C, D>> values(
      SelectField<A> a, SelectField<B> b, SelectField<C> c, SelectField<D> d) {
    return new ValuesStep<>(Tuple4.class, a, b, c, d);
  }

  /**
   * A VALUES list of 5 columns, each row a {@link Tuple5}: see {@link #values(SelectField)}.
   *
   * @param <A> the first column's Java type
   * @param <B> the second column's Java type
   * @param <C> the third column's Java type
   * @param <D> the fourth column's Java type
   * @param <E> the fifth column's Java type
   * @param a the first column: its name and type
   * @param b the second column: its name and type
   * @param c the third column: its name and type
   * @param d the fourth column: its name and type
   * @param e the fifth column: its name and type
   * @return the list, to add rows to
   * @throws IllegalArgumentException if an item is null, or its SQL type is not known (an enum:
   *     give it as a {@code cast})
   */
  public static <A, B, C, D, E> ValuesStep<Tuple5<A, B, C, D, E>> values(
      SelectField<A> a, SelectField<B> b, SelectField<C> c, SelectField<D> d, SelectField<E> e) {
    return new ValuesStep<>(Tuple5.class, a, b, c, d, e);
  }

  /**
   * A VALUES list of 6 columns, each row a {@link Tuple6}: see {@link #values(SelectField)}.
   *
   * @param <A> the first column's Java type
   * @param <B> the second column's Java type
   * @param <C> the third column's Java type
   * @param <D> the fourth column's Java type
   * @param <E> the fifth column's Java type
   * @param <F> the sixth column's Java type
   * @param a the first column: its name and type
   * @param b the second column: its name and type
   * @param c the third column: its name and type
   * @param d the fourth column: its name and type
   * @param e the fifth column: its name and type
   * @param f the sixth column: its name and type
   * @return the list, to add rows to
   * @throws IllegalArgumentException if an item is null, or its SQL type is not known (an enum:
   *     give it as a {@code cast})
   */
  public static <A, B, C, D, E, F> ValuesStep<Tuple6<A, B, C, D, E, F>> values(
      SelectField<A> a,
      SelectField<B> b,
      SelectField<C> c,
      SelectField<D> d,
      SelectField<E> e,
      SelectField<F> f) {
    return new ValuesStep<>(Tuple6.class, a, b, c, d, e, f);
  }

  /**
   * A VALUES list of 7 columns, each row a {@link Tuple7}: see {@link #values(SelectField)}.
   *
   * @param <A> the first column's Java type
   * @param <B> the second column's Java type
   * @param <C> the third column's Java type
   * @param <D> the fourth column's Java type
   * @param <E> the fifth column's Java type
   * @param <F> the sixth column's Java type
   * @param <G> the seventh column's Java type
   * @param a the first column: its name and type
   * @param b the second column: its name and type
   * @param c the third column: its name and type
   * @param d the fourth column: its name and type
   * @param e the fifth column: its name and type
   * @param f the sixth column: its name and type
   * @param g the seventh column: its name and type
   * @return the list, to add rows to
   * @throws IllegalArgumentException if an item is null, or its SQL type is not known (an enum:
   *     give it as a {@code cast})
   */
  public static <A, B, C, D, E, F, G> ValuesStep<Tuple7<A, B, C, D, E, F, G>> values(
      SelectField<A> a,
      SelectField<B> b,
      SelectField<C> c,
      SelectField<D> d,
      SelectField<E> e,
      SelectField<F> f,
      SelectField<G> g) {
    return new ValuesStep<>(Tuple7.class, a, b, c, d, e, f, g);
  }

  /**
   * A VALUES list of 8 columns, each row a {@link Tuple8}: see {@link #values(SelectField)}.
   *
   * @param <A> the first column's Java type
   * @param <B> the second column's Java type
   * @param <C> the third column's Java type
   * @param <D> the fourth column's Java type
   * @param <E> the fifth column's Java type
   * @param <F> the sixth column's Java type
   * @param <G> the seventh column's Java type
   * @param <H> the eighth column's Java type
   * @param a the first column: its name and type
   * @param b the second column: its name and type
   * @param c the third column: its name and type
   * @param d the fourth column: its name and type
   * @param e the fifth column: its name and type
   * @param f the sixth column: its name and type
   * @param g the seventh column: its name and type
   * @param h the eighth column: its name and type
   * @return the list, to add rows to
   * @throws IllegalArgumentException if an item is null, or its SQL type is not known (an enum:
   *     give it as a {@code cast})
   */
  public static <A, B, C, D, E, F, G, H> ValuesStep<Tuple8<A, B, C, D, E, F, G, H>> values(
      SelectField<A> a,
      SelectField<B> b,
      SelectField<C> c,
      SelectField<D> d,
      SelectField<E> e,
      SelectField<F> f,
      SelectField<G> g,
      SelectField<H> h) {
    return new ValuesStep<>(Tuple8.class, a, b, c, d, e, f, g, h);
  }
}
