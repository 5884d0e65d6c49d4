package dev.sluice.dsl;

import dev.sluice.RowDecoder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What every SELECT the DSL builds shares, a plain one ({@link SelectQuery}) or a set operation of
 * two ({@link CompoundQuery}): rendering into a writer (alone, as a subquery, as a CTE's body or as
 * an operand), its select list, how its rows are read, and running it. Set operations are made
 * here, so any select may be an operand of one.
 */
abstract class AbstractSelect<T> implements SelectOrderByStep<T>, SelectLockStep<T> {
  /** ORDER BY keys; empty for none. */
  List<SortField> orderBy = List.of();

  /** LIMIT and OFFSET, bound; null for none. */
  private Long limit;

  private Long offset;

  /** FOR UPDATE and the like; null for none. */
  private Locking lock;

  AbstractSelect() {}

  @Override
  public SelectLimitStep<T> orderBy(SortField... keys) {
    orderBy = List.of(keys);
    return this;
  }

  @Override
  public SelectOffsetStep<T> limit(long rows) {
    if (rows < 0) {
      throw new IllegalArgumentException("limit < 0: " + rows);
    }
    limit = rows;
    return this;
  }

  @Override
  public Select<T> offset(long rows) {
    if (rows < 0) {
      throw new IllegalArgumentException("offset < 0: " + rows);
    }
    offset = rows;
    return this;
  }

  // ---- locking ----

  @Override
  public final SelectLockStep<T> forUpdate() {
    return lock(" FOR UPDATE");
  }

  @Override
  public final SelectLockStep<T> forNoKeyUpdate() {
    return lock(" FOR NO KEY UPDATE");
  }

  @Override
  public final SelectLockStep<T> forShare() {
    return lock(" FOR SHARE");
  }

  @Override
  public final SelectLockStep<T> forKeyShare() {
    return lock(" FOR KEY SHARE");
  }

  @Override
  public final SelectLockStep<T> of(Table<?>... tables) {
    lock = lock.of(tables);
    return this;
  }

  @Override
  public final Select<T> nowait() {
    lock = lock.waitPolicy(" NOWAIT");
    return this;
  }

  @Override
  public final Select<T> skipLocked() {
    lock = lock.waitPolicy(" SKIP LOCKED");
    return this;
  }

  private SelectLockStep<T> lock(String strength) {
    checkLockable(strength.strip());
    lock = new Locking(strength, List.of(), "");
    return this;
  }

  /** Fails if this kind of select cannot lock rows (a set operation cannot). */
  void checkLockable(String clause) {}

  /** Whether it has a locking clause, which no operand of a set operation may have. */
  final boolean isLocking() {
    return lock != null;
  }

  /** Takes {@code other}'s ORDER BY, LIMIT, OFFSET and locking, for a copy of it. */
  final void copyTail(AbstractSelect<?> other) {
    orderBy = other.orderBy;
    limit = other.limit;
    offset = other.offset;
    lock = other.lock;
  }

  /**
   * Whether it ends in ORDER BY, LIMIT or OFFSET, which an operand may only have in parentheses.
   */
  final boolean hasTail() {
    return !orderBy.isEmpty() || limit != null || offset != null || lock != null;
  }

  /**
   * Renders " LIMIT $n OFFSET $m" and the locking clause for what was set (ORDER BY is each kind's
   * own).
   */
  final void renderLimitOffset(SqlWriter w) {
    if (limit != null) {
      w.append(" LIMIT ").bind(limit);
    }
    if (offset != null) {
      w.append(" OFFSET ").bind(offset);
    }
    if (lock != null) {
      lock.render(w);
    }
  }

  /** Where fetch() runs; null for a detached query. */
  abstract StatementExecutor queries();

  /** Appends the statement to {@code w}, binding its values there. */
  abstract void render(SqlWriter w);

  /** The select list: the items whose values make each row, in order. */
  abstract List<SelectField<?>> selectList();

  /** What each row is read into: a table's record, an {@code @Row} record, or the scalar's type. */
  abstract Class<?> rowType();

  /**
   * How the rows of {@code sql} (this select, rendered: the canonical text, which a projection's
   * decoder is kept by) are read.
   */
  abstract RowDecoder<T> decoder(String sql);

  /**
   * Whether it starts with WITH, which only a set operation's first operand may, unparenthesized.
   */
  abstract boolean hasWith();

  /** The names of the result columns, in order; null for an unnamed expression. */
  final List<String> outputNames() {
    List<SelectField<?>> list = selectList();
    List<String> names = new ArrayList<>(list.size());
    for (SelectField<?> f : list) {
      names.add(f.outputName());
    }
    return names;
  }

  /**
   * {@link #outputNames()}, for a query read by name (a CTE, a derived table): fails naming {@code
   * what} when an item has no name.
   */
  final List<String> namedOutputs(String what) {
    List<String> names = outputNames();
    for (int i = 0; i < names.size(); i++) {
      if (names.get(i) == null) {
        throw new IllegalArgumentException(
            what
                + ": select list item "
                + selectList().get(i)
                + " has no name to read it by; name it with as(\"name\")");
      }
    }
    return names;
  }

  // ---- set operations ----

  @Override
  public final SelectOrderByStep<T> union(Select<T> other) {
    return new CompoundQuery<>(this, CompoundQuery.UNION, other);
  }

  @Override
  public final SelectOrderByStep<T> unionAll(Select<T> other) {
    return new CompoundQuery<>(this, CompoundQuery.UNION_ALL, other);
  }

  @Override
  public final SelectOrderByStep<T> intersect(Select<T> other) {
    return new CompoundQuery<>(this, CompoundQuery.INTERSECT, other);
  }

  @Override
  public final SelectOrderByStep<T> intersectAll(Select<T> other) {
    return new CompoundQuery<>(this, CompoundQuery.INTERSECT_ALL, other);
  }

  @Override
  public final SelectOrderByStep<T> except(Select<T> other) {
    return new CompoundQuery<>(this, CompoundQuery.EXCEPT, other);
  }

  @Override
  public final SelectOrderByStep<T> exceptAll(Select<T> other) {
    return new CompoundQuery<>(this, CompoundQuery.EXCEPT_ALL, other);
  }

  // ---- running ----

  @Override
  public final List<T> fetch() {
    return fetch(null);
  }

  @Override
  public final Optional<T> fetchOne() {
    return fetchOne(null);
  }

  @Override
  public final Stream<T> stream() {
    return stream(null);
  }

  @Override
  public final void forEach(Consumer<? super T> action) {
    try (Stream<T> rows = stream()) {
      rows.forEach(action);
    }
  }

  @Override
  public final <U> RowsStep<U> map(Function<? super T, ? extends U> mapper) {
    return new MappedSelect<>(this, mapper);
  }

  /** Runs it, each row read by {@link #decoder} and then made a {@code U} by {@code mapper}. */
  final <U> List<U> fetch(Function<? super T, ? extends U> mapper) {
    StatementExecutor q = attached();
    SqlWriter w = SqlWriter.borrow();
    String sql;
    Object[] params;
    try {
      render(w);
      sql = w.sql();
      params = w.params();
    } finally {
      w.release();
    }
    return q.query(sql, decoder(sql, mapper), params);
  }

  final <U> Optional<U> fetchOne(Function<? super T, ? extends U> mapper) {
    StatementExecutor q = attached();
    SqlWriter w = SqlWriter.borrow();
    String sql;
    Object[] params;
    try {
      render(w);
      sql = w.sql();
      params = w.params();
    } finally {
      w.release();
    }
    return q.queryOne(sql, decoder(sql, mapper), params);
  }

  final <U> Stream<U> stream(Function<? super T, ? extends U> mapper) {
    SqlWriter w = rendered();
    String sql = w.sql();
    return attached().stream(sql, decoder(sql, mapper), w.params());
  }

  /** The decoder of the rows, mapped by {@code mapper}; null for the rows as they are (U is T). */
  @SuppressWarnings("unchecked")
  private <U> RowDecoder<U> decoder(String sql, Function<? super T, ? extends U> mapper) {
    RowDecoder<T> rows = decoder(sql);
    return mapper == null ? (RowDecoder<U>) rows : new MappedDecoder<>(rows, mapper);
  }

  @Override
  public final String toSql() {
    return rendered().sql();
  }

  @Override
  public final List<Object> bindValues() {
    return Arrays.asList(rendered().params());
  }

  @Override
  public final String toString() {
    return toSql();
  }

  private StatementExecutor attached() {
    StatementExecutor q = queries();
    if (q == null) {
      throw new IllegalStateException(
          "this query was built detached (Dsl.select…/Dsl.from…), for use as a subquery; "
              + "start it from a Database or Transaction to run it: "
              + toSql());
    }
    return q;
  }

  private SqlWriter rendered() {
    SqlWriter w = SqlWriter.checked();
    render(w);
    return w;
  }
}
