package dev.sluice.processor;

import dev.sluice.processor.DeparsedLexer.Kind;
import dev.sluice.processor.DeparsedLexer.Token;
import java.util.List;
import java.util.Set;

/**
 * What the nullability inference reads from the statement's own text, where the plan does not tell:
 * whether a window frame clause appears, which names the SQL gives its subqueries and CTEs, and its
 * leading WITH list. Read with {@link DeparsedLexer}, so comments and string constants do not
 * count.
 */
final class StatementText {
  /** Key words that may follow a FROM item in place of its alias. */
  private static final Set<String> NOT_ALIASES =
      Set.of(
          "where",
          "join",
          "left",
          "right",
          "inner",
          "full",
          "cross",
          "natural",
          "on",
          "using",
          "group",
          "order",
          "limit",
          "offset",
          "fetch",
          "union",
          "except",
          "intersect",
          "window",
          "having",
          "for",
          "returning",
          "lateral");

  private StatementText() {}

  /**
   * Whether {@code sql} is one statement (a {@code ;} only at its end). The plan is asked for in
   * the simple query protocol, which would run a second statement after the EXPLAIN: anything else
   * is never sent.
   */
  static boolean isOneStatement(String sql) {
    try {
      List<Token> t = DeparsedLexer.tokens(sql);
      for (int i = 0; i < t.size(); i++) {
        if (t.get(i).is(";") && t.get(i + 1).kind != Kind.END) {
          return false;
        }
      }
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * Whether every window frame clause of the SQL holds the current row: none at all (the default
   * frame ends at the current row), or one whose start is UNBOUNDED PRECEDING, CURRENT ROW or an
   * offset PRECEDING, whose end (CURRENT ROW when it has none) is CURRENT ROW or FOLLOWING, and
   * that excludes neither the current row nor its group (EXCLUDE TIES and NO OTHERS keep it). A
   * frame word used otherwise (a column named {@code rows}) makes the answer false.
   */
  static boolean framesHoldCurrentRow(String sql) {
    try {
      List<Token> t = DeparsedLexer.tokens(sql);
      for (int i = 0; i < t.size(); i++) {
        Token w = t.get(i);
        if (w.is("exclude")) {
          if (!(t.get(i + 1).is("ties") || t.get(i + 1).is("no"))) {
            return false;
          }
        } else if (w.is("rows") || w.is("range") || w.is("groups")) {
          if (!frameHoldsCurrentRow(t, i + 1)) {
            return false;
          }
        }
      }
      return true;
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      return false;
    }
  }

  /** The frame extent from token {@code i}: see {@link #framesHoldCurrentRow}. */
  private static boolean frameHoldsCurrentRow(List<Token> t, int i) {
    boolean between = t.get(i).is("between");
    int k = between ? i + 1 : i;
    // The start bound: up to AND (BETWEEN) or to the clause's end, at depth 0.
    int depth = 0;
    boolean start = true;
    boolean sawBound = false;
    for (; k < t.size() && t.get(k).kind != Kind.END; k++) {
      Token x = t.get(k);
      if (x.is("(")) {
        depth++;
      } else if (x.is(")")) {
        if (depth-- == 0) {
          break;
        }
      } else if (depth == 0 && x.is("and") && between && start) {
        if (!sawBound) {
          return false;
        }
        start = false;
        sawBound = false;
      } else if (depth == 0 && x.is("exclude")) {
        break;
      } else if (depth == 0 && (x.is("preceding") || x.is("following") || x.is("row"))) {
        if (start ? x.is("following") : x.is("preceding")) {
          return false;
        }
        sawBound = true;
      }
    }
    return sawBound && (between ? !start : start);
  }

  /**
   * The range table entries of the SQL read {@code WITH ORDINALITY}: each one's alias (the
   * function's name when it has none) to the column names the SQL gives it (empty when none).
   */
  static java.util.Map<String, List<String>> ordinality(String sql) {
    java.util.Map<String, List<String>> out = new java.util.HashMap<>();
    try {
      List<Token> t = DeparsedLexer.tokens(sql);
      for (int i = 1; i + 1 < t.size(); i++) {
        if (!t.get(i).is("with") || !t.get(i + 1).is("ordinality") || !t.get(i - 1).is(")")) {
          continue;
        }
        String alias = null;
        int depth = 0;
        for (int k = i - 1; k > 0; k--) {
          depth += t.get(k).is(")") ? 1 : t.get(k).is("(") ? -1 : 0;
          if (depth == 0) {
            alias = t.get(k - 1).text;
            break;
          }
        }
        int j = i + 2;
        if (t.get(j).is("as")) {
          j++;
        }
        List<String> names = new java.util.ArrayList<>();
        if (t.get(j).kind == Kind.QUOTED
            || t.get(j).kind == Kind.WORD && !NOT_ALIASES.contains(t.get(j).text)) {
          alias = t.get(j).text;
          j++;
          if (t.get(j).is("(")) {
            for (j++; !t.get(j).is(")") && t.get(j).kind != Kind.END; j++) {
              if (!t.get(j).is(",")) {
                names.add(t.get(j).text);
              }
            }
          }
        }
        if (alias != null) {
          out.put(alias, names);
        }
      }
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      return java.util.Map.of();
    }
    return out;
  }

  /**
   * The column names the SQL gives FROM items after their alias, {@code f(…) AS e(k, v)}: each
   * alias so followed to its names. Empty when the SQL cannot be read.
   */
  static java.util.Map<String, List<String>> columnAliases(String sql) {
    java.util.Map<String, List<String>> out = new java.util.HashMap<>();
    try {
      List<Token> t = DeparsedLexer.tokens(sql);
      for (int i = 0; i + 3 < t.size(); i++) {
        int a = t.get(i + 1).is("as") ? i + 2 : i + 1;
        Token alias = t.get(a);
        if (!t.get(i).is(")")
            || alias.kind != Kind.WORD && alias.kind != Kind.QUOTED
            || NOT_ALIASES.contains(alias.text)
            || !t.get(a + 1).is("(")) {
          continue;
        }
        List<String> names = new java.util.ArrayList<>();
        int j = a + 2;
        for (; t.get(j).kind == Kind.WORD || t.get(j).kind == Kind.QUOTED; j += 2) {
          names.add(t.get(j).text);
          if (!t.get(j + 1).is(",")) {
            j++;
            break;
          }
        }
        if (t.get(j).is(")") && !names.isEmpty()) {
          out.put(alias.text, names);
        }
      }
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      return java.util.Map.of();
    }
    return out;
  }

  /**
   * The statement's leading {@code WITH …} list, up to the closing parenthesis of its last CTE, or
   * null when it has none (or a SEARCH or CYCLE clause, which is not followed).
   */
  static String withClause(String sql) {
    List<Token> t;
    try {
      t = DeparsedLexer.tokens(sql);
    } catch (IllegalArgumentException e) {
      return null;
    }
    int end = withEnd(t);
    return end < 0 ? null : sql.substring(0, t.get(end).end);
  }

  /**
   * The index of the parenthesis that closes the last CTE of the statement's leading {@code WITH}
   * list, or -1 when it has none (or a SEARCH or CYCLE clause, which is not followed).
   */
  static int withEnd(List<Token> t) {
    int i = 0;
    if (!t.get(i++).is("with")) {
      return -1;
    }
    if (t.get(i).is("recursive")) {
      i++;
    }
    while (true) {
      if (t.get(i).kind != Kind.WORD && t.get(i).kind != Kind.QUOTED) {
        return -1;
      }
      i++;
      if (t.get(i).is("(")) {
        i = DeparsedLexer.closing(t, i);
        if (i < 0) {
          return -1;
        }
        i++;
      }
      if (!t.get(i++).is("as")) {
        return -1;
      }
      if (t.get(i).is("not")) {
        i++;
      }
      if (t.get(i).is("materialized")) {
        i++;
      }
      if (!t.get(i).is("(")) {
        return -1;
      }
      i = DeparsedLexer.closing(t, i);
      if (i < 0) {
        return -1;
      }
      if (!t.get(i + 1).is(",")) {
        Token next = t.get(i + 1);
        return next.is("search") || next.is("cycle") ? -1 : i;
      }
      i += 2;
    }
  }

  /**
   * The words that follow a closing parenthesis, directly or after AS: the names of subqueries
   * (and, harmlessly, of anything else so placed). Null (so, every name) when the SQL cannot be
   * read.
   */
  static Set<String> subqueryAliases(String sql) {
    Set<String> out = new java.util.HashSet<>();
    try {
      List<Token> t = DeparsedLexer.tokens(sql);
      for (int i = 0; i + 1 < t.size(); i++) {
        if (t.get(i).is("as")
            && i > 0
            && (t.get(i + 1).is("(")
                || t.get(i + 1).is("materialized")
                || t.get(i + 1).is("not"))) {
          // A CTE (an inlined one is scanned as a subquery): name AS (…), name (a, b) AS (…).
          int k = i - 1;
          if (t.get(k).is(")")) {
            int depth = 0;
            for (; k > 0; k--) {
              depth += t.get(k).is(")") ? 1 : t.get(k).is("(") ? -1 : 0;
              if (depth == 0) {
                break;
              }
            }
            k--;
          }
          if (k >= 0 && (t.get(k).kind == Kind.WORD || t.get(k).kind == Kind.QUOTED)) {
            out.add(t.get(k).text);
          }
        }
        if (t.get(i).is(")")) {
          int j = t.get(i + 1).is("as") ? i + 2 : i + 1;
          if (j < t.size() && (t.get(j).kind == Kind.WORD || t.get(j).kind == Kind.QUOTED)) {
            out.add(t.get(j).text);
          }
        }
      }
      return out;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * The relation the statement's one outer join reads on its nullable side, as written ({@code c},
   * or {@code c x} with an alias), when the text has exactly one outer join and it is {@code LEFT
   * [OUTER] JOIN} of a name; else null. For naming a join whose nullable side the plan shows as no
   * relation (an inlined CTE or subquery of constants): with one outer join, it is that one.
   */
  static String onlyLeftJoined(String sql) {
    try {
      List<Token> t = sql == null ? null : DeparsedLexer.tokens(sql);
      int j = t == null ? -1 : afterOnlyLeftJoin(t);
      if (j < 0) {
        return null;
      }
      Token name = t.get(j);
      if ((name.kind != Kind.WORD && name.kind != Kind.QUOTED) || name.is("lateral")) {
        return null;
      }
      return written(name.text, aliasAt(t, j + 1));
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      return null;
    }
  }

  /**
   * The alias of the subquery the statement's one outer join reads on its nullable side ({@code s}
   * in {@code LEFT JOIN (SELECT …) s}), when the text has exactly one outer join and it is {@code
   * LEFT [OUTER] JOIN} of a parenthesized subquery; else null. The planner may pull such a subquery
   * up, and then the plan names only the relations inside it.
   */
  static String onlyLeftJoinedSubquery(String sql) {
    try {
      List<Token> t = sql == null ? null : DeparsedLexer.tokens(sql);
      int j = t == null ? -1 : afterOnlyLeftJoin(t);
      if (j < 0 || !t.get(j).is("(")) {
        return null;
      }
      int close = DeparsedLexer.closing(t, j);
      return close < 0 ? null : aliasAt(t, close + 1);
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      return null;
    }
  }

  /**
   * The CTE of constants the statement LEFT JOINs, as written ({@code c}, or {@code c x}), when it
   * is the one thing the statement LEFT JOINs that reads no relation, whatever other outer joins it
   * has; else null. A CTE of constants ({@code WITH c AS (SELECT 1 AS one)}) is one whose body has
   * no FROM; so is a parenthesized subquery without FROM, which counts against it. For naming the
   * join when the plan shows no relation on its nullable side (the planner inlined the CTE).
   */
  static String leftJoinedConstantCte(String sql) {
    try {
      List<Token> t = sql == null ? null : DeparsedLexer.tokens(sql);
      int end = t == null ? -1 : withEnd(t) + 1;
      if (end <= 0) {
        return null;
      }
      Set<String> constants = new java.util.HashSet<>();
      for (int i = 1; i + 1 < end; i++) {
        // name [ (columns) ] AS [NOT] [MATERIALIZED] ( body ): the body's opening parenthesis
        // follows AS or MATERIALIZED; the name is before AS, or before its column list.
        if (!t.get(i).is("(") || !(t.get(i - 1).is("as") || t.get(i - 1).is("materialized"))) {
          continue;
        }
        int close = DeparsedLexer.closing(t, i);
        int as = i - 1;
        while (as > 0 && !t.get(as).is("as")) {
          as--;
        }
        int nameAt = t.get(as - 1).is(")") ? opening(t, as - 1) - 1 : as - 1;
        if (!hasFrom(t, i + 1, close) && nameAt >= 0) {
          constants.add(t.get(nameAt).text);
        }
        i = close;
      }
      String found = null;
      int candidates = 0;
      for (int i = end; i + 2 < t.size(); i++) {
        int j = afterLeftJoin(t, i);
        if (j < 0) {
          continue;
        }
        Token item = t.get(j);
        if (item.is("(")) {
          candidates += hasFrom(t, j + 1, DeparsedLexer.closing(t, j)) ? 0 : 1;
        } else if (constants.contains(item.text)) {
          candidates++;
          found = written(item.text, aliasAt(t, j + 1));
        }
      }
      return candidates == 1 ? found : null;
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      return null;
    }
  }

  /** The index of the parenthesis opening the one that closes at {@code close}, or -1. */
  private static int opening(List<Token> t, int close) {
    int depth = 0;
    for (int i = close; i >= 0; i--) {
      if (t.get(i).is(")")) {
        depth++;
      } else if (t.get(i).is("(") && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The alias of the one subquery the statement LEFT JOINs ({@code LEFT JOIN (SELECT …) s}) that
   * reads {@code relation} as {@code alias} ({@code FROM language l}), whatever other outer joins
   * the statement has; null when none or several do. For naming the join of a subquery the planner
   * pulled up when the statement has several outer joins: the relation the plan shows on the
   * nullable side, read inside exactly one LEFT JOINed subquery, tells which it is.
   */
  static String leftJoinedSubqueryReading(String sql, String relation, String alias) {
    try {
      List<Token> t = sql == null || relation == null ? null : DeparsedLexer.tokens(sql);
      if (t == null) {
        return null;
      }
      String found = null;
      for (int i = 0; i + 2 < t.size(); i++) {
        int j = afterLeftJoin(t, i);
        if (j < 0 || !t.get(j).is("(")) {
          continue;
        }
        int close = DeparsedLexer.closing(t, j);
        String name = close < 0 ? null : aliasAt(t, close + 1);
        if (name == null || !reads(t, j + 1, close, relation, alias)) {
          continue;
        }
        if (found != null) {
          return null; // two subqueries read it: no telling which
        }
        found = name;
      }
      return found;
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      return null;
    }
  }

  /**
   * Whether tokens {@code from} to {@code to} have {@code relation} as a FROM item (right after
   * FROM, JOIN or a comma) followed by {@code alias} (after an optional AS), or by no alias when
   * the alias is the relation's own name. A schema-qualified name is not matched.
   */
  private static boolean reads(List<Token> t, int from, int to, String relation, String alias) {
    for (int i = from + 1; i < to; i++) {
      Token before = t.get(i - 1);
      if (!t.get(i).text.equals(relation)
          || !(before.is("from") || before.is("join") || before.is(","))) {
        continue;
      }
      int k = i + 1 < to && t.get(i + 1).is("as") ? i + 2 : i + 1;
      String next = k < to ? t.get(k).text : null;
      if (alias == null || alias.equals(relation)
          ? next == null || !next.equals(".")
          : alias.equals(next)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Where what the statement's one outer join reads starts (the token after {@code LEFT [OUTER]
   * JOIN}), when the text has exactly one outer join and it is a LEFT JOIN; else -1.
   */
  private static int afterOnlyLeftJoin(List<Token> t) {
    int found = -1;
    int outer = 0;
    for (int i = 0; i < t.size(); i++) {
      if (t.get(i).is("left") || t.get(i).is("right") || t.get(i).is("full")) {
        outer++;
        found = i;
      }
    }
    return outer == 1 ? afterLeftJoin(t, found) : -1;
  }

  /**
   * Where what a {@code LEFT [OUTER] JOIN} at {@code i} reads starts (the token after JOIN), or -1
   * when {@code i} starts none.
   */
  private static int afterLeftJoin(List<Token> t, int i) {
    if (!t.get(i).is("left")) {
      return -1;
    }
    int j = t.get(i + 1).is("outer") ? i + 2 : i + 1;
    return t.get(j).is("join") ? j + 1 : -1;
  }

  /** Whether a FROM is among tokens {@code from} to {@code to} (exclusive): the text reads one. */
  private static boolean hasFrom(List<Token> t, int from, int to) {
    for (int k = from; k < to; k++) {
      if (t.get(k).is("from")) {
        return true;
      }
    }
    return false;
  }

  /** A FROM item as written: its name, and its alias when it has another. */
  private static String written(String name, String alias) {
    return alias == null || alias.equals(name) ? name : name + " " + alias;
  }

  /**
   * The alias at {@code i} (after an optional AS), or null: a quoted name, or a word that is no key
   * word which may follow a FROM item ({@link #NOT_ALIASES}).
   */
  private static String aliasAt(List<Token> t, int i) {
    Token alias = t.get(t.get(i).is("as") ? i + 1 : i);
    boolean named =
        alias.kind == Kind.QUOTED
            || (alias.kind == Kind.WORD
                && !NOT_ALIASES.contains(alias.text.toLowerCase(java.util.Locale.ROOT)));
    return named ? alias.text : null;
  }
}
