package dev.sluice.dsl;

import java.util.List;

/**
 * One JOIN clause of a {@link SelectQuery}: the kind ({@code " LEFT JOIN "}), the table, and its ON
 * condition or USING columns, set by the step after the join. Mutable like the query that holds it,
 * so a copy of the query ({@link SelectQuery#project}) copies its joins.
 */
final class JoinClause {
  final String kind;
  final Table<?> table;

  /** The ON condition, or null. */
  Condition on;

  /** The USING columns, or null. */
  List<Column<?, ?>> using;

  JoinClause(String kind, Table<?> table) {
    this.kind = kind;
    this.table = table;
  }

  /** A join of its own for a copy of the query: on and using are set after it is made. */
  JoinClause copy() {
    JoinClause j = new JoinClause(kind, table);
    j.on = on;
    j.using = using;
    return j;
  }

  void render(SqlWriter w) {
    w.append(kind).tableReference(table);
    if (on != null && on.isEmpty()) {
      // Taken as TRUE it would join every pair of rows: a cross join nobody asked for.
      throw new IllegalStateException(
          kind.strip()
              + " "
              + table
              + " ON: the condition is empty (noCondition() with nothing added); give the join"
              + " a condition, or crossJoin("
              + table
              + ") for every pair of rows");
    }
    if (on != null) {
      w.append(" ON ");
      on.render(w);
    } else if (using != null) {
      w.append(" USING (");
      for (int i = 0; i < using.size(); i++) {
        w.append(i == 0 ? "" : ", ").identifier(using.get(i).name());
      }
      w.append(')');
    } else if (!kind.equals(" CROSS JOIN ")) {
      throw new IllegalStateException(
          "join of " + table + " has neither ON nor USING; add .on(condition) or .using(columns)");
    }
  }
}
