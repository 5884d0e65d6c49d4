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
import static dev.sluice.processor.PlanWalk.plainColumn;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which result columns of a statement can be NULL, read from PostgreSQL's own plan: the generic
 * plan of the statement with its {@code $n} parameters ({@link GenericPlan}: planned, never
 * executed; {@code GENERIC_PLAN} from PostgreSQL 16, PREPARE and EXPLAIN EXECUTE before). The top
 * node's {@code Output} is the target list in order; each entry is judged by {@link
 * ExpressionNullness}, and each column it names is followed down the plan to its scan: the nullable
 * side of an outer join as the planner arranged the joins (it swaps and reduces them, so the SQL
 * text would mislead), a table's NOT NULL, a CTE's or subquery's own output, the members of a
 * UNION. The rules and their limits are listed in the processor README.
 *
 * <p>Misuse: the answer is only as good as the plan; a server that cannot explain the statement (a
 * statement EXPLAIN or PREPARE refuses) gives an empty list, which means unknown.
 */
final class NullabilityInference {
  private NullabilityInference() {}

  /**
   * The nullability of each column of the statement's result, in order (junk columns the planner
   * adds for sorting may follow them), or an empty list when the plan cannot be had.
   *
   * @param sqlWithDollarParams the statement as the checks describe it, {@code $n} parameters,
   *     those with a type the runtime declares already cast to it ({@code ($1::int4)})
   * @param parameterTypeNames the type declared for each {@code $n}, null where PostgreSQL infers
   *     it; the casts in the SQL carry them, so here they only complete the key of the answer (a
   *     recorded snapshot's entry)
   */
  static List<ColumnNullness> infer(
      Connection c, String sqlWithDollarParams, List<String> parameterTypeNames)
      throws SQLException {
    if (!StatementText.isOneStatement(sqlWithDollarParams)) {
      return List.of();
    }
    PlanNode root = explain(c, sqlWithDollarParams, parameterTypeNames);
    if (root == null) {
      return List.of();
    }
    PlanFacts facts = PlanFacts.read(c, root);
    Map<String, List<String>> cteColumns = new HashMap<>();
    String with = StatementText.withClause(sqlWithDollarParams);
    if (with != null) {
      for (String cte : PlanWalk.cteNames(root)) {
        List<String> names = cteColumns(c, with, cte, parameterTypeNames);
        if (names != null) {
          cteColumns.put(cte, names);
        }
      }
    }
    Inference inference =
        new Inference(
            root,
            facts,
            StatementText.framesHoldCurrentRow(sqlWithDollarParams),
            StatementText.subqueryAliases(sqlWithDollarParams),
            SubqueryText.columns(sqlWithDollarParams),
            cteColumns,
            StatementText.ordinality(sqlWithDollarParams));
    return Collections.unmodifiableList(inference.outputs(root, 0));
  }

  /** The plan of {@code sql}, or null when EXPLAIN refuses it; only a lost connection throws. */
  private static PlanNode explain(Connection c, String sql, List<String> parameterTypeNames)
      throws SQLException {
    String json = GenericPlan.explain(c, sql, parameterTypeNames);
    if (json == null) {
      return null;
    }
    try {
      return PlanNode.fromExplain(PlanJson.parse(json));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * The column names of CTE {@code cte}, in order, from the plan of a probe: the statement's WITH
   * list and {@code SELECT cte.* FROM cte, cte AS sluice_probe}, which keeps the CTE a scan of its
   * own (it is referenced twice, so not inlined) whose output is every column by name. Null when
   * the probe cannot be planned.
   */
  private static List<String> cteColumns(
      Connection c, String with, String cte, List<String> parameterTypeNames) throws SQLException {
    String name = "\"" + cte.replace("\"", "\"\"") + "\"";
    PlanNode probe =
        explain(
            c,
            with + " SELECT " + name + ".* FROM " + name + ", " + name + " AS sluice_probe",
            parameterTypeNames);
    if (probe == null) {
      return null;
    }
    List<String> names = new ArrayList<>();
    for (String item : probe.output) {
      String[] column = plainColumn(item);
      if (column == null || (column[0] != null && !column[0].equals(cte))) {
        return null;
      }
      names.add(column[1]);
    }
    return names;
  }

  /** The walk over one plan. */
  private static final class Inference {
    private final PlanNode root;
    private final PlanFacts facts;
    private final boolean frames;

    /** The one range table alias when EXPLAIN printed columns without one, else null. */
    private final String onlyAlias;

    /** The names the SQL gives subqueries of its own ({@code (SELECT …) AS s}). */
    private final Set<String> subqueryAliases;

    /** The select list items of the SQL's FROM subqueries, by alias. */
    private final Map<String, List<SubqueryText.Item>> subqueryColumns;

    /** The column names of the CTEs the plan scans, where a probe found them. */
    private final Map<String, List<String>> cteColumns;

    /** The FROM items read WITH ORDINALITY: alias to the column names the SQL gives. */
    private final Map<String, List<String>> ordinality;

    /** For each recursive CTE being evaluated, what its work table's columns are assumed to be. */
    private final Map<String, List<ColumnNullness>> workTables = new HashMap<>();

    Inference(
        PlanNode root,
        PlanFacts facts,
        boolean frames,
        Set<String> subqueryAliases,
        Map<String, List<SubqueryText.Item>> subqueryColumns,
        Map<String, List<String>> cteColumns,
        Map<String, List<String>> ordinality) {
      this.root = root;
      this.ordinality = ordinality;
      this.cteColumns = cteColumns;
      this.subqueryAliases = subqueryAliases;
      this.subqueryColumns = subqueryColumns;
      this.facts = facts;
      this.frames = frames;
      Set<String> aliases = new java.util.HashSet<>();
      collectAliases(root, aliases);
      this.onlyAlias = aliases.size() == 1 ? aliases.iterator().next() : null;
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
        out.add(ExpressionNullness.of(item, new At(node, depth)));
      }
      return out;
    }

    /**
     * The nullability of output {@code k} of {@code node} alone (a member of a union each at k), or
     * UNKNOWN when the node has no such output.
     */
    private ColumnNullness outputAt(PlanNode node, int k, int depth) {
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
          ? ExpressionNullness.of(node.output.get(k), new At(node, depth))
          : UNKNOWN;
    }

    /**
     * The target list {@code node} shows its parent: its own, or for a union that prints none its
     * first member's (whose expressions EXPLAIN prints for the union's columns).
     */
    private static List<String> shown(PlanNode node) {
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
     * A recursive CTE's columns, as a fixpoint: the work table holds the rows of the step before,
     * first the non-recursive term's; a column is non-null when it is so in the non-recursive term
     * and in the recursive term read with the work table's columns as the union so far yields them.
     * Each pass only moves a column towards NULLABLE (NON_NULL, UNKNOWN, NULLABLE), so the loop
     * ends within two passes per column.
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
            return NULLABLE;
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

    /** The context of expressions evaluated at one node. */
    private final class At implements ExpressionNullness.Context {
      private final PlanNode node;
      private final int depth;

      At(PlanNode node, int depth) {
        this.node = node;
        this.depth = depth;
      }

      @Override
      public ColumnNullness column(String qualifier, String name) {
        return Inference.this.column(node, depth, qualifier, name);
      }

      @Override
      public boolean grouped() {
        PlanNode agg = aggregate(node);
        return agg != null && agg.grouped;
      }

      @Override
      public boolean groupingSets() {
        PlanNode agg = aggregate(node);
        return agg != null && agg.groupingSets;
      }

      @Override
      public ColumnNullness subplan(String name) {
        // EXISTS leaves its subquery no target list; a scalar subquery is NULL without a row,
        // but an aggregate without GROUP BY or HAVING (a plain Aggregate on top) has exactly one,
        // whose value is the answer: (SELECT count(*) …). LIMIT or OFFSET would be on top.
        PlanNode plan = findSubplan(root, name);
        if (plan != null && plan.output.isEmpty() && !plan.isUnion()) {
          return NON_NULL;
        }
        if (plan != null
            && plan.type.equals("Aggregate")
            && "Plain".equals(plan.strategy)
            && plan.filter == null
            && !plan.output.isEmpty()) {
          return outputAt(plan, 0, depth + 1);
        }
        return NULLABLE;
      }

      @Override
      public ColumnNullness subplanColumn(String name, int index) {
        PlanNode plan = findSubplan(root, name);
        List<ColumnNullness> rows = plan == null ? List.of() : outputs(plan, depth + 1);
        return index >= 0 && index < rows.size() ? rows.get(index) : UNKNOWN;
      }

      /**
       * For an EXISTS it could also run hashed, the planner makes two subplans, numbered n (a probe
       * per row) and n + 1 (hashed), and drops one as it finishes the plan; an IN it hashes has
       * one. So a hashed SubPlan whose number's predecessor names no subplan of the plan is an
       * EXISTS, unless that number went to a CTE, which is named, not numbered: the statement's own
       * CTEs are planned before anything else of it, so when none holds a subplan of its own they
       * are numbered 1 to k; a plan with other CTEs is not judged. Nor is a hashed subplan that
       * follows an EXISTS probed per row, whose own hashed twin may be the number missing. A
       * subplan dropped with an expression the planner removed after planning it (a removed join's
       * condition) is a known limit, see the README.
       */
      @Override
      public boolean existsAlternative(String name) {
        if (!name.startsWith("SubPlan ")) {
          return false;
        }
        int n = Integer.parseInt(name.substring("SubPlan ".length()));
        int ctes = PlanWalk.statementCtes(root);
        if (ctes < 0
            || n - 1 <= ctes
            || findSubplan(root, "SubPlan " + (n - 1)) != null
            || findSubplan(root, "InitPlan " + (n - 1)) != null) {
          return false;
        }
        // n - 1 may instead be the dropped hashed twin of an EXISTS probed per row as n - 2 (its
        // subquery has no target list): then n is a hashed IN. Not told apart, so not an EXISTS,
        // which is the answer that errs towards NULL.
        PlanNode before = findSubplan(root, "SubPlan " + (n - 2));
        return before == null || !before.output.isEmpty();
      }

      @Override
      public boolean framesHoldCurrentRow() {
        return frames;
      }

      /**
       * {@code (text)} is the value an input computed when an input's target list holds {@code
       * text} (or shows it so, in parentheses, passed up from further below): then it is that
       * output's value, NULL where this join may lack the input's row. Below a union, the
       * expression is its first member's, and the value every member's at that position.
       */
      @Override
      public ColumnNullness reference(String text) {
        ColumnNullness found = null;
        for (PlanNode child : node.children) {
          if (child.isSubplan()) {
            continue;
          }
          List<String> shown = shown(child);
          int k = shown.indexOf(text);
          if (k < 0) {
            k = shown.indexOf("(" + text + ")");
          }
          if (k < 0) {
            continue;
          }
          ColumnNullness v = node.nullsSide(child) ? NULLABLE : outputAt(child, k, depth + 1);
          found = found == null ? v : either(found, v);
        }
        return found;
      }

      @Override
      public Boolean strictFunction(String name) {
        return facts.strictFunction(name);
      }

      @Override
      public boolean setReturning(String name) {
        return facts.setReturning(name);
      }

      @Override
      public boolean strictOperator(String name) {
        return facts.strictOperator(name);
      }

      @Override
      public boolean strictSet(String name) {
        return facts.strictSet(name);
      }

      @Override
      public boolean soleSetReturning() {
        int sets = 0;
        for (String item : node.output) {
          List<String> functions = new ArrayList<>();
          ExpressionNullness.collectNames(item, functions, new ArrayList<>());
          for (String f : functions) {
            if (facts.setReturning(f)) {
              sets++;
            }
          }
        }
        return sets <= 1;
      }
    }
  }
}
