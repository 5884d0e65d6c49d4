package dev.sluice.dsl;

/**
 * A MERGE with at least one WHEN clause: more clauses, or the statement as it is. {@link
 * #execute()} returns the rows inserted, updated and deleted; {@code returning(…)} (PostgreSQL 17)
 * reads them, and may name {@link Expressions#mergeAction()} and the source's columns.
 *
 * @param <R> the target table's record
 */
public interface MergeStep<R> extends MergeWhenStep<R>, ReturningStep<R> {}
