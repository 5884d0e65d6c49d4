package dev.sluice.processor;

/**
 * What the schema checks know of whether a result column can be NULL. Where nothing can be decided
 * the answer is {@link #UNKNOWN}, which the checks accept (the user may still assert
 * {@code @NonNull}); only {@link #NULLABLE} makes a non-null component an error.
 */
enum ColumnNullness {
  /** Never NULL: a NOT NULL base column on the non-nullable side of every join, count(*), … */
  NON_NULL,
  /** May be NULL: a nullable column, the nullable side of an outer join, max() of no rows, … */
  NULLABLE,
  /** Not decided (a view column the inference could not follow, an unsupported expression). */
  UNKNOWN
}
