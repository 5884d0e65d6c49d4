package dev.sluice.embedded;

/**
 * An embedded server could not be started or stopped; the message names what was attempted and ends
 * with the tail of the server log when there is one.
 */
public final class EmbeddedServerException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * An exception for a failed start or stop.
   *
   * @param message what was attempted and why it failed, with the server log's tail if any
   * @param cause the failure underneath, or null when there is none
   */
  public EmbeddedServerException(String message, Throwable cause) {
    super(message, cause);
  }
}
