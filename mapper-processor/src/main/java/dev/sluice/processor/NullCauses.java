package dev.sluice.processor;

import static dev.sluice.processor.ColumnNullness.NULLABLE;
import static dev.sluice.processor.PlanWalk.aggregate;
import static dev.sluice.processor.PlanWalk.findPath;
import static dev.sluice.processor.PlanWalk.findSubplan;
import static dev.sluice.processor.PlanWalk.indexOfColumn;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Why a column {@link PlanInference} finds NULLABLE may be NULL, for a message: the one node or
 * expression the walk went through to reach NULLABLE, named as the user wrote it (the outer join
 * and the relation on its nullable side, the nullable table column, the aggregate over no rows,
 * CASE without ELSE, the function, the UNION branch, the scalar subquery). It follows the walk's
 * own steps, asked only for a column the walk found NULLABLE, so it never names a cause that a
 * sub-expression masks. Null where no one cause is known (a column the walk did not follow): the
 * message then lists the possible causes.
 */
final class NullCauses {
  private final PlanInference walk;

  /** The statement's text, to tell a min() or max() the planner reads from an index; or null. */
  private final String sql;

  NullCauses(PlanInference walk, String sql) {
    this.walk = walk;
    this.sql = sql;
  }

  /** Why output {@code k} of {@code node}, found NULLABLE, may be NULL; null if not named. */
  String at(PlanNode node, int k, int depth) {
    if (depth > 40) {
      return null;
    }
    if (node.type.equals("Recursive Union")) {
      return recursive(node, k, depth, null);
    }
    if (node.isUnion()) {
      if (partitions(node)) {
        return null;
      }
      return nullableMember(node, k, depth, branch -> "branch " + branch + " of the UNION");
    }
    return k < node.output.size()
        ? ExpressionNullness.cause(node.output.get(k), new NodeContext(walk, node, depth))
        : null;
  }

  /**
   * Why output {@code k} of a WITH RECURSIVE's Recursive Union (the CTE {@code cte}, if known) may
   * be NULL: the term that yields NULL there, the non-recursive one (its first member) or the
   * recursive one, and that term's own cause.
   */
  private String recursive(PlanNode union, int k, int depth, String cte) {
    return nullableMember(
        union,
        k,
        depth,
        term ->
            (term == 1 ? "the non-recursive term" : "the recursive term")
                + " of the recursive CTE"
                + (cte == null ? "" : " " + cte));
  }

  /**
   * Why output {@code k} of a UNION or Recursive Union may be NULL: the first member (counted from
   * 1, subplans aside) that yields NULL there, as {@code named} calls it, and that member's own
   * cause; null if no member does.
   */
  private String nullableMember(
      PlanNode union, int k, int depth, java.util.function.IntFunction<String> named) {
    int position = 0;
    for (PlanNode member : union.children) {
      if (member.isSubplan()) {
        continue;
      }
      position++;
      if (walk.outputAt(member, k, depth + 1) == NULLABLE) {
        String inner = at(member, k, depth + 1);
        return named.apply(position) + (inner == null ? "" : ", " + inner);
      }
    }
    return null;
  }

  /** Why column {@code qualifier.name} at {@code node}, found NULLABLE, may be NULL. */
  String column(PlanNode node, int depth, String qualifier, String name) {
    if (depth > 40) {
      return null;
    }
    PlanNode agg = aggregate(node);
    if (agg != null && agg.groupingSets) {
      return "GROUP BY ROLLUP, CUBE or GROUPING SETS, NULL in the rows of a grouping set"
          + " without the column";
    }
    String alias = qualifier == null ? walk.onlyAlias() : qualifier;
    List<PlanNode> path = new ArrayList<>();
    if (alias == null) {
      return null;
    }
    if (!findPath(node, alias, path)) {
      return partitionedColumn(node, alias);
    }
    PlanNode scan = path.get(path.size() - 1);
    for (int i = 0; i + 1 < path.size(); i++) {
      PlanNode parent = path.get(i);
      if (parent.nullsSide(path.get(i + 1))) {
        return joinWritten(parent, scan);
      }
      if (parent.isUnion()) {
        // Above a UNION, EXPLAIN prints a column of its first member for the union's column.
        int k = indexOfColumn(path.get(i + 1).output, alias, name);
        return k < 0 ? null : at(parent, k, depth + 1);
      }
    }
    if (scan.relation != null) {
      return walk.facts.column(scan.schema, scan.relation, name) == NULLABLE
              && !PlanWalk.filtersNull(scan, name)
          ? "the nullable column " + scan.relation + "." + name
          : null;
    }
    PlanNode plan = null;
    switch (scan.type) {
      case "Subquery Scan":
        for (PlanNode child : scan.children) {
          if (!child.isSubplan()) {
            plan = child;
            break;
          }
        }
        break;
      case "CTE Scan":
        plan = findSubplan(walk.root, "CTE " + scan.cteName);
        if (plan != null && plan.type.equals("Recursive Union")) {
          int k = walk.innerPosition(scan, plan, name);
          return k < 0 ? null : recursive(plan, k, depth + 1, scan.cteName);
        }
        break;
      case "Function Scan":
        String function = scan.functionName;
        return function != null && NullnessRules.NULL_YIELDING_SETS.contains(function)
            ? function + "(…)" + NullnessRules.setCause(function)
            : null;
      default:
        return null;
    }
    int k = plan == null ? -1 : walk.innerPosition(scan, plan, name);
    return k < 0 ? null : at(plan, k, depth + 1);
  }

  /**
   * Why {@code (text)}, passed up to {@code node} by one of its inputs, may be NULL: the input is
   * the nullable side of an outer join, or computes it NULL (as {@link NodeContext#reference}
   * judges it).
   */
  String reference(PlanNode node, int depth, String text) {
    for (PlanNode child : node.children) {
      if (child.isSubplan()) {
        continue;
      }
      int k = PlanInference.shownAt(child, text);
      if (k < 0) {
        continue;
      }
      if (node.nullsSide(child)) {
        return text + ", computed on " + joinWritten(node, scanBelow(child));
      }
      if (walk.outputAt(child, k, depth + 1) == NULLABLE) {
        return at(child, k, depth + 1);
      }
    }
    return null;
  }

  /**
   * Why a scalar subquery ({@code index} -1) or column {@code index} of the rows subplan {@code
   * name} yields, found NULLABLE, may be NULL.
   */
  String subplan(String name, int index, int depth) {
    PlanNode plan = findSubplan(walk.root, name);
    if (plan == null) {
      return null;
    }
    if (index >= 0) {
      return at(plan, index, depth + 1);
    }
    if (NodeContext.oneRowAggregate(plan)) {
      return at(plan, 0, depth + 1);
    }
    String aggregate = minOrMax(plan);
    if (aggregate != null) {
      return aggregate + NullnessRules.OVER_NO_ROWS;
    }
    List<SublinkOrder.Sublink> sublinks = walk.sublinkAt.get(name);
    if (sublinks != null) {
      return sublinks.get(0).kind() == SublinkOrder.Kind.TEST
          ? NullnessRules.SUBLINK_TEST
          : "a scalar subquery, which may return no row or NULL";
    }
    if (walk.untested != null && !walk.untested.operands().isEmpty()) {
      // Before 17 an IN/ANY/ALL test probed per row prints as a scalar subquery does; a
      // subplan reading what the SQL does not name (a view's) may be either.
      return walk.untested.scalars()
              || !SublinkOrder.readsOnlyWhatItNames(plan, walk.untested.words())
          ? null
          : NullnessRules.SUBLINK_TEST;
    }
    return "a scalar subquery, which may return no row or NULL";
  }

  /**
   * "min(…)" or "max(…)" when {@code plan} is the InitPlan the planner makes of a min() or max()
   * over an indexed column ({@code SELECT x FROM t WHERE x IS NOT NULL ORDER BY x LIMIT 1}, read
   * forward or backward along the index) and the statement calls that function, else null.
   */
  private String minOrMax(PlanNode plan) {
    if (!plan.type.equals("Limit") || plan.children.size() != 1) {
      return null;
    }
    // The IS NOT NULL the planner adds is gone when another condition implies it, and a
    // subquery written with ORDER BY and LIMIT 1 has the same plan: the SQL must call it.
    String direction = plan.children.get(0).scanDirection;
    return "Backward".equals(direction) && calls("max")
        ? "max(…)"
        : "Forward".equals(direction) && calls("min") ? "min(…)" : null;
  }

  /** Whether the statement's text calls function {@code name} (a word before a parenthesis). */
  private boolean calls(String name) {
    return sql != null && Pattern.compile("(?i)(?<![\\w$])" + name + "\\s*\\(").matcher(sql).find();
  }

  /**
   * Why a column of the partitioned table the statement calls {@code alias} may be NULL: the outer
   * join whose nullable side holds its partitions' scans (EXPLAIN aliases them {@code alias_1},
   * {@code alias_2}, …, all under one Append), named by the alias written; else null.
   */
  private static String partitionedColumn(PlanNode node, String alias) {
    List<List<PlanNode>> scans = new ArrayList<>();
    PlanWalk.findPartitions(node, alias + "_", new ArrayList<>(), scans);
    if (scans.isEmpty()) {
      return null;
    }
    List<PlanNode> path = scans.get(0); // the partitions share every node above their Append
    for (int i = 0; i + 1 < path.size(); i++) {
      if (path.get(i).nullsSide(path.get(i + 1))) {
        return outerJoin(path.get(i), null) + " with " + alias;
      }
    }
    return null;
  }

  /**
   * {@link #outerJoin}, with what the statement's text wrote where the plan does not show it: the
   * statement's one LEFT JOIN, of a name when no relation is below (an inlined CTE or subquery of
   * constants: {@code with c}), or of a subquery the planner pulled up ({@code with the subquery s
   * (language l)}).
   */
  private String joinWritten(PlanNode join, PlanNode scan) {
    String side = outerJoin(join, scan);
    if ("Full".equals(join.joinType)) {
      return side;
    }
    String subquery = StatementText.onlyLeftJoinedSubquery(sql);
    if (subquery == null && scan != null && scan.relation != null) {
      // Several outer joins: the one LEFT JOINed subquery that reads the relation shown.
      subquery = StatementText.leftJoinedSubqueryReading(sql, scan.relation, scan.alias);
    }
    if (subquery != null && (scan == null || scan.relation != null)) {
      return scan == null
          ? side + " with the subquery " + subquery
          : outerJoin(join, null) + " with the subquery " + subquery + " (" + named(scan) + ")";
    }
    if (scan == null) {
      String written = StatementText.onlyLeftJoined(sql);
      if (written == null) {
        written = StatementText.leftJoinedConstantCte(sql); // several outer joins
      }
      return written == null ? side : side + " with " + written;
    }
    return side;
  }

  /** The nullable side of {@code join}, where {@code scan} (null if not one relation) lies. */
  private static String outerJoin(PlanNode join, PlanNode scan) {
    String side =
        "Full".equals(join.joinType)
            ? "a side of the FULL JOIN"
            : "the nullable side of the outer join";
    return scan == null ? side : side + " with " + named(scan);
  }

  /**
   * The scan of one relation, CTE or subquery that {@code node} is or reads alone (through a hash,
   * sort, aggregate, …), else null.
   */
  private static PlanNode scanBelow(PlanNode node) {
    for (int depth = 0; depth < 40; depth++) {
      if (node.relation != null || node.cteName != null || node.type.equals("Subquery Scan")) {
        return node;
      }
      PlanNode only = null;
      for (PlanNode child : node.children) {
        if (child.isSubplan()) {
          continue;
        }
        if (only != null) {
          return null;
        }
        only = child;
      }
      if (only == null) {
        return null;
      }
      node = only;
    }
    return null;
  }

  /**
   * Whether {@code append} is a partitioned table's scan (each member a scan of a partition, which
   * EXPLAIN aliases as the parent's alias with {@code _1}, {@code _2}, …) rather than a UNION.
   */
  private static boolean partitions(PlanNode append) {
    String prefix = null;
    for (PlanNode member : append.children) {
      if (member.isSubplan()) {
        continue;
      }
      String alias = member.alias;
      int cut = alias == null ? -1 : alias.lastIndexOf('_');
      if (member.relation == null
          || cut <= 0
          || !alias.substring(cut + 1).matches("[0-9]+")
          || (prefix != null && !prefix.equals(alias.substring(0, cut)))) {
        return false;
      }
      prefix = alias.substring(0, cut);
    }
    return prefix != null;
  }

  /** A scan as a message names it: its relation and alias, a CTE, or a subquery's alias. */
  static String named(PlanNode scan) {
    if (scan.relation == null) {
      String cte = scan.cteName;
      return cte != null
          ? "the CTE "
              + cte
              + (scan.alias == null || scan.alias.equals(cte) ? "" : " " + scan.alias)
          : scan.type.equals("Subquery Scan") ? "the subquery " + scan.alias : scan.alias;
    }
    return scan.alias == null || scan.alias.equals(scan.relation)
        ? scan.relation
        : scan.relation + " " + scan.alias;
  }
}
