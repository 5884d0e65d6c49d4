package dev.sluice;

/**
 * A NoticeResponse: a warning or information the server sent beside a statement's result (RAISE
 * NOTICE, "table does not exist, skipping", …).
 *
 * @param severity WARNING, NOTICE, DEBUG, INFO or LOG (never localized)
 * @param sqlState the SQLSTATE, e.g. 00000 or 01000
 * @param message the primary message
 * @param detail detail, or null
 * @param hint hint, or null
 * @param routine the server's source routine that raised it (field 'R', never localized), or null
 */
public record Notice(
    String severity, String sqlState, String message, String detail, String hint, String routine) {
  /**
   * A notice without its routine.
   *
   * @param severity WARNING, NOTICE, DEBUG, INFO or LOG
   * @param sqlState the SQLSTATE
   * @param message the primary message
   * @param detail detail, or null
   * @param hint hint, or null
   */
  public Notice(String severity, String sqlState, String message, String detail, String hint) {
    this(severity, sqlState, message, detail, hint, null);
  }
}
