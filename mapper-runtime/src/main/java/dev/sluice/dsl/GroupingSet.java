package dev.sluice.dsl;

import java.util.List;

/**
 * An element of {@code GROUP BY} that makes several groupings in one pass: {@code ROLLUP (a, b)}
 * (a, b; a; the grand total), {@code CUBE (a, b)} (every subset), {@code GROUPING SETS ((a), (b),
 * ())} (those listed; {@code ()} is the grand total). In the rows of a grouping that leaves a
 * column out, that column is NULL; {@link Aggregates#grouping} tells such a NULL from a NULL in the
 * data. Made by {@link Aggregates#rollup}, {@link Aggregates#cube}, {@link
 * Aggregates#groupingSets}; immutable.
 */
public final class GroupingSet extends QueryPart {
  /** "ROLLUP ", "CUBE ", "GROUPING SETS ", or "" for a plain set inside GROUPING SETS. */
  private final String keyword;

  /** Expressions (ROLLUP, CUBE, a plain set) or GroupingSets (GROUPING SETS). */
  private final List<? extends QueryPart> items;

  GroupingSet(String keyword, List<? extends QueryPart> items) {
    if (items.isEmpty() && !keyword.isEmpty()) {
      // ROLLUP () is not SQL, and reading it as "no grouping" would change what is summed.
      throw new IllegalArgumentException(
          keyword.strip() + " of nothing: give it the expressions to group by");
    }
    this.keyword = keyword;
    this.items = items;
  }

  @Override
  void render(SqlWriter w) {
    w.append(keyword).append('(');
    SelectQuery.list(w, items);
    w.append(')');
  }
}
