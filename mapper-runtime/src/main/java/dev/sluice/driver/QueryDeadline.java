package dev.sluice.driver;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The client-side time limit of one call: when it passes, a CancelRequest goes to the server (from
 * a thread of its own, so a slow cancel never delays another call's deadline); if the call is still
 * not over {@link #GRACE_MILLIS} later — the server or the network does not answer — the connection
 * is closed, which ends the blocked read. Once {@link #fired()}, the session must not be handed on
 * unless the statement ended with 57014: the cancel may still be on its way.
 */
final class QueryDeadline {
  private static final System.Logger LOG = System.getLogger(PgConnection.class.getName());

  /** How long after the cancel a call that has not ended is cut off by closing the connection. */
  static final long GRACE_MILLIS = 5_000;

  private final Session session;
  private final AtomicBoolean fired = new AtomicBoolean();
  private final ScheduledFuture<?> cancelAt;
  private volatile ScheduledFuture<?> closeAt;

  private QueryDeadline(Session session, long millis) {
    this.session = session;
    this.cancelAt = Deadlines.schedule(this::fire, millis);
  }

  /** Starts the clock of a call on {@code session}; null when there is no limit. */
  static QueryDeadline start(Session session, long millis) {
    return millis > 0 ? new QueryDeadline(session, millis) : null;
  }

  private void fire() {
    fired.set(true);
    closeAt = Deadlines.schedule(this::cutOff, GRACE_MILLIS);
    Thread t = new Thread(session::cancelQuietly, "sluice-query-timeout-cancel");
    t.setDaemon(true);
    t.start();
  }

  private void cutOff() {
    LOG.log(
        System.Logger.Level.WARNING,
        "the server did not end a timed-out statement within {0} ms of its cancel; closing the"
            + " connection",
        GRACE_MILLIS);
    session.markBroken();
  }

  /** Stops the clock (the call is over); true if the limit had passed by then. */
  boolean stop() {
    cancelAt.cancel(false);
    ScheduledFuture<?> close = closeAt;
    if (close != null) {
      close.cancel(false);
    }
    return fired.get();
  }
}
