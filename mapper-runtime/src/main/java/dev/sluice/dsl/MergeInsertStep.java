package dev.sluice.dsl;

/**
 * {@code THEN INSERT (…) VALUES (…)}: more columns, another WHEN clause, or the statement.
 *
 * @param <R> the target table's record
 */
public interface MergeInsertStep<R> extends MergeInsertSetStep<R>, MergeStep<R> {}
