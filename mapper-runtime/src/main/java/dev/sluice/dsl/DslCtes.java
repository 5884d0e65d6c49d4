package dev.sluice.dsl;

import java.util.List;
import java.util.function.Function;

/**
 * The CTE factories that list the CTE's columns, {@code WITH name(a, b) AS (…)}; the others are
 * {@link Dsl}'s, which extends this class by way of {@link DslClauses}, so {@code import static
 * dev.sluice.dsl.Dsl.*} brings both in. A recursive CTE's SEARCH and CYCLE clauses are on {@link
 * Cte}.
 */
abstract class DslCtes extends DslValues {
  DslCtes() {}

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
   * Dsl#recursiveCte(String, Select, Function)}, its columns named by {@code columns} rather than
   * by the anchor's select list, e.g. {@code recursiveCte("n", List.of("x"), select(value(1)), self
   * -> select(self.field("x", Integer.class).plus(1)).from(self.table())…)}.
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
}
