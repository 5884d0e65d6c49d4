package dev.sluice.driver;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A session's exchanges: those encoded and not yet sent ({@link #unsent}, which go with the next
 * send), and those in flight, the head (the oldest) first, each done at the ReadyForQuery that
 * answers its Sync. Used by one thread at a time until {@link #share}: then several threads send
 * (each under its sharer's send lock) while one receives, and a lock guards the in-flight part. The
 * receive loop reads {@link #head} without the lock: only the receiving thread moves it on from an
 * exchange, and a sender sets it only when nothing was in flight.
 */
final class ExchangeQueue {
  private final ArrayDeque<Exchange> inflight = new ArrayDeque<>();

  /** The head of {@link #inflight}, or null (see the class comment). */
  Exchange head;

  /** Null until {@link #share}; then it guards {@link #inflight} and {@link #head}. */
  private ReentrantLock lock;

  /** Queued exchanges whose messages are encoded but not yet sent. Senders only. */
  final ArrayList<Exchange> unsent = new ArrayList<>();

  void share() {
    lock = new ReentrantLock();
  }

  boolean isShared() {
    return lock != null;
  }

  /** The unsent exchanges go in flight (before their bytes leave: another thread may read). */
  void sendUnsent() {
    int n = unsent.size();
    if (n == 0) {
      return;
    }
    ReentrantLock l = lock;
    if (l != null) {
      l.lock();
    }
    try {
      for (int i = 0; i < n; i++) {
        inflight.addLast(unsent.get(i));
      }
      if (head == null) {
        head = inflight.peekFirst();
      }
    } finally {
      if (l != null) {
        l.unlock();
      }
    }
    unsent.clear();
  }

  /** The head, read again under the lock when the receive loop found none (a sender's race). */
  Exchange headNow() {
    ReentrantLock l = lock;
    if (l == null) {
      return head;
    }
    l.lock();
    try {
      return head;
    } finally {
      l.unlock();
    }
  }

  /** Takes the head off: its ReadyForQuery was read. */
  void pollHead() {
    ReentrantLock l = lock;
    if (l == null) {
      inflight.pollFirst();
      head = inflight.peekFirst();
      return;
    }
    l.lock();
    try {
      inflight.pollFirst();
      head = inflight.peekFirst();
    } finally {
      l.unlock();
    }
  }

  /** The last exchange in flight, or null. */
  Exchange last() {
    ReentrantLock l = lock;
    if (l == null) {
      return inflight.peekLast();
    }
    l.lock();
    try {
      return inflight.peekLast();
    } finally {
      l.unlock();
    }
  }

  /**
   * Shared: the caller waiting for the first exchange in flight that is not done ({@link
   * Exchange#waiter}), or null.
   */
  Thread firstWaiter() {
    lock.lock();
    try {
      for (Exchange x : inflight) {
        Thread w = x.waiter;
        if (w != null && !x.finished) {
          return w;
        }
      }
      return null;
    } finally {
      lock.unlock();
    }
  }

  /** Shared: takes every exchange out of flight (the session is broken; the caller fails them). */
  List<Exchange> takeInflight() {
    lock.lock();
    try {
      List<Exchange> all = new ArrayList<>(inflight);
      inflight.clear();
      head = null;
      return all;
    } finally {
      lock.unlock();
    }
  }
}
