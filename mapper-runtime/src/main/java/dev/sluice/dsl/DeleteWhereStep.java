package dev.sluice.dsl;

import java.util.function.Function;

/**
 * {@code DELETE FROM table}, waiting for WHERE. Deleting every row takes an explicit {@link
 * #allRows()}; an empty condition ({@link Conditions#noCondition()} with nothing added) fails
 * instead.
 */
public interface DeleteWhereStep<A extends Table<R>, R> {
  /**
   * {@code WHERE condition}; a second call is ANDed to the first. A condition still {@link
   * Conditions#noCondition()} when the statement is rendered fails, naming the statement, before
   * anything is sent: {@code DELETE FROM film: the WHERE condition is empty (…); call allRows() to
   * mean every row}.
   *
   * @param condition which rows are deleted; values in it are bound
   * @return the RETURNING step, or the statement as it is
   * @throws IllegalArgumentException if {@code condition} is null
   * @throws IllegalStateException if {@link #allRows()} was called
   */
  ReturningStep<R> where(Condition condition);

  /**
   * {@code WHERE} the condition made of the table: {@code f -> f.title.like("TMP %")}.
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
   * {@code DELETE FROM table USING tables WHERE …}: delete the rows the WHERE joins to rows of the
   * tables.
   *
   * @param tables the tables the WHERE joins the deleted rows to
   * @return this step, for WHERE
   * @throws IllegalArgumentException if no table is given
   */
  DeleteWhereStep<A, R> using(Table<?>... tables);

  /**
   * Lets the WHERE leave the target and the USING tables unlinked. Without it, a statement with
   * USING whose WHERE does not connect every joined table to the target fails when rendered, before
   * anything is sent: it would touch every row of the target that any row of the unlinked table
   * matches. An AND operand naming columns of two tables links them, an OR only what each of its
   * branches links; NOT and {@code unsafeCondition} link nothing (see docs/DSL.md, Writing).
   *
   * @return this step, for WHERE
   */
  DeleteWhereStep<A, R> allRowsOfJoin();
}
