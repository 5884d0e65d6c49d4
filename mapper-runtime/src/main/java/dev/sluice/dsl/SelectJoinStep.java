package dev.sluice.dsl;

/** A SELECT that may join more tables. Join a table twice under two aliases ({@code as}). */
public interface SelectJoinStep<T> extends SelectWhereStep<T> {
  /**
   * {@code JOIN table} (inner); say how with {@code on} or {@code using}.
   *
   * @param table the table (or an alias, a derived table, a CTE's table) to join
   * @return the ON step
   */
  SelectOnStep<T> join(Table<?> table);

  /**
   * {@code LEFT JOIN table}.
   *
   * @param table the table (or an alias, a derived table, a CTE's table) to join
   * @return the ON step
   */
  SelectOnStep<T> leftJoin(Table<?> table);

  /**
   * {@code RIGHT JOIN table}.
   *
   * @param table the table (or an alias, a derived table, a CTE's table) to join
   * @return the ON step
   */
  SelectOnStep<T> rightJoin(Table<?> table);

  /**
   * {@code FULL JOIN table}.
   *
   * @param table the table (or an alias, a derived table, a CTE's table) to join
   * @return the ON step
   */
  SelectOnStep<T> fullJoin(Table<?> table);

  /**
   * {@code CROSS JOIN table}.
   *
   * @param table the table whose every row is paired with every row so far
   * @return this step, for another join, WHERE, or what follows
   */
  SelectJoinStep<T> crossJoin(Table<?> table);

  /**
   * {@code SELECT DISTINCT ON (expressions) …}: the first row of each group of rows equal in the
   * expressions, first in the ORDER BY, which must start with the same expressions (PostgreSQL
   * checks). E.g. the longest film of each rating: {@code distinctOn(FILM.rating)
   * .orderBy(FILM.rating.asc(), FILM.length.desc())}.
   *
   * @param expressions the expressions whose equal rows make a group
   * @return this step, for joins, WHERE, or what follows
   */
  SelectJoinStep<T> distinctOn(Expression<?>... expressions);
}
