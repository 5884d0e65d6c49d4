package dev.sluice.dsl;

import java.util.List;

/** The WITH clause in front of a statement: its CTEs, RECURSIVE once for all. */
final class WithClause {
  private WithClause() {}

  /**
   * {@code WITH a AS (…), b AS (…) }: rendered before this query's scope opens, so a CTE sees the
   * enclosing queries' tables but not this one's, as in PostgreSQL.
   *
   * <p>A WITH that holds a data-modifying statement is, as a whole, a part that decides what that
   * statement writes (its other CTEs may feed it), even in front of a SELECT: an empty filter in
   * any of its queries fails, naming the statement. (In front of a DML statement the WITH is that
   * already.)
   */
  static void render(SqlWriter w, List<Cte<?>> with) {
    boolean recursive = false;
    DmlQuery<?> writer = null;
    for (int i = 0; i < with.size(); i++) {
      Cte<?> cte = with.get(i);
      recursive |= cte.isRecursive();
      if (writer == null) {
        writer = cte.writer();
      }
    }
    DmlQuery<?> outer = writer == null ? null : w.startWrite(writer);
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
    if (writer != null) {
      w.endWrite(outer);
    }
    w.append(' ');
  }
}
