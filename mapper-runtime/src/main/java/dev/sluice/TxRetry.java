package dev.sluice;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Which failed transactions {@link Database#transaction(TxOptions, TxFunction)} runs again, and how
 * long it pauses first. Only failures after which the server surely did not commit: it rolled the
 * attempt back (40001 serialization failure, 40P01 deadlock), or the attempt never reached COMMIT
 * because no connection could be had (08001: no host accepted, or none fits target_session_attrs
 * yet — a standby not promoted), the connection was lost before COMMIT (08006; an uncommitted
 * transaction dies with its session), the server is shutting down or starting (57P01, 57P02,
 * 57P03), or the server turned out read-only (25006 in a read-write transaction: a demoted
 * primary). A COMMIT whose outcome is unknown (08007) is never retried. Connection failures pause
 * longer (up to 1 s), so that a few attempts span a failover.
 */
final class TxRetry {
  private TxRetry() {}

  static boolean isRetryable(PgException e, TxOptions options) {
    String state = e.sqlState();
    if (state == null) {
      return false;
    }
    switch (state) {
      case "40001":
      case "40P01":
      case "08001":
      case "08006":
      case "57P01":
      case "57P02":
      case "57P03":
        return true;
      case "25006":
        return !options.isReadOnly();
      default:
        return false;
    }
  }

  /**
   * Sleeps a random time growing with the attempt: up to about 100 ms after a conflict, up to 1 s
   * after a connection failure. Interrupted, it throws {@code cause}.
   */
  static void pause(int attempt, PgException cause) {
    boolean conflict = cause.sqlState().startsWith("40");
    long bound =
        conflict ? Math.min(100, 5L << Math.min(attempt, 5)) : Math.min(1000, 50L << attempt);
    try {
      Thread.sleep(ThreadLocalRandom.current().nextLong(bound / 2 + 1, bound + 1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw cause;
    }
  }
}
