package dev.sluice.driver;

import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedByInterruptException;

/**
 * A failure as a phrase for an error message. Some exceptions carry no message at all — an
 * interrupt's {@link ClosedByInterruptException}, a NullPointerException from a caller's data
 * source — and "could not connect to db:5432: null" names no cause; this always names one.
 */
public final class Causes {
  private Causes() {}

  /** {@code e}'s message, or what kind of failure it was when it has none. */
  public static String describe(Throwable e) {
    if (e instanceof ClosedByInterruptException) {
      return "the thread was interrupted, which closes the connection";
    }
    if (e instanceof AsynchronousCloseException) {
      return "the connection was closed by another thread (a deadline or a close)";
    }
    String message = e.getMessage();
    if (message == null || message.isBlank()) {
      return e.getClass().getName() + " (no message)";
    }
    return message;
  }
}
