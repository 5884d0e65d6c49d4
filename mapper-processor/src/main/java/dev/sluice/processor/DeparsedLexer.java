package dev.sluice.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits an expression as PostgreSQL deparses it in EXPLAIN's {@code Output} ({@code COALESCE(a.x,
 * 'n'::text)}, {@code lower((c.first_name)::text)}, {@code (SubPlan 1)}) into tokens: words, quoted
 * identifiers, string and number constants, {@code $n} parameters, operators and punctuation. It
 * also serves to find the words of a statement's own SQL, skipping comments, string constants and
 * dollar-quoted bodies, as the rules for window frames need.
 */
final class DeparsedLexer {
  enum Kind {
    /** An unquoted word, lower-cased in {@link Token#text}: a name or a key word. */
    WORD,
    /** A double-quoted identifier, its quotes removed. */
    QUOTED,
    STRING,
    NUMBER,
    /** A {@code $n} parameter. */
    PARAM,
    /** An operator of PostgreSQL's operator characters ({@code =}, {@code ||}, {@code ~~}). */
    OPERATOR,
    /** One of {@code ( ) [ ] , .} or the cast {@code ::}. */
    PUNCT,
    END
  }

  static final class Token {
    final Kind kind;
    final String text;

    /** The offset just past the token in the text, set by the lexer once it has read it. */
    int end;

    Token(Kind kind, String text) {
      this.kind = kind;
      this.text = text;
    }

    boolean is(String punctOrWord) {
      return (kind == Kind.PUNCT || kind == Kind.WORD || kind == Kind.OPERATOR)
          && text.equals(punctOrWord);
    }

    @Override
    public String toString() {
      return kind + " " + text;
    }
  }

  private static final String OPERATOR_CHARS = "+-*/<>=~!@#%^&|`?";

  private DeparsedLexer() {}

  /** The index of the parenthesis closing the one at {@code t[open]}, or -1. */
  static int closing(List<Token> t, int open) {
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
   * The tokens of {@code text}, ending with one {@link Kind#END}; an unterminated string, quoted
   * identifier or comment is an {@link IllegalArgumentException}.
   */
  static List<Token> tokens(String text) {
    List<Token> out = new ArrayList<>();
    int i = 0;
    int n = text.length();
    while (i < n) {
      if (!out.isEmpty() && out.get(out.size() - 1).end == 0) {
        out.get(out.size() - 1).end = i;
      }
      char c = text.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
        int end = text.indexOf('\n', i);
        i = end < 0 ? n : end + 1;
      } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
        i = skipBlockComment(text, i);
      } else if (c == '\'') {
        i = string(text, i, false, out);
      } else if ((c == 'E' || c == 'e') && i + 1 < n && text.charAt(i + 1) == '\'') {
        i = string(text, i + 1, true, out);
      } else if (c == '"') {
        StringBuilder name = new StringBuilder();
        int j = i + 1;
        while (true) {
          if (j >= n) {
            throw new IllegalArgumentException("unterminated quoted identifier");
          }
          char d = text.charAt(j++);
          if (d == '"') {
            if (j < n && text.charAt(j) == '"') {
              name.append('"');
              j++;
              continue;
            }
            break;
          }
          name.append(d);
        }
        out.add(new Token(Kind.QUOTED, name.toString()));
        i = j;
      } else if (c == '$' && i + 1 < n && Character.isDigit(text.charAt(i + 1))) {
        int j = i + 1;
        while (j < n && Character.isDigit(text.charAt(j))) {
          j++;
        }
        out.add(new Token(Kind.PARAM, text.substring(i, j)));
        i = j;
      } else if (c == '$') {
        i = skipDollarQuoted(text, i, out);
      } else if (Character.isDigit(c)
          || (c == '.' && i + 1 < n && Character.isDigit(text.charAt(i + 1)))) {
        int j = i;
        while (j < n && (Character.isLetterOrDigit(text.charAt(j)) || text.charAt(j) == '.')) {
          j++;
        }
        out.add(new Token(Kind.NUMBER, text.substring(i, j)));
        i = j;
      } else if (Character.isLetter(c) || c == '_') {
        int j = i;
        while (j < n
            && (Character.isLetterOrDigit(text.charAt(j))
                || text.charAt(j) == '_'
                || text.charAt(j) == '$')) {
          j++;
        }
        out.add(new Token(Kind.WORD, text.substring(i, j).toLowerCase(Locale.ROOT)));
        i = j;
      } else if (c == ':' && i + 1 < n && text.charAt(i + 1) == ':') {
        out.add(new Token(Kind.PUNCT, "::"));
        i += 2;
      } else if ("()[],.;:".indexOf(c) >= 0) {
        out.add(new Token(Kind.PUNCT, String.valueOf(c)));
        i++;
      } else if (OPERATOR_CHARS.indexOf(c) >= 0) {
        int j = i;
        while (j < n && OPERATOR_CHARS.indexOf(text.charAt(j)) >= 0) {
          if (j + 1 < n
              && ((text.charAt(j) == '-' && text.charAt(j + 1) == '-')
                  || (text.charAt(j) == '/' && text.charAt(j + 1) == '*'))) {
            break;
          }
          j++;
        }
        out.add(new Token(Kind.OPERATOR, text.substring(i, j)));
        i = j;
      } else {
        throw new IllegalArgumentException("unexpected character '" + c + "'");
      }
    }
    if (!out.isEmpty() && out.get(out.size() - 1).end == 0) {
      out.get(out.size() - 1).end = n;
    }
    out.add(new Token(Kind.END, ""));
    return out;
  }

  private static int string(String text, int quote, boolean backslashes, List<Token> out) {
    StringBuilder value = new StringBuilder();
    int j = quote + 1;
    int n = text.length();
    while (true) {
      if (j >= n) {
        throw new IllegalArgumentException("unterminated string constant");
      }
      char d = text.charAt(j++);
      if (backslashes && d == '\\' && j < n) {
        value.append(text.charAt(j++));
        continue;
      }
      if (d == '\'') {
        if (j < n && text.charAt(j) == '\'') {
          value.append('\'');
          j++;
          continue;
        }
        break;
      }
      value.append(d);
    }
    out.add(new Token(Kind.STRING, value.toString()));
    return j;
  }

  private static int skipBlockComment(String text, int start) {
    int depth = 0;
    int i = start;
    while (i < text.length()) {
      if (text.startsWith("/*", i)) {
        depth++;
        i += 2;
      } else if (text.startsWith("*/", i)) {
        depth--;
        i += 2;
        if (depth == 0) {
          return i;
        }
      } else {
        i++;
      }
    }
    throw new IllegalArgumentException("unterminated comment");
  }

  /** A {@code $tag$ … $tag$} body, kept as one string token. */
  private static int skipDollarQuoted(String text, int start, List<Token> out) {
    int close = text.indexOf('$', start + 1);
    if (close < 0) {
      throw new IllegalArgumentException("a lone '$'");
    }
    String tag = text.substring(start, close + 1);
    int end = text.indexOf(tag, close + 1);
    if (end < 0) {
      throw new IllegalArgumentException("unterminated dollar-quoted string");
    }
    out.add(new Token(Kind.STRING, text.substring(close + 1, end)));
    return end + tag.length();
  }
}
