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
}
