package dev.sluice.dsl;

/** A SELECT that may join more tables. Join a table twice under two aliases ({@code as}). */
public interface SelectJoinStep<T> extends SelectWhereStep<T> {
  /** {@code JOIN table} (inner); say how with {@code on} or {@code using}. */
  SelectOnStep<T> join(Table<?> table);

  /** {@code LEFT JOIN table}. */
  SelectOnStep<T> leftJoin(Table<?> table);

  /** {@code RIGHT JOIN table}. */
  SelectOnStep<T> rightJoin(Table<?> table);

  /** {@code FULL JOIN table}. */
  SelectOnStep<T> fullJoin(Table<?> table);

  /** {@code CROSS JOIN table}. */
  SelectJoinStep<T> crossJoin(Table<?> table);

  /**
   * {@code SELECT DISTINCT ON (expressions) …}: the first row of each group of rows equal in the
   * expressions, first in the ORDER BY, which must start with the same expressions (PostgreSQL
   * checks). E.g. the longest film of each rating: {@code distinctOn(FILM.rating)
   * .orderBy(FILM.rating.asc(), FILM.length.desc())}.
   */
  SelectJoinStep<T> distinctOn(Expression<?>... expressions);
}
