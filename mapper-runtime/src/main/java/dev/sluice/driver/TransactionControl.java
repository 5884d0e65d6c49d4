package dev.sluice.driver;

import java.util.Locale;

/**
 * Which statements cannot run inside one implicit transaction with others — transaction control,
 * and the commands PostgreSQL refuses in a transaction block — told from their leading words
 * (comments and white space skipped), for an atomic pipeline to refuse before anything is sent.
 */
final class TransactionControl {
  private TransactionControl() {}

  /**
   * The commands that end, open or cannot run inside a transaction block: in an atomic pipeline
   * they would break its one implicit transaction (or commit at once, where they come first).
   */
  private static final String[] OUTSIDE_ONE_TRANSACTION = {
    "begin",
    "start",
    "commit",
    "end",
    "rollback",
    "abort",
    "savepoint",
    "release",
    "prepare transaction",
    "vacuum",
    "create database",
    "drop database",
    "create tablespace",
    "drop tablespace",
    "alter system",
    "reindex",
    "cluster",
    "discard all"
  };

  /** The command that makes {@code sql} unfit for an atomic pipeline, or null. */
  static String outsideOneTransaction(String sql) {
    String s = leadingWords(sql);
    for (String command : OUTSIDE_ONE_TRANSACTION) {
      if (s.equals(command) || s.startsWith(command + " ")) {
        return command.toUpperCase(Locale.ROOT);
      }
    }
    if ((s.startsWith("create ") || s.startsWith("drop ")) && s.contains(" concurrently")) {
      return "… CONCURRENTLY";
    }
    return null;
  }

  /**
   * The start of the statement's text (up to 200 characters) in lower case, comments dropped and
   * white space and opening parentheses collapsed to one space.
   */
  static String leadingWords(String sql) {
    StringBuilder out = new StringBuilder();
    int n = sql.length();
    int i = 0;
    while (i < n && out.length() < 200) {
      char c = sql.charAt(i);
      if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        while (i < n && sql.charAt(i) != '\n') {
          i++;
        }
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int close = sql.indexOf("*/", i + 2);
        i = close < 0 ? n : close + 2;
      } else if (Character.isWhitespace(c) || c == '(') {
        if (out.length() > 0 && out.charAt(out.length() - 1) != ' ') {
          out.append(' ');
        }
        i++;
      } else {
        out.append(Character.toLowerCase(c));
        i++;
      }
    }
    return out.toString().trim();
  }
}
