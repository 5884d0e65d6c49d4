package dev.sluice.driver;

import java.io.IOException;

/**
 * The exchange of a {@code COPY … FROM STDIN} run as a simple Query: at CopyInResponse the client
 * sends its data ({@link #sendData}, ending in CopyDone or CopyFail), during which the session is
 * in COPY_IN mode; then CommandComplete with the row count and ReadyForQuery. A statement that
 * turns out to be another COPY is answered by {@link Session#refuseCopy}. The data is a stream's
 * ({@link CopyIn}) or rows encoded from records ({@link CopyInRows}).
 */
abstract class CopyFromStdin extends Exchange {
  /** The row count of CommandComplete. */
  long count;

  /** Between CopyInResponse and CopyDone (or CopyFail): the client is sending the data. */
  private boolean copying;

  /** Set once CopyDone was written: from then on, the server may have committed the COPY. */
  boolean doneSent;

  /** Set once CommandComplete arrived: outside a transaction block, the COPY has committed. */
  boolean completed;

  CopyFromStdin(Session session) {
    super(session);
  }

  /** Sends the data as CopyData, then CopyDone, or CopyFail if it could not all be sent. */
  abstract void sendData() throws IOException;

  /** What had been sent when the connection was lost, for the message: "1200 rows", say. */
  abstract String sent();

  /**
   * Runs this exchange, its Query already written: a connection lost meanwhile is reported with
   * what is known of the COPY's outcome ({@link CopyLost}).
   */
  final void runCopy(String sql) {
    byte txBefore = session.transactionStatus();
    try {
      session.submit(this);
      session.receive(this);
    } catch (IOException e) {
      throw CopyLost.in(session, e, sql, txBefore, doneSent, completed, sent());
    }
  }

  @Override
  final Session.State mode() {
    return copying ? Session.State.COPY_IN : Session.State.BUSY;
  }

  @Override
  final boolean message(byte type) throws IOException {
    MessageReader r = session.reader;
    switch (type) {
      case Protocol.COPY_IN_RESPONSE:
        r.skip();
        copying = true;
        try {
          sendData();
        } finally {
          copying = false;
        }
        return false;
      case Protocol.COMMAND_COMPLETE:
        count = r.commandCount();
        completed = true;
        return false;
      case Protocol.ROW_DESCRIPTION:
      case Protocol.DATA_ROW:
      case Protocol.EMPTY_QUERY_RESPONSE:
        r.skip();
        return false;
      case Protocol.COPY_OUT_RESPONSE:
      case Protocol.COPY_BOTH_RESPONSE:
        session.refuseCopy(this, type, false);
        return false;
      default:
        throw session.unexpected(type, name());
    }
  }
}
