package dev.sluice.driver;

import dev.sluice.PgException;
import dev.sluice.driver.codec.Oids;
import dev.sluice.driver.codec.ParameterEncoder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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

  /** OIDs from here on are the database's own types (FirstNormalObjectId): enums, domains, … */
  private static final int FIRST_NORMAL_OID = 16384;

  private static final byte[] HEADER = {
    'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0, 0, 0, 0, 0, 0, 0, 0, 0
  };

  private final List<String> columnNames;
  private final int[] oids;
  private final Iterator<Object[]> rows;

  /** The rows encoded so far (those before it, at least, went out or into the send buffer). */
  private long rowsWritten;

  /** What failed on the client's side (a value, the source), or null. */
  private RuntimeException clientFailure;

  private CopyInRows(
      Session session, List<String> columnNames, int[] oids, Iterator<Object[]> rows) {
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
  static long run(Session session, String table, List<String> columns, Iterator<Object[]> rows)
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
    long index = 0;
    for (; ; ) {
      Object[] row;
      try {
        if (!rows.hasNext()) {
          break;
        }
        row = rows.next();
      } catch (RuntimeException e) {
        clientFailure = e; // the caller's own exception, after the COPY is aborted
        break;
      }
      int mark = out.position();
      try {
        writeRow(out, row, index);
      } catch (RuntimeException e) {
        out.truncate(mark); // the row's bytes go; the message before them stays whole
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

  private void writeRow(WriteBuffer out, Object[] row, long index) {
    int n = oids.length;
    if (row == null || row.length != n) {
      throw new PgException(
          "22023",
          "row "
              + index
              + " of the source has "
              + (row == null ? "no" : row.length)
              + " values for "
              + n
              + " columns",
          null,
          null);
    }
    out.putShort(n);
    for (int k = 0; k < n; k++) {
      Object v = row[k];
      if (v == null) {
        out.putInt(-1);
        continue;
      }
      int at = out.reserveInt();
      try {
        encode(out, v, oids[k], k);
      } catch (RuntimeException e) {
        throw new PgException(
            e instanceof PgException pe ? pe.sqlState() : "22023",
            "row "
                + index
                + " of the source, column "
                + columnNames.get(k)
                + ": "
                + (e instanceof PgException pe ? pe.serverMessage() : e.toString()),
            null,
            e);
      }
      out.patchLength(at);
    }
  }

  /**
   * A value in its column's binary form. A String or an enum goes as its text's bytes, which is the
   * binary form of the text-like types and of enums (jsonb's adds its version byte); into any other
   * type, a value with no binary form here is refused, as a binary COPY cannot take text.
   */
  private static void encode(WriteBuffer out, Object v, int oid, int k) {
    if (ParameterEncoder.format(v, oid) == Protocol.FORMAT_BINARY) {
      ParameterEncoder.encode(out, v, oid, Protocol.FORMAT_BINARY, k + 1);
      return;
    }
    if (v instanceof String || v instanceof Enum<?>) {
      String text = ParameterEncoder.text(v, ','); // the string, or the enum's label
      switch (oid) {
        case Oids.JSONB:
          out.putByte(1);
          out.putBytes(text.getBytes(StandardCharsets.UTF_8));
          return;
        case Oids.TEXT:
        case Oids.VARCHAR:
        case Oids.BPCHAR:
        case Oids.NAME:
        case Oids.JSON:
        case Oids.XML:
          out.putBytes(text.getBytes(StandardCharsets.UTF_8));
          return;
        default:
          if (oid >= FIRST_NORMAL_OID) {
            out.putBytes(text.getBytes(StandardCharsets.UTF_8)); // an enum, or another text type
            return;
          }
      }
    }
    throw new PgException(
        "42804",
        "a " + v.getClass().getSimpleName() + " has no binary form for type OID " + oid + " here",
        null,
        null);
  }
}
