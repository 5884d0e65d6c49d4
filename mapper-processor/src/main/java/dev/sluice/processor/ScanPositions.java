package dev.sluice.processor;

import static dev.sluice.processor.PlanWalk.plainColumn;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where a column of a kept subquery or CTE scan is in the output of the plan below it. The scan
 * shows its columns by name ({@code s.film_id}), the plan below only expressions, so the position
 * is found by what else is known: the two lists side by side, the SQL's own select list, a view's
 * column list. Each answers -1 where it cannot be sure, and the inference then asks the next.
 */
final class ScanPositions {
  private ScanPositions() {}

  /**
   * Where column {@code name} of a subquery or CTE scan is in its inner plan's output, or -1. The
   * scan's columns have names, the inner outputs only expressions: the position is taken only when
   * the two lists have one length, every inner output that is itself a plain column bears the name
   * the scan shows at that position, and at most one inner output is computed (so that two computed
   * columns could not be swapped).
   */
  static int position(PlanNode scan, PlanNode plan, String name) {
    List<String> shown = scan.output;
    List<String> inner = plan.output;
    if (shown.size() != inner.size()) {
      return -1;
    }
    int computed = 0;
    int found = -1;
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < shown.size(); i++) {
      String[] s = plainColumn(shown.get(i));
      if (s == null || !scan.alias.equals(s[0]) || !seen.add(s[1])) {
        return -1;
      }
      String[] in = plainColumn(inner.get(i));
      if (in == null) {
        computed++;
      } else if (!in[1].equals(s[1])) {
        return -1;
      }
      if (s[1].equals(name)) {
        found = i;
      }
    }
    return computed <= 1 ? found : -1;
  }

  /**
   * Where column {@code name} of a FROM subquery is in its plan's output, or -1: at its place in
   * the subquery's select list as the SQL text gives it, since the plan keeps every item in place
   * (an unused one as {@code NULL::type}) and adds only sort keys after them. Taken when the name
   * is one item's only, the plan outputs at least as many columns as the list has items, and no
   * item that is a plain column shows as another plain column in the plan (a text read wrongly
   * would show so).
   */
  static int selectListPosition(List<SubqueryText.Item> items, List<String> inner, String name) {
    if (items == null || items.size() > inner.size()) {
      return -1;
    }
    int found = -1;
    for (int i = 0; i < items.size(); i++) {
      SubqueryText.Item item = items.get(i);
      if (name.equals(item.name())) {
        if (found >= 0) {
          return -1;
        }
        found = i;
      }
      String[] in = plainColumn(inner.get(i));
      if (item.column() != null && in != null && !in[1].equals(item.column())) {
        return -1;
      }
    }
    return found;
  }

  /**
   * Where column {@code name} of a view is in the output of the view's plan, or -1: taken when the
   * subquery scan bears a view's name that the SQL gives no subquery of its own ({@code (…) AS
   * name}), and the view has as many columns as the plan outputs (PostgreSQL keeps every column of
   * a view's subquery in place, putting NULL for those the query does not use).
   */
  static int viewPosition(List<String> columns, List<String> inner, String name) {
    if (columns == null || columns.size() != inner.size()) {
      return -1;
    }
    return columns.indexOf(name);
  }
}
