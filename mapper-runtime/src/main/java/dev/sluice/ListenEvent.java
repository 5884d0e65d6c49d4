package dev.sluice;

/**
 * What a {@link Listening} delivers: a {@link Notification}, or {@link MissedNotifications} — the
 * mark that notifications may have been lost at this point (the listener's connection was lost and
 * made again, or its queue was full), so that a gap is never silent.
 */
public sealed interface ListenEvent permits Notification, MissedNotifications {
  /**
   * The channel this event is about.
   *
   * @return the channel's name, as given to {@code LISTEN}
   */
  String channel();
}
