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
  /** Words of a window frame clause; without them every frame holds the current row. */
  private static final Set<String> FRAME_WORDS = Set.of("rows", "range", "groups", "exclude");

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

  /** Whether no frame clause appears in the SQL, so every window frame ends at the current row. */
  static boolean framesHoldCurrentRow(String sql) {
    try {
      for (Token t : DeparsedLexer.tokens(sql)) {
        if (t.kind == Kind.WORD && FRAME_WORDS.contains(t.text)) {
          return false;
        }
      }
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
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
    int i = 0;
    if (!t.get(i++).is("with")) {
      return null;
    }
    if (t.get(i).is("recursive")) {
      i++;
    }
    while (true) {
      if (t.get(i).kind != Kind.WORD && t.get(i).kind != Kind.QUOTED) {
        return null;
      }
      i++;
      if (t.get(i).is("(")) {
        i = closing(t, i);
        if (i < 0) {
          return null;
        }
        i++;
      }
      if (!t.get(i++).is("as")) {
        return null;
      }
      if (t.get(i).is("not")) {
        i++;
      }
      if (t.get(i).is("materialized")) {
        i++;
      }
      if (!t.get(i).is("(")) {
        return null;
      }
      i = closing(t, i);
      if (i < 0) {
        return null;
      }
      if (!t.get(i + 1).is(",")) {
        Token next = t.get(i + 1);
        return next.is("search") || next.is("cycle") ? null : sql.substring(0, t.get(i).end);
      }
      i += 2;
    }
  }

  /** The index of the parenthesis closing the one at {@code open}, or -1. */
  private static int closing(List<Token> t, int open) {
    int depth = 0;
    for (int i = open; i < t.size(); i++) {
      if (t.get(i).is("(")) {
        depth++;
      } else if (t.get(i).is(")") && --depth == 0) {
        return i;
      }
    }
    return -1;
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
}
