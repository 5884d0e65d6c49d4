package dev.sluice;

import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * One subscription to a channel ({@link Database#listen}): stop it with {@link #close()} (UNLISTEN
 * once no subscription of the channel is left). Events reach it through a bounded queue between the
 * listener's connection and the consumer — a handler called on a thread of the subscription's own,
 * or {@link #poll} — so a slow consumer never stops the connection being read. When the queue holds
 * its capacity of notifications, later ones are dropped and one {@link MissedNotifications} ({@link
 * MissedNotifications.Reason#QUEUE_FULL}) marks the gap; after the connection is lost and made
 * again, {@link MissedNotifications.Reason#RECONNECTED} does.
 */
public final class Listening implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(Listening.class.getName());

  private final Listener listener;
  private final String channel;
  private final Consumer<? super ListenEvent> handler;
  private final int capacity;

  /** Events waiting; notifications in it are counted by {@link #queued}, gap marks are not. */
  private final LinkedBlockingQueue<ListenEvent> queue = new LinkedBlockingQueue<>();

  private final AtomicInteger queued = new AtomicInteger();

  /** The most notifications queued at once (for tests of the bound). */
  private final AtomicInteger peak = new AtomicInteger();

  /** Whether the last event queued was a gap mark (listener thread only). */
  private boolean lastWasGap;

  private volatile boolean closed;
  private final Thread delivery;

  Listening(
      Listener listener, String channel, Consumer<? super ListenEvent> handler, int capacity) {
    this.listener = listener;
    this.channel = channel;
    this.handler = handler;
    this.capacity = capacity;
    if (handler != null) {
      delivery = new Thread(this::deliver, "sluice-listen-" + channel);
      delivery.setDaemon(true);
      delivery.start();
    } else {
      delivery = null;
    }
  }

  /**
   * The channel, exactly as given (a quoted identifier: case-sensitive).
   *
   * @return the channel's name
   */
  public String channel() {
    return channel;
  }

  /**
   * The next event, waiting up to {@code timeout}; null if none came. Only for a subscription made
   * without a handler ({@link Database#listen(String)}).
   *
   * @param timeout how long to wait at most; zero or negative returns at once
   * @return the next notification or gap mark, or null if none came in time
   * @throws InterruptedException if the thread is interrupted while waiting
   * @throws IllegalStateException if the subscription delivers to a handler
   */
  public ListenEvent poll(Duration timeout) throws InterruptedException {
    if (handler != null) {
      throw new IllegalStateException(
          "this subscription delivers to its handler; poll is for one made without");
    }
    return taken(queue.poll(Math.max(0, timeout.toNanos()), TimeUnit.NANOSECONDS));
  }

  private ListenEvent taken(ListenEvent e) {
    if (e instanceof Notification) {
      queued.decrementAndGet();
    }
    return e;
  }

  /** Queues an event; called on the listener's thread, never blocks. */
  void offer(ListenEvent e) {
    if (closed) {
      return;
    }
    if (e instanceof Notification) {
      if (queued.get() >= capacity) {
        if (!lastWasGap) {
          queue.add(new MissedNotifications(channel, MissedNotifications.Reason.QUEUE_FULL));
          lastWasGap = true;
        }
        return;
      }
      int now = queued.incrementAndGet();
      peak.accumulateAndGet(now, Math::max);
      queue.add(e);
      lastWasGap = false;
    } else {
      queue.add(e);
      lastWasGap = true;
    }
  }

  private void deliver() {
    while (!closed) {
      ListenEvent e;
      try {
        e = taken(queue.poll(100, TimeUnit.MILLISECONDS));
      } catch (InterruptedException stop) {
        return;
      }
      if (e == null || closed) {
        continue;
      }
      try {
        handler.accept(e);
      } catch (RuntimeException failure) {
        // The handler's bug must not end the subscription: the next event is delivered as usual.
        LOG.log(
            System.Logger.Level.WARNING, "the handler of channel " + channel + " threw", failure);
      }
    }
  }

  /** The most notifications that waited in the queue at once. */
  int peakQueued() {
    return peak.get();
  }

  /**
   * Stops the subscription (UNLISTEN if it was the last of its channel): no event is handed over
   * after it returns but one a handler may be running at that moment.
   */
  @Override
  public void close() {
    if (stop()) {
      listener.unsubscribe(this);
    }
  }

  /** Stops delivering (the listener, or the database, is closing); true the first time. */
  boolean stop() {
    if (closed) {
      return false;
    }
    closed = true;
    if (delivery != null) {
      delivery.interrupt();
    }
    return true;
  }

  @Override
  public String toString() {
    return "Listening[" + channel + (closed ? ", closed" : "") + "]";
  }
}
