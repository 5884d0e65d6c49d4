package dev.sluice.driver;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a borrower may leave behind in a session, for the next borrower to stumble on: settings
 * changed with SET, LISTEN registrations, cursors WITH HOLD, temporary tables, session-level
 * advisory locks, statements prepared with SQL PREPARE. Kept as bits, set from command tags (exact,
 * per CommandComplete) and from a scan of each statement's text for what no tag shows (done once
 * per prepared statement), and cleared by the reset the pool runs before it hands the session on.
 *
 * <p>The text scan errs on the side of a reset: "temp" or "temporary" as a word, any advisory-lock
 * function, {@code set_config}. What it cannot see — a function that takes an advisory lock or
 * creates a temporary table inside its body — is not reset; {@code DISCARD ALL} by the user is
 * always safe (it clears the client's statement cache too).
 */
final class SessionResidue {
  static final int NONE = 0;
  static final int SETTINGS = 1;
  static final int LISTENING = 1 << 1;
  static final int CURSORS = 1 << 2;
  static final int TEMP_OBJECTS = 1 << 3;
  static final int ADVISORY_LOCKS = 1 << 4;
  static final int SQL_PREPARED = 1 << 5;

  /**
   * A temporary object made: {@code CREATE TEMP TABLE}, {@code CREATE TEMPORARY VIEW}, {@code
   * SELECT … INTO TEMP t}, {@code CREATE TABLE … } with {@code temp} as a word of its own — not a
   * column named {@code temperature}.
   */
  private static final Pattern TEMPORARY = Pattern.compile("\\b(temp|temporary)\\b");

  private SessionResidue() {}

  /** The residue a command tag (the text of CommandComplete) announces. */
  static int ofTag(byte[] b, int from, int to) {
    switch (b[from]) {
      case 'S':
        // "SET" exactly ("SELECT n" is the common tag: one byte decides most of them)
        return to - from == 3 && b[from + 1] == 'E' && b[from + 2] == 'T' ? SETTINGS : NONE;
      case 'L':
        return startsWith(b, from, to, "LISTEN") ? LISTENING : NONE;
      case 'D':
        return startsWith(b, from, to, "DECLARE CURSOR") ? CURSORS : NONE;
      case 'P':
        // "PREPARE" exactly: "PREPARE TRANSACTION" (two-phase commit) leaves no statement
        return to - from == 7 && startsWith(b, from, to, "PREPARE") ? SQL_PREPARED : NONE;
      default:
        return NONE;
    }
  }

  /** The residue a statement's text may leave that no command tag shows. */
  static int ofText(String sql) {
    String s = sql.toLowerCase(Locale.ROOT);
    int residue = NONE;
    if (TEMPORARY.matcher(s).find()) {
      residue |= TEMP_OBJECTS;
    }
    if (s.contains("advisory_lock")) {
      residue |= ADVISORY_LOCKS;
    }
    if (s.contains("set_config")) {
      residue |= SETTINGS;
    }
    return residue;
  }

  /**
   * The statement that clears everything in {@code residue} and keeps Sluice's own prepared
   * statements (unless SQL PREPARE was used: then DEALLOCATE ALL, and the client's statement cache
   * is cleared with it).
   */
  static String resetStatement(int residue) {
    StringBuilder sql = new StringBuilder();
    if ((residue & SETTINGS) != 0) {
      sql.append("RESET ALL; ");
    }
    if ((residue & LISTENING) != 0) {
      sql.append("UNLISTEN *; ");
    }
    if ((residue & CURSORS) != 0) {
      sql.append("CLOSE ALL; ");
    }
    if ((residue & TEMP_OBJECTS) != 0) {
      sql.append("DISCARD TEMP; DISCARD SEQUENCES; ");
    }
    if ((residue & ADVISORY_LOCKS) != 0) {
      sql.append("SELECT pg_catalog.pg_advisory_unlock_all(); ");
    }
    if ((residue & SQL_PREPARED) != 0) {
      sql.append("DEALLOCATE ALL; ");
    }
    return sql.toString().trim();
  }

  private static boolean startsWith(byte[] b, int from, int to, String word) {
    int n = word.length();
    if (to - from < n) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (b[from + i] != word.charAt(i)) {
        return false;
      }
    }
    return to - from == n || b[from + n] == ' ';
  }
}
