package dev.sluice;

import java.time.Duration;

/**
 * One statement, when it ended: what {@link SluiceListener#statementEnded} hears.
 *
 * @param sql the statement's text as sent, with its {@code $n} placeholders (never the bound
 *     values); for a pipeline of different statements, {@code "a pipeline of N statements"}
 * @param durationNanos from the call to the end of its exchange (the whole reply read), in
 *     nanoseconds
 * @param rows rows returned or affected (a batch: the sum of its rows; a simple query: the count of
 *     its last command tag), or -1 when unknown (a stream at its opening, a pipeline, a failure, a
 *     command without a count)
 * @param backendPid the server process of the connection (the connection's id, as {@code
 *     pg_stat_activity.pid} shows it)
 * @param database the database name
 * @param host the server's host name, or a Unix-domain socket directory
 * @param port the server's port
 * @param failure what the call threw, or null when it succeeded
 */
public record StatementEvent(
    String sql,
    long durationNanos,
    long rows,
    int backendPid,
    String database,
    String host,
    int port,
    Throwable failure) {

  /**
   * {@link #durationNanos()} as a Duration.
   *
   * @return from the call to the end of its exchange
   */
  public Duration duration() {
    return Duration.ofNanos(durationNanos);
  }

  /**
   * Whether the call threw.
   *
   * @return true when {@link #failure()} is not null
   */
  public boolean failed() {
    return failure != null;
  }

  /**
   * The SQLSTATE of the failure ({@link PgException#sqlState()}), null when the call succeeded or
   * failed with something else than a {@link PgException} (an exception from a row consumer, say).
   *
   * @return the five-character SQLSTATE, or null
   */
  public String sqlState() {
    return failure instanceof PgException pe ? pe.sqlState() : null;
  }
}
