package dev.sluice.dsl;

import dev.sluice.Queries;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code WITH cte, …} waiting for the SELECT it goes in front of, in either style: {@code
 * db.with(lf).selectFrom(lf.table())…} or {@code db.with(lf).from(lf.table()).where(f -> …)}. The
 * CTEs are rendered first, so their bound values take the first {@code $n}s and the statement's own
 * values follow. Immutable: {@link #with} makes a new step.
 */
public final class WithStep {
  /** Where the statement runs; null for a detached one. */
  private final Queries queries;

  private final List<Cte<?>> ctes;

  WithStep(Queries queries, List<Cte<?>> ctes) {
    if (ctes.isEmpty()) {
      throw new IllegalArgumentException("with() needs at least one CTE");
    }
    this.queries = queries;
    this.ctes = ctes;
  }

  /** One more CTE, after these; it may read the ones before it. */
  public WithStep with(Cte<?> cte) {
    List<Cte<?>> more = new ArrayList<>(ctes);
    more.add(cte);
    return new WithStep(queries, List.copyOf(more));
  }

  /** {@code SELECT} every column {@code FROM table} (a CTE's {@link Cte#table()}, or any table). */
  public <R> SelectJoinStep<R> selectFrom(Table<R> table) {
    return SelectQuery.ofTable(queries, table).with(ctes);
  }

  /** The from-first style: lambdas receive {@code table}, e.g. a CTE's typed table. */
  public <A extends Table<R>, R> From1Step<A, R> from(A table) {
    return new From1Step<>(SelectQuery.ofTable(queries, table).with(ctes), table);
  }

  public <T> SelectFromStep<T> select(SelectField<T> field) {
    return SelectQuery.ofField(queries, false, field).with(ctes);
  }

  public <T> SelectFromStep<T> select(Class<T> into, SelectField<?>... fields) {
    return SelectQuery.ofRecord(queries, false, into, fields).with(ctes);
  }

  public <T> SelectFromStep<T> selectDistinct(SelectField<T> field) {
    return SelectQuery.ofField(queries, true, field).with(ctes);
  }

  public <T> SelectFromStep<T> selectDistinct(Class<T> into, SelectField<?>... fields) {
    return SelectQuery.ofRecord(queries, true, into, fields).with(ctes);
  }

  /** {@code WITH … INSERT INTO table …}: e.g. {@code insertInto(T).columns(…).select(…)}. */
  public <R> InsertStep<R> insertInto(Table<R> table) {
    InsertQuery<R> q = new InsertQuery<>(queries, table);
    q.with(ctes);
    return q;
  }

  /** {@code WITH … UPDATE table …}. */
  public <A extends Table<R>, R> UpdateSetStep<A, R> update(A table) {
    UpdateQuery<A, R> q = new UpdateQuery<>(queries, table);
    q.with(ctes);
    return q;
  }

  /** {@code WITH … DELETE FROM table …}. */
  public <A extends Table<R>, R> DeleteWhereStep<A, R> deleteFrom(A table) {
    DeleteQuery<A, R> q = new DeleteQuery<>(queries, table);
    q.with(ctes);
    return q;
  }

  /** {@code WITH … MERGE INTO target …}: the source may be one of the CTEs' tables. */
  public <R> MergeUsingStep<R> mergeInto(Table<R> target) {
    MergeQuery<R> q = new MergeQuery<>(queries, target);
    q.with(ctes);
    return q;
  }
}
