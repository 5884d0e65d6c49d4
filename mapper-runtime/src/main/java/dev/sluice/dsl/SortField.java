package dev.sluice.dsl;

/**
 * An ORDER BY key: an expression, ascending or descending, with NULLs first or last (PostgreSQL's
 * default puts NULLs last ascending and first descending). Immutable.
 */
public final class SortField extends QueryPart {
  private final Expression<?> expression;
  private final boolean descending;

  /** 0: PostgreSQL's default, 1: NULLS FIRST, 2: NULLS LAST. */
  private final int nulls;

  SortField(Expression<?> expression, boolean descending, int nulls) {
    this.expression = expression;
    this.descending = descending;
    this.nulls = nulls;
  }

  /**
   * {@code … NULLS FIRST}: NULLs sort before every value.
   *
   * @return a new key of the same expression and direction
   */
  public SortField nullsFirst() {
    return new SortField(expression, descending, 1);
  }

  /**
   * {@code … NULLS LAST}: NULLs sort after every value.
   *
   * @return a new key of the same expression and direction
   */
  public SortField nullsLast() {
    return new SortField(expression, descending, 2);
  }

  @Override
  void render(SqlWriter w) {
    expression.render(w);
    if (descending) {
      w.append(" DESC");
    }
    if (nulls == 1) {
      w.append(" NULLS FIRST");
    } else if (nulls == 2) {
      w.append(" NULLS LAST");
    }
  }
}
