package dev.sluice;

import java.time.Duration;

/**
 * Logs each statement that took at least a threshold, at WARNING, through the System.Logger {@code
 * dev.sluice.SlowStatementLog}: its duration, its rows, the connection's server process, the
 * SQLSTATE when it failed, and its text — never its bound values, which the event does not carry.
 * Set with {@link Database.Builder#slowStatementThreshold}.
 */
final class SlowStatementLog implements SluiceListener {
  private static final System.Logger LOG = System.getLogger(SlowStatementLog.class.getName());

  private final long thresholdNanos;

  SlowStatementLog(Duration threshold) {
    this.thresholdNanos = threshold.toNanos();
  }

  @Override
  public void statementEnded(StatementEvent event) {
    if (event.durationNanos() < thresholdNanos || !LOG.isLoggable(System.Logger.Level.WARNING)) {
      return;
    }
    LOG.log(System.Logger.Level.WARNING, message(event));
  }

  /** The log line: {@code slow statement: 1523 ms, 12 rows, pid 4711: SELECT …}. */
  static String message(StatementEvent event) {
    StringBuilder s = new StringBuilder("slow statement: ");
    s.append(event.durationNanos() / 1_000_000).append(" ms, ");
    if (event.failed()) {
      String state = event.sqlState();
      s.append("failed").append(state == null ? "" : " with SQLSTATE " + state);
    } else if (event.rows() >= 0) {
      s.append(event.rows()).append(event.rows() == 1 ? " row" : " rows");
    } else {
      s.append("rows unknown");
    }
    return s.append(", pid ")
        .append(event.backendPid())
        .append(": ")
        .append(event.sql())
        .toString();
  }
}
