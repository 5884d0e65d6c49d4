package dev.sluice.dsl;

/**
 * The steps of {@code ON CONFLICT … DO UPDATE}, adding to their INSERT: an object of its own since
 * its {@code set} methods return other steps than the INSERT's {@code set} of chosen columns.
 */
final class ConflictUpdate<R> implements ConflictUpdateStep<R> {
  private final InsertQuery<R> insert;

  ConflictUpdate(InsertQuery<R> insert) {
    this.insert = insert;
    insert.conflict.startUpdate();
  }

  /** The INSERT this adds to. */
  InsertQuery<R> insert() {
    return insert;
  }

  @Override
  public <T> ConflictUpdateStep<R> set(Column<R, T> column, T value) {
    insert.conflict.set(
        column, new Expression.Param<T>(column.toDatabase(value), column.valueType()));
    return this;
  }

  @Override
  public <T> ConflictUpdateStep<R> set(Column<R, T> column, Expression<? extends T> value) {
    if (value == null) {
      throw new IllegalArgumentException(
          insert.statement() + " ON CONFLICT DO UPDATE set(" + column + ", null); use setNull");
    }
    insert.conflict.set(column, value);
    return this;
  }

  @Override
  public ConflictUpdateStep<R> setNull(Column<R, ?> column) {
    insert.conflict.set(column, new Expression.Param<Object>(null, column.valueType()));
    return this;
  }

  @Override
  public ConflictUpdateStep<R> setExcluded(Column<R, ?> column) {
    insert.conflict.set(column, null);
    return this;
  }

  @Override
  public ReturningStep<R> where(Condition condition) {
    insert.conflict.updateWhere(condition);
    return insert;
  }

  @Override
  public long execute() {
    return insert.execute();
  }

  @Override
  public FetchStep<R> returning() {
    return insert.returning();
  }

  @Override
  public <T> FetchStep<T> returning(SelectField<T> field) {
    return insert.returning(field);
  }

  @Override
  public <T> FetchStep<T> returning(Class<T> into, SelectField<?>... fields) {
    return insert.returning(into, fields);
  }

  @Override
  public String toSql() {
    return insert.toSql();
  }

  @Override
  public String toString() {
    return toSql();
  }
}
