package dev.sluice.driver;

import dev.sluice.PgException;
import java.io.IOException;

/**
 * The error for a connection lost in the middle of a COPY, saying what is known of its outcome. The
 * session is broken either way (the pool discards the connection).
 *
 * <p>COPY FROM STDIN: outside a transaction block, the COPY commits only after the client has sent
 * CopyDone, and PostgreSQL commits a simple Query's last statement before it sends its
 * CommandComplete. So a cut before CopyDone went out wrote nothing (08006); a cut after it and
 * before CommandComplete may or may not have committed (08007); a cut after CommandComplete lost
 * only the ReadyForQuery, and the rows are in. Inside a transaction block nothing is committed
 * before COMMIT, which the lost connection can no longer send: the server rolls the block back.
 *
 * <p>COPY TO STDOUT writes nothing on the server: the caller has the rows that arrived, and no
 * others.
 */
final class CopyLost {
  private CopyLost() {}

  /**
   * For a COPY FROM STDIN: {@code txBefore} is the transaction status when it started, {@code
   * doneSent} whether CopyDone was written out, {@code completed} whether its CommandComplete
   * arrived, {@code sent} what had gone out ("1,000 rows", say).
   */
  static PgException in(
      Session session,
      IOException e,
      String sql,
      byte txBefore,
      boolean doneSent,
      boolean completed,
      String sent) {
    PgException lost = session.connectionLost(e);
    if (!"08006".equals(lost.sqlState())) {
      return lost; // a protocol violation says its own
    }
    String base = lost.serverMessage() + " during the COPY, after " + sent + " had been sent";
    if (txBefore != Protocol.TX_IDLE) {
      return new PgException(
          "08006",
          base
              + ": inside a transaction block, which cannot commit now: the server rolls it back,"
              + " so nothing of the COPY (or of the transaction) was written",
          sql,
          lost);
    }
    if (!doneSent) {
      return new PgException(
          "08006",
          base
              + ", before its end (CopyDone) was sent: the server cannot have committed it;"
              + " nothing was written",
          sql,
          lost);
    }
    if (!completed) {
      return new PgException(
          "08007",
          base
              + ", after its end (CopyDone) was sent and before the server's reply: it may or may"
              + " not have committed",
          sql,
          lost);
    }
    return new PgException(
        "08006",
        base
            + ": the server's CommandComplete had arrived, so the COPY committed; only its"
            + " ReadyForQuery was lost",
        sql,
        lost);
  }

  /** For a COPY TO STDOUT of which {@code rows} rows had been handed on. */
  static PgException out(Session session, IOException e, String sql, long rows) {
    PgException lost = session.connectionLost(e);
    if (!"08006".equals(lost.sqlState())) {
      return lost;
    }
    return new PgException(
        "08006",
        lost.serverMessage()
            + " during the COPY TO STDOUT, after "
            + rows
            + (rows == 1 ? " row" : " rows")
            + " had been handed on: the rest did not arrive (a COPY TO STDOUT writes nothing on"
            + " the server)",
        sql,
        lost);
  }
}
