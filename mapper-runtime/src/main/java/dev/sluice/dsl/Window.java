package dev.sluice.dsl;

import java.util.List;

/**
 * A window for {@link Expression#over}: {@code PARTITION BY … ORDER BY …}. Immutable; start from
 * {@link Dsl#partitionBy} or {@link Dsl#orderedBy}.
 */
public final class Window extends QueryPart {
  private final List<Expression<?>> partitionBy;
  private final List<SortField> orderBy;

  Window(List<Expression<?>> partitionBy, List<SortField> orderBy) {
    this.partitionBy = partitionBy;
    this.orderBy = orderBy;
  }

  /** This window, its rows ordered by {@code keys}. */
  public Window orderBy(SortField... keys) {
    return new Window(partitionBy, List.of(keys));
  }

  @Override
  void render(SqlWriter w) {
    w.append('(');
    if (!partitionBy.isEmpty()) {
      w.append("PARTITION BY ");
      SelectQuery.list(w, partitionBy);
    }
    if (!orderBy.isEmpty()) {
      w.append(partitionBy.isEmpty() ? "ORDER BY " : " ORDER BY ");
      SelectQuery.list(w, orderBy);
    }
    w.append(')');
  }
}
