package dev.sluice.driver;

/** Lets tests in dev.sluice read the pool's package-private tuning constants. */
public final class ConnectionPoolAccess {
  private ConnectionPoolAccess() {}

  public static long handoffAfterNanos() {
    return ConnectionPool.HANDOFF_AFTER_NANOS;
  }

  public static long probeAfterIdleNanos() {
    return ConnectionPool.PROBE_AFTER_IDLE_NANOS;
  }
}
