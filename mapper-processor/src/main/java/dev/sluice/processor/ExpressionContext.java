package dev.sluice.processor;

/**
 * What the names of an expression {@link ExpressionNullness} reads stand for, answered by the plan
 * and the catalog ({@link NodeContext}).
 */
interface ExpressionContext {
  /** A column {@code qualifier.name} (qualifier null when EXPLAIN printed none). */
  ColumnNullness column(String qualifier, String name);

  /** Whether the aggregates evaluated here are of a query with GROUP BY (so never of no rows). */
  boolean grouped();

  /** Whether the query groups by grouping sets (aggregates and keys may then be NULL). */
  boolean groupingSets();

  /** A subplan's value ({@code SubPlan 1}, {@code InitPlan 2}): EXISTS, or a scalar subquery. */
  ColumnNullness subplan(String name);

  /**
   * Column {@code index} (from 0) of the rows subplan {@code name} yields, as the test of an {@code
   * ANY}/{@code ALL} sublink compares them ({@code (SubPlan 1).col1}).
   */
  ColumnNullness subplanColumn(String name, int index);

  /**
   * The value of hashed subplan {@code name} printed without its sublink's test, {@code (hashed
   * SubPlan 1)}, as servers before 17 print an {@code x IN (subquery)}.
   */
  ColumnNullness hashedSublink(String name);

  /** Whether hashed subplan {@code name} is an EXISTS the planner hashes as an IN would be. */
  boolean existsAlternative(String name);

  /** Whether every window frame of the statement holds the current row. */
  boolean framesHoldCurrentRow();

  /** Whether every function of that name is strict and returns no set; null if none is known. */
  Boolean strictFunction(String name);

  /** Whether the function of that name returns a set (unnest, generate_series). */
  boolean setReturning(String name);

  /** Whether every set-returning function of that name is strict (no row for a NULL input). */
  default boolean strictSet(String name) {
    return false;
  }

  /** Whether the node evaluates at most one set-returning call in its target list. */
  default boolean soleSetReturning() {
    return false;
  }

  /** Whether every operator of that name is implemented by a strict function. */
  boolean strictOperator(String name);

  /**
   * The value of {@code (text)} when it is no expression computed here but a value an input node
   * computed and passes up (EXPLAIN prints such a reference as the input's expression in
   * parentheses: {@code (true)} above the subquery that said {@code true AS present}); null when it
   * is not one.
   */
  default ColumnNullness reference(String text) {
    return null;
  }

  /**
   * Why column {@code qualifier.name}, which {@link #column} finds NULLABLE, may be NULL, for a
   * message; null when no one cause is named.
   */
  default String columnCause(String qualifier, String name) {
    return null;
  }

  /**
   * Why subplan {@code name}, found NULLABLE, may be NULL: as a scalar subquery when {@code index}
   * is -1, else its column {@code index} (from 0) as an ANY/ALL test reads it; null when no one
   * cause is named.
   */
  default String subplanCause(String name, int index) {
    return null;
  }

  /**
   * Why {@code (text)}, a value an input computed that {@link #reference} finds NULLABLE, may be.
   */
  default String referenceCause(String text) {
    return null;
  }
}
