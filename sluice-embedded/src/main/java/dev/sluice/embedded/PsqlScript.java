package dev.sluice.embedded;

import java.io.IOException;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Pattern;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

/**
 * Runs a script in psql's dump format over pgjdbc, without psql: SQL statements, each ended by a
 * semicolon, and {@code COPY … FROM stdin;} statements followed by their rows and a line {@code
 * \.}.
 *
 * <p>Statements are split by a small lexer that knows where a semicolon does not end a statement:
 * inside '…' and E'…' strings, "…" identifiers, -- and (nested) block comments, and dollar-quoted
 * bodies such as {@code $_$ … $_$}. Each statement is sent on its own, so an error names the file,
 * line and statement; COPY rows go to {@link CopyManager}. Backslash commands other than {@code \.}
 * ending COPY rows are not supported (pg_dump's plain format has none in the statements).
 *
 * <p>The caller chooses the transaction: in auto-commit mode every statement commits on its own, so
 * statements that cannot run in a transaction block ({@code CREATE INDEX CONCURRENTLY}, {@code
 * VACUUM}) work; with auto-commit off the whole script is one transaction for the caller to end.
 */
public final class PsqlScript {
  private static final Pattern COPY_FROM_STDIN =
      Pattern.compile("(?is)COPY\\s.*\\sFROM\\s+stdin\\b[^;]*;?\\s*");

  private final String source;
  private final String text;

  /** Start of the statement being scanned, after leading whitespace and comments; -1 if none. */
  private int statementStart;

  /**
   * A script named {@code source} in messages (a file name), with its text.
   *
   * @param source the name errors give the script, usually its file name
   * @param text the script, as psql would read it
   */
  public PsqlScript(String source, String text) {
    this.source = source;
    this.text = text;
  }

  /**
   * Runs every statement through the connection, in order; the first that fails stops the script
   * with an SQLException whose message starts with {@code source:line:} and ends with the
   * statement.
   *
   * @param connection the JDBC connection the statements run on; its auto-commit decides whether
   *     each statement commits or the caller ends one transaction
   * @throws SQLException when a statement fails (message {@code source:line:}, the server's message
   *     and the statement; SQLState the server's), or a COPY's rows cannot be sent or lack their
   *     closing {@code \.} line
   */
  public void run(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      // Dump SQL is plain PostgreSQL: JDBC escapes such as {fn …} must not be rewritten.
      statement.setEscapeProcessing(false);
      CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
      int length = text.length();
      int i = 0;
      statementStart = -1;
      while (i < length) {
        char c = text.charAt(i);
        if (c == '-' && i + 1 < length && text.charAt(i + 1) == '-') {
          i = skipLineComment(i);
        } else if (c == '/' && i + 1 < length && text.charAt(i + 1) == '*') {
          i = skipBlockComment(i);
        } else if (Character.isWhitespace(c)) {
          i++;
        } else if (c == ';') {
          if (statementStart < 0) {
            i++;
          } else {
            String sql = text.substring(statementStart, i + 1);
            int lineEnd = text.indexOf('\n', i);
            int next = lineEnd < 0 ? length : lineEnd + 1;
            if (COPY_FROM_STDIN.matcher(sql).matches()) {
              next = copyIn(copy, sql, next);
            } else {
              execute(statement, sql);
            }
            statementStart = -1;
            i = next;
          }
        } else {
          if (statementStart < 0) {
            statementStart = i;
          }
          i = skipToken(i);
        }
      }
      if (statementStart >= 0) {
        execute(statement, text.substring(statementStart));
      }
    }
  }

  private void execute(Statement statement, String sql) throws SQLException {
    try {
      statement.execute(sql);
    } catch (SQLException e) {
      throw failure(e, statementStart, sql);
    }
  }

  /**
   * Sends the rows from {@code dataStart} up to the line {@code \.} to COPY; returns the offset
   * after that line.
   */
  private int copyIn(CopyManager copy, String sql, int dataStart) throws SQLException {
    int length = text.length();
    int line = dataStart;
    while (line < length) {
      int lineEnd = text.indexOf('\n', line);
      int end = lineEnd < 0 ? length : lineEnd;
      int contentEnd = end > line && text.charAt(end - 1) == '\r' ? end - 1 : end;
      if (contentEnd - line == 2 && text.startsWith("\\.", line)) {
        String rows = text.substring(dataStart, line);
        String command = sql.substring(0, sql.lastIndexOf(';'));
        try {
          copy.copyIn(command, new StringReader(rows));
        } catch (SQLException e) {
          throw failure(e, statementStart, command);
        } catch (IOException e) {
          throw new SQLException(
              source + ":" + lineNumber(statementStart) + ": could not send COPY rows", e);
        }
        return lineEnd < 0 ? length : lineEnd + 1;
      }
      line = end + 1;
    }
    throw new SQLException(
        source
            + ":"
            + lineNumber(statementStart)
            + ": COPY rows are not ended by a line \\.: "
            + sql);
  }

  /** Skips one token that may hold a semicolon (string, identifier, dollar quote) or one char. */
  private int skipToken(int i) {
    char c = text.charAt(i);
    if (c == '\'') {
      boolean escapes = i > 0 && (text.charAt(i - 1) == 'E' || text.charAt(i - 1) == 'e');
      return skipQuoted(i, '\'', escapes);
    }
    if (c == '"') {
      return skipQuoted(i, '"', false);
    }
    if (c == '$' && (i == 0 || !isIdentifierPart(text.charAt(i - 1)))) {
      int tagEnd = dollarTagEnd(i);
      if (tagEnd > 0) {
        String tag = text.substring(i, tagEnd);
        int close = text.indexOf(tag, tagEnd);
        if (close < 0) {
          throw new IllegalArgumentException(
              source + ":" + lineNumber(i) + ": dollar quote " + tag + " is never closed");
        }
        return close + tag.length();
      }
    }
    return i + 1;
  }

  /** The offset after the closing quote; a doubled quote (or, with escapes, \') continues. */
  private int skipQuoted(int open, char quote, boolean backslashEscapes) {
    int length = text.length();
    int i = open + 1;
    while (i < length) {
      char c = text.charAt(i);
      if (backslashEscapes && c == '\\') {
        i += 2;
      } else if (c == quote) {
        if (i + 1 < length && text.charAt(i + 1) == quote) {
          i += 2;
        } else {
          return i + 1;
        }
      } else {
        i++;
      }
    }
    throw new IllegalArgumentException(
        source + ":" + lineNumber(open) + ": " + quote + " is never closed");
  }

  /** If a dollar-quote tag ($$ or $tag$) starts at i, the offset after it; else -1. */
  private int dollarTagEnd(int i) {
    int length = text.length();
    int j = i + 1;
    while (j < length) {
      char c = text.charAt(j);
      if (c == '$') {
        return j + 1;
      }
      boolean valid = j == i + 1 ? Character.isLetter(c) || c == '_' : isIdentifierPart(c);
      if (!valid) {
        return -1;
      }
      j++;
    }
    return -1;
  }

  private int skipLineComment(int i) {
    int lineEnd = text.indexOf('\n', i);
    return lineEnd < 0 ? text.length() : lineEnd + 1;
  }

  private int skipBlockComment(int open) {
    int length = text.length();
    int depth = 0;
    int i = open;
    while (i + 1 < length) {
      if (text.charAt(i) == '/' && text.charAt(i + 1) == '*') {
        depth++;
        i += 2;
      } else if (text.charAt(i) == '*' && text.charAt(i + 1) == '/') {
        depth--;
        i += 2;
        if (depth == 0) {
          return i;
        }
      } else {
        i++;
      }
    }
    throw new IllegalArgumentException(
        source + ":" + lineNumber(open) + ": block comment is never closed");
  }

  private static boolean isIdentifierPart(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }

  private SQLException failure(SQLException e, int offset, String sql) {
    String shown = sql.length() > 500 ? sql.substring(0, 500) + " …" : sql;
    return new SQLException(
        source + ":" + lineNumber(offset) + ": " + e.getMessage() + "\n  statement: " + shown,
        e.getSQLState(),
        e.getErrorCode(),
        e);
  }

  private int lineNumber(int offset) {
    int line = 1;
    for (int i = 0; i < offset && i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }
}
