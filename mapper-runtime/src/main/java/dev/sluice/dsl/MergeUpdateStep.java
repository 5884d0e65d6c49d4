package dev.sluice.dsl;

/**
 * {@code THEN UPDATE SET …}: more columns, another WHEN clause, or the statement.
 *
 * @param <R> the target table's record
 */
public interface MergeUpdateStep<R> extends MergeUpdateSetStep<R>, MergeStep<R> {}
