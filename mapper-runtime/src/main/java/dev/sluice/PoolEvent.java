package dev.sluice;

import java.time.Duration;

/**
 * Something the pool did with a connection: what {@link SluiceListener#poolEvent} hears.
 *
 * @param kind what happened
 * @param waitNanos for {@link Kind#ACQUIRED}, how long the caller waited for the connection
 *     (opening it included, when the pool opened one for it); 0 for the other kinds
 * @param backendPid the connection's server process
 * @param host the server's host name, or a Unix-domain socket directory
 * @param port the server's port
 */
public record PoolEvent(Kind kind, long waitNanos, int backendPid, String host, int port) {

  /** What happened. */
  public enum Kind {
    /** A caller got a connection, after {@link #waitNanos}. */
    ACQUIRED,
    /** The pool opened a new connection (connected and authenticated). */
    OPENED,
    /**
     * The pool closed a healthy connection: idle too long, past its lifetime, left in a transaction
     * or needing a reset that failed, or the pool closed.
     */
    CLOSED,
    /**
     * The pool discarded a broken connection: an I/O error, a protocol violation, a server that
     * ended the session (a FATAL error, {@code pg_terminate_backend}, a restart).
     */
    BROKEN
  }

  /**
   * {@link #waitNanos()} as a Duration.
   *
   * @return how long the caller waited for the connection; zero for other kinds than {@link
   *     Kind#ACQUIRED}
   */
  public Duration waitTime() {
    return Duration.ofNanos(waitNanos);
  }
}
