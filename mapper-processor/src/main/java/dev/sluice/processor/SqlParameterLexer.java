package dev.sluice.processor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Rewrites the named parameters of a {@code @Query} ({@code :title}, {@code :film.title}) to
 * PostgreSQL's positional ones ({@code $1}) at compile time, and tells whether the statement
 * returns rows.
 *
 * <p>It is a lexer, not a parser: it knows just enough of PostgreSQL's lexical structure (SQL
 * syntax, section "Lexical Structure") to skip what is not SQL text: string constants ({@code
 * 'it''s'}, with backslash escapes only in {@code E'…'} strings), quoted identifiers ({@code
 * "a:b"}), dollar-quoted strings ({@code $fn$ … $fn$}), {@code --} comments and nested {@code /* …
 * *}{@code /} comments. A colon starts a parameter only when an identifier character follows;
 * {@code ::} is a cast, so {@code :rating::mpaa_rating} is the parameter {@code rating}, cast.
 * Words outside those at parenthesis depth 0 are collected to classify the statement.
 *
 * <p>Misuse: {@code a[lo:hi]} reads as the parameter {@code hi}; write {@code a[lo : hi]}.
 * Positional {@code $1} parameters are rejected: a statement uses one style.
 */
final class SqlParameterLexer {
  /** Whether a statement returns rows, as far as its text tells. */
  enum StatementKind {
    /** SELECT, VALUES, TABLE, SHOW, EXPLAIN, or a data-modifying statement with RETURNING. */
    ROWS,
    /** INSERT, UPDATE, DELETE or MERGE without RETURNING: a row count. */
    COUNT,
    /** Anything else (CALL, DDL, …): run for its row count. */
    UNKNOWN
  }

  /** One {@code :name} in the SQL: its name and where it starts (the colon's offset). */
  static final class Occurrence {
    final String name;
    final int offset;

    Occurrence(String name, int offset) {
      this.name = name;
      this.offset = offset;
    }
  }

  /** The lexer's result: the rewritten SQL, or the problem that stopped it. */
  static final class ParsedSql {
    /** The SQL with {@code $n} for each {@code :name}; null when {@link #problem} is set. */
    final String sql;

    /** The distinct names in order of first use: {@code $1} is the first. */
    final List<String> names;

    /** Every use of a name, in order. */
    final List<Occurrence> occurrences;

    final StatementKind kind;

    /** Why the SQL could not be lexed (an unterminated string, …), or null. */
    final String problem;

    private ParsedSql(
        String sql,
        List<String> names,
        List<Occurrence> occurrences,
        StatementKind kind,
        String problem) {
      this.sql = sql;
      this.names = names;
      this.occurrences = occurrences;
      this.kind = kind;
      this.problem = problem;
    }

    /** The position ({@code 1} for {@code $1}) of {@code name}, or 0 if it is not used. */
    int position(String name) {
      return names.indexOf(name) + 1;
    }
  }

  private static final Set<String> ROW_KEYWORDS =
      Set.of("SELECT", "VALUES", "TABLE", "SHOW", "EXPLAIN");
  private static final Set<String> DML_KEYWORDS = Set.of("INSERT", "UPDATE", "DELETE", "MERGE");

  private final String in;
  private final StringBuilder out = new StringBuilder();

  /** Name to position, in order of first use. */
  private final Map<String, Integer> positions = new LinkedHashMap<>();

  private final List<Occurrence> occurrences = new ArrayList<>();

  /** The first word at depth 0, upper case, or null. */
  private String firstWord;

  /**
   * The statement's main keyword: the first word at depth 0, or after WITH the first row or
   * data-modifying keyword at depth 0 (the common table expressions are in parentheses); or null.
   */
  private String mainKeyword;

  private boolean returning;

  /** Parenthesis depth at the current position. */
  private int depth;

  /** Offset of the next character to read. */
  private int pos;

  private SqlParameterLexer(String in) {
    this.in = in;
  }

  /** Lexes {@code sql}; never throws. */
  static ParsedSql parse(String sql) {
    SqlParameterLexer lexer = new SqlParameterLexer(sql);
    String problem = lexer.run();
    if (problem != null) {
      return new ParsedSql(null, List.of(), List.of(), StatementKind.UNKNOWN, problem);
    }
    return new ParsedSql(
        lexer.out.toString(),
        List.copyOf(lexer.positions.keySet()),
        List.copyOf(lexer.occurrences),
        lexer.kind(),
        null);
  }

  private StatementKind kind() {
    if (mainKeyword == null) {
      return StatementKind.UNKNOWN;
    }
    if (ROW_KEYWORDS.contains(mainKeyword)) {
      return StatementKind.ROWS;
    }
    return returning ? StatementKind.ROWS : StatementKind.COUNT;
  }

  /** Copies the input to {@link #out}, rewriting parameters; returns a problem, or null. */
  private String run() {
    int n = in.length();
    while (pos < n) {
      char c = in.charAt(pos);
      String problem = null;
      if (c == '\'') {
        problem = string(isEscapePrefix(pos));
      } else if (c == '"') {
        problem = quoted('"', "quoted identifier");
      } else if (c == '-' && next(1) == '-') {
        lineComment();
      } else if (c == '/' && next(1) == '*') {
        problem = blockComment();
      } else if (c == ':' && next(1) == ':') {
        out.append("::");
        pos += 2;
      } else if (c == ':' && isIdentifierStart(next(1))) {
        parameter();
      } else if (c == '$' && !isIdentifierPart(previous())) {
        problem = dollar();
      } else if (isIdentifierStart(c)) {
        word();
      } else {
        if (c == '(') {
          depth++;
        } else if (c == ')' && depth > 0) {
          depth--;
        }
        out.append(c);
        pos++;
      }
      if (problem != null) {
        return problem;
      }
    }
    return null;
  }

  /** A string constant from the quote at {@link #pos}; backslash escapes if {@code escapes}. */
  private String string(boolean escapes) {
    int start = pos;
    out.append('\'');
    pos++;
    int n = in.length();
    while (pos < n) {
      char c = in.charAt(pos);
      if (escapes && c == '\\' && pos + 1 < n) {
        out.append(c).append(in.charAt(pos + 1));
        pos += 2;
        continue;
      }
      out.append(c);
      pos++;
      if (c == '\'') {
        if (next(0) == '\'') {
          out.append('\'');
          pos++;
        } else {
          return null;
        }
      }
    }
    return "unterminated string constant at offset " + start;
  }

  /** A quoted identifier; doubled quotes stand for one. */
  private String quoted(char quote, String what) {
    int start = pos;
    out.append(quote);
    pos++;
    int n = in.length();
    while (pos < n) {
      char c = in.charAt(pos);
      out.append(c);
      pos++;
      if (c == quote) {
        if (next(0) == quote) {
          out.append(quote);
          pos++;
        } else {
          return null;
        }
      }
    }
    return "unterminated " + what + " at offset " + start;
  }

  private void lineComment() {
    int end = in.indexOf('\n', pos);
    end = end < 0 ? in.length() : end;
    out.append(in, pos, end);
    pos = end;
  }

  /** A block comment; they nest in PostgreSQL, unlike the SQL standard's. */
  private String blockComment() {
    int start = pos;
    int nesting = 0;
    int n = in.length();
    while (pos < n) {
      if (in.charAt(pos) == '/' && next(1) == '*') {
        nesting++;
        out.append("/*");
        pos += 2;
      } else if (in.charAt(pos) == '*' && next(1) == '/') {
        nesting--;
        out.append("*/");
        pos += 2;
        if (nesting == 0) {
          return null;
        }
      } else {
        out.append(in.charAt(pos++));
      }
    }
    return "unterminated /* comment at offset " + start;
  }

  /** {@code $tag$…$tag$}, or a positional parameter {@code $1}, which is refused. */
  private String dollar() {
    int start = pos;
    if (Character.isDigit(next(1))) {
      return "positional parameter $"
          + digitsAt(pos + 1)
          + " at offset "
          + start
          + "; name it (:id) and give the method a parameter of that name";
    }
    int end = pos + 1;
    while (end < in.length() && isIdentifierPart(in.charAt(end)) && in.charAt(end) != '$') {
      end++;
    }
    if (end >= in.length() || in.charAt(end) != '$') {
      // A lone '$' is no dollar quote; let the server judge it.
      out.append('$');
      pos++;
      return null;
    }
    String tag = in.substring(pos, end + 1);
    int close = in.indexOf(tag, end + 1);
    if (close < 0) {
      return "unterminated dollar-quoted string " + tag + " at offset " + start;
    }
    out.append(in, pos, close + tag.length());
    pos = close + tag.length();
    return null;
  }

  /** {@code :name} or {@code :record.component…}, written as its position. */
  private void parameter() {
    int start = pos;
    int end = identifierEnd(pos + 1);
    while (end + 1 < in.length()
        && in.charAt(end) == '.'
        && isIdentifierStart(in.charAt(end + 1))) {
      end = identifierEnd(end + 1);
    }
    String name = in.substring(pos + 1, end);
    Integer position = positions.get(name);
    if (position == null) {
      position = positions.size() + 1;
      positions.put(name, position);
    }
    occurrences.add(new Occurrence(name, start));
    out.append('$').append(position);
    pos = end;
  }

  /** A key word or identifier; those at depth 0 classify the statement. */
  private void word() {
    int end = identifierEnd(pos);
    String word = in.substring(pos, end);
    out.append(word);
    pos = end;
    if (depth != 0) {
      return;
    }
    String upper = word.toUpperCase(Locale.ROOT);
    boolean first = firstWord == null;
    if (first) {
      firstWord = upper;
    }
    boolean leading = first || firstWord.equals("WITH");
    if (mainKeyword == null
        && leading
        && (ROW_KEYWORDS.contains(upper) || DML_KEYWORDS.contains(upper))) {
      mainKeyword = upper;
    } else if (upper.equals("RETURNING")) {
      returning = true;
    }
  }

  /**
   * Whether the quote at {@code quote} starts an escape string: {@code E'…'}, not {@code name'}.
   */
  private boolean isEscapePrefix(int quote) {
    if (quote == 0 || (in.charAt(quote - 1) != 'E' && in.charAt(quote - 1) != 'e')) {
      return false;
    }
    return quote == 1 || !isIdentifierPart(in.charAt(quote - 2));
  }

  private int identifierEnd(int from) {
    int end = from;
    while (end < in.length() && isIdentifierPart(in.charAt(end))) {
      end++;
    }
    return end;
  }

  private String digitsAt(int from) {
    int end = from;
    while (end < in.length() && Character.isDigit(in.charAt(end))) {
      end++;
    }
    return in.substring(from, end);
  }

  /** The character {@code ahead} positions after {@link #pos}, or 0 past the end. */
  private char next(int ahead) {
    int i = pos + ahead;
    return i < in.length() ? in.charAt(i) : 0;
  }

  private char previous() {
    return pos == 0 ? 0 : in.charAt(pos - 1);
  }

  /** As PostgreSQL: letters, underscore and non-ASCII characters start identifiers. */
  private static boolean isIdentifierStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
  }

  /** ...and digits and dollar signs may follow. */
  private static boolean isIdentifierPart(char c) {
    return isIdentifierStart(c) || (c >= '0' && c <= '9') || c == '$';
  }
}
