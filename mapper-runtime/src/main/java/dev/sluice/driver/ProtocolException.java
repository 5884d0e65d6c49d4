package dev.sluice.driver;

import java.io.IOException;

/**
 * The server sent something the protocol does not allow here. The connection cannot be trusted
 * afterwards and is closed; the pool replaces it.
 */
public final class ProtocolException extends IOException {
  public ProtocolException(String message) {
    super(message);
  }
}
