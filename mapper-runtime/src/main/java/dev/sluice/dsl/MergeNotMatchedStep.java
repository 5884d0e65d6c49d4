package dev.sluice.dsl;

import java.util.List;

/**
 * {@code WHEN NOT MATCHED}, waiting for its action. A final class for the reason {@link
 * InsertValuesStep} is one: {@link #thenInsert(Column[])} takes the target's columns only, as
 * varargs, without unchecked warnings.
 *
 * @param <R> the target table's record
 */
public final class MergeNotMatchedStep<R> {
  private final MergeQuery<R> merge;
  private final MergeQuery.When when;

  MergeNotMatchedStep(MergeQuery<R> merge, MergeQuery.When when) {
    this.merge = merge;
    this.when = when;
  }

  /**
   * {@code THEN INSERT (…) VALUES (…)} of chosen columns, one {@code set(column, value)} each.
   *
   * @return the SET step of the inserted row
   */
  public MergeInsertSetStep<R> thenInsert() {
    return new MergeClauses.Insert<>(merge, when);
  }

  /**
   * {@code THEN INSERT (columns)}, then {@code values(…)}, one per column.
   *
   * @param columns the target's columns the row gives, in order
   * @return the VALUES step
   * @throws IllegalArgumentException if no column is given
   */
  @SafeVarargs
  public final MergeInsertValuesStep<R> thenInsert(Column<R, ?>... columns) {
    if (columns.length == 0) {
      throw new IllegalArgumentException(
          merge.statement() + " WHEN NOT MATCHED THEN INSERT of no columns; name them");
    }
    return new MergeClauses.InsertValues<>(merge, when, List.of(columns));
  }

  /**
   * {@code THEN DO NOTHING}: the source row is not inserted.
   *
   * @return the MERGE, for another WHEN clause, RETURNING, or to run
   */
  public MergeStep<R> thenDoNothing() {
    merge.action(when, MergeQuery.DO_NOTHING);
    return merge;
  }
}
