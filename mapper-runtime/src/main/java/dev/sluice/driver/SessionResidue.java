package dev.sluice.driver;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a borrower may leave behind in a session, for the next borrower to stumble on. Kept as bits,
 * set from command tags (exact, per CommandComplete), from ParameterStatus (a reported setting
 * changed) and from a scan of each statement's text for what no tag shows (done once per prepared
 * statement), and cleared by the reset the pool runs before it hands the session on.
 *
 * <p>The reference is what {@code DISCARD ALL} clears; each of its parts and what notes it here:
 *
 * <ul>
 *   <li>{@code CLOSE ALL}: cursors WITH HOLD ({@link #CURSORS}, the tag DECLARE CURSOR);
 *   <li>{@code SET SESSION AUTHORIZATION DEFAULT}: {@code SET ROLE} and {@code SET SESSION
 *       AUTHORIZATION}, which RESET ALL leaves alone ({@link #SETTINGS}: their tag is SET; {@code
 *       set_config('role', …)} is found by the text scan). It also works for a user who is not a
 *       superuser, and RESET ROLE after it restores a role given at startup ({@code options}, ALTER
 *       ROLE … SET role);
 *   <li>{@code RESET ALL}: settings ({@link #SETTINGS}: the tag SET, ParameterStatus, {@code
 *       set_config} in the text), custom ones such as a tenant id for row-level security included;
 *   <li>{@code DEALLOCATE ALL}: statements prepared with SQL PREPARE ({@link #SQL_PREPARED}, the
 *       tag PREPARE); it drops Sluice's statements too, and the client's cache is cleared with
 *       them;
 *   <li>{@code UNLISTEN *}: LISTEN ({@link #LISTENING}, the tag LISTEN);
 *   <li>{@code pg_advisory_unlock_all()}: session advisory locks ({@link #ADVISORY_LOCKS}: any
 *       advisory-lock function in the text);
 *   <li>{@code DISCARD TEMP}: temporary tables, views, sequences, functions ({@link #TEMP_OBJECTS}:
 *       "temp" or "temporary" as a word, or {@code pg_temp} — a table created as {@code
 *       pg_temp.name}, or with pg_temp put first in search_path);
 *   <li>{@code DISCARD SEQUENCES}: what currval() and lastval() return ({@link #SEQUENCES}: nextval
 *       or setval in the text; {@link #IMPLICIT_SEQUENCES}: an INSERT, COPY or MERGE, whose column
 *       defaults may call nextval — reset in the same packet as the next call, no round trip);
 *   <li>{@code DISCARD PLANS}: only the server's cached plans, which change no result; not run.
 * </ul>
 *
 * <p>The text scan errs on the side of a reset. What no tag, setting report or text shows is not
 * seen: a function that does any of the above inside its body. docs/DESIGN.md ("Session state")
 * says so, and {@code DISCARD ALL} run by the user is always safe (the client's statement cache is
 * cleared with it).
 */
final class SessionResidue {
  static final int NONE = 0;
  static final int SETTINGS = 1;
  static final int LISTENING = 1 << 1;
  static final int CURSORS = 1 << 2;
  static final int TEMP_OBJECTS = 1 << 3;
  static final int ADVISORY_LOCKS = 1 << 4;
  static final int SQL_PREPARED = 1 << 5;
  static final int SEQUENCES = 1 << 6;

  /**
   * A column default's nextval may have run (the tags INSERT, COPY, MERGE): what currval() and
   * lastval() show changed with no trace in the text. Cleared without a round trip of its own: a
   * {@code DISCARD SEQUENCES} goes ahead of the next call's messages (see {@link Session#reset}).
   */
  static final int IMPLICIT_SEQUENCES = 1 << 7;

  /**
   * A temporary object made: {@code CREATE TEMP TABLE}, {@code CREATE TEMPORARY VIEW}, {@code
   * SELECT … INTO TEMP t}, {@code CREATE TABLE … } with {@code temp} as a word of its own — not a
   * column named {@code temperature} — or the temporary schema named: {@code pg_temp.t}, {@code
   * pg_temp_3.t}, {@code SET search_path = pg_temp, …}.
   */
  private static final Pattern TEMPORARY = Pattern.compile("\\b(temp|temporary|pg_temp\\w*)\\b");

  /** A sequence advanced or set, which currval() and lastval() then report. */
  private static final Pattern SEQUENCE_CALL = Pattern.compile("\\b(nextval|setval)\\b");

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
      case 'I':
        return startsWith(b, from, to, "INSERT") ? IMPLICIT_SEQUENCES : NONE;
      case 'C':
        return startsWith(b, from, to, "COPY") ? IMPLICIT_SEQUENCES : NONE;
      case 'M':
        return startsWith(b, from, to, "MERGE") ? IMPLICIT_SEQUENCES : NONE;
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
    if (SEQUENCE_CALL.matcher(s).find()) {
      residue |= SEQUENCES;
    }
    return residue;
  }

  /**
   * The statement that clears everything in {@code residue} and keeps Sluice's own prepared
   * statements (unless SQL PREPARE was used: then DEALLOCATE ALL, and the client's statement cache
   * is cleared with it). Its parts come in DISCARD ALL's order: cursors are closed before the role
   * that owns them changes.
   */
  static String resetStatement(int residue) {
    StringBuilder sql = new StringBuilder();
    if ((residue & CURSORS) != 0) {
      sql.append("CLOSE ALL; ");
    }
    if ((residue & SETTINGS) != 0) {
      sql.append("SET SESSION AUTHORIZATION DEFAULT; RESET ROLE; RESET ALL; ");
    }
    if ((residue & LISTENING) != 0) {
      sql.append("UNLISTEN *; ");
    }
    if ((residue & TEMP_OBJECTS) != 0) {
      sql.append("DISCARD TEMP; ");
    }
    if ((residue & (TEMP_OBJECTS | SEQUENCES | IMPLICIT_SEQUENCES)) != 0) {
      sql.append("DISCARD SEQUENCES; ");
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
