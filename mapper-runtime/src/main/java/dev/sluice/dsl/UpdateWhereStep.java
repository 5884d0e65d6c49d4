package dev.sluice.dsl;

import java.util.function.Function;

/**
 * An UPDATE with its SET list, waiting for WHERE. Updating every row takes an explicit {@link
 * #allRows()}, so a forgotten condition does not compile into a table-wide update, and an empty one
 * ({@link Conditions#noCondition()} with nothing added) fails instead of becoming one.
 */
public interface UpdateWhereStep<A extends Table<R>, R> extends UpdateSetStep<A, R> {
  /**
   * {@code WHERE condition}; a second call is ANDed to the first. A condition still {@link
   * Conditions#noCondition()} when the statement is rendered fails, naming the statement, before
   * anything is sent: {@code UPDATE film: the WHERE condition is empty (…); call allRows() to mean
   * every row}.
   *
   * @param condition which rows are updated; values in it are bound
   * @return the RETURNING step, or the statement as it is
   * @throws IllegalArgumentException if {@code condition} is null
   * @throws IllegalStateException if {@link #allRows()} was called
   */
  ReturningStep<R> where(Condition condition);

  /**
   * {@code WHERE} the condition made of the table: {@code f -> f.filmId.eq(id)}.
   *
   * @param condition given the table; makes the condition, as {@link #where(Condition)} takes it
   * @return the RETURNING step, or the statement as it is
   */
  ReturningStep<R> where(Function<? super A, ? extends Condition> condition);

  /**
   * No WHERE: every row of the table. The one way to say so; it may not be combined with {@code
   * where(…)}.
   *
   * @return the RETURNING step, or the statement as it is
   * @throws IllegalStateException if {@code where} was called
   */
  ReturningStep<R> allRows();

  /**
   * {@code UPDATE table SET … FROM tables WHERE …}: the tables' columns may be used in SET and
   * WHERE (join them to the updated table in the WHERE); each row updated once, by one joined row.
   *
   * @param tables the tables the WHERE joins the updated rows to
   * @return this step, for more SET or WHERE
   * @throws IllegalArgumentException if no table is given
   */
  UpdateWhereStep<A, R> from(Table<?>... tables);

  /**
   * Lets the WHERE leave the target and the FROM tables unlinked. Without it, a statement with FROM
   * whose WHERE does not connect every joined table to the target fails when rendered, before
   * anything is sent: it would touch every row of the target that any row of the unlinked table
   * matches. An AND operand naming columns of two tables links them, an OR only what each of its
   * branches links; NOT and {@code unsafeCondition} link nothing (see docs/DSL.md, Writing).
   *
   * @return this step, for more SET or WHERE
   */
  UpdateWhereStep<A, R> allRowsOfJoin();
}
