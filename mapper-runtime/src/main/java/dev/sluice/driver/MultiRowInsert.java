package dev.sluice.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A single-row {@code INSERT … VALUES (…)} rewritten to insert several rows per statement, for
 * batches with {@code rewrite_batched_inserts} on. The server then runs one statement per chunk of
 * rows instead of one per row, which is most of a batch insert's cost. Two forms:
 *
 * <ul>
 *   <li>the array form ({@link #arraySql()}): {@code INSERT INTO t (a, b) SELECT sluice_rows.p1,
 *       sluice_rows.p2 FROM ROWS FROM (pg_catalog.unnest($1), pg_catalog.unnest($2)) AS
 *       sluice_rows(p1, p2)}, each parameter an array of one column's values; one statement text
 *       for any number of rows, and the fastest;
 *   <li>the multi-row form ({@link #sql(int)}): {@code … VALUES ($1, $2), ($3, $4), …}, for batches
 *       whose values or types have no binary array form, and tuples holding DEFAULT.
 * </ul>
 *
 * <p>Only a plain insert qualifies: one VALUES list whose parameters are exactly $1…$n, and nothing
 * after it (no ON CONFLICT, no RETURNING, whose per-row results a multi-row statement would merge).
 * The SQL is scanned with the lexical rules of PostgreSQL: string constants (with {@code E''}
 * escapes), quoted identifiers, dollar-quoted strings and comments are skipped, so a "VALUES" or
 * "$1" inside them is never mistaken for syntax.
 */
final class MultiRowInsert {
  /** Group sizes, largest first: a batch is split into at most these statement shapes. */
  static final int[] GROUP_SIZES = {128, 64, 32, 16, 8, 4, 2, 1};

  /** The alias of the unnested arrays in the array form: a name no insert is likely to use. */
  static final String ROWS = "sluice_rows";

  /** PostgreSQL takes at most 65535 parameters per statement. */
  static final int MAX_PARAMETERS = 65535;

  private final String head;

  /** The VALUES tuple split around its parameters: text, then param number, text, …, text. */
  private final List<String> texts;

  private final int[] paramNumbers;
  private final int params;
  private final String[] sqlBySize = new String[GROUP_SIZES[0] + 1];

  /** The array form (see {@link #arraySql()}), or null when the tuple holds a DEFAULT. */
  private final String arraySql;

  private MultiRowInsert(
      String head, List<String> texts, int[] paramNumbers, int params, String arraySql) {
    this.head = head;
    this.texts = texts;
    this.paramNumbers = paramNumbers;
    this.params = params;
    this.arraySql = arraySql;
  }

  /** The rewritable form of {@code sql}, or null when it is not a plain single-row insert. */
  static MultiRowInsert parse(String sql) {
    Scanner s = new Scanner(sql);
    String first = s.nextWord();
    if (first == null || !first.equalsIgnoreCase("INSERT")) {
      return null;
    }
    // Find the top-level VALUES keyword, not preceded by DEFAULT.
    String previous = null;
    int valuesStart = -1;
    int valuesEnd = -1;
    while (!s.atEnd()) {
      int before = s.pos;
      String word = s.nextToken();
      if (word == null) {
        break;
      }
      if (s.depth == 0 && word.equalsIgnoreCase("VALUES")) {
        if (previous != null && previous.equalsIgnoreCase("DEFAULT")) {
          return null;
        }
        valuesEnd = s.pos;
        valuesStart = valuesEnd - word.length();
        break;
      }
      if (s.depth == 0 && (word.equalsIgnoreCase("SELECT") || word.equalsIgnoreCase("WITH"))) {
        return null;
      }
      if (!word.isBlank()) {
        previous = word;
      }
      if (s.pos == before) {
        return null;
      }
    }
    if (valuesEnd < 0) {
      return null;
    }
    // The tuple: '(' … matching ')' with its parameters, then only blanks, comments or ';'.
    s.skipBlanks();
    if (s.atEnd() || sql.charAt(s.pos) != '(') {
      return null;
    }
    int tupleStart = s.pos;
    List<String> texts = new ArrayList<>();
    List<Integer> numbers = new ArrayList<>();
    int textStart = tupleStart;
    int depth = 0;
    int tupleEnd = -1;
    boolean hasDefault = false;
    while (!s.atEnd()) {
      char c = sql.charAt(s.pos);
      if (c == '$'
          && s.pos + 1 < sql.length()
          && Character.isDigit(sql.charAt(s.pos + 1))
          && (s.pos == 0 || !isIdentifierPart(sql.charAt(s.pos - 1)))) {
        int start = s.pos;
        int p = s.pos + 1;
        while (p < sql.length() && Character.isDigit(sql.charAt(p))) {
          p++;
        }
        texts.add(sql.substring(textStart, start));
        numbers.add(Integer.parseInt(sql.substring(start + 1, p)));
        textStart = p;
        s.pos = p;
        continue;
      }
      if ((Character.isLetter(c) || c == '_')
          && (s.pos == 0 || !isIdentifierPart(sql.charAt(s.pos - 1)))) {
        int start = s.pos;
        int p = s.pos + 1;
        while (p < sql.length() && isIdentifierPart(sql.charAt(p))) {
          p++;
        }
        // A word: DEFAULT as one of the tuple's items has no place in a SELECT list (after a dot
        // it is a field name). After an E, the quote is read next by skipLexical, which sees the
        // E and honours the escapes.
        if (depth == 1
            && p - start == 7
            && sql.regionMatches(true, start, "DEFAULT", 0, 7)
            && (start == 0 || sql.charAt(start - 1) != '.')) {
          hasDefault = true;
        }
        s.pos = p;
        continue;
      }
      if (c == '(') {
        depth++;
        s.pos++;
        continue;
      }
      if (c == ')') {
        depth--;
        s.pos++;
        if (depth == 0) {
          tupleEnd = s.pos;
          break;
        }
        continue;
      }
      if (!s.skipLexical()) {
        s.pos++;
      }
    }
    if (tupleEnd < 0) {
      return null;
    }
    texts.add(sql.substring(textStart, tupleEnd));
    s.skipBlanks();
    while (!s.atEnd() && sql.charAt(s.pos) == ';') {
      s.pos++;
      s.skipBlanks();
    }
    if (!s.atEnd()) {
      return null; // ON CONFLICT, RETURNING, a second tuple, another statement…
    }
    int n = 0;
    for (int k : numbers) {
      n = Math.max(n, k);
    }
    boolean[] seen = new boolean[n + 1];
    for (int k : numbers) {
      seen[k] = true;
    }
    for (int k = 1; k <= n; k++) {
      if (!seen[k]) {
        return null;
      }
    }
    if (n == 0) {
      return null;
    }
    int[] paramNumbers = new int[numbers.size()];
    for (int i = 0; i < paramNumbers.length; i++) {
      paramNumbers[i] = numbers.get(i);
    }
    String arraySql =
        hasDefault ? null : arrayForm(sql.substring(0, valuesStart), texts, paramNumbers, n);
    return new MultiRowInsert(sql.substring(0, tupleStart), texts, paramNumbers, n, arraySql);
  }

  /** Parameters per row. */
  int parameters() {
    return params;
  }

  /** The largest group size whose statement stays within the protocol's parameter limit. */
  int maxGroup() {
    for (int size : GROUP_SIZES) {
      if ((long) size * params <= MAX_PARAMETERS) {
        return size;
      }
    }
    return 1;
  }

  /** The statement inserting {@code rows} rows; cached per size, so each shape's text is stable. */
  String sql(int rows) {
    String cached = sqlBySize[rows];
    if (cached != null) {
      return cached;
    }
    StringBuilder sb = new StringBuilder(head.length() + rows * 16 * params);
    sb.append(head);
    for (int r = 0; r < rows; r++) {
      if (r > 0) {
        sb.append(", ");
      }
      int offset = r * params;
      for (int i = 0; i < paramNumbers.length; i++) {
        sb.append(texts.get(i)).append('$').append(paramNumbers[i] + offset);
      }
      sb.append(texts.get(texts.size() - 1));
    }
    String sql = sb.toString();
    sqlBySize[rows] = sql;
    return sql;
  }

  /**
   * The statement inserting any number of rows from one array per parameter: {@code INSERT INTO t
   * (a, b) SELECT <the tuple's items, $k read as sluice_rows.pk> FROM ROWS FROM
   * (pg_catalog.unnest($1), pg_catalog.unnest($2)) AS sluice_rows(p1, p2)}, where $k binds an array
   * of parameter k's values, one element per row (the unnest(a, b) of SQL, spelled out). Null when
   * the tuple holds the DEFAULT keyword, which a SELECT list cannot hold. The text does not depend
   * on the number of rows, so one prepared statement serves every chunk of a batch.
   */
  String arraySql() {
    return arraySql;
  }

  /** The array form of an insert whose text before VALUES is {@code insertHead}. */
  private static String arrayForm(
      String insertHead, List<String> texts, int[] paramNumbers, int params) {
    StringBuilder sb = new StringBuilder(insertHead.length() + 64 + texts.size() * 32);
    sb.append(insertHead).append("SELECT ");
    for (int i = 0; i < paramNumbers.length; i++) {
      String text = texts.get(i);
      // The tuple's own parentheses go: its items become the SELECT list.
      sb.append(text, i == 0 ? 1 : 0, text.length());
      sb.append(ROWS).append(".p").append(paramNumbers[i]);
    }
    String last = texts.get(texts.size() - 1);
    sb.append(last, 0, last.length() - 1);
    // ROWS FROM (f($1), f($2)) is what unnest($1, $2) stands for, spelled out because only the
    // unqualified name gets that expansion: qualified, no search_path can put another unnest first.
    sb.append(" FROM ROWS FROM (");
    for (int k = 1; k <= params; k++) {
      sb.append(k == 1 ? "" : ", ").append("pg_catalog.unnest($").append(k).append(')');
    }
    sb.append(") AS ").append(ROWS).append('(');
    for (int k = 1; k <= params; k++) {
      sb.append(k == 1 ? "p" : ", p").append(k);
    }
    return sb.append(')').toString();
  }

  private static boolean isIdentifierPart(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }

  /** Walks SQL text token by token, skipping what PostgreSQL's lexer treats as one unit. */
  private static final class Scanner {
    final String sql;
    int pos;

    /** Parenthesis depth outside strings and comments. */
    int depth;

    Scanner(String sql) {
      this.sql = sql;
    }

    boolean atEnd() {
      return pos >= sql.length();
    }

    /** The next word (letters, digits, _), skipping blanks and comments first; null at the end. */
    String nextWord() {
      skipBlanks();
      int start = pos;
      while (pos < sql.length() && isIdentifierPart(sql.charAt(pos))) {
        pos++;
      }
      return pos > start ? sql.substring(start, pos) : null;
    }

    /**
     * Consumes one token and returns it as text when it is a word, or "" for anything else
     * (punctuation, a string, a quoted identifier); null at the end.
     */
    String nextToken() {
      skipBlanks();
      if (atEnd()) {
        return null;
      }
      char c = sql.charAt(pos);
      if (Character.isLetter(c) || c == '_') {
        // E'…' is an escape string; U&'…' a Unicode one: both are strings, not words.
        if ((c == 'E' || c == 'e') && pos + 1 < sql.length() && sql.charAt(pos + 1) == '\'') {
          pos++;
          skipString(true);
          return "";
        }
        String w = nextWord();
        return w.toUpperCase(Locale.ROOT);
      }
      if (c == '(') {
        depth++;
        pos++;
        return "";
      }
      if (c == ')') {
        depth--;
        pos++;
        return "";
      }
      if (!skipLexical()) {
        pos++;
      }
      return "";
    }

    /**
     * Skips a string, quoted identifier or dollar-quoted string at pos; false if none starts there.
     */
    boolean skipLexical() {
      char c = sql.charAt(pos);
      if (c == '\'') {
        boolean escapes =
            pos > 0
                && (sql.charAt(pos - 1) == 'E' || sql.charAt(pos - 1) == 'e')
                && (pos < 2 || !isIdentifierPart(sql.charAt(pos - 2)));
        skipString(escapes);
        return true;
      }
      if (c == '"') {
        pos++;
        while (pos < sql.length()) {
          if (sql.charAt(pos) == '"') {
            if (pos + 1 < sql.length() && sql.charAt(pos + 1) == '"') {
              pos += 2;
              continue;
            }
            pos++;
            return true;
          }
          pos++;
        }
        return true;
      }
      if (c == '$' && (pos == 0 || !isIdentifierPart(sql.charAt(pos - 1)))) {
        int p = pos + 1;
        while (p < sql.length()
            && (Character.isLetterOrDigit(sql.charAt(p)) || sql.charAt(p) == '_')
            && !(p == pos + 1 && Character.isDigit(sql.charAt(p)))) {
          p++;
        }
        if (p < sql.length() && sql.charAt(p) == '$') {
          String tag = sql.substring(pos, p + 1);
          int close = sql.indexOf(tag, p + 1);
          pos = close < 0 ? sql.length() : close + tag.length();
          return true;
        }
        return false;
      }
      if (c == '-' && pos + 1 < sql.length() && sql.charAt(pos + 1) == '-') {
        int nl = sql.indexOf('\n', pos);
        pos = nl < 0 ? sql.length() : nl + 1;
        return true;
      }
      if (c == '/' && pos + 1 < sql.length() && sql.charAt(pos + 1) == '*') {
        int nesting = 1;
        pos += 2;
        while (pos < sql.length() && nesting > 0) {
          if (sql.startsWith("/*", pos)) {
            nesting++;
            pos += 2;
          } else if (sql.startsWith("*/", pos)) {
            nesting--;
            pos += 2;
          } else {
            pos++;
          }
        }
        return true;
      }
      return false;
    }

    /** Skips a '…' string at pos ('' doubles a quote; with escapes, a backslash escapes a char). */
    private void skipString(boolean escapes) {
      pos++;
      while (pos < sql.length()) {
        char c = sql.charAt(pos);
        if (escapes && c == '\\') {
          pos += 2;
          continue;
        }
        if (c == '\'') {
          if (pos + 1 < sql.length() && sql.charAt(pos + 1) == '\'') {
            pos += 2;
            continue;
          }
          pos++;
          return;
        }
        pos++;
      }
    }

    /** Skips white space and comments. */
    void skipBlanks() {
      while (pos < sql.length()) {
        char c = sql.charAt(pos);
        if (Character.isWhitespace(c)) {
          pos++;
        } else if ((c == '-' && sql.startsWith("--", pos))
            || (c == '/' && sql.startsWith("/*", pos))) {
          skipLexical();
        } else {
          return;
        }
      }
    }
  }
}
