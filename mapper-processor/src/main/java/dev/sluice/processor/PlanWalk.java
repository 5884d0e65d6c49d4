package dev.sluice.processor;

import dev.sluice.processor.DeparsedLexer.Kind;
import dev.sluice.processor.DeparsedLexer.Token;
import java.util.ArrayList;
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
}
