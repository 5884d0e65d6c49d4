package dev.sluice.dsl;

import java.util.List;
import java.util.function.Function;

/**
 * How each kind of {@link Cte} is made from what {@link Dsl} is given, and checked as it is made:
 * of a table's rows, of a projection (its columns named by the select list or listed by the WITH),
 * recursive, or of a data-modifying statement with or without RETURNING.
 */
final class Ctes {
  private Ctes() {}

  /** A CTE of {@code shape}'s rows; {@code query} must give each of its columns, by name. */
  static <A extends Table<R>, R> Cte<A> ofTable(String name, A shape, Select<? extends R> query) {
    return new Cte<>(
        name, (AbstractSelect<?>) query, tableOf(name, shape, query), List.of(), false);
  }

  /**
   * A recursive CTE of {@code shape}'s rows: {@code anchor operator term(self)}, where {@code self}
   * is the CTE as the term reads it.
   */
  static <A extends Table<R>, R> Cte<A> recursiveOfTable(
      String name,
      A shape,
      Select<R> anchor,
      String operator,
      Function<? super Cte<A>, ? extends Select<R>> term) {
    A table = tableOf(name, shape, anchor);
    Cte<A> self = new Cte<>(name, null, table, List.of(), true);
    Select<R> recursiveTerm = recursiveTerm(name, term.apply(self));
    CompoundQuery<R> body =
        new CompoundQuery<>((AbstractSelect<R>) anchor, operator, recursiveTerm);
    return new Cte<>(name, body, table, List.of(), true);
  }

  /**
   * A recursive CTE of a projection: {@code anchor operator term(self)}; {@code columns} name the
   * columns, or, when null, the anchor's select list does.
   */
  static <T> Cte<Table<T>> recursiveOfSelect(
      String name,
      List<String> columns,
      Select<T> anchor,
      String operator,
      Function<? super Cte<Table<T>>, ? extends Select<T>> term) {
    Cte<Table<T>> shaped =
        columns == null ? ofSelect(name, anchor) : ofSelect(name, anchor, columns);
    Cte<Table<T>> self = new Cte<>(name, null, shaped.table, shaped.items, true);
    Select<T> recursiveTerm = recursiveTerm(name, term.apply(self));
    CompoundQuery<T> body =
        new CompoundQuery<>((AbstractSelect<T>) anchor, operator, recursiveTerm);
    return new Cte<>(
        name,
        body,
        shaped.table,
        shaped.items,
        true,
        "",
        null,
        null,
        shaped.columnList,
        RecursiveClauses.NONE);
  }

  private static <S> S recursiveTerm(String name, S term) {
    if (term == null) {
      throw new IllegalArgumentException(
          "the recursive term of CTE " + name + " is null; return the select that reads it");
    }
    return term;
  }

  /** {@code shape} renamed {@code name}, after checking {@code query} gives its columns. */
  @SuppressWarnings("unchecked")
  private static <A extends Table<R>, R> A tableOf(
      String name, A shape, Select<? extends R> query) {
    AbstractSelect<?> q = (AbstractSelect<?>) query;
    List<String> given = q.outputNames();
    requireColumns(name, shape, given, "select list");
    return (A) shape.named(name);
  }

  /**
   * Fails unless {@code given} (what the CTE's {@code part} yields) names every column of shape.
   */
  private static void requireColumns(String name, Table<?> shape, List<String> given, String part) {
    for (Column<?, ?> c : shape.columns()) {
      if (!given.contains(c.name())) {
        throw new IllegalArgumentException(
            "CTE "
                + name
                + " cannot read as "
                + shape.name()
                + ": its "
                + part
                + " has no column "
                + c.name()
                + " (it gives "
                + String.join(", ", given)
                + ")");
      }
    }
  }

  /** A CTE of a projection: the select list's items become columns named as they are. */
  static <T> Cte<Table<T>> ofSelect(String name, Select<T> query) {
    AbstractSelect<T> q = (AbstractSelect<T>) query;
    List<SelectField<?>> items = q.selectList();
    List<String> names = q.namedOutputs("CTE " + name);
    @SuppressWarnings("unchecked")
    Class<T> rowType = (Class<T>) q.rowType();
    return new Cte<>(name, q, new CteTable<>(name, name, rowType, items, names), items, false);
  }

  /**
   * A CTE of a projection whose columns the WITH lists, {@code name(a, b)}: {@code columns} name
   * the select list's items in order, so they need no names of their own.
   */
  static <T> Cte<Table<T>> ofSelect(String name, Select<T> query, List<String> columns) {
    AbstractSelect<T> q = (AbstractSelect<T>) query;
    List<SelectField<?>> items = q.selectList();
    if (columns.size() != items.size()) {
      throw new IllegalArgumentException(
          "CTE "
              + name
              + " lists "
              + columns.size()
              + " columns "
              + columns
              + ", but its select list has "
              + items.size()
              + " items");
    }
    checkNewNames(name, columns, List.of());
    @SuppressWarnings("unchecked")
    Class<T> rowType = (Class<T>) q.rowType();
    List<String> names = List.copyOf(columns);
    CteTable<T> table = new CteTable<>(name, name, rowType, items, names);
    return new Cte<>(name, q, table, items, false, "", null, null, names, RecursiveClauses.NONE);
  }

  /** Fails unless each of {@code names} is a new column name: not empty, not twice, not taken. */
  static void checkNewNames(String cte, List<String> names, List<String> taken) {
    for (int i = 0; i < names.size(); i++) {
      String n = names.get(i);
      if (n == null || n.isEmpty() || names.subList(0, i).contains(n) || taken.contains(n)) {
        throw new IllegalArgumentException(
            "CTE "
                + cte
                + ": column name '"
                + n
                + "' is empty or taken (names "
                + names
                + (taken.isEmpty() ? "" : ", the CTE's columns " + taken)
                + ")");
      }
    }
  }

  /**
   * A CTE of a data-modifying statement read as {@code shape}'s rows: its RETURNING must give each
   * of the shape's columns, by name ({@code returning()} of that table does).
   */
  @SuppressWarnings("unchecked")
  static <A extends Table<R>, R> Cte<A> ofDml(
      String name, A shape, FetchStep<? extends R> returning) {
    DmlQuery.Returning<?> r = returningOf(name, returning);
    List<String> given = r.outputNames();
    requireColumns(name, shape, given, "RETURNING");
    return new Cte<>(
        name,
        null,
        (A) shape.named(name),
        List.of(),
        false,
        "",
        r,
        null,
        null,
        RecursiveClauses.NONE);
  }

  /** A CTE of a data-modifying statement's RETURNING list, read as it is read. */
  static <T> Cte<Table<T>> ofDml(String name, FetchStep<T> returning) {
    DmlQuery.Returning<?> r = returningOf(name, returning);
    List<SelectField<?>> items = r.items();
    List<String> names = r.outputNames();
    for (int i = 0; i < names.size(); i++) {
      if (names.get(i) == null) {
        throw new IllegalArgumentException(
            "CTE "
                + name
                + ": RETURNING item "
                + items.get(i)
                + " has no name to read it by; name it with as(\"name\")");
      }
    }
    @SuppressWarnings("unchecked")
    Class<T> rowType = (Class<T>) r.rowType();
    CteTable<T> table = new CteTable<>(name, name, rowType, items, names);
    return new Cte<>(name, null, table, items, false, "", r, null, null, RecursiveClauses.NONE);
  }

  /**
   * A CTE of a data-modifying statement without RETURNING: PostgreSQL runs it once, whether or not
   * anything reads it, and it has nothing to read ({@link #table()} and {@link #field} fail).
   */
  static Cte<Table<Void>> ofSideEffect(String name, ReturningStep<?> statement) {
    DmlQuery<?> q;
    if (statement instanceof DmlQuery) {
      q = (DmlQuery<?>) statement;
    } else if (statement instanceof ConflictUpdate) {
      q = ((ConflictUpdate<?>) statement).insert();
    } else {
      throw new IllegalArgumentException(
          "CTE "
              + name
              + ": "
              + (statement == null ? "null" : statement.getClass().getSimpleName())
              + " is not an INSERT, UPDATE, DELETE or MERGE made by the DSL");
    }
    return new Cte<>(name, null, null, List.of(), false, "", null, q, null, RecursiveClauses.NONE);
  }

  private static DmlQuery.Returning<?> returningOf(String name, FetchStep<?> returning) {
    if (!(returning instanceof DmlQuery.Returning)) {
      throw new IllegalArgumentException(
          "CTE "
              + name
              + ": "
              + (returning == null ? "null" : returning.getClass().getSimpleName())
              + " is not the RETURNING of an INSERT, UPDATE, DELETE or MERGE; a SELECT's CTE"
              + " takes a Select");
    }
    return (DmlQuery.Returning<?>) returning;
  }
}
