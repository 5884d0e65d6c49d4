package dev.sluice.processor;

import static dev.sluice.processor.ColumnNullness.NON_NULL;
import static dev.sluice.processor.ColumnNullness.NULLABLE;
import static dev.sluice.processor.ColumnNullness.UNKNOWN;
import static dev.sluice.processor.NullnessRules.either;
import static dev.sluice.processor.PlanWalk.aggregate;
import static dev.sluice.processor.PlanWalk.collectAliases;
import static dev.sluice.processor.PlanWalk.findPartitions;
import static dev.sluice.processor.PlanWalk.findPath;
import static dev.sluice.processor.PlanWalk.findSubplan;
import static dev.sluice.processor.PlanWalk.indexOfColumn;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The walk over one plan for {@link NullabilityInference}: the nullability of each output of a
 * node, each column followed down to its scan; expressions are judged by {@link ExpressionNullness}
 * in a {@link NodeContext}.
 */
final class PlanInference {
  final PlanNode root;
  final PlanFacts facts;
  final boolean frames;

  /**
   * On servers before 17, which print a sublink as its subplan alone, the SQL's IN/ANY/ALL
   * subqueries; null on 17 and later (or when the SQL cannot be read).
   */
  final SubqueryText.Sublinks untested;

  /**
   * Before 17, the sublinks each subplan of the top query level may be, where the planner's order
   * tells ({@link SublinkOrder#match}); empty otherwise.
   */
  final Map<String, List<SublinkOrder.Sublink>> sublinkAt;

  /** The one range table alias when EXPLAIN printed columns without one, else null. */
  private final String onlyAlias;

  /** Why a column this walk finds NULLABLE may be NULL. */
  final NullCauses causes;

  /** The names the SQL gives subqueries of its own ({@code (SELECT …) AS s}). */
  private final Set<String> subqueryAliases;

  /** The select list items of the SQL's FROM subqueries, by alias. */
  private final Map<String, List<SubqueryText.Item>> subqueryColumns;

  /** The column names of the CTEs the plan scans, where a probe found them. */
  private final Map<String, List<String>> cteColumns;

  /** The FROM items read WITH ORDINALITY: alias to the column names the SQL gives. */
  private final Map<String, List<String>> ordinality;

  /** The column names the SQL gives FROM items after their alias: {@code AS e(k, v)}. */
  private final Map<String, List<String>> columnAliases;

  /** For each recursive CTE being evaluated, what its work table's columns are assumed to be. */
  private final Map<String, List<ColumnNullness>> workTables = new HashMap<>();

  PlanInference(
      PlanNode root,
      PlanFacts facts,
      boolean frames,
      SubqueryText.Sublinks untested,
      Set<String> subqueryAliases,
      Map<String, List<SubqueryText.Item>> subqueryColumns,
      Map<String, List<String>> cteColumns,
      Map<String, List<String>> ordinality,
      Map<String, List<String>> columnAliases,
      String sql) {
    this.causes = new NullCauses(this, sql);
    this.columnAliases = columnAliases;
    this.root = root;
    this.ordinality = ordinality;
    this.cteColumns = cteColumns;
    this.subqueryAliases = subqueryAliases;
    this.subqueryColumns = subqueryColumns;
    this.facts = facts;
    this.frames = frames;
    this.untested = untested;
    this.sublinkAt =
        untested == null || untested.ordered() == null
            ? Map.of()
            : SublinkOrder.match(root, untested.ordered());
    Set<String> aliases = new java.util.HashSet<>();
    collectAliases(root, aliases);
    this.onlyAlias = aliases.size() == 1 ? aliases.iterator().next() : null;
  }

  String onlyAlias() {
    return onlyAlias;
  }

  /** The nullability of each output position of {@code node}. */
  List<ColumnNullness> outputs(PlanNode node, int depth) {
    List<ColumnNullness> out = new ArrayList<>();
    if (depth > 40) {
      return out;
    }
    if (node.type.equals("Recursive Union")) {
      return recursiveUnion(node, depth);
    }
    if (node.isUnion()) {
      List<ColumnNullness> union = null;
      for (PlanNode member : node.children) {
        if (member.isSubplan()) {
          continue;
        }
        List<ColumnNullness> m = outputs(member, depth + 1);
        if (union == null) {
          union = new ArrayList<>(m);
        } else if (union.size() != m.size()) {
          return out;
        } else {
          for (int i = 0; i < m.size(); i++) {
            union.set(i, either(union.get(i), m.get(i)));
          }
        }
      }
      return union == null ? out : union;
    }
    for (String item : node.output) {
      out.add(ExpressionNullness.of(item, new NodeContext(this, node, depth)));
    }
    return out;
  }

  /**
   * The nullability of output {@code k} of {@code node} alone (a member of a union each at k), or
   * UNKNOWN when the node has no such output.
   */
  ColumnNullness outputAt(PlanNode node, int k, int depth) {
    if (depth > 40) {
      return UNKNOWN;
    }
    if (node.type.equals("Recursive Union")) {
      List<ColumnNullness> all = recursiveUnion(node, depth);
      return k < all.size() ? all.get(k) : UNKNOWN;
    }
    if (node.isUnion()) {
      ColumnNullness union = null;
      for (PlanNode member : node.children) {
        if (!member.isSubplan()) {
          ColumnNullness m = outputAt(member, k, depth + 1);
          union = union == null ? m : either(union, m);
        }
      }
      return union == null ? UNKNOWN : union;
    }
    return k < node.output.size()
        ? ExpressionNullness.of(node.output.get(k), new NodeContext(this, node, depth))
        : UNKNOWN;
  }

  /**
   * The target list {@code node} shows its parent: its own, or for a union that prints none its
   * first member's (whose expressions EXPLAIN prints for the union's columns).
   */
  static List<String> shown(PlanNode node) {
    if (node.output.isEmpty() && node.isUnion()) {
      for (PlanNode member : node.children) {
        if (!member.isSubplan()) {
          return shown(member);
        }
      }
    }
    return node.output;
  }

  /**
   * Where {@code child} shows {@code text} to its parent ({@link #shown}): its position, written as
   * is or in parentheses (as an upper node prints a computed input), or -1.
   */
  static int shownAt(PlanNode child, String text) {
    List<String> shown = shown(child);
    int k = shown.indexOf(text);
    return k >= 0 ? k : shown.indexOf("(" + text + ")");
  }

  /**
   * A recursive CTE's columns, as a fixpoint: the work table holds the rows of the step before,
   * first the non-recursive term's; a column is non-null when it is so in the non-recursive term
   * and in the recursive term read with the work table's columns as the union so far yields them.
   * Each pass only moves a column towards NULLABLE (NON_NULL, UNKNOWN, NULLABLE), so the loop ends
   * within two passes per column.
   */
  private List<ColumnNullness> recursiveUnion(PlanNode node, int depth) {
    List<PlanNode> terms = new ArrayList<>();
    for (PlanNode child : node.children) {
      if (!child.isSubplan()) {
        terms.add(child);
      }
    }
    String cte = terms.size() == 2 ? PlanWalk.workTable(terms.get(1)) : null;
    if (cte == null || workTables.containsKey(cte)) {
      return new ArrayList<>();
    }
    List<ColumnNullness> union = outputs(terms.get(0), depth + 1);
    try {
      for (int pass = 0; pass <= 2 * union.size(); pass++) {
        workTables.put(cte, union);
        List<ColumnNullness> step = outputs(terms.get(1), depth + 1);
        if (step.size() != union.size()) {
          return new ArrayList<>();
        }
        List<ColumnNullness> next = new ArrayList<>(union.size());
        for (int i = 0; i < union.size(); i++) {
          next.add(either(union.get(i), step.get(i)));
        }
        if (next.equals(union)) {
          return union;
        }
        union = next;
      }
      return new ArrayList<>();
    } finally {
      workTables.remove(cte);
    }
  }

  /** The column {@code qualifier.name} as evaluated at {@code node}. */
  ColumnNullness column(PlanNode node, int depth, String qualifier, String name) {
    PlanNode agg = aggregate(node);
    if (agg != null && agg.groupingSets) {
      // ROLLUP, CUBE, GROUPING SETS: a set without a key column has NULL for it.
      return NULLABLE;
    }
    String alias = qualifier == null ? onlyAlias : qualifier;
    if (alias == null) {
      return UNKNOWN;
    }
    List<PlanNode> path = new ArrayList<>();
    if (findPath(node, alias, path)) {
      return along(path, depth, alias, name);
    }
    // A partitioned table: EXPLAIN names the parent, and scans its partitions as alias_1, ….
    List<List<PlanNode>> partitions = new ArrayList<>();
    findPartitions(node, alias + "_", new ArrayList<>(), partitions);
    if (partitions.isEmpty()) {
      return UNKNOWN;
    }
    ColumnNullness out = null;
    for (List<PlanNode> p : partitions) {
      for (int i = 0; i + 1 < p.size(); i++) {
        if (p.get(i).nullsSide(p.get(i + 1))) {
          return NULLABLE;
        }
        if (p.get(i).isUnion() && i + 2 < p.size()) {
          return UNKNOWN;
        }
      }
      ColumnNullness leaf = leaf(p.get(p.size() - 1), depth, name);
      out = out == null ? leaf : either(out, leaf);
    }
    return out;
  }

  private ColumnNullness along(List<PlanNode> path, int depth, String alias, String name) {
    for (int i = 0; i + 1 < path.size(); i++) {
      PlanNode parent = path.get(i);
      PlanNode child = path.get(i + 1);
      if (parent.nullsSide(child)) {
        return NULLABLE;
      }
      if (parent.isUnion()) {
        // Above a UNION, EXPLAIN prints a column of its first member for the union's column.
        int k = indexOfColumn(child.output, alias, name);
        List<ColumnNullness> union = outputs(parent, depth + 1);
        return k >= 0 && k < union.size() ? union.get(k) : UNKNOWN;
      }
    }
    return leaf(path.get(path.size() - 1), depth, name);
  }

  /** What a scan yields for its column {@code name}. */
  private ColumnNullness leaf(PlanNode scan, int depth, String name) {
    if (scan.relation != null) {
      ColumnNullness base = facts.column(scan.schema, scan.relation, name);
      return base != NON_NULL && PlanWalk.filtersNull(scan, name) ? NON_NULL : base;
    }
    switch (scan.type) {
      case "Subquery Scan":
        for (PlanNode child : scan.children) {
          if (!child.isSubplan()) {
            return inner(scan, child, depth, name);
          }
        }
        return UNKNOWN;
      case "CTE Scan":
        PlanNode cte = findSubplan(root, "CTE " + scan.cteName);
        return cte == null ? UNKNOWN : inner(scan, cte, depth, name);
      case "Function Scan":
        String function = scan.functionName;
        if (function == null) {
          return UNKNOWN;
        }
        if (PlanWalk.ordinalityColumn(scan, ordinality.get(scan.alias), name)) {
          return NON_NULL;
        }
        if (NullnessRules.NULL_YIELDING_SETS.contains(function)) {
          // json(b)_each_text: the value is NULL for a JSON null, the key (its first column)
          // never is, and a NULL argument (the function is strict) yields no row.
          List<String> given = columnAliases.get(scan.alias);
          String key = given == null ? "key" : given.get(0);
          return function.endsWith("_each_text") && name.equals(key) && facts.strictSet(function)
              ? NON_NULL
              : NULLABLE;
        }
        // FROM generate_series(1, :n) AS g: a strict set-returning function yields no row for
        // a NULL argument (a parameter, a LATERAL column), and these never a NULL value.
        return NullnessRules.NON_NULL_SETS.contains(function) && facts.strictSet(function)
            ? NON_NULL
            : UNKNOWN;
      case "WorkTable Scan":
        List<ColumnNullness> table = workTables.get(scan.cteName);
        List<String> names = cteColumns.get(scan.cteName);
        int k = names == null ? -1 : names.indexOf(name);
        return table != null && k >= 0 && k < table.size() ? table.get(k) : UNKNOWN;
      default:
        return UNKNOWN;
    }
  }

  /**
   * A column of a subquery or CTE scan: the inner plan's output at the column's position when the
   * scan's output shows it, else the inner output's nullability if every column shares it.
   */
  private ColumnNullness inner(PlanNode scan, PlanNode plan, int depth, String name) {
    List<ColumnNullness> inner = outputs(plan, depth + 1);
    int k = innerPosition(scan, plan, name);
    if (k >= 0 && k < inner.size()) {
      return inner.get(k);
    }
    ColumnNullness same = null;
    for (ColumnNullness v : inner) {
      if (same != null && v != same) {
        return UNKNOWN;
      }
      same = v;
    }
    return same == null ? UNKNOWN : same;
  }

  /** The position of column {@code name} of a subquery or CTE scan in its inner plan, or -1. */
  int innerPosition(PlanNode scan, PlanNode plan, String name) {
    int k = ScanPositions.position(scan, plan, name);
    if (k < 0 && scan.type.equals("CTE Scan") && cteColumns.containsKey(scan.cteName)) {
      k = cteColumns.get(scan.cteName).indexOf(name);
    }
    if (k < 0 && scan.type.equals("Subquery Scan")) {
      k = ScanPositions.selectListPosition(subqueryColumns.get(scan.alias), plan.output, name);
    }
    if (k < 0
        && scan.type.equals("Subquery Scan")
        && (subqueryAliases != null && !subqueryAliases.contains(scan.alias))) {
      k = ScanPositions.viewPosition(facts.viewColumns(scan.alias), plan.output, name);
    }
    return k;
  }
}
