package dev.sluice.dsl;

import java.util.ArrayList;
import java.util.List;

/**
 * Whether the WHERE of an UPDATE … FROM or DELETE … USING links every joined table to the target,
 * read from the condition tree, so that no row of the target is touched just because some unrelated
 * joined row exists.
 *
 * <p>The tables a condition links form a partition of the statement's tables (target first), built
 * bottom-up:
 *
 * <ul>
 *   <li>a comparison, IN, EXISTS or any other leaf links every table it names a column of,
 *       subqueries included ({@code t.id = j.id} links t and j);
 *   <li>an AND links what any of its operands links, and what those links chain to ({@code t.a =
 *       a.t AND a.b = b.a} links t, a and b);
 *   <li>an OR links only what each of its branches links: in {@code t.id = j.id OR j.x = 1} the
 *       second branch alone would take every row of t;
 *   <li>NOT, and an {@code unsafeCondition} (whose SQL is not read), link nothing.
 * </ul>
 *
 * This is conservative: a condition it refuses may still link its tables in a way it cannot read;
 * {@code allRowsOfJoin()} says so. It runs only for DML with FROM/USING; a SELECT never pays it.
 */
final class JoinLinks {
  private JoinLinks() {}

  /**
   * The tables of {@code tables} (the target first, then the joined ones; at most 64) that {@code
   * where} does not connect to the target; empty if it connects them all.
   */
  static List<Table<?>> unlinked(Condition where, List<Table<?>> tables) {
    int[] classes = classes(where, tables);
    List<Table<?>> out = new ArrayList<>();
    for (int i = 1; i < tables.size(); i++) {
      if (classes[i] != classes[0]) {
        out.add(tables.get(i));
      }
    }
    return out;
  }

  /** Table i's class under what {@code c} links: the least index of a table linked to it. */
  private static int[] classes(Condition c, List<Table<?>> tables) {
    int n = tables.size();
    if (c instanceof ConditionKinds.Junction) {
      ConditionKinds.Junction junction = (ConditionKinds.Junction) c;
      List<Condition> operands = junction.operands();
      int[][] each = new int[operands.size()][];
      for (int k = 0; k < each.length; k++) {
        each[k] = classes(operands.get(k), tables);
      }
      return junction.isOr() ? common(each, n) : joined(each, n);
    }
    int[] parent = identity(n);
    if (c instanceof ConditionKinds.Not || c instanceof ConditionKinds.Raw) {
      return parent;
    }
    long named = SqlWriter.tablesNamed(c, tables);
    int first = -1;
    for (int i = 0; i < n; i++) {
      if ((named & (1L << i)) != 0) {
        if (first < 0) {
          first = i;
        } else {
          union(parent, first, i);
        }
      }
    }
    return canonical(parent);
  }

  /** AND: i and j in one class if some chain of operands' links connects them. */
  private static int[] joined(int[][] each, int n) {
    int[] parent = identity(n);
    for (int[] classes : each) {
      for (int i = 0; i < n; i++) {
        union(parent, i, classes[i]);
      }
    }
    return canonical(parent);
  }

  /** OR: i and j in one class only if every operand puts them in one. */
  private static int[] common(int[][] each, int n) {
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = i;
      for (int j = 0; j < i; j++) {
        if (sameInAll(each, i, j)) {
          out[i] = out[j];
          break;
        }
      }
    }
    return out;
  }

  private static boolean sameInAll(int[][] each, int i, int j) {
    for (int[] classes : each) {
      if (classes[i] != classes[j]) {
        return false;
      }
    }
    return true;
  }

  private static int[] identity(int n) {
    int[] parent = new int[n];
    for (int i = 0; i < n; i++) {
      parent[i] = i;
    }
    return parent;
  }

  private static int root(int[] parent, int i) {
    while (parent[i] != i) {
      i = parent[i];
    }
    return i;
  }

  /** Puts i and j in one class, rooted at the lesser root, so roots stay each class's least. */
  private static void union(int[] parent, int i, int j) {
    int a = root(parent, i);
    int b = root(parent, j);
    if (a < b) {
      parent[b] = a;
    } else if (b < a) {
      parent[a] = b;
    }
  }

  /** Each table's class as its root: the least index in it. */
  private static int[] canonical(int[] parent) {
    int[] out = new int[parent.length];
    for (int i = 0; i < parent.length; i++) {
      out[i] = root(parent, i);
    }
    return out;
  }
}
