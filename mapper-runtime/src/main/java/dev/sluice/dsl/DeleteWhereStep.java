package dev.sluice.dsl;

import java.util.function.Function;

/**
 * {@code DELETE FROM table}, waiting for WHERE. Deleting every row takes an explicit {@link
 * #allRows()}.
 */
public interface DeleteWhereStep<A extends Table<R>, R> {
  ReturningStep<R> where(Condition condition);

  ReturningStep<R> where(Function<? super A, ? extends Condition> condition);

  ReturningStep<R> allRows();
}
