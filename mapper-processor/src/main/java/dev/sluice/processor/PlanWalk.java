package dev.sluice.processor;

import dev.sluice.processor.DeparsedLexer.Kind;
import dev.sluice.processor.DeparsedLexer.Token;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Searches of a plan's tree for the nullability inference: the scan a column comes from (within one
 * query level: not into InitPlans or SubPlans, not below a subquery or CTE scan), the partitions of
 * a partitioned table, a named subplan, the Aggregate node of a query level, and plain column
 * references among a node's outputs.
 */
final class PlanWalk {
  private PlanWalk() {}

  /** The Aggregate node computing the aggregates seen at {@code node}, or null. */
  static PlanNode aggregate(PlanNode node) {
    PlanNode n = node;
    while (n != null) {
      if (n.type.equals("Aggregate")) {
        return n;
      }
      if (n.isJoin() || n.isUnion() || n.alias != null) {
        return null;
      }
      PlanNode next = null;
      for (PlanNode child : n.children) {
        if (!child.isSubplan()) {
          next = child;
          break;
        }
      }
      n = next;
    }
    return null;
  }

  /**
   * Fills {@code path} with the nodes from {@code node} down to the scan named {@code alias},
   * within this query level: not into InitPlans or SubPlans, not below a subquery or CTE scan.
   */
  static boolean findPath(PlanNode node, String alias, List<PlanNode> path) {
    path.add(node);
    if (alias.equals(node.alias)) {
      return true;
    }
    if (!node.type.equals("Subquery Scan") && !node.type.equals("CTE Scan")) {
      for (PlanNode child : node.children) {
        if (!child.isSubplan() && findPath(child, alias, path)) {
          return true;
        }
      }
    }
    path.remove(path.size() - 1);
    return false;
  }

  static void findPartitions(
      PlanNode node, String prefix, List<PlanNode> path, List<List<PlanNode>> out) {
    path.add(node);
    if (node.alias != null
        && node.relation != null
        && node.alias.startsWith(prefix)
        && node.alias.length() > prefix.length()
        && node.alias.substring(prefix.length()).chars().allMatch(Character::isDigit)) {
      out.add(new ArrayList<>(path));
    } else if (!node.type.equals("Subquery Scan") && !node.type.equals("CTE Scan")) {
      for (PlanNode child : node.children) {
        if (!child.isSubplan()) {
          findPartitions(child, prefix, path, out);
        }
      }
    }
    path.remove(path.size() - 1);
  }

  static PlanNode findSubplan(PlanNode node, String name) {
    if (name.equals(node.subplanName)) {
      return node;
    }
    for (PlanNode child : node.children) {
      PlanNode found = findSubplan(child, name);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  static void collectAliases(PlanNode node, Set<String> out) {
    if (node.alias != null) {
      out.add(node.alias);
    }
    for (PlanNode child : node.children) {
      collectAliases(child, out);
    }
  }

  /** The position of the plain column {@code alias.name} in a node's output, or -1. */
  static int indexOfColumn(List<String> output, String alias, String name) {
    for (int i = 0; i < output.size(); i++) {
      String[] c = plainColumn(output.get(i));
      if (c != null && c[1].equals(name) && (c[0] == null || c[0].equals(alias))) {
        return i;
      }
    }
    return -1;
  }

  /** {qualifier or null, name} of an output that is just a column, or null. */
  static String[] plainColumn(String deparsed) {
    List<Token> t;
    try {
      t = DeparsedLexer.tokens(deparsed);
    } catch (IllegalArgumentException e) {
      return null;
    }
    if (t.size() == 2 && isName(t.get(0))) {
      return new String[] {null, t.get(0).text};
    }
    if (t.size() == 4 && isName(t.get(0)) && t.get(1).is(".") && isName(t.get(2))) {
      return new String[] {t.get(0).text, t.get(2).text};
    }
    return null;
  }

  static boolean isName(Token t) {
    return t.kind == Kind.WORD || t.kind == Kind.QUOTED;
  }

  /** The CTE whose work table the recursive term {@code node} reads, or null. */
  static String workTable(PlanNode node) {
    if (node.type.equals("WorkTable Scan")) {
      return node.cteName;
    }
    for (PlanNode child : node.children) {
      String found = workTable(child);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /**
   * How many CTEs the plan computes ({@code CTE name} subplans), when all are the statement's own
   * (children of the top node) and none holds a subplan or CTE of its own; else -1.
   */
  static int statementCtes(PlanNode root) {
    int count = 0;
    for (PlanNode child : root.children) {
      if (isCte(child)) {
        if (holdsSubplan(child)) {
          return -1;
        }
        count++;
      } else if (holdsCte(child)) {
        return -1;
      }
    }
    return count;
  }

  private static boolean isCte(PlanNode node) {
    return node.subplanName != null && node.subplanName.startsWith("CTE ");
  }

  private static boolean holdsSubplan(PlanNode node) {
    for (PlanNode child : node.children) {
      if (child.subplanName != null || holdsSubplan(child)) {
        return true;
      }
    }
    return false;
  }

  private static boolean holdsCte(PlanNode node) {
    if (isCte(node)) {
      return true;
    }
    for (PlanNode child : node.children) {
      if (holdsCte(child)) {
        return true;
      }
    }
    return false;
  }

  /** The names of the CTEs that CTE Scans of the plan read. */
  /** The aliases of the plan's subquery scans. */
  static Set<String> subqueryScans(PlanNode node) {
    Set<String> out = new HashSet<>();
    collectSubqueryScans(node, out);
    return out;
  }

  private static void collectSubqueryScans(PlanNode node, Set<String> out) {
    if (node.type.equals("Subquery Scan") && node.alias != null) {
      out.add(node.alias);
    }
    for (PlanNode child : node.children) {
      collectSubqueryScans(child, out);
    }
  }

  static Set<String> cteNames(PlanNode node) {
    Set<String> out = new java.util.LinkedHashSet<>();
    collectCtes(node, out);
    return out;
  }

  private static void collectCtes(PlanNode node, Set<String> out) {
    if (node.type.equals("CTE Scan") && node.cteName != null) {
      out.add(node.cteName);
    }
    for (PlanNode child : node.children) {
      collectCtes(child, out);
    }
  }

  /**
   * Whether the scan's own conditions drop the rows where its column {@code name} is NULL: a {@code
   * (alias.name IS NOT NULL)} conjunct of its Filter or Index Cond, in a condition without OR, NOT
   * or CASE (so the test is one of the conjuncts every row passes).
   */
  static boolean filtersNull(PlanNode scan, String name) {
    for (String condition : new String[] {scan.filter, scan.indexCond}) {
      if (condition == null
          || condition.contains(" OR ")
          || condition.contains("NOT (")
          || condition.contains("CASE ")) {
        continue;
      }
      if (scan.alias != null && condition.contains("(" + scan.alias + "." + name + " IS NOT NULL)")
          || condition.contains("(" + name + " IS NOT NULL)")) {
        return true;
      }
    }
    return false;
  }

  /** Whether a deparsed call has a comma outside string constants and nested parentheses. */
  private static boolean hasSecondArgument(String call) {
    int depth = 0;
    boolean quoted = false;
    for (int i = 0; i < call.length(); i++) {
      char c = call.charAt(i);
      if (c == '\'') {
        quoted = !quoted;
      } else if (!quoted && c == '(') {
        depth++;
      } else if (!quoted && c == ')') {
        depth--;
      } else if (!quoted && c == ',' && depth == 1) {
        return true;
      }
    }
    return false;
  }

  /** Types of a cast to an array that unnest turns into one column. */
  private static final Set<String> SCALAR_ARRAYS =
      Set.of(
          "::text[]",
          "::integer[]",
          "::bigint[]",
          "::smallint[]",
          "::numeric[]",
          "::boolean[]",
          "::date[]",
          "::uuid[]");

  /**
   * Whether column {@code name} of a Function Scan is the ordinality column of {@code WITH
   * ORDINALITY} ({@code names}: the column names the SQL gives the scan, null when it is no such
   * scan): the default name {@code ordinality} when the SQL gives no other column that name, or the
   * name given after the function's own columns, where their number is known (one for the
   * one-column set-returning functions and for unnest of one array of a built-in scalar type).
   */
  static boolean ordinalityColumn(PlanNode scan, List<String> names, String name) {
    if (names == null) {
      return false;
    }
    String f = scan.functionName;
    String call = scan.functionCall == null ? "" : scan.functionCall;
    int columns = -1;
    if (NullnessRules.ONE_COLUMN_SETS.contains(f)) {
      columns = 1;
    } else if ("unnest".equals(f) && !hasSecondArgument(call)) {
      for (String array : SCALAR_ARRAYS) {
        if (call.endsWith(array + ")")) {
          columns = 1;
        }
      }
    }
    if (columns > 0 && names.size() > columns) {
      return name.equals(names.get(columns));
    }
    return name.equals("ordinality") && !names.contains("ordinality");
  }
}
