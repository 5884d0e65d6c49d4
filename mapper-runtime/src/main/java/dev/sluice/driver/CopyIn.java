package dev.sluice.driver;

import dev.sluice.PgException;
import java.io.IOException;
import java.io.InputStream;

/**
 * {@code COPY … FROM STDIN}: a simple Query, then, at CopyInResponse, the data in CopyData messages
 * of up to 64 KiB, then CopyDone (or CopyFail if reading the data failed, so nothing is written);
 * then CommandComplete with the row count and ReadyForQuery.
 */
final class CopyIn extends CopyFromStdin {
  private static final int CHUNK = 64 * 1024;

  private final InputStream data;

  /** The bytes of data written out so far. */
  private long bytesSent;

  /** What reading {@link #data} threw, or null. */
  private Exception sourceFailure;

  private CopyIn(Session session, InputStream data) {
    super(session);
    this.data = data;
  }

  /** Runs {@code sql}, a COPY FROM STDIN, streaming {@code data}; returns the row count. */
  static long run(Session session, String sql, InputStream data) throws IOException {
    session.writer.query(sql);
    CopyIn x = new CopyIn(session, data);
    x.runCopy(sql);
    if (x.refusedCopy != null) {
      throw x.refusedCopy;
    }
    if (x.sourceFailure instanceof RuntimeException e) {
      throw e; // the caller's own exception, after the exchange completed
    }
    if (x.sourceFailure != null) {
      throw new PgException(
          "57014",
          "COPY aborted: reading the data failed: " + Causes.describe(x.sourceFailure),
          sql,
          x.sourceFailure);
    }
    if (x.error != null) {
      throw x.error;
    }
    return x.count;
  }

  @Override
  String name() {
    return "COPY FROM STDIN";
  }

  @Override
  void sendData() throws IOException {
    MessageWriter w = session.writer;
    byte[] chunk = new byte[CHUNK];
    for (; ; ) {
      int n;
      try {
        n = data.read(chunk);
      } catch (IOException | RuntimeException e) {
        // The source failed, not the connection: abort the COPY, finish the exchange, report it.
        sourceFailure = e;
        break;
      }
      if (n < 0) {
        break;
      }
      if (n == 0) {
        continue;
      }
      w.copyData(chunk, 0, n);
      session.send();
      bytesSent += n;
      // Notices are read as they come; an error (a bad row) ends the writing early.
      if (session.handleWaitingMessages()) {
        break;
      }
    }
    if (sourceFailure != null) {
      w.copyFail("the client's data source failed: " + sourceFailure);
    } else {
      w.copyDone();
      doneSent = true;
    }
    session.send();
  }

  @Override
  String sent() {
    return bytesSent + " bytes of its data";
  }
}
