package dev.sluice.processor;

import dev.sluice.processor.DeparsedLexer.Kind;
import dev.sluice.processor.DeparsedLexer.Token;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the statement's text tells of its subqueries where the plan does not: the names of a FROM
 * subquery's columns, in order, and the left operands of its {@code IN}/{@code ANY}/{@code ALL}
 * subqueries, which servers before 17 leave out of the plan. EXPLAIN shows a kept subquery's scan
 * by its alias and the columns the query above uses ({@code s.film_id, s.rn}), and the subquery's
 * plan its whole target list in place (an unused column as {@code NULL::text}) followed by the sort
 * keys it carries up; so a column's position in that list is its position in the subquery's select
 * list, which the text gives. Read with {@link DeparsedLexer}, so comments and string constants do
 * not count.
 */
final class SubqueryText {
  private SubqueryText() {}

  /** Words that end an expression and so are never a bare alias after it. */
  private static final Set<String> NOT_ALIASES =
      Set.of("end", "null", "true", "false", "and", "or", "not", "is", "in", "like", "between");

  /**
   * One item of a select list: the name PostgreSQL gives its column (null where it makes one up)
   * and, for a plain column reference without alias, that column's name (else null).
   */
  record Item(String name, String column) {}

  /**
   * The {@code x IN (SELECT …)}, {@code x op ANY|SOME|ALL (SELECT …)} subqueries of a statement:
   * the left operand of each, in the order of the text, as the plain columns it is ({@code
   * a.actor_id}; {@code (a.actor_id, a.first_name)} two; null for anything else), and whether the
   * statement also has a subquery that may be scalar (a parenthesized SELECT that is none of those,
   * nor EXISTS, ARRAY or a FROM item). Servers before 17 print such a sublink as its subplan alone,
   * {@code (hashed SubPlan 1)}, without the test that 17 prints, {@code (ANY (a.actor_id = (hashed
   * SubPlan 1).col1))}; and a scalar subquery so too. {@code ordered} is the statement's top level
   * sublinks in the planner's order ({@link SublinkOrder#read}), or null. {@code words} are the
   * names and key words of the whole statement (unquoted ones in lower case): a subplan that reads
   * a relation none of them names came from a view or a function the planner inlined, and is none
   * of the text's sublinks.
   */
  record Sublinks(
      List<List<String>> operands,
      boolean scalars,
      List<SublinkOrder.Sublink> ordered,
      Set<String> words) {}

  /**
   * The statement's sublinks (see {@link Sublinks}), or null when the SQL cannot be read; {@code
   * ordered} only when asked for.
   */
  static Sublinks sublinks(String sql, boolean ordered) {
    List<List<String>> operands = new ArrayList<>();
    boolean scalars = false;
    Set<String> words = new HashSet<>();
    List<Token> t;
    try {
      t = DeparsedLexer.tokens(sql);
      for (Token k : t) {
        if (k.kind == Kind.WORD || k.kind == Kind.QUOTED) {
          words.add(k.text);
        }
      }
      for (int open = 1; open + 1 < t.size(); open++) {
        if (!opensSubquery(t, open)) {
          continue;
        }
        Token before = t.get(open - 1);
        if (before.is("in")) {
          int end = t.get(open - 2).is("not") ? open - 2 : open - 1;
          operands.add(operand(t, end));
        } else if (before.is("any") || before.is("some") || before.is("all")) {
          operands.add(
              open >= 2 && t.get(open - 2).kind == Kind.OPERATOR ? operand(t, open - 2) : null);
        } else if (!before.is("exists")
            && !before.is("array")
            && !before.is("from")
            && !before.is("join")
            && !before.is("lateral")
            && !before.is("as")
            && !before.is("materialized")) {
          scalars = true;
        }
      }
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      return null;
    }
    return new Sublinks(operands, scalars, ordered ? SublinkOrder.read(t) : null, words);
  }

  /**
   * Whether {@code t[open]} opens a subquery: a parenthesis around a SELECT, a VALUES list ({@code
   * x IN (VALUES (1), (2))} is a sublink as much as {@code x IN (SELECT …)}), a WITH or a TABLE.
   */
  static boolean opensSubquery(List<Token> t, int open) {
    if (!t.get(open).is("(") || open + 1 >= t.size()) {
      return false;
    }
    Token next = t.get(open + 1);
    return next.is("select") || next.is("values") || next.is("with") || next.is("table");
  }

  /**
   * The plain columns of the operand that ends just before {@code t[end]}: one column, or a row of
   * them in parentheses; null for anything else.
   */
  static List<String> operand(List<Token> t, int end) {
    if (end < 1 || !t.get(end - 1).is(")")) {
      String column = column(t, end);
      return column == null ? null : List.of(column);
    }
    int open = end - 1;
    for (int depth = 0; open >= 0; open--) {
      depth += t.get(open).is(")") ? 1 : t.get(open).is("(") ? -1 : 0;
      if (depth == 0) {
        break;
      }
    }
    if (open < 1
        || t.get(open - 1).kind == Kind.WORD
            && !t.get(open - 1).is("select")
            && !t.get(open - 1).is("where")
            && !t.get(open - 1).is("and")
            && !t.get(open - 1).is("or")
            && !t.get(open - 1).is("when")
            && !t.get(open - 1).is("not")) {
      return null;
    }
    List<String> row = new ArrayList<>();
    int item = open + 1;
    for (int i = open + 1; i < end; i++) {
      if (t.get(i).is(",") || i == end - 1) {
        String column = column(t, i);
        if (column == null || (i - item != 1 && i - item != 3)) {
          return null;
        }
        row.add(column);
        item = i + 1;
      }
    }
    return row.isEmpty() ? null : row;
  }

  /**
   * The plain column that ends just before {@code t[end]} ({@code c} or {@code q.c}, quoted as
   * EXPLAIN quotes), or null for anything else.
   */
  private static String column(List<Token> t, int end) {
    if (end < 1 || !isName(t.get(end - 1))) {
      return null;
    }
    String column = quoted(t.get(end - 1));
    if (end >= 3 && t.get(end - 2).is(".") && isName(t.get(end - 3))) {
      return end >= 4 && t.get(end - 4).is(".") ? null : quoted(t.get(end - 3)) + "." + column;
    }
    Token before = end >= 2 ? t.get(end - 2) : null;
    return before == null || before.kind == Kind.WORD || before.is(",") || before.is("(")
        ? column
        : null;
  }

  private static String quoted(Token k) {
    return k.kind == Kind.QUOTED || !k.text.matches("[a-z_][a-z0-9_]*")
        ? "\"" + k.text.replace("\"", "\"\"") + "\""
        : k.text;
  }

  /**
   * For each FROM subquery {@code (SELECT …) [AS] alias}, the output name of each item of its
   * select list, in order, as PostgreSQL names it: the {@code AS} (or bare) alias, a column's name,
   * a function's name; {@code ?column?} for any other item (see {@link #item}). A subquery whose
   * select list holds a {@code *}, or an alias two subqueries share, has no entry: its columns
   * cannot be counted or told apart. Empty when the SQL cannot be read.
   */
  static Map<String, List<Item>> columns(String sql) {
    Map<String, List<Item>> out = new HashMap<>();
    Set<String> refused = new HashSet<>();
    try {
      List<Token> t = DeparsedLexer.tokens(sql);
      for (int open = 0; open + 1 < t.size(); open++) {
        if (!t.get(open).is("(") || !t.get(open + 1).is("select")) {
          continue;
        }
        int close = DeparsedLexer.closing(t, open);
        if (close < 0) {
          return Map.of();
        }
        int a = t.get(close + 1).is("as") ? close + 2 : close + 1;
        Token alias = t.get(a);
        if (alias.kind != Kind.WORD && alias.kind != Kind.QUOTED
            || alias.kind == Kind.WORD && !alias.text.matches("[a-z_][a-z0-9_$]*")) {
          continue;
        }
        List<Item> names = selectList(t, open + 1, close);
        if (names == null || out.containsKey(alias.text) || refused.contains(alias.text)) {
          out.remove(alias.text);
          refused.add(alias.text);
        } else {
          out.put(alias.text, names);
        }
      }
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      return Map.of();
    }
    return out;
  }

  /**
   * For each FROM subquery {@code (SELECT …) [AS] alias} whose select list {@link #columns} cannot
   * read (it holds a {@code *}), the subquery's text between its parentheses, so its columns can be
   * had from the server instead. An alias two subqueries share has no entry. Empty when the SQL
   * cannot be read.
   */
  static Map<String, String> unread(String sql) {
    Map<String, String> out = new HashMap<>();
    Set<String> seen = new HashSet<>();
    try {
      List<Token> t = DeparsedLexer.tokens(sql);
      for (int open = 0; open + 1 < t.size(); open++) {
        if (!t.get(open).is("(") || !t.get(open + 1).is("select")) {
          continue;
        }
        int close = DeparsedLexer.closing(t, open);
        if (close < 0) {
          return Map.of();
        }
        int a = t.get(close + 1).is("as") ? close + 2 : close + 1;
        Token alias = t.get(a);
        if (alias.kind != Kind.WORD && alias.kind != Kind.QUOTED
            || alias.kind == Kind.WORD && !alias.text.matches("[a-z_][a-z0-9_$]*")) {
          continue;
        }
        if (!seen.add(alias.text)) {
          out.remove(alias.text);
        } else if (selectList(t, open + 1, close) == null) {
          out.put(alias.text, sql.substring(t.get(open).end, t.get(close - 1).end));
        }
      }
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      return Map.of();
    }
    return out;
  }

  /**
   * The output names of the select list that starts at {@code select} (the key word) and ends
   * before the first FROM (or other clause) at its depth, or null when it holds a {@code *}.
   */
  private static List<Item> selectList(List<Token> t, int select, int end) {
    int i = select + 1;
    if (t.get(i).is("all")) {
      i++;
    } else if (t.get(i).is("distinct")) {
      i++;
      if (t.get(i).is("on")) {
        i = DeparsedLexer.closing(t, i + 1) + 1;
        if (i == 0) {
          return null;
        }
      }
    }
    List<Item> names = new ArrayList<>();
    int start = i;
    int depth = 0;
    for (; i <= end; i++) {
      Token k = t.get(i);
      if (k.is("(")) {
        depth++;
      } else if (k.is(")") && i < end) {
        depth--;
      } else if (depth == 0 && (k.is(",") || i == end || ends(k))) {
        if (i == start) {
          return null;
        }
        if (t.get(i - 1).is("*")) {
          return null;
        }
        names.add(item(t, start, i));
        if (!k.is(",")) {
          return names;
        }
        start = i + 1;
      }
    }
    return names;
  }

  /** Whether {@code k} ends a select list at its own depth (a clause or a set operation). */
  static boolean ends(Token k) {
    return k.is("from")
        || k.is("where")
        || k.is("group")
        || k.is("having")
        || k.is("window")
        || k.is("order")
        || k.is("limit")
        || k.is("offset")
        || k.is("fetch")
        || k.is("union")
        || k.is("except")
        || k.is("intersect")
        || k.is("into")
        || k.is("for");
  }

  /**
   * The select item {@code t[start, end)}: its output name ({@code ?column?} when it is none this
   * reading knows), and the column it is when it is a plain column without alias.
   */
  private static Item item(List<Token> t, int start, int end) {
    Token last = t.get(end - 1);
    boolean name =
        last.kind == Kind.QUOTED || last.kind == Kind.WORD && !NOT_ALIASES.contains(last.text);
    if (name && (end - start == 1 || end - start == 3 && t.get(start + 1).is("."))) {
      return new Item(last.text, last.text);
    }
    int n = end - start;
    boolean bare =
        n >= 3 && t.get(end - 2).is(")")
            || n == 2 && isName(t.get(start))
            || n == 4 && isName(t.get(start)) && t.get(start + 1).is(".");
    if (name && n >= 2 && (t.get(end - 2).is("as") || bare)) {
      // expr AS name; a bare alias after a column (c n, t.c n) or a parenthesis (f(x) n).
      return new Item(last.text, null);
    }
    if (t.get(start).kind == Kind.WORD
        && t.get(start + 1).is("(")
        && DeparsedLexer.closing(t, start + 1) == end - 1) {
      // f(…) alone: named after the function (coalesce, greatest, nullif, … too).
      return new Item(t.get(start).text, null);
    }
    // Anything else as "?column?", PostgreSQL's name for an unaliased operator or constant. Some
    // of these it names otherwise (a cast after its type, CASE "case"); but every other name
    // here is the one PostgreSQL gives, so a "?column?" the query above reads is one of these,
    // and where two share the name, selectListPosition refuses it.
    return new Item(UNNAMED, null);
  }

  /** The name PostgreSQL gives a select item it cannot name otherwise. */
  static final String UNNAMED = "?column?";

  private static boolean isName(Token k) {
    return k.kind == Kind.QUOTED || k.kind == Kind.WORD && !NOT_ALIASES.contains(k.text);
  }
}
