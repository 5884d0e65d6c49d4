package dev.sluice.testkit;

/**
 * A test server or test database could not be started, created, loaded or dropped. The message
 * names what was attempted and, for embedded servers, ends with the tail of the server log.
 */
public final class TestkitException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public TestkitException(String message) {
    super(message);
  }

  public TestkitException(String message, Throwable cause) {
    super(message, cause);
  }
}
