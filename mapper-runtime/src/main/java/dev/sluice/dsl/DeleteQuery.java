package dev.sluice.dsl;

import dev.sluice.Queries;
import java.util.function.Function;

/** {@code DELETE FROM table WHERE … [RETURNING …]}. */
final class DeleteQuery<A extends Table<R>, R> extends DmlQuery<R>
    implements DeleteWhereStep<A, R> {
  private final A a;

  /** The WHERE condition; null until where() or allRows(). */
  private Condition where;

  DeleteQuery(Queries queries, A table) {
    super(queries, table);
    this.a = table;
  }

  @Override
  public ReturningStep<R> where(Condition condition) {
    where = condition;
    return this;
  }

  @Override
  public ReturningStep<R> where(Function<? super A, ? extends Condition> condition) {
    return where(condition.apply(a));
  }

  @Override
  public ReturningStep<R> allRows() {
    where = Conditions.NONE;
    return this;
  }

  @Override
  void renderBody(SqlWriter w) {
    if (where == null) {
      throw new IllegalStateException("delete from " + table + " without where(…) or allRows()");
    }
    w.append("DELETE FROM ").tableReference(table);
    if (!where.isEmpty()) {
      w.append(" WHERE ");
      where.render(w);
    }
  }
}
