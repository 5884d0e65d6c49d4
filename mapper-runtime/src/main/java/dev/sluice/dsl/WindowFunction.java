package dev.sluice.dsl;

import java.util.List;

/**
 * An aggregate or window function call, the only expressions that take {@link #over(Window)}:
 * {@code count()}, {@code sum(c)}, {@code rank()}, … A column or {@code lower(x)} is no {@code
 * WindowFunction}, so {@code FILM.title.over(w)} does not compile (PostgreSQL would refuse it:
 * "OVER specified, but lower is not a window function nor an aggregate function").
 *
 * <p>Immutable, like every expression.
 *
 * @param <T> the Java type of the value
 */
public final class WindowFunction<T> extends Expression<T> {
  private final Call<T> call;

  /** The aggregate's FILTER (WHERE …) condition, or null. */
  private final Condition filter;

  WindowFunction(Class<?> type, String name, String prefix, List<QueryPart> args) {
    super(type);
    this.call = new Call<>(type, name, prefix, args);
    this.filter = null;
  }

  private WindowFunction(WindowFunction<T> function, Condition filter) {
    super(function.valueType());
    this.call = function.call;
    this.filter = filter;
  }

  /**
   * {@code aggregate FILTER (WHERE condition)}: the aggregate over the rows where the condition
   * holds, e.g. {@code count().filter(FILM.rating.eq(Rating.G))}, with or without {@code over}.
   * {@link Conditions#noCondition()} is no filter, as in a SELECT's WHERE: the aggregate over every
   * row, without FILTER; and, as there, it fails inside a part of a data-modifying statement that
   * decides what it writes (an UPDATE's SET, say), where it would widen the aggregate. (PostgreSQL
   * refuses FILTER on a window function that is no aggregate, such as rank().)
   *
   * @param condition which rows the aggregate takes; values in it are bound
   * @return a new call with the filter
   * @throws IllegalStateException if this call has a filter already
   */
  public WindowFunction<T> filter(Condition condition) {
    if (filter != null && !filter.isEmpty()) {
      throw new IllegalStateException(this + " has a FILTER already; and() the conditions");
    }
    return new WindowFunction<>(this, condition);
  }

  /**
   * This function over a window: {@code rank().over(partitionBy(FILM.rating)
   * .orderBy(FILM.length.desc()))} renders {@code rank() OVER (PARTITION BY … ORDER BY …)}.
   *
   * @param window the window: {@code partitionBy}, {@code orderBy}, a frame, or a named window
   * @return the windowed call, an expression of the same type
   */
  public Expression<T> over(Window window) {
    WindowFunction<T> function = this;
    return new Expression<T>(valueType()) {
      @Override
      void render(SqlWriter w) {
        function.render(w);
        w.append(" OVER ");
        window.render(w);
      }
    };
  }

  @Override
  void render(SqlWriter w) {
    call.render(w);
    if (filter == null) {
      return;
    }
    if (filter.isEmpty()) {
      if (w.writing() != null) {
        throw new IllegalStateException(
            w.writing()
                + ": the FILTER condition of "
                + call.name()
                + "(…) inside it is empty (noCondition() with nothing added), which would widen"
                + " what the statement writes; add a filter, or leave the FILTER out to mean"
                + " every row");
      }
    } else {
      w.append(" FILTER (WHERE ");
      filter.render(w);
      w.append(')');
    }
  }
}
