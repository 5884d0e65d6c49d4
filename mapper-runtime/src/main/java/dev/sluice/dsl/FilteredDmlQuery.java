package dev.sluice.dsl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * An UPDATE or DELETE: a statement that must say which rows it touches, with {@code where(…)} or an
 * explicit {@code allRows()}, so neither a forgotten condition nor an empty one becomes a
 * table-wide write.
 *
 * <p>The two are kept apart: {@code allRows()} is a flag of its own, never a condition, and a
 * {@code where(…)} condition that is still {@link Conditions#noCondition()} when the statement is
 * rendered (a dynamic filter to which nothing was added) fails, before anything is sent. Each
 * {@code where(…)} is ANDed to the ones before, as in a SELECT, so a later call never widens an
 * earlier one.
 */
abstract class FilteredDmlQuery<A extends Table<R>, R> extends DmlQuery<R> {
  /** The table, typed for the lambda style. */
  final A a;

  /** The WHERE condition, the AND of every where(…); null until the first. */
  private Condition where;

  /** Whether allRows() was called: no WHERE, on purpose. */
  private boolean allRows;

  /** Whether allRowsOfJoin() was called: the WHERE need not link every joined table. */
  private boolean unlinkedJoin;

  /** The most tables FROM or USING takes: with the target, one bit each in a long (JoinLinks). */
  private static final int MAX_JOINED = 63;

  /** UPDATE's FROM or DELETE's USING tables; empty for none. */
  private List<Table<?>> joined = List.of();

  FilteredDmlQuery(StatementExecutor queries, A table) {
    super(queries, table);
    this.a = table;
  }

  public ReturningStep<R> where(Condition condition) {
    if (condition == null) {
      throw new IllegalArgumentException(
          statement() + ": where(null); pass a condition, or call allRows() for every row");
    }
    if (allRows) {
      throw bothGiven();
    }
    where = where == null ? condition : where.and(condition);
    return this;
  }

  public ReturningStep<R> where(Function<? super A, ? extends Condition> condition) {
    return where(condition.apply(a));
  }

  public ReturningStep<R> allRows() {
    if (where != null) {
      throw bothGiven();
    }
    allRows = true;
    return this;
  }

  /** Adds the tables of UPDATE … FROM or DELETE … USING ({@code clause}, for the message). */
  final void join(String clause, Table<?>[] tables) {
    if (tables.length == 0) {
      throw new IllegalArgumentException(statement() + " " + clause + " needs at least one table");
    }
    if (joined.size() + tables.length > MAX_JOINED) {
      throw new IllegalArgumentException(
          statement() + " " + clause + ": more than " + MAX_JOINED + " tables");
    }
    List<Table<?>> more = new ArrayList<>(joined);
    more.addAll(Arrays.asList(tables));
    joined = List.copyOf(more);
  }

  /** For allRowsOfJoin(): the WHERE need not link the target to each joined table. */
  final void allowUnlinkedJoin() {
    unlinkedJoin = true;
  }

  @Override
  final List<Table<?>> scopeTables() {
    if (joined.isEmpty()) {
      return List.of(table);
    }
    List<Table<?>> all = new ArrayList<>(1 + joined.size());
    all.add(table);
    all.addAll(joined);
    return all;
  }

  /** Renders " FROM t, u" (or " USING …") for the joined tables; nothing for none. */
  final void renderJoined(SqlWriter w, String keyword) {
    for (int i = 0; i < joined.size(); i++) {
      w.append(i == 0 ? keyword : ", ").tableReference(joined.get(i));
    }
  }

  private IllegalStateException bothGiven() {
    return new IllegalStateException(
        statement() + ": both where(…) and allRows() were called; say one of them");
  }

  /**
   * Renders " WHERE …", or nothing for allRows(); fails if neither was called or the condition is
   * empty.
   */
  final void renderWhere(SqlWriter w) {
    if (allRows) {
      return;
    }
    if (where == null) {
      throw new IllegalStateException(
          statement() + ": neither where(…) nor allRows() was called; say which rows");
    }
    if (where.isEmpty()) {
      throw new IllegalStateException(
          statement()
              + ": the WHERE condition is empty (noCondition() with nothing added);"
              + " call allRows() to mean every row");
    }
    w.append(" WHERE ");
    where.render(w);
    if (!joined.isEmpty() && !unlinkedJoin) {
      List<Table<?>> unlinked = JoinLinks.unlinked(where, scopeTables());
      if (!unlinked.isEmpty()) {
        throw new IllegalStateException(
            statement()
                + " with "
                + joined
                + ": the WHERE does not link "
                + unlinked
                + " to "
                + table
                + ", so the statement would touch every row of "
                + table
                + " that any row of "
                + (unlinked.size() == 1 ? "it" : "them")
                + " matches (an AND operand that names columns of two tables links them, an OR"
                + " only what each of its branches links, NOT and unsafeCondition nothing);"
                + " join them in the WHERE, or call allRowsOfJoin() if that is meant");
      }
    }
  }
}
