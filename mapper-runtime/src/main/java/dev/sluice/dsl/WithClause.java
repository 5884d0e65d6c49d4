package dev.sluice.dsl;

import java.util.List;

/** The WITH clause in front of a statement: its CTEs, RECURSIVE once for all. */
final class WithClause {
  private WithClause() {}

  /**
   * {@code WITH a AS (…), b AS (…) }: rendered before this query's scope opens, so a CTE sees the
   * enclosing queries' tables but not this one's, as in PostgreSQL.
   */
  static void render(SqlWriter w, List<Cte<?>> with) {
    boolean recursive = false;
    for (Cte<?> cte : with) {
      recursive |= cte.isRecursive();
    }
    // RECURSIVE is said once, for the whole list: it lets any of the CTEs read itself.
    w.append(recursive ? "WITH RECURSIVE " : "WITH ");
    for (int i = 0; i < with.size(); i++) {
      Cte<?> cte = with.get(i);
      for (int j = 0; j < i; j++) {
        if (with.get(j).name().equals(cte.name())) {
          throw new IllegalStateException(
              "WITH declares two CTEs named \"" + cte.name() + "\"; give one another name");
        }
      }
      if (i > 0) {
        w.append(", ");
      }
      cte.render(w);
    }
    w.append(' ');
  }
}
