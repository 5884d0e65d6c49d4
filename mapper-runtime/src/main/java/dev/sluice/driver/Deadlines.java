package dev.sluice.driver;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Deadlines of connection attempts (the connect timeout) and of calls (the query timeout): one
 * daemon thread, started on first use and gone after 10 s without work, runs each deadline's action
 * (closing a channel, sending a cancel). Scheduling one costs no system call on the caller's reads.
 */
final class Deadlines {
  private static final ScheduledThreadPoolExecutor TIMER = timer();

  private Deadlines() {}

  private static ScheduledThreadPoolExecutor timer() {
    ScheduledThreadPoolExecutor t =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread thread = new Thread(r, "sluice-deadline");
              thread.setDaemon(true);
              return thread;
            });
    t.setRemoveOnCancelPolicy(true);
    t.setKeepAliveTime(10, TimeUnit.SECONDS);
    t.allowCoreThreadTimeOut(true);
    return t;
  }

  /** Runs {@code action} after {@code millis} unless the returned future is cancelled first. */
  static ScheduledFuture<?> schedule(Runnable action, long millis) {
    return TIMER.schedule(action, millis, TimeUnit.MILLISECONDS);
  }
}
