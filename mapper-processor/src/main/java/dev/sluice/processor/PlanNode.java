package dev.sluice.processor;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * One node of a plan from {@code EXPLAIN (VERBOSE, FORMAT JSON)}: the fields the nullability
 * inference reads, by the names PostgreSQL's {@code explain.c} gives them, and its children.
 */
final class PlanNode {
  /** {@code Seq Scan}, {@code Hash Join}, {@code Aggregate}, … */
  final String type;

  /** The node's target list, deparsed; empty when the node prints none (Append). */
  final List<String> output;

  /** How the parent holds this node: Outer, Inner, Member, Subquery, InitPlan, SubPlan; or "". */
  final String relationship;

  /** For a child under InitPlan/SubPlan: {@code CTE m}, {@code SubPlan 1}, …; else null. */
  final String subplanName;

  /** The range table entry's name as EXPLAIN made it unique ({@code f}, {@code payment_1}). */
  final String alias;

  /** The table a scan or ModifyTable reads, with its schema; null elsewhere. */
  final String relation;

  final String schema;

  /** Inner, Left, Right, Full, Semi, Anti, Right Anti… on a join node; null elsewhere. */
  final String joinType;

  /** Plain, Sorted, Hashed or Mixed on an Aggregate; null elsewhere. */
  final String strategy;

  /** Whether an Aggregate groups (a Group Key) and has no grouping sets. */
  final boolean grouped;

  /** Whether the node computes grouping sets (ROLLUP, CUBE, GROUPING SETS). */
  final boolean groupingSets;

  /** The CTE a CTE Scan or WorkTable Scan reads; null elsewhere. */
  final String cteName;

  /** The function of a Function Scan (one function); null elsewhere. */
  final String functionName;

  /** The call a Function Scan makes, deparsed ({@code generate_series(1, 10)}); null elsewhere. */
  final String functionCall;

  /** The node's Filter (a scan's WHERE conditions, an Aggregate's HAVING), deparsed; or null. */
  final String filter;

  /** An index scan's Index Cond, deparsed; or null. */
  final String indexCond;

  /** An index scan's direction ({@code Forward}, {@code Backward}); or null. */
  final String scanDirection;

  final List<PlanNode> children;

  private PlanNode(Map<?, ?> json) {
    type = text(json, "Node Type");
    relationship =
        text(json, "Parent Relationship") == null ? "" : text(json, "Parent Relationship");
    subplanName = text(json, "Subplan Name");
    alias = text(json, "Alias");
    relation = text(json, "Relation Name");
    schema = text(json, "Schema");
    joinType = text(json, "Join Type");
    strategy = text(json, "Strategy");
    cteName = text(json, "CTE Name");
    functionName = text(json, "Function Name");
    functionCall = text(json, "Function Call");
    filter = text(json, "Filter");
    indexCond = text(json, "Index Cond");
    scanDirection = text(json, "Scan Direction");
    groupingSets = json.containsKey("Grouping Sets") || "Mixed".equals(strategy);
    grouped = json.containsKey("Group Key") && !groupingSets;
    List<String> out = new ArrayList<>();
    Object list = json.get("Output");
    if (list instanceof List) {
      for (Object o : (List<?>) list) {
        out.add(String.valueOf(o));
      }
    }
    output = Collections.unmodifiableList(out);
    List<PlanNode> kids = new ArrayList<>();
    Object plans = json.get("Plans");
    if (plans instanceof List) {
      for (Object o : (List<?>) plans) {
        if (o instanceof Map) {
          kids.add(new PlanNode((Map<?, ?>) o));
        }
      }
    }
    children = Collections.unmodifiableList(kids);
  }

  /**
   * The top node of the plan EXPLAIN printed ({@code [{"Plan": {…}}]}), or null when the JSON is no
   * such plan.
   */
  static PlanNode fromExplain(Object json) {
    if (!(json instanceof List) || ((List<?>) json).isEmpty()) {
      return null;
    }
    Object first = ((List<?>) json).get(0);
    if (!(first instanceof Map) || !(((Map<?, ?>) first).get("Plan") instanceof Map)) {
      return null;
    }
    return new PlanNode((Map<?, ?>) ((Map<?, ?>) first).get("Plan"));
  }

  /** Whether this child belongs to another query level (a CTE, an InitPlan or a SubPlan). */
  boolean isSubplan() {
    return relationship.equals("InitPlan") || relationship.equals("SubPlan");
  }

  /** Whether this node joins two inputs (and says how). */
  boolean isJoin() {
    return joinType != null;
  }

  /** Whether this node's output is the union of its children's, position by position. */
  boolean isUnion() {
    return type.equals("Append") || type.equals("Merge Append") || type.equals("Recursive Union");
  }

  /**
   * Whether the rows of {@code child}, one of this join's inputs, may be missing in a joined row
   * (their columns NULL): the inner side of a left join, the outer of a right join, both of a full.
   */
  boolean nullsSide(PlanNode child) {
    if (joinType == null) {
      return false;
    }
    switch (joinType) {
      case "Left":
        return child.relationship.equals("Inner");
      case "Right":
        return child.relationship.equals("Outer");
      case "Full":
        return true;
      default:
        return false;
    }
  }

  private static String text(Map<?, ?> json, String key) {
    Object v = json.get(key);
    return v instanceof String ? (String) v : null;
  }
}
