package dev.sluice.dsl;

/** {@code DELETE FROM table WHERE … [RETURNING …]}. */
final class DeleteQuery<A extends Table<R>, R> extends FilteredDmlQuery<A, R>
    implements DeleteWhereStep<A, R> {
  DeleteQuery(StatementExecutor queries, A table) {
    super(queries, table);
  }

  @Override
  public DeleteWhereStep<A, R> allRowsOfJoin() {
    allowUnlinkedJoin();
    return this;
  }

  @Override
  public DeleteWhereStep<A, R> using(Table<?>... tables) {
    join("USING", tables);
    return this;
  }

  @Override
  String statement() {
    return "DELETE FROM " + table;
  }

  @Override
  void renderBody(SqlWriter w) {
    w.append("DELETE FROM ").tableReference(table);
    renderJoined(w, " USING ");
    renderWhere(w);
  }
}
