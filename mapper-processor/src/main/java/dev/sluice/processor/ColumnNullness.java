package dev.sluice.processor;

/**
 * What the schema checks know of whether a result column can be NULL. Only {@link #NON_NULL} is
 * accepted into a component that rejects NULL without a word: where the plan cannot decide, the
 * answer is {@link #UNKNOWN}, rejected like {@link #NULLABLE} with a message of its own, and where
 * there is no plan at all, {@link #UNPLANNED}, accepted with a warning. {@code @NonNull} on the
 * component asserts non-null over all three.
 */
enum ColumnNullness {
  /** Never NULL: a NOT NULL base column on the non-nullable side of every join, count(*), … */
  NON_NULL,
  /** May be NULL: a nullable column, the nullable side of an outer join, max() of no rows, … */
  NULLABLE,
  /** Not decided from the plan (a function the rules do not know, a view column not followed). */
  UNKNOWN,
  /** No plan to decide from: EXPLAIN refused the statement (never an answer of the inference). */
  UNPLANNED
}
