package dev.sluice.driver;

import java.io.IOException;
import java.util.List;

/**
 * Close of statements evicted from the cache, and a Sync: an exchange of its own, queued to go with
 * the next send, so the exchange after it never meets a CloseComplete it did not ask for. Closing a
 * name that does not exist is no error; an error here (none is expected) is logged, not thrown, as
 * no caller asked for these Closes.
 */
final class CloseStatements extends Exchange {
  private static final System.Logger LOG = System.getLogger(PgConnection.class.getName());

  /** The statement names closed, to be queued again if the messages are dropped unsent. */
  final List<String> names;

  CloseStatements(Session session, List<String> names) {
    super(session);
    this.names = names;
  }

  @Override
  String name() {
    return "Close of evicted statements";
  }

  @Override
  boolean message(byte type) throws IOException {
    if (type != Protocol.CLOSE_COMPLETE) {
      throw session.unexpected(type, name());
    }
    session.reader.skip();
    return false;
  }

  @Override
  boolean error(dev.sluice.PgException e) {
    LOG.log(System.Logger.Level.DEBUG, "closing evicted statements failed: {0}", e.getMessage());
    return super.error(e);
  }
}
