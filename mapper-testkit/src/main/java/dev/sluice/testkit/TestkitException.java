package dev.sluice.testkit;

/**
 * A test server or test database could not be started, created, loaded or dropped. The message
 * names what was attempted and, for embedded servers, ends with the tail of the server log.
 */
public final class TestkitException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * An exception with no cause underneath.
   *
   * @param message what was attempted and why it failed
   */
  public TestkitException(String message) {
    super(message);
  }

  /**
   * An exception for a failure underneath.
   *
   * @param message what was attempted, with the server log's tail for an embedded server
   * @param cause the failure underneath
   */
  public TestkitException(String message, Throwable cause) {
    super(message, cause);
  }
}
