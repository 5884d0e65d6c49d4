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
   */
  public static <T> Cte<Table<T>> cte(String name, List<String> columns, Select<T> query) {
    return Ctes.ofSelect(DslDml.checkName(name), query, columns(name, columns));
  }

  /**
   * {@code WITH RECURSIVE name(columns) AS (anchor UNION ALL recursiveTerm)}: as {@link
   * Dsl#recursiveCte(String, Select, Function)}, its columns named by {@code columns} rather than
   * by the anchor's select list, e.g. {@code recursiveCte("n", List.of("x"), select(value(1)), self
   * -> select(self.field("x", Integer.class).plus(1)).from(self.table())…)}.
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

  /** {@link #recursiveCte(String, List, Select, Function)} with {@code UNION}. */
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
