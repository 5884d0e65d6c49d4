package dev.sluice.dsl;

/** A SELECT list waiting for its first table. */
public interface SelectFromStep<T> extends Select<T> {
  /**
   * {@code FROM table}.
   *
   * @param table the first table (or an alias, a derived table, a CTE's table)
   * @return the JOIN step, which may also filter, group and order
   */
  SelectJoinStep<T> from(Table<?> table);
}
