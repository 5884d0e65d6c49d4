package dev.sluice.dsl;

import java.util.function.Function;

/**
 * An UPDATE with its SET list, waiting for WHERE. Updating every row takes an explicit {@link
 * #allRows()}, so a forgotten condition does not compile into a table-wide update.
 */
public interface UpdateWhereStep<A extends Table<R>, R> extends UpdateSetStep<A, R> {
  /** {@code WHERE condition}. */
  ReturningStep<R> where(Condition condition);

  /** {@code WHERE} the condition made of the table: {@code f -> f.filmId.eq(id)}. */
  ReturningStep<R> where(Function<? super A, ? extends Condition> condition);

  /** No WHERE: every row of the table. */
  ReturningStep<R> allRows();
}
