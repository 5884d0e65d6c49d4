package dev.sluice.dsl;

import java.util.List;
import java.util.Optional;

/**
 * The from-first ("Kotlin-style") query: tables and joins first, each condition a lambda that
 * receives the tables (or their aliases) — {@code db.from(FILM).where(f -> f.length.gt((short)
 * 120))} — then either the rows of the first table ({@link #fetch()}) or a projection ({@link
 * #select}). The lambdas run once, while the query is built. Each {@code where} is ANDed to the
 * ones before, so optional filters compose with plain {@code if}s.
 *
 * <p>{@code select(…)} returns a new query with this one's tables and clauses so far: this step
 * still reads the first table's records, and what is added to either afterwards stays its own.
 *
 * @param <R> the record of the first table
 * @param <S> the concrete step, returned by {@link #where(Condition)}
 */
public abstract class FromStep<R, S extends FromStep<R, S>> {
  final SelectQuery<R> query;

  FromStep(SelectQuery<R> query) {
    this.query = query;
  }

  abstract S self();

  /** ANDs {@code condition} to the WHERE clause. */
  public final S where(Condition condition) {
    query.addWhere(condition);
    return self();
  }

  /** Selects one expression instead of the first table's rows: the rows read as scalars. */
  public final <T> SelectWhereStep<T> select(Expression<T> field) {
    return query.project(false, null, List.of(field));
  }

  /** Selects {@code fields}, read into the {@code @Row} record {@code into} by column name. */
  public final <T> SelectWhereStep<T> select(Class<T> into, SelectField<?>... fields) {
    return query.project(false, into, List.of(fields));
  }

  /** {@code SELECT DISTINCT field}. */
  public final <T> SelectWhereStep<T> selectDistinct(Expression<T> field) {
    return query.project(true, null, List.of(field));
  }

  /** {@code SELECT DISTINCT fields}, read into {@code into}. */
  public final <T> SelectWhereStep<T> selectDistinct(Class<T> into, SelectField<?>... fields) {
    return query.project(true, into, List.of(fields));
  }

  /** {@code ORDER BY keys}, selecting the first table's rows. */
  public final SelectLimitStep<R> orderBy(SortField... keys) {
    return query.orderBy(keys);
  }

  /** {@code LIMIT $n}, selecting the first table's rows. */
  public final SelectOffsetStep<R> limit(long rows) {
    return query.limit(rows);
  }

  /** The first table's rows. */
  public final List<R> fetch() {
    return query.fetch();
  }

  public final Optional<R> fetchOne() {
    return query.fetchOne();
  }

  /** The first table's rows, as a subquery or for more clauses. */
  public final SelectWhereStep<R> selectAll() {
    return query;
  }

  public final String toSql() {
    return query.toSql();
  }

  @Override
  public final String toString() {
    return query.toSql();
  }
}
