package dev.sluice.embedded;

/**
 * An embedded server could not be started or stopped; the message names what was attempted and ends
 * with the tail of the server log when there is one.
 */
public final class EmbeddedServerException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public EmbeddedServerException(String message, Throwable cause) {
    super(message, cause);
  }
}
