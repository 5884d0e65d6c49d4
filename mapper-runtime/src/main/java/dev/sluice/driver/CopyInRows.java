package dev.sluice.driver;

import dev.sluice.PgException;
import dev.sluice.generated.CopyRowWriter;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;

/**
 * Rows into {@code COPY table (columns) FROM STDIN (FORMAT binary)}: the target columns are
 * described first ({@code SELECT columns FROM table LIMIT 0}), so each value is encoded in its
 * column's exact binary type; the rows go out many to a CopyData message, one message per {@value
 * #FLUSH_BYTES} bytes flushed, with notices and an early error read while writing; then the trailer
 * and CopyDone.
 *
 * <p>A COPY is one statement: if a value cannot be encoded, or the source of rows throws, the COPY
 * is aborted with CopyFail and nothing is written; the error names the row by its index in the
 * source (from 0) and the column. A row the server rejects fails the COPY the same way, with the
 * server's error (its context names the COPY line, the row's index + 1).
 */
final class CopyInRows extends CopyFromStdin {
  static final int FLUSH_BYTES = 64 * 1024;

  private static final byte[] HEADER = {
    'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0, 0, 0, 0, 0, 0, 0, 0, 0
  };

  private final List<String> columnNames;
  private final int[] oids;
  private final Rows rows;

  /** The rows encoded so far (those before it, at least, went out or into the send buffer). */
  private long rowsWritten;

  /** What failed on the client's side (a value, the source), or null. */
  private RuntimeException clientFailure;

  private CopyInRows(Session session, List<String> columnNames, int[] oids, Rows rows) {
    super(session);
    this.columnNames = columnNames;
    this.oids = oids;
    this.rows = rows;
  }

  /** An identifier, quoted. */
  static String quote(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  /**
   * The COPY's text, as errors name it: {@code COPY table ("a", "b") FROM STDIN (FORMAT binary)}.
   */
  static String statement(String table, List<String> columns) {
    return "COPY " + table + " (" + columnList(columns) + ") FROM STDIN (FORMAT binary)";
  }

  private static String columnList(List<String> columns) {
    StringBuilder list = new StringBuilder();
    for (String c : columns) {
      list.append(list.length() == 0 ? "" : ", ").append(quote(c));
    }
    return list.toString();
  }

  /**
   * Copies {@code rows} (each the values of {@code columns}, in order) into {@code table} (already
   * quoted, schema-qualified as needed); returns the count.
   */
  static long run(Session session, String table, List<String> columns, Rows rows)
      throws IOException {
    String list = columnList(columns);
    String describe = "SELECT " + list + " FROM " + table + " LIMIT 0";
    Prepared p = Preparer.statementFor(session, describe, new Object[0]);
    int[] oids = new int[columns.size()];
    for (int i = 0; i < oids.length; i++) {
      oids[i] = p.columns.typeOid(i);
    }
    String sql = statement(table, columns);
    session.writer.query(sql);
    CopyInRows x = new CopyInRows(session, columns, oids, rows);
    x.runCopy(sql);
    if (x.clientFailure != null) {
      // The server's error then is only the echo of our CopyFail.
      if (x.clientFailure instanceof PgException pe && pe.statement() == null) {
        throw new PgException(pe.sqlState(), pe.serverMessage(), sql, pe);
      }
      throw x.clientFailure;
    }
    x.throwIfFailed();
    return x.count;
  }

  @Override
  String name() {
    return "COPY FROM STDIN of rows";
  }

  @Override
  void sendData() throws IOException {
    MessageWriter w = session.writer;
    WriteBuffer out = w.out;
    // Many rows to a CopyData message, each message ended at a flush: COPY's data is one stream
    // whatever its messages' bounds (protocol, "COPY Operations"), and the server pays for each
    // message it reads (a read, a type check, a copy into its buffer), so a message per row cost it
    // about 0.15 µs per row more than the same bytes in 64 KiB messages.
    int open = beginData(out);
    out.putBytes(HEADER);
    CopyRowEncoder row = new CopyRowEncoder(out, columnNames, oids);
    long index = 0;
    for (; ; ) {
      int mark = out.position();
      row.row = index;
      try {
        if (!rows.writeNext(out, row)) {
          break;
        }
      } catch (RuntimeException e) {
        // A value that cannot be encoded, or the source's (the caller's) own exception: the row's
        // bytes go, the message before them stays whole, and the COPY is aborted.
        out.truncate(mark);
        clientFailure = e;
        break;
      }
      index++;
      rowsWritten = index;
      if (w.unsent() >= FLUSH_BYTES) {
        endData(out, open);
        open = -1;
        session.send();
        if (session.handleWaitingMessages()) {
          break; // the server gave up (a rejected row): its error follows
        }
        open = beginData(out);
      }
    }
    if (clientFailure == null) {
      if (open < 0) {
        open = beginData(out);
      }
      out.putShort(-1); // the trailer
    }
    if (open >= 0) {
      endData(out, open);
    }
    if (clientFailure != null) {
      w.copyFail("the client could not send row " + index + ": " + clientFailure.getMessage());
    } else {
      w.copyDone();
      doneSent = true;
    }
    session.send();
  }

  /** Starts a CopyData message; returns where its length goes, for {@link #endData}. */
  private static int beginData(WriteBuffer out) {
    int lengthAt = out.position() + 1;
    out.begin(Protocol.COPY_DATA);
    return lengthAt;
  }

  /**
   * Ends the CopyData message begun at {@code lengthAt}. Not {@link WriteBuffer#end()}: a row
   * abandoned half-way is truncated inside the open message, which forgets its length's place.
   */
  private static void endData(WriteBuffer out, int lengthAt) {
    out.patchInt(lengthAt, out.position() - lengthAt);
  }

  @Override
  String sent() {
    return rowsWritten + (rowsWritten == 1 ? " row" : " rows") + " of the source";
  }

  /**
   * Where a COPY's rows come from and how one is written: an {@code Object[]} of values per row, or
   * records through their table's generated {@link CopyRowWriter}.
   */
  abstract static class Rows {
    /**
     * Writes the next row (its field count, then each field) through {@code row} and returns true,
     * or returns false when there is none. Throws what the source or a value's encoding threw.
     */
    abstract boolean writeNext(WriteBuffer out, CopyRowEncoder row);
  }

  /** Rows as arrays of values, each in the column order; each value boxed, encoded by its type. */
  static Rows arrays(Iterator<Object[]> rows) {
    return new Rows() {
      @Override
      boolean writeNext(WriteBuffer out, CopyRowEncoder row) {
        if (!rows.hasNext()) {
          return false;
        }
        Object[] values = rows.next();
        int n = row.columnCount();
        if (values == null || values.length != n) {
          throw new PgException(
              "22023",
              "row "
                  + row.row
                  + " of the source has "
                  + (values == null ? "no" : values.length)
                  + " values for "
                  + n
                  + " columns",
              null,
              null);
        }
        out.putShort(n);
        for (int k = 0; k < n; k++) {
          row.putObject(k, values[k]);
        }
        return true;
      }
    };
  }

  /**
   * Records, each written by {@code writer}, the generated writer of {@code table}'s records: no
   * array of values, primitives unboxed. A null record fails the COPY as the source's failure.
   */
  static <R> Rows records(Iterator<? extends R> records, CopyRowWriter<R> writer, String table) {
    return new Rows() {
      @Override
      boolean writeNext(WriteBuffer out, CopyRowEncoder row) {
        if (!records.hasNext()) {
          return false;
        }
        R record = records.next();
        if (record == null) {
          throw new IllegalArgumentException("a null record to copy into " + table);
        }
        out.putShort(row.columnCount());
        writer.write(record, row);
        return true;
      }
    };
  }
}
