package dev.sluice.driver;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The client-side time limit of one call: when it passes, a CancelRequest goes to the server (from
 * a thread of its own, so a slow cancel never delays another call's deadline); if the call is still
 * not over {@link #GRACE_MILLIS} later — the server or the network does not answer — the connection
 * is closed, which ends the blocked read. Once fired, the session must not be handed on unless the
 * statement ended with 57014 and the server has taken the cancel ({@link #cancelTaken}): a 57014 of
 * the server's own statement_timeout may beat a cancel still on its way, which would then hit the
 * next statement.
 */
final class QueryDeadline {
  private static final System.Logger LOG = System.getLogger(PgConnection.class.getName());

  /** How long after the cancel a call that has not ended is cut off by closing the connection. */
  static final long GRACE_MILLIS = 5_000;

  /**
   * How long a call that ended with 57014 waits for its cancel to be taken before the connection is
   * given up instead. The server closes the cancel connection right after signalling the backend,
   * so when our cancel caused the 57014 this is a matter of milliseconds.
   */
  static final long CANCEL_TAKEN_WAIT_MILLIS = 1_000;

  private final Session session;
  private final AtomicBoolean fired = new AtomicBoolean();
  private final CountDownLatch cancelSettled = new CountDownLatch(1);
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
    Thread t =
        new Thread(
            () -> {
              try {
                session.cancelQuietly();
              } finally {
                cancelSettled.countDown();
              }
            },
            "sluice-query-timeout-cancel");
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

  /**
   * Whether the cancel request has been taken by the server (or could not be sent at all, so it
   * will never arrive), waiting up to {@link #CANCEL_TAKEN_WAIT_MILLIS}; false when it may still be
   * on its way.
   */
  boolean cancelTaken() {
    try {
      return cancelSettled.await(CANCEL_TAKEN_WAIT_MILLIS, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
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
