package dev.sluice.dsl;

import dev.sluice.Queries;
import java.util.function.Function;

/**
 * An UPDATE or DELETE: a statement that must say which rows it touches, with {@code where(…)} or an
 * explicit {@code allRows()}, so a forgotten condition never becomes a table-wide write.
 */
abstract class FilteredDmlQuery<A extends Table<R>, R> extends DmlQuery<R> {
  /** The table, typed for the lambda style. */
  final A a;

  /** The WHERE condition; null until where() or allRows(). */
  private Condition where;

  FilteredDmlQuery(Queries queries, A table) {
    super(queries, table);
    this.a = table;
  }

  public ReturningStep<R> where(Condition condition) {
    where = condition;
    return this;
  }

  public ReturningStep<R> where(Function<? super A, ? extends Condition> condition) {
    return where(condition.apply(a));
  }

  public ReturningStep<R> allRows() {
    where = Conditions.NONE;
    return this;
  }

  /** Fails unless where() or allRows() was called; {@code statement} names it in the message. */
  final void requireWhere(String statement) {
    if (where == null) {
      throw new IllegalStateException(statement + " " + table + " without where(…) or allRows()");
    }
  }

  /** Renders " WHERE …", or nothing for allRows(). */
  final void renderWhere(SqlWriter w) {
    if (!where.isEmpty()) {
      w.append(" WHERE ");
      where.render(w);
    }
  }
}
