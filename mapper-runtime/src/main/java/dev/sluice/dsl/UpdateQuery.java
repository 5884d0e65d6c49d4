package dev.sluice.dsl;

import java.util.ArrayList;
import java.util.List;

/** {@code UPDATE table SET … WHERE … [RETURNING …]}. */
final class UpdateQuery<A extends Table<R>, R> extends FilteredDmlQuery<A, R>
    implements UpdateWhereStep<A, R> {
  private final List<Column<?, ?>> columns = new ArrayList<>();
  private final List<QueryPart> values = new ArrayList<>();

  UpdateQuery(StatementExecutor queries, A table) {
    super(queries, table);
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
  public UpdateWhereStep<A, R> allRowsOfJoin() {
    allowUnlinkedJoin();
    return this;
  }

  @Override
  public UpdateWhereStep<A, R> from(Table<?>... tables) {
    join("FROM", tables);
    return this;
  }

  @Override
  String statement() {
    return "UPDATE " + table;
  }

  @Override
  void renderBody(SqlWriter w) {
    if (columns.isEmpty()) {
      // The types lead through set(…) first; only a cast past UpdateSetStep gets here.
      throw new IllegalStateException(
          statement() + ": no SET clause; call set(…) or setNull(…) before where(…)");
    }
    w.append("UPDATE ").tableReference(table).append(" SET ");
    for (int i = 0; i < columns.size(); i++) {
      w.append(i == 0 ? "" : ", ").identifier(columns.get(i).name()).append(" = ");
      values.get(i).render(w);
    }
    renderJoined(w, " FROM ");
    renderWhere(w);
  }
}
