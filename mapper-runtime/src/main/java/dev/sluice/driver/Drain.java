package dev.sluice.driver;

import java.io.IOException;

/**
 * Reads and drops every reply up to ReadyForQuery: after a cancelled stream, or after the first
 * error of a pipeline (whose later executions the server skips). Errors are kept (the first) but
 * not thrown; a FATAL one still ends the session.
 */
final class Drain extends Exchange {

  Drain(Session session) {
    super(session);
  }

  @Override
  String name() {
    return "the rest of an exchange";
  }

  @Override
  boolean message(byte type) throws IOException {
    if (type == Protocol.DATA_ROW) {
      session.reader.skipRows();
    } else {
      session.reader.skip();
    }
    return false;
  }
}
