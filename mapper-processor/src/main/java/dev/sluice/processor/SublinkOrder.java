package dev.sluice.processor;

import dev.sluice.processor.DeparsedLexer.Token;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which of a statement's subqueries each subplan of its top query level is, on servers before 17.
 * They print a scalar subquery, an {@code ARRAY(SELECT …)} and an {@code x IN (SELECT …)} probed
 * per row alike, as {@code (SubPlan n)}; which sublink a number stands for follows from the order
 * in which the planner numbers them:
 *
 * <ul>
 *   <li>a query level's non-inlined CTEs first, then the sublinks of its select list, then those of
 *       its JOIN … ON conditions and its WHERE (in the order of the text), then HAVING; anything
 *       planned later (min()/max() over an index, FROM subqueries) comes after them;
 *   <li>a sublink's own nested sublinks before it, inside its own plan;
 *   <li>an IN or EXISTS in WHERE or ON the planner turns into a join (a semi- or anti-join) takes
 *       no number, and a sublink in an ON condition goes with the join when the planner removes it;
 *   <li>an IN or EXISTS it could also hash takes two numbers, of which the plan keeps one.
 * </ul>
 *
 * So the top level's visible subplans, in the order of their numbers, are its sublinks in the order
 * above, some IN and EXISTS in WHERE and ON left out. Every way of lining the two up that fits is
 * tried (a subplan fits a sublink only if it scans nothing the sublink's text does not name, so a
 * view's own subquery, pulled up with the view, fits none); a subplan is told only when every way
 * gives it the same kind. Statements the order above does not describe are not read: a set
 * operation, a sublink inside a CTE or a FROM subquery (pulled up, it joins the upper level), in a
 * FROM function, GROUP BY, ORDER BY, DISTINCT ON, a window (its clause, or OVER in the select list)
 * or LIMIT, or nested inside an IN or EXISTS that may become a join. Sublinks a row security policy
 * adds are not in the text; see the README.
 */
final class SublinkOrder {
  private SublinkOrder() {}

  enum Kind {
    /** {@code (SELECT …)} for one value. */
    SCALAR,
    /** {@code x IN (SELECT …)}, {@code x op ANY|SOME|ALL (SELECT …)}. */
    TEST,
    EXISTS,
    ARRAY
  }

  /**
   * One sublink of the top query level: its kind, the left operand of a test as plain columns (see
   * {@link SubqueryText#sublinks}; null when it is anything else), whether the plan may lack it (an
   * IN or EXISTS in WHERE or ON, which may become a join; anything in ON), and the names and key
   * words written between its parentheses (unquoted ones in lower case).
   */
  record Sublink(Kind kind, List<String> operand, boolean skippable, Set<String> words) {}

  /**
   * The top query level's sublinks in the planner's order, or null when the statement is not one
   * this order describes (see the class comment) or cannot be read.
   */
  static List<Sublink> read(String sql) {
    try {
      return read(DeparsedLexer.tokens(sql));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** As {@link #read(String)}, from the statement's tokens. */
  static List<Sublink> read(List<Token> t) {
    try {
      return sublinks(t);
    } catch (IndexOutOfBoundsException e) {
      return null;
    }
  }

  private static List<Sublink> sublinks(List<Token> t) {
    int i = 0;
    if (t.get(0).is("with")) {
      i = afterCtes(t);
      if (i < 0) {
        return null;
      }
    }
    if (!t.get(i).is("select")) {
      return null;
    }
    List<Sublink> out = new ArrayList<>();
    // The clause at depth 0, and for each open parenthesis what it is inside of.
    String clause = "select";
    List<Frame> frames = new ArrayList<>();
    frames.add(new Frame(null, false));
    for (i = i + 1; i < t.size() && !t.get(i).kind.equals(DeparsedLexer.Kind.END); i++) {
      Token k = t.get(i);
      Frame top = frames.get(frames.size() - 1);
      if (frames.size() == 1 && SubqueryText.ends(k)) {
        if (k.is("union") || k.is("intersect") || k.is("except")) {
          return null;
        }
        clause = k.text;
        top.part = k.is("from") ? "item" : null;
        continue;
      }
      if (clause.equals("from") && (k.is("on") || k.is("join") || k.is(",") || k.is("lateral"))) {
        top.part = k.is("on") ? "on" : "item";
        continue;
      }
      if (k.is(")")) {
        if (frames.size() == 1) {
          return null;
        }
        frames.remove(frames.size() - 1);
        continue;
      }
      if (!k.is("(")) {
        continue;
      }
      if (!SubqueryText.opensSubquery(t, i)) {
        Token before = t.get(i - 1);
        boolean join =
            top.join
                && (before.is("(")
                    || before.is("from")
                    || before.is("join")
                    || before.is(",")
                    || before.is("lateral"));
        if (before.is("on")
            && t.get(i - 2).is("distinct")
            && hasSubquery(t, i, DeparsedLexer.closing(t, i))) {
          return null; // DISTINCT ON's expressions join the select list at its end
        }
        Frame inner = new Frame(top.part, join || frames.size() == 1 && join(before));
        // A window's PARTITION BY and ORDER BY join the select list at its end.
        inner.window = top.window || before.is("over");
        frames.add(inner);
        continue;
      }
      int close = DeparsedLexer.closing(t, i);
      if (close < 0) {
        return null;
      }
      if (top.window) {
        return null;
      }
      boolean nested = hasSubquery(t, i + 1, close);
      Token before = t.get(i - 1);
      if (clause.equals("from") && !"on".equals(top.part)) {
        // A FROM subquery: its sublinks would be pulled up with it. Nothing else of FROM is read.
        boolean fromItem =
            (frames.size() == 1 || top.join)
                && (before.is("from")
                    || before.is("join")
                    || before.is(",")
                    || before.is("lateral")
                    || before.is("("));
        if (!fromItem || nested) {
          return null;
        }
        i = close;
        continue;
      }
      boolean qual = clause.equals("where") || clause.equals("from");
      if (!qual && !clause.equals("select") && !clause.equals("having")) {
        return null;
      }
      Sublink s = sublink(t, i, close, qual && clause.equals("from"), qual);
      if (nested && s.skippable() && s.kind() != Kind.SCALAR && s.kind() != Kind.ARRAY) {
        return null;
      }
      out.add(s);
      i = close;
    }
    return out;
  }

  /**
   * For each subplan of the top query level that every fitting line-up gives one sublink kind, the
   * sublinks it may be (all of that kind); empty when nothing fits.
   */
  static Map<String, List<Sublink>> match(PlanNode root, List<Sublink> sublinks) {
    List<PlanNode> visible = new ArrayList<>();
    topLevelSubplans(root, visible);
    visible.sort((a, b) -> Integer.compare(number(a), number(b)));
    int n = visible.size();
    int m = sublinks.size();
    // before[i][j]: subplans 0..i-1 line up with sublinks 0..j-1; after[i][j]: i.. with j...
    boolean[][] before = new boolean[n + 1][m + 1];
    boolean[][] after = new boolean[n + 2][m + 2];
    before[0][0] = true;
    for (int i = 0; i <= n; i++) {
      for (int j = 0; j <= m; j++) {
        boolean fits = i == 0 && j == 0;
        fits |= j > 0 && before[i][j - 1] && sublinks.get(j - 1).skippable();
        fits |= i > 0 && before[i - 1][j] && optional(visible.get(i - 1));
        fits |=
            i > 0 && j > 0 && before[i - 1][j - 1] && fits(visible.get(i - 1), sublinks.get(j - 1));
        before[i][j] = fits;
      }
    }
    for (int i = n; i >= 0; i--) {
      for (int j = m; j >= 0; j--) {
        boolean fits = i == n && j == m;
        fits |= j < m && after[i][j + 1] && sublinks.get(j).skippable();
        fits |= i < n && after[i + 1][j] && optional(visible.get(i));
        fits |= i < n && j < m && after[i + 1][j + 1] && fits(visible.get(i), sublinks.get(j));
        after[i][j] = fits;
      }
    }
    Map<String, List<Sublink>> out = new HashMap<>();
    for (int i = 0; i < n; i++) {
      PlanNode v = visible.get(i);
      List<Sublink> candidates = new ArrayList<>();
      boolean unmatched = false;
      for (int j = 0; j <= m; j++) {
        unmatched |= optional(v) && before[i][j] && after[i + 1][j];
        if (j < m && before[i][j] && fits(v, sublinks.get(j)) && after[i + 1][j + 1]) {
          candidates.add(sublinks.get(j));
        }
      }
      if (!unmatched
          && !candidates.isEmpty()
          && candidates.stream().allMatch(s -> s.kind() == candidates.get(0).kind())) {
        out.put(v.subplanName, candidates);
      }
    }
    return out;
  }

  /** Whether subplan {@code v} can be sublink {@code s}. */
  private static boolean fits(PlanNode v, Sublink s) {
    boolean initPlan = v.subplanName.startsWith("InitPlan ");
    if (initPlan && s.kind() == Kind.TEST) {
      return false; // a test reads the row it is evaluated for, so is never run once
    }
    // An EXISTS probed per row leaves its subquery no target list.
    if (v.output.isEmpty() && !v.isUnion() && s.kind() != Kind.EXISTS) {
      return false;
    }
    return readsOnlyWhatItNames(v, s.words());
  }

  /**
   * Whether every relation {@code node}'s plan scans is named in the sublink's text: by its name,
   * or, for a scan EXPLAIN shows as {@code alias_n} (a partition, an alias used twice), by that
   * alias. A subplan that scans another relation is another sublink, for instance one a view
   * brought in, which the text does not show. A view the sublink itself reads fails this too, and
   * is then not told.
   */
  static boolean readsOnlyWhatItNames(PlanNode node, Set<String> words) {
    if (node.relation != null && !words.contains(node.relation)) {
      String alias = node.alias == null ? "" : node.alias.replaceFirst("_[0-9]+$", "");
      if (alias.equals(node.alias) || !words.contains(alias)) {
        return false;
      }
    }
    for (PlanNode child : node.children) {
      if (!readsOnlyWhatItNames(child, words)) {
        return false;
      }
    }
    return true;
  }

  /** An InitPlan the planner makes of a min() or max() over an index, which no sublink is. */
  private static boolean optional(PlanNode v) {
    return v.subplanName.startsWith("InitPlan ") && v.type.equals("Limit");
  }

  private static int number(PlanNode subplan) {
    return Integer.parseInt(subplan.subplanName.substring(subplan.subplanName.indexOf(' ') + 1));
  }

  /**
   * The numbered subplans ({@code SubPlan n}, {@code InitPlan n}) held by the nodes of the top
   * query level: not into subplans, nor below a subquery or CTE scan.
   */
  private static void topLevelSubplans(PlanNode node, List<PlanNode> out) {
    for (PlanNode child : node.children) {
      if (child.isSubplan()) {
        if (child.subplanName != null
            && child.subplanName.matches("(SubPlan|InitPlan) [0-9]{1,9}")) {
          out.add(child);
        }
      } else if (!node.type.equals("Subquery Scan") && !node.type.equals("CTE Scan")) {
        topLevelSubplans(child, out);
      }
    }
  }

  /** What an open parenthesis is inside of: the part of FROM, and whether it groups FROM items. */
  private static final class Frame {
    String part;
    final boolean join;
    boolean window;

    Frame(String part, boolean join) {
      this.part = part;
      this.join = join;
    }
  }

  private static boolean join(Token before) {
    return before.is("from") || before.is("join") || before.is(",") || before.is("lateral");
  }

  private static Sublink sublink(List<Token> t, int open, int close, boolean on, boolean qual) {
    Set<String> words = new HashSet<>();
    for (int i = open + 1; i < close; i++) {
      if (t.get(i).kind == DeparsedLexer.Kind.WORD || t.get(i).kind == DeparsedLexer.Kind.QUOTED) {
        words.add(t.get(i).text);
      }
    }
    Kind kind;
    List<String> operand = null;
    boolean skippable;
    Token before = t.get(open - 1);
    if (before.is("in")) {
      int end = t.get(open - 2).is("not") ? open - 2 : open - 1;
      kind = Kind.TEST;
      operand = SubqueryText.operand(t, end);
      skippable = on || qual && end == open - 1; // NOT IN never becomes a join
    } else if (before.is("any") || before.is("some") || before.is("all")) {
      kind = Kind.TEST;
      if (t.get(open - 2).kind == DeparsedLexer.Kind.OPERATOR) {
        operand = SubqueryText.operand(t, open - 2);
      }
      skippable = on || qual && !before.is("all");
    } else if (before.is("exists")) {
      kind = Kind.EXISTS;
      skippable = qual;
    } else {
      kind = before.is("array") ? Kind.ARRAY : Kind.SCALAR;
      skippable = on;
    }
    return new Sublink(kind, operand, skippable, words);
  }

  /**
   * The index of the token after the leading {@code WITH} list ({@link StatementText#withEnd}), or
   * -1 when it cannot be read or a CTE's body holds a subquery of its own (a CTE inlined is a FROM
   * subquery, whose sublinks would join the upper level).
   */
  private static int afterCtes(List<Token> t) {
    int end = StatementText.withEnd(t);
    // At the WITH list's own depth the parentheses are column lists and bodies: any subquery
    // deeper is inside a body.
    for (int i = 1, depth = 0; i < end; i++) {
      if (depth > 0 && SubqueryText.opensSubquery(t, i)) {
        return -1;
      }
      depth += t.get(i).is("(") ? 1 : t.get(i).is(")") ? -1 : 0;
    }
    return end < 0 ? -1 : end + 1;
  }

  private static boolean hasSubquery(List<Token> t, int from, int to) {
    for (int i = from; i < to; i++) {
      if (SubqueryText.opensSubquery(t, i)) {
        return true;
      }
    }
    return false;
  }
}
