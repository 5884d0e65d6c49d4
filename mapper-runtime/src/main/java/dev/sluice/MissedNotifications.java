package dev.sluice;

/**
 * Notifications on {@link #channel()} may have been missed where this event stands in the stream.
 * PostgreSQL keeps nothing for a session that is gone, and a listener whose consumer falls behind
 * drops what its queue cannot hold: an application that must not miss work re-reads its state when
 * this arrives.
 */
public record MissedNotifications(String channel, Reason reason) implements ListenEvent {
  /** Why notifications may have been missed. */
  public enum Reason {
    /**
     * The listener's connection was lost and made again (and LISTEN run again): whatever was sent
     * in between is gone.
     */
    RECONNECTED,
    /**
     * The consumer fell behind and the queue between the connection and it was full: the
     * notifications that came meanwhile were dropped, the connection kept being read.
     */
    QUEUE_FULL
  }
}
