package dev.sluice;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The listeners of a {@link Database}, as the one listener its pool and connections call: each
 * hears every event in the order registered, and an exception one throws is caught here, so that it
 * neither fails the statement nor keeps the others from hearing the event. The first exception of
 * each listener is logged at WARNING, the rest at DEBUG, so a listener that fails on every
 * statement does not flood the log.
 */
final class ListenerChain implements SluiceListener {
  private static final System.Logger LOG = System.getLogger(SluiceListener.class.getName());

  private final SluiceListener[] listeners;

  /** Per listener: whether its first failure was logged. */
  private final AtomicBoolean[] warned;

  private ListenerChain(List<SluiceListener> listeners) {
    this.listeners = listeners.toArray(new SluiceListener[0]);
    this.warned = new AtomicBoolean[this.listeners.length];
    for (int i = 0; i < warned.length; i++) {
      warned[i] = new AtomicBoolean();
    }
  }

  /**
   * The listener a database built with {@code listeners} and a slow-statement threshold (null:
   * none) calls; null when there is nothing to call, so that statements then cost nothing more.
   */
  static SluiceListener of(List<SluiceListener> listeners, Duration slowStatementThreshold) {
    List<SluiceListener> all = new ArrayList<>(listeners);
    if (slowStatementThreshold != null) {
      all.add(new SlowStatementLog(slowStatementThreshold));
    }
    return all.isEmpty() ? null : new ListenerChain(all);
  }

  @Override
  public void statementEnded(StatementEvent event) {
    for (int i = 0; i < listeners.length; i++) {
      try {
        listeners[i].statementEnded(event);
      } catch (Exception e) {
        failed(i, e);
      }
    }
  }

  @Override
  public void poolEvent(PoolEvent event) {
    for (int i = 0; i < listeners.length; i++) {
      try {
        listeners[i].poolEvent(event);
      } catch (Exception e) {
        failed(i, e);
      }
    }
  }

  private void failed(int i, Exception e) {
    boolean first = warned[i].compareAndSet(false, true);
    LOG.log(
        first ? System.Logger.Level.WARNING : System.Logger.Level.DEBUG,
        "the listener "
            + listeners[i]
            + " threw; the statement and its connection are not affected"
            + (first ? " (later failures of this listener are logged at DEBUG)" : ""),
        e);
  }
}
