package dev.sluice.dsl;

import dev.sluice.Queries;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** {@code UPDATE table SET … WHERE … [RETURNING …]}. */
final class UpdateQuery<A extends Table<R>, R> extends DmlQuery<R>
    implements UpdateWhereStep<A, R> {
  private final A a;
  private final List<Column<?, ?>> columns = new ArrayList<>();
  private final List<QueryPart> values = new ArrayList<>();

  /** The WHERE condition; null until where() or allRows(). */
  private Condition where;

  UpdateQuery(Queries queries, A table) {
    super(queries, table);
    this.a = table;
  }

  @Override
  public <T> UpdateWhereStep<A, R> set(Column<R, T> column, T value) {
    return add(column, new Expression.Param<T>(column.toDatabase(value), column.valueType()));
  }

  @Override
  public <T> UpdateWhereStep<A, R> set(Column<R, T> column, Expression<? extends T> value) {
    return add(column, value);
  }

  @Override
  public UpdateWhereStep<A, R> setNull(Column<R, ?> column) {
    return add(column, new Expression.Param<Object>(null, column.valueType()));
  }

  private UpdateWhereStep<A, R> add(Column<R, ?> column, QueryPart value) {
    if (!column.table().alias().equals(table.alias())) {
      throw new IllegalStateException(
          "set " + column + ": the column is not of the updated table " + table);
    }
    columns.add(column);
    values.add(value);
    return this;
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
      throw new IllegalStateException("update of " + table + " without where(…) or allRows()");
    }
    w.append("UPDATE ").tableReference(table).append(" SET ");
    for (int i = 0; i < columns.size(); i++) {
      w.append(i == 0 ? "" : ", ").identifier(columns.get(i).name()).append(" = ");
      values.get(i).render(w);
    }
    if (!where.isEmpty()) {
      w.append(" WHERE ");
      where.render(w);
    }
  }
}
