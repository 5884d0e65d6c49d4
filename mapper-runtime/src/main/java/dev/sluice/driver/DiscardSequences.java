package dev.sluice.driver;

import java.io.IOException;

/**
 * {@code DISCARD SEQUENCES} as a simple Query sent ahead of a call's own messages, in the same
 * packet: what an earlier borrower's INSERT left in currval() and lastval() (a column default's
 * nextval) is gone before the new borrower's first statement runs. An error (none is expected) is
 * logged, not thrown: no caller asked for it.
 */
final class DiscardSequences extends Exchange {
  private static final System.Logger LOG = System.getLogger(PgConnection.class.getName());

  DiscardSequences(Session session) {
    super(session);
  }

  @Override
  String name() {
    return "DISCARD SEQUENCES";
  }

  @Override
  boolean message(byte type) throws IOException {
    if (type != Protocol.COMMAND_COMPLETE && type != Protocol.EMPTY_QUERY_RESPONSE) {
      throw session.unexpected(type, name());
    }
    session.reader.skip();
    return false;
  }

  @Override
  boolean error(dev.sluice.PgException e) {
    LOG.log(System.Logger.Level.WARNING, "DISCARD SEQUENCES failed: {0}", e.getMessage());
    return super.error(e);
  }
}
