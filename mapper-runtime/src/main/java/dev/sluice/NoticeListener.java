package dev.sluice;

/**
 * Receives the notices of a connection. Called on the thread that runs the statement, while it
 * reads the result: keep it short and never call back into the database from it.
 */
@FunctionalInterface
public interface NoticeListener {
  /**
   * Receives one notice, in the order the server sent them.
   *
   * @param notice the notice: severity, SQLSTATE, message, detail and hint
   */
  void onNotice(Notice notice);
}
