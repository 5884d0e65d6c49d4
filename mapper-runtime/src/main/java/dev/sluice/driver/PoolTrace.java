package dev.sluice.driver;

import dev.sluice.PoolEvent;
import dev.sluice.SluiceListener;
import dev.sluice.driver.config.ConnectionConfig;

/**
 * The pool's events for its listener and the Flight Recorder: acquires (with the wait), and
 * connections opened, closed and discarded broken. Each costs a null check and a field read when no
 * one listens or records. The listener given is one that does not throw.
 */
final class PoolTrace {
  private PoolTrace() {}

  /** Whether acquires must be timed. */
  static boolean acquireObserved(SluiceListener listener) {
    return listener != null || JfrPoolAcquire.TYPE.isEnabled();
  }

  /** A caller that started waiting at {@code startNanos} got {@code c}. */
  static void acquired(
      SluiceListener listener, JfrPoolAcquire jfr, long startNanos, PgConnection c) {
    long waited = System.nanoTime() - startNanos;
    if (jfr != null) {
      jfr.end();
      if (jfr.shouldCommit()) {
        jfr.backendPid = c.backendPid();
        jfr.opened = c.createdNanos() >= startNanos;
        jfr.commit();
      }
    }
    if (listener != null) {
      ConnectionConfig.HostPort server = c.hostPort();
      listener.poolEvent(
          new PoolEvent(
              PoolEvent.Kind.ACQUIRED, waited, c.backendPid(), server.host(), server.port()));
    }
  }

  static void opened(SluiceListener listener, PgConnection c) {
    changed(listener, PoolEvent.Kind.OPENED, c);
  }

  /** The pool is about to close {@code c}: broken, or healthy and no longer wanted. */
  static void closing(SluiceListener listener, PgConnection c) {
    changed(listener, c.isBroken() ? PoolEvent.Kind.BROKEN : PoolEvent.Kind.CLOSED, c);
  }

  private static void changed(SluiceListener listener, PoolEvent.Kind kind, PgConnection c) {
    boolean recording = JfrPoolConnection.TYPE.isEnabled();
    if (listener == null && !recording) {
      return;
    }
    ConnectionConfig.HostPort server = c.hostPort();
    if (recording) {
      JfrPoolConnection jfr = new JfrPoolConnection();
      jfr.change = kind.name();
      jfr.backendPid = c.backendPid();
      jfr.host = server.host();
      jfr.port = server.port();
      jfr.commit();
    }
    if (listener != null) {
      listener.poolEvent(new PoolEvent(kind, 0, c.backendPid(), server.host(), server.port()));
    }
  }
}
