package dev.sluice.dsl;

import java.util.List;

/**
 * The steps of a MERGE's WHEN clauses. Each holds its statement and its clause, and adds to them;
 * the steps that may end the statement hand the rest of {@link MergeStep} to it. Objects of their
 * own, since an UPDATE's {@code set} and an INSERT's {@code set} return other steps.
 */
final class MergeClauses {
  private MergeClauses() {}

  /** What every step after an action offers: another WHEN clause, or the statement itself. */
  abstract static class Delegate<R> implements MergeStep<R> {
    final MergeQuery<R> merge;
    final MergeQuery.When when;

    Delegate(MergeQuery<R> merge, MergeQuery.When when) {
      this.merge = merge;
      this.when = when;
    }

    @Override
    public final MergeMatchedStep<R> whenMatched() {
      return merge.whenMatched();
    }

    @Override
    public final MergeMatchedStep<R> whenMatched(Condition condition) {
      return merge.whenMatched(condition);
    }

    @Override
    public final MergeNotMatchedStep<R> whenNotMatched() {
      return merge.whenNotMatched();
    }

    @Override
    public final MergeNotMatchedStep<R> whenNotMatched(Condition condition) {
      return merge.whenNotMatched(condition);
    }

    @Override
    public final MergeMatchedStep<R> whenNotMatchedBySource() {
      return merge.whenNotMatchedBySource();
    }

    @Override
    public final MergeMatchedStep<R> whenNotMatchedBySource(Condition condition) {
      return merge.whenNotMatchedBySource(condition);
    }

    @Override
    public final long execute() {
      return merge.execute();
    }

    @Override
    public final FetchStep<R> returning() {
      return merge.returning();
    }

    @Override
    public final <T> FetchStep<T> returning(SelectField<T> field) {
      return merge.returning(field);
    }

    @Override
    public final <T> FetchStep<T> returning(Class<T> into, SelectField<?>... fields) {
      return merge.returning(into, fields);
    }

    @Override
    public final String toSql() {
      return merge.toSql();
    }

    @Override
    public final String toString() {
      return toSql();
    }
  }

  /** {@code WHEN MATCHED} or {@code WHEN NOT MATCHED BY SOURCE}, and its UPDATE's SET list. */
  static final class Matched<R> extends Delegate<R>
      implements MergeMatchedStep<R>, MergeUpdateStep<R> {
    Matched(MergeQuery<R> merge, MergeQuery.When when) {
      super(merge, when);
    }

    @Override
    public MergeUpdateSetStep<R> thenUpdate() {
      merge.action(when, MergeQuery.UPDATE);
      return this;
    }

    @Override
    public MergeStep<R> thenDelete() {
      merge.action(when, MergeQuery.DELETE);
      return merge;
    }

    @Override
    public MergeStep<R> thenDoNothing() {
      merge.action(when, MergeQuery.DO_NOTHING);
      return merge;
    }

    @Override
    public <T> MergeUpdateStep<R> set(Column<R, T> column, T value) {
      merge.assign(
          when, column, new Expression.Param<T>(column.toDatabase(value), column.valueType()));
      return this;
    }

    @Override
    public <T> MergeUpdateStep<R> set(Column<R, T> column, Expression<? extends T> value) {
      if (value == null) {
        throw new IllegalArgumentException(
            merge.statement() + " THEN UPDATE set(" + column + ", null); use setNull");
      }
      merge.assign(when, column, value);
      return this;
    }

    @Override
    public MergeUpdateStep<R> setNull(Column<R, ?> column) {
      merge.assign(when, column, new Expression.Param<Object>(null, column.valueType()));
      return this;
    }
  }

  /** {@code WHEN NOT MATCHED THEN INSERT}, one {@code set(column, value)} at a time. */
  static final class Insert<R> extends Delegate<R> implements MergeInsertStep<R> {
    Insert(MergeQuery<R> merge, MergeQuery.When when) {
      super(merge, when);
      merge.action(when, MergeQuery.INSERT);
    }

    @Override
    public <T> MergeInsertStep<R> set(Column<R, T> column, T value) {
      merge.assign(
          when, column, new Expression.Param<T>(column.toDatabase(value), column.valueType()));
      return this;
    }

    @Override
    public <T> MergeInsertStep<R> set(Column<R, T> column, Expression<? extends T> value) {
      if (value == null) {
        throw new IllegalArgumentException(
            merge.statement() + " THEN INSERT set(" + column + ", null); pass a value");
      }
      merge.assign(when, column, value);
      return this;
    }
  }

  /** {@code WHEN NOT MATCHED THEN INSERT (columns)}, waiting for the values. */
  static final class InsertValues<R> implements MergeInsertValuesStep<R> {
    private final MergeQuery<R> merge;
    private final MergeQuery.When when;
    private final List<Column<R, ?>> columns;

    InsertValues(MergeQuery<R> merge, MergeQuery.When when, List<Column<R, ?>> columns) {
      this.merge = merge;
      this.when = when;
      this.columns = columns;
    }

    @Override
    public MergeStep<R> values(Object... values) {
      if (values.length != columns.size()) {
        throw new IllegalArgumentException(
            merge.statement()
                + " THEN INSERT of "
                + columns.size()
                + " columns "
                + columns
                + " with "
                + values.length
                + " values");
      }
      merge.action(when, MergeQuery.INSERT);
      for (int i = 0; i < values.length; i++) {
        Column<R, ?> c = columns.get(i);
        merge.assign(when, c, merge.valueFor(when, c, i, values[i]));
      }
      return merge;
    }
  }
}
