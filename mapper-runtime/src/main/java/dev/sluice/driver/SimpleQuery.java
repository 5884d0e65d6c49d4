package dev.sluice.driver;

import java.io.IOException;

/**
 * The replies to a simple Query: per statement RowDescription, DataRows (text, dropped, or the
 * first column of the first row kept), CommandComplete or EmptyQueryResponse; then ReadyForQuery. A
 * COPY FROM STDIN in the text is refused with CopyFail (COPY has its own call); COPY TO STDOUT is a
 * protocol violation for now.
 */
final class SimpleQuery extends Exchange {
  private final boolean keepFirstValue;
  private String tag;
  private String value;
  private boolean sawRow;

  private SimpleQuery(Session session, boolean keepFirstValue) {
    super(session);
    this.keepFirstValue = keepFirstValue;
  }

  /** Runs {@code sql} (one or more statements) and returns the last command tag. */
  static String run(Session session, String sql) throws IOException {
    return exchange(session, sql, false).tag;
  }

  /** Runs {@code sql} and returns the first column of its first row, as text, or null. */
  static String value(Session session, String sql) throws IOException {
    return exchange(session, sql, true).value;
  }

  /**
   * An exchange that keeps the first value of {@code sql}'s first row, for a caller that writes the
   * Query itself and waits for the reply its own way (a shared connection's caller).
   */
  static SimpleQuery firstValue(Session session, String sql) {
    SimpleQuery x = new SimpleQuery(session, true);
    x.sql = sql;
    return x;
  }

  /** The first column of the first row, as text, or null (for {@link #firstValue}). */
  String value() {
    return value;
  }

  private static SimpleQuery exchange(Session session, String sql, boolean keepFirstValue)
      throws IOException {
    session.writer.query(sql);
    session.mayLeave(SessionResidue.ofText(sql));
    SimpleQuery x = new SimpleQuery(session, keepFirstValue);
    session.submit(x);
    session.receive(x);
    x.throwIfFailed();
    return x;
  }

  @Override
  String name() {
    return "a simple query";
  }

  @Override
  boolean message(byte type) throws IOException {
    MessageReader r = session.reader;
    switch (type) {
      case Protocol.DATA_ROW:
        if (keepFirstValue && !sawRow) {
          sawRow = true;
          value = r.firstColumnText();
        } else {
          r.skipRows();
        }
        return false;
      case Protocol.ROW_DESCRIPTION:
      case Protocol.EMPTY_QUERY_RESPONSE:
        r.skip();
        return false;
      case Protocol.COMMAND_COMPLETE:
        tag = r.commandTag();
        if (r.droppedStatements()) {
          session.statements.forgetAll(); // DISCARD ALL, DEALLOCATE ALL: ours are gone too
        }
        return false;
      case Protocol.COPY_IN_RESPONSE:
      case Protocol.COPY_OUT_RESPONSE:
      case Protocol.COPY_BOTH_RESPONSE:
        session.refuseCopy(this, type, false);
        return false;
      default:
        throw session.unexpected(type, name());
    }
  }
}
