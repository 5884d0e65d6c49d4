package dev.sluice.dsl;

import java.util.List;
import java.util.function.Function;

/**
 * What a statement reads from besides a table: common table expressions ({@code WITH}, recursive or
 * not), derived tables and LATERAL subqueries in FROM, and VALUES lists.
 */
public final class Tables {
  private Tables() {}

  /**
   * A CTE of {@code shape}'s rows, read through its generated class: {@code cte("long_films", FILM,
   * selectFrom(FILM).where(FILM.length.gt((short) 150)))} gives a {@code Cte<FilmTable>} whose
   * {@code table()} is a FilmTable named {@code long_films}. {@code query} must give every column
   * of {@code shape} by name (a {@code selectFrom} of that table does).
   *
   * @param <A> the table's class
   * @param <R> the table's record
   * @param name the CTE's name
   * @param shape the table whose rows the CTE holds, and whose class reads them
   * @param query the CTE's body
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, or {@code query} does not give every
   *     column of {@code shape}
   */
  public static <A extends Table<R>, R> Cte<A> cte(
      String name, A shape, Select<? extends R> query) {
    return Ctes.ofTable(checkName(name), shape, query);
  }

  /**
   * A CTE of the first table's rows of a from-first query: {@code cte("long_films",
   * from(FILM).where(f -> f.length.gt((short) 150)))}, a {@code Cte<FilmTable>}.
   *
   * @param <A> the first table's class
   * @param <R> the first table's record
   * @param name the CTE's name
   * @param query the from-first query, its rows the first table's
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty
   */
  public static <A extends Table<R>, R> Cte<A> cte(String name, From1Step<A, R> query) {
    return Ctes.ofTable(checkName(name), query.table(), query.query);
  }

  /**
   * A CTE of a projection: each select list item (a column, or an expression named with {@code as})
   * becomes a column of {@code table()}, found with {@link Cte#field(SelectField)}; its rows read
   * as the select's ({@code T}).
   *
   * @param <T> what the select's rows read as
   * @param name the CTE's name
   * @param query the CTE's body
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, or a select list item has no name
   */
  public static <T> Cte<Table<T>> cte(String name, Select<T> query) {
    return Ctes.ofSelect(checkName(name), query);
  }

  /**
   * A recursive CTE of a projection: {@code name AS (anchor UNION ALL recursiveTerm)}, declared by
   * {@code with(…)} as {@code WITH RECURSIVE}. The anchor's select list names the CTE's columns, as
   * in {@link #cte(String, Select)}; {@code recursiveTerm} receives the CTE — its {@code table()}
   * and {@code field(item)} — and returns the select that reads it, e.g. the numbers to 10:
   *
   * <pre>{@code
   * SelectField<Integer> x = value(1).as("x");
   * Cte<Table<Integer>> n = recursiveCte("n", select(x),
   *     self -> select(unsafeSql(Integer.class, "? + 1", self.field(x)))
   *         .from(self.table()).where(self.field(x).lt(10)));
   * }</pre>
   *
   * The term runs once, here; the CTE it receives is only to read from, not to declare.
   *
   * @param <T> what the anchor's (and the recursive term's) rows read as
   * @param name the CTE's name
   * @param anchor the non-recursive term, whose select list names the columns
   * @param recursiveTerm given the CTE itself; makes the select that reads it
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, or the recursive term null
   */
  public static <T> Cte<Table<T>> recursiveCte(
      String name,
      Select<T> anchor,
      Function<? super Cte<Table<T>>, ? extends Select<T>> recursiveTerm) {
    return Ctes.recursiveOfSelect(
        checkName(name), null, anchor, CompoundQuery.UNION_ALL, recursiveTerm);
  }

  /**
   * {@link #recursiveCte(String, Select, Function)} with {@code UNION}: rows already found are not
   * added again, so the recursion ends on a cycle (a graph walk).
   *
   * @param <T> what the anchor's (and the recursive term's) rows read as
   * @param name the CTE's name
   * @param anchor the non-recursive term, whose select list names the columns
   * @param recursiveTerm given the CTE itself; makes the select that reads it
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, or the recursive term null
   */
  public static <T> Cte<Table<T>> recursiveCteDistinct(
      String name,
      Select<T> anchor,
      Function<? super Cte<Table<T>>, ? extends Select<T>> recursiveTerm) {
    return Ctes.recursiveOfSelect(
        checkName(name), null, anchor, CompoundQuery.UNION, recursiveTerm);
  }

  /**
   * A recursive CTE of {@code shape}'s rows, read through its generated class as in {@link
   * #cte(String, Table, Select)}: {@code name AS (anchor UNION ALL recursiveTerm)}. E.g. a category
   * and everything under it: {@code recursiveCte("subtree", CATEGORY,
   * selectFrom(CATEGORY).where(CATEGORY.id.eq(1)), self -> selectFrom(CATEGORY).join(self.table())
   * .on(CATEGORY.parent.eq(self.table().id)))}.
   *
   * @param <A> the table's class
   * @param <R> the table's record
   * @param name the CTE's name
   * @param shape the table whose rows the CTE holds, and whose class reads them
   * @param anchor the non-recursive term
   * @param recursiveTerm given the CTE itself; makes the select that reads it
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, the recursive term null, or a term does
   *     not give every column of {@code shape}
   */
  public static <A extends Table<R>, R> Cte<A> recursiveCte(
      String name,
      A shape,
      Select<R> anchor,
      Function<? super Cte<A>, ? extends Select<R>> recursiveTerm) {
    return Ctes.recursiveOfTable(
        checkName(name), shape, anchor, CompoundQuery.UNION_ALL, recursiveTerm);
  }

  /**
   * {@link #recursiveCte(String, Table, Select, Function)} with {@code UNION}.
   *
   * @param <A> the table's class
   * @param <R> the table's record
   * @param name the CTE's name
   * @param shape the table whose rows the CTE holds, and whose class reads them
   * @param anchor the non-recursive term
   * @param recursiveTerm given the CTE itself; makes the select that reads it
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, the recursive term null, or a term does
   *     not give every column of {@code shape}
   */
  public static <A extends Table<R>, R> Cte<A> recursiveCteDistinct(
      String name,
      A shape,
      Select<R> anchor,
      Function<? super Cte<A>, ? extends Select<R>> recursiveTerm) {
    return Ctes.recursiveOfTable(
        checkName(name), shape, anchor, CompoundQuery.UNION, recursiveTerm);
  }

  private static String checkName(String name) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("a CTE needs a name: '" + name + "'");
    }
    return name;
  }

  /**
   * A CTE of a data-modifying statement, read as {@code shape}'s rows: {@code cte("moved", A,
   * deleteFrom(A).where(…).returning())}, then {@code with(moved).insertInto(B)…}.
   *
   * @param <A> the table's class
   * @param <R> the table's record
   * @param name the CTE's name
   * @param shape the table whose rows the statement returns
   * @param returning the statement's {@code returning()} step
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, or {@code returning} is not the
   *     RETURNING of a DSL statement
   */
  public static <A extends Table<R>, R> Cte<A> cte(
      String name, A shape, FetchStep<? extends R> returning) {
    return DslDml.cte(name, shape, returning);
  }

  /**
   * A CTE of a data-modifying statement's RETURNING list ({@code returning(field)} or a record).
   *
   * @param <T> what the RETURNING list's rows read as
   * @param name the CTE's name
   * @param returning the statement's {@code returning(…)} step; each item must have a name
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, a RETURNING item has no name, or {@code
   *     returning} is not the RETURNING of a DSL statement
   */
  public static <T> Cte<Table<T>> cte(String name, FetchStep<T> returning) {
    return DslDml.cte(name, returning);
  }

  /**
   * A CTE of a data-modifying statement without RETURNING, declared for its effect only ({@code
   * with(cte("purge", deleteFrom(A).where(…))).select(…)}): it has no columns to read.
   *
   * @param name the CTE's name
   * @param statement the INSERT, UPDATE, DELETE or MERGE
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, or {@code statement} is not one made by
   *     the DSL
   */
  public static Cte<Table<Void>> cte(String name, ReturningStep<?> statement) {
    return DslDml.cte(name, statement);
  }

  /**
   * {@code (query) AS alias}: a subquery as a FROM item; each select list item (a column, or an
   * expression named with {@code as}) is a column of {@code table()}, found with {@code field}.
   *
   * @param <T> what the subquery's rows read as
   * @param alias the derived table's name
   * @param query the subquery; its values are bound with the statement's
   * @return the derived table
   * @throws IllegalArgumentException if {@code alias} is null or empty
   */
  public static <T> Derived<T> derived(String alias, Select<T> query) {
    return Derived.of(alias, query, false);
  }

  /**
   * {@code LATERAL (query) AS alias}: a derived table that may refer to the FROM items before it,
   * evaluated for each of their rows: {@code crossJoin(lateral(…).table())}, or {@code
   * leftJoin(…).on(trueCondition())} to keep the rows it finds nothing for.
   *
   * @param <T> what the subquery's rows read as
   * @param alias the derived table's name
   * @param query the subquery, which may name the earlier FROM items' columns
   * @return the derived table
   * @throws IllegalArgumentException if {@code alias} is null or empty
   */
  public static <T> Derived<T> lateral(String alias, Select<T> query) {
    return Derived.of(alias, query, true);
  }

  /**
   * {@code name(columns) AS (query)}: a CTE of a projection whose columns are named by {@code
   * columns}, one per select list item in order, so the items need no names ({@code cte("pairs",
   * List.of("a", "b"), select(value(1), value(2)))}); {@code field(item)} or {@code field("a",
   * type)} find them.
   *
   * @param <T> what the query's rows read as
   * @param name the CTE's name
   * @param columns the names of its columns, one per select list item
   * @param query the CTE's body
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, or the column list empty, or a column
   *     name empty or repeated
   */
  public static <T> Cte<Table<T>> cte(String name, List<String> columns, Select<T> query) {
    return Ctes.ofSelect(DslDml.checkName(name), query, columns(name, columns));
  }

  /**
   * {@code WITH RECURSIVE name(columns) AS (anchor UNION ALL recursiveTerm)}: as {@link
   * Tables#recursiveCte(String, Select, Function)}, its columns named by {@code columns} rather
   * than by the anchor's select list, e.g. {@code recursiveCte("n", List.of("x"), select(value(1)),
   * self -> select(self.field("x", Integer.class).plus(1)).from(self.table())…)}.
   *
   * @param <T> what the anchor's (and the recursive term's) rows read as
   * @param name the CTE's name
   * @param columns the names of its columns, one per select list item
   * @param anchor the non-recursive term, run once
   * @param recursiveTerm given the CTE itself; makes the select that reads it
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, the column list empty, or the recursive
   *     term null
   */
  public static <T> Cte<Table<T>> recursiveCte(
      String name,
      List<String> columns,
      Select<T> anchor,
      Function<? super Cte<Table<T>>, ? extends Select<T>> recursiveTerm) {
    return Ctes.recursiveOfSelect(
        DslDml.checkName(name),
        columns(name, columns),
        anchor,
        CompoundQuery.UNION_ALL,
        recursiveTerm);
  }

  /**
   * {@link #recursiveCte(String, List, Select, Function)} with {@code UNION}.
   *
   * @param <T> what the anchor's (and the recursive term's) rows read as
   * @param name the CTE's name
   * @param columns the names of its columns, one per select list item
   * @param anchor the non-recursive term, run once
   * @param recursiveTerm given the CTE itself; makes the select that reads it
   * @return the CTE, for {@code with(…)}
   * @throws IllegalArgumentException if the name is empty, the column list empty, or the recursive
   *     term null
   */
  public static <T> Cte<Table<T>> recursiveCteDistinct(
      String name,
      List<String> columns,
      Select<T> anchor,
      Function<? super Cte<Table<T>>, ? extends Select<T>> recursiveTerm) {
    return Ctes.recursiveOfSelect(
        DslDml.checkName(name), columns(name, columns), anchor, CompoundQuery.UNION, recursiveTerm);
  }

  private static List<String> columns(String name, List<String> columns) {
    if (columns == null || columns.isEmpty()) {
      throw new IllegalArgumentException(
          "CTE " + name + ": a column list of no column; leave it out to take the select list's");
    }
    return columns;
  }

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
