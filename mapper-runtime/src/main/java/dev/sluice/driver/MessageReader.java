package dev.sluice.driver;

import dev.sluice.Columns;
import dev.sluice.PgException;
import dev.sluice.driver.codec.Bytes;
import dev.sluice.driver.codec.Oids;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Decodes backend messages in place in the connection's {@link ReadBuffer}, named after the
 * messages of the protocol's "Message Formats" chapter. {@link #next()} frames the next message
 * (its length checked on every message: at least 4, at most {@link ReadBuffer#MAX_MESSAGE_LENGTH});
 * each decode method reads the message at the buffer's position and consumes it. Every offset a
 * decoder reads is checked against the message's end, so a malformed message is a {@link
 * ProtocolException}, never an ArrayIndexOutOfBoundsException or a value read from the next
 * message. DataRows are the exception: {@link dev.sluice.RowView} frames them itself, with the same
 * checks, on the per-row path.
 *
 * <p>Not thread-safe: one per connection, used by the thread that runs the connection.
 */
public final class MessageReader {
  final ReadBuffer in;

  MessageReader(ReadBuffer in) {
    this.in = in;
  }

  /** Makes sure a whole message is buffered at the position; returns its type byte. */
  byte next() throws IOException {
    return in.nextMessage();
  }

  /** Consumes the message at the position, whatever it is. */
  public void skip() {
    in.skipMessage();
  }

  /**
   * Whether the body of the message at the position is {@code expected}, byte for byte; if so the
   * message is consumed. Compares in place, allocating nothing.
   */
  boolean skipIfBodyIs(byte[] expected) {
    int p = body();
    int end = end();
    if (expected == null
        || end - p != expected.length
        || !java.util.Arrays.equals(in.array(), p, end, expected, 0, expected.length)) {
      return false;
    }
    in.skipMessage();
    return true;
  }

  /** A copy of the body of the message at the position (which stays unread). */
  byte[] bodyCopy() {
    return java.util.Arrays.copyOfRange(in.array(), body(), end());
  }

  /** Where the body of the message at the position starts. */
  private int body() {
    return in.position() + 5;
  }

  /** Where the message at the position ends (exclusive). */
  private int end() {
    return in.position() + 1 + in.messageLength();
  }

  private ProtocolException malformed(String message, String what) {
    return new ProtocolException("malformed " + message + ": " + what);
  }

  /** Fails unless the message body holds at least {@code bytes} bytes from {@code at}. */
  private void require(int at, int bytes, String message, String what) throws ProtocolException {
    if (at < 0 || end() - at < bytes) {
      throw malformed(message, what + " runs past the end of the message");
    }
  }

  /** The C string at {@code p} (up to its NUL, which must come before the message end). */
  private int nulOf(int p, String message, String what) throws ProtocolException {
    int nul = Bytes.indexOfNul(in.array(), p, end());
    if (nul < 0) {
      throw malformed(message, what + " is not NUL-terminated");
    }
    return nul;
  }

  // ---------------------------------------------------------------- startup

  /** Authentication: the int32 request code. The message is not consumed. */
  public int authenticationCode() throws ProtocolException {
    require(body(), 4, "Authentication", "the request code");
    return Bytes.getInt(in.array(), body());
  }

  /** Authentication's data after the request code (MD5 salt, SASL payload), as a copy. */
  public byte[] authenticationData() {
    int from = body() + 4;
    int to = end();
    byte[] data = new byte[Math.max(0, to - from)];
    System.arraycopy(in.array(), from, data, 0, data.length);
    return data;
  }

  /** AuthenticationSASL: the mechanism names, each a C string, ended by an empty one. */
  public java.util.List<String> saslMechanisms() throws ProtocolException {
    java.util.List<String> names = new java.util.ArrayList<>();
    byte[] b = in.array();
    int p = body() + 4;
    int end = end();
    while (p < end && b[p] != 0) {
      int nul = nulOf(p, "AuthenticationSASL", "a mechanism name");
      names.add(Bytes.utf8(b, p, nul - p));
      p = nul + 1;
    }
    return names;
  }

  /** BackendKeyData: the process id and the secret key, consumed. */
  /**
   * BackendKeyData's secret key, consumed; its process id is then {@link #backendPid}. The key is 4
   * bytes before protocol 3.2 and 4 to 256 from it (PostgreSQL 18 sends 32).
   */
  byte[] backendKeyData() throws ProtocolException {
    require(body(), 8, "BackendKeyData", "the key");
    byte[] b = in.array();
    int length = end() - body() - 4;
    if (length < 4 || length > Protocol.MAX_CANCEL_KEY_BYTES) {
      throw malformed("BackendKeyData", "a cancel key of " + length + " bytes (4 to 256)");
    }
    backendPid = Bytes.getInt(b, body());
    byte[] key = java.util.Arrays.copyOfRange(b, body() + 4, end());
    in.skipMessage();
    return key;
  }

  /** The process id of the last BackendKeyData read. */
  private int backendPid;

  int backendPid() {
    return backendPid;
  }

  /** NegotiateProtocolVersion: the newest minor version the server supports, consumed. */
  int negotiateProtocolVersion() throws ProtocolException {
    require(body(), 4, "NegotiateProtocolVersion", "the version");
    int version = Bytes.getInt(in.array(), body());
    in.skipMessage();
    return version;
  }

  // ---------------------------------------------------------------- any time

  /**
   * CopyOutResponse of a binary COPY of {@code columns} columns, consumed: anything else (text,
   * another width) is a protocol violation.
   */
  void copyOutResponse(int columns) throws ProtocolException {
    int p = body();
    require(p, 3, "CopyOutResponse", "the format and column count");
    byte[] b = in.array();
    int n = Bytes.getShort(b, p + 1) & 0xffff;
    if (b[p] != 1 || n != columns) {
      throw malformed(
          "CopyOutResponse",
          "format " + b[p] + " with " + n + " columns for a binary COPY of " + columns);
    }
    in.skipMessage();
  }

  /**
   * The header of a binary COPY at the start of the first CopyData: signature, flags, extension.
   * PostgreSQL sends the first row in the same message, after the header; that row is made a
   * CopyData message of its own in place — a type byte and a length written over the header's last
   * five bytes, already checked — so the rows are framed alike. Consumes the header.
   */
  void binaryCopyHeader(byte[] signature) throws ProtocolException {
    int p = body();
    int end = end();
    require(p, signature.length + 8, "CopyData", "the binary COPY header");
    byte[] b = in.array();
    if (!java.util.Arrays.equals(b, p, p + signature.length, signature, 0, signature.length)) {
      throw malformed("CopyData", "no binary COPY signature");
    }
    int extension = Bytes.getInt(b, p + signature.length + 4);
    int header = signature.length + 8 + extension;
    if (extension < 0 || header > end - p) {
      throw malformed("CopyData", "a header extension of " + extension + " bytes");
    }
    if (header == end - p) {
      in.skipMessage(); // the header alone
      return;
    }
    int row = p + header - 5; // the first row's message, written in place
    b[row] = Protocol.COPY_DATA;
    Bytes.putInt(b, row + 1, end - (p + header) + 4);
    in.position(row);
  }

  /** Whether the CopyData at the position is a binary COPY's trailer (a column count of -1). */
  boolean isBinaryCopyTrailer() {
    return end() - body() == 2 && Bytes.getShort(in.array(), body()) == -1;
  }

  /** CopyData: its bytes written to {@code out} straight from the receive buffer, consumed. */
  void copyData(java.io.OutputStream out) throws IOException {
    out.write(in.array(), body(), end() - body());
    in.skipMessage();
  }

  /** NotificationResponse: the sender's process id, the channel and the payload, consumed. */
  dev.sluice.Notification notification() throws ProtocolException {
    int p = body();
    require(p, 4, "NotificationResponse", "the process id");
    int pid = Bytes.getInt(in.array(), p);
    int channelEnd = nulOf(p + 4, "NotificationResponse", "the channel");
    int payloadEnd = nulOf(channelEnd + 1, "NotificationResponse", "the payload");
    byte[] b = in.array();
    dev.sluice.Notification n =
        new dev.sluice.Notification(
            Bytes.utf8(b, p + 4, channelEnd - p - 4),
            Bytes.utf8(b, channelEnd + 1, payloadEnd - channelEnd - 1),
            pid);
    in.skipMessage();
    return n;
  }

  /** ReadyForQuery: the transaction status ('I', 'T' or 'E'), consumed. */
  byte readyForQuery() throws ProtocolException {
    if (in.messageLength() != 5) {
      throw malformed("ReadyForQuery", "length " + in.messageLength() + " instead of 5");
    }
    byte status = in.array()[body()];
    if (status != Protocol.TX_IDLE
        && status != Protocol.TX_IN_BLOCK
        && status != Protocol.TX_FAILED) {
      throw malformed(
          "ReadyForQuery", "transaction status 0x" + Integer.toHexString(status & 0xff));
    }
    in.skipMessage();
    return status;
  }

  /** ParameterStatus: {name, value}, consumed. */
  String[] parameterStatus() throws ProtocolException {
    byte[] b = in.array();
    int p = body();
    int nul = nulOf(p, "ParameterStatus", "the name");
    int nul2 = nulOf(nul + 1, "ParameterStatus", "the value");
    String[] pair = {Bytes.utf8(b, p, nul - p), Bytes.utf8(b, nul + 1, nul2 - nul - 1)};
    in.skipMessage();
    return pair;
  }

  /**
   * ErrorResponse or NoticeResponse: field code to value, consumed. A field without its NUL is a
   * protocol violation: the message would otherwise be shown cut short.
   */
  Map<Character, String> fields() throws ProtocolException {
    byte[] b = in.array();
    int p = body();
    int end = end();
    Map<Character, String> fields = new HashMap<>();
    while (p < end && b[p] != 0) {
      char code = (char) b[p];
      int nul =
          nulOf(
              p + 1,
              b[in.position()] == Protocol.NOTICE_RESPONSE ? "NoticeResponse" : "ErrorResponse",
              "field " + code);
      fields.put(code, Bytes.utf8(b, p + 1, nul - p - 1));
      p = nul + 1;
    }
    in.skipMessage();
    return fields;
  }

  /** ErrorResponse, as the exception to report, consumed; {@code sql} names the statement. */
  PgException errorResponse(String sql) throws ProtocolException {
    return new PgException(fields(), sql);
  }

  // ---------------------------------------------------------------- extended query

  /** ParameterDescription: int16 n, then n type OIDs; consumed. */
  int[] parameterDescription() throws ProtocolException {
    byte[] b = in.array();
    int p = body();
    require(p, 2, "ParameterDescription", "the parameter count");
    int n = Bytes.getShort(b, p) & 0xffff;
    if (end() - p - 2 != 4 * n) {
      throw malformed("ParameterDescription", n + " parameters in " + (end() - p - 2) + " bytes");
    }
    int[] oids = new int[n];
    for (int i = 0; i < n; i++) {
      oids[i] = Bytes.getInt(b, p + 2 + 4 * i);
    }
    in.skipMessage();
    return oids;
  }

  /**
   * RowDescription: int16 n, then per field: name, table OID, attnum, type OID, typlen, typmod,
   * format; consumed. The format reported for a statement is always 0; we choose ours: binary where
   * we have a codec.
   */
  Columns rowDescription() throws ProtocolException {
    byte[] b = in.array();
    int p = body();
    int end = end();
    require(p, 2, "RowDescription", "the field count");
    int n = Bytes.getShort(b, p) & 0xffff;
    p += 2;
    String[] names = new String[n];
    int[] typeOids = new int[n];
    int[] tableOids = new int[n];
    short[] attnums = new short[n];
    int[] typmods = new int[n];
    short[] formats = new short[n];
    for (int i = 0; i < n; i++) {
      int nul = nulOf(p, "RowDescription", "field " + i + "'s name");
      names[i] = Bytes.utf8(b, p, nul - p);
      p = nul + 1;
      require(p, 18, "RowDescription", "field " + i);
      tableOids[i] = Bytes.getInt(b, p);
      attnums[i] = Bytes.getShort(b, p + 4);
      typeOids[i] = Bytes.getInt(b, p + 6);
      typmods[i] = Bytes.getInt(b, p + 12);
      formats[i] = Oids.hasBinaryCodec(typeOids[i]) ? Protocol.FORMAT_BINARY : Protocol.FORMAT_TEXT;
      p += 18;
    }
    if (p != end) {
      throw malformed("RowDescription", (end - p) + " bytes after the last field");
    }
    in.skipMessage();
    return new Columns(names, typeOids, tableOids, attnums, typmods, formats);
  }

  /** Whether the last CommandComplete read was DISCARD ALL or DEALLOCATE ALL. */
  private boolean droppedStatements;

  /** {@link SessionResidue} bits announced by the CommandCompletes read so far, until taken. */
  private int residue;

  /** Takes the {@link SessionResidue} bits the command tags read so far announced. */
  int takeResidue() {
    int r = residue;
    residue = 0;
    return r;
  }

  /** CommandComplete: the command tag ("SELECT 5", "INSERT 0 1"), consumed. */
  String commandTag() throws ProtocolException {
    byte[] b = in.array();
    int p = body();
    int nul = nulOf(p, "CommandComplete", "the tag");
    droppedStatements = nul > p && dropsStatements(b, p, nul);
    residue |= nul > p ? SessionResidue.ofTag(b, p, nul) : 0;
    String tag = Bytes.utf8(b, p, nul - p);
    in.skipMessage();
    return tag;
  }

  /**
   * Whether the last CommandComplete read was DISCARD ALL or DEALLOCATE ALL: the server has dropped
   * every prepared statement of the session, ours included.
   */
  boolean droppedStatements() {
    return droppedStatements;
  }

  private static final byte[] DISCARD_ALL = {'D', 'I', 'S', 'C', 'A', 'R', 'D', ' ', 'A', 'L', 'L'};
  private static final byte[] DEALLOCATE_ALL = {
    'D', 'E', 'A', 'L', 'L', 'O', 'C', 'A', 'T', 'E', ' ', 'A', 'L', 'L'
  };

  private static boolean dropsStatements(byte[] b, int from, int to) {
    // One byte compared per CommandComplete in the common case.
    return b[from] == 'D'
        && (java.util.Arrays.equals(b, from, to, DISCARD_ALL, 0, DISCARD_ALL.length)
            || java.util.Arrays.equals(b, from, to, DEALLOCATE_ALL, 0, DEALLOCATE_ALL.length));
  }

  /**
   * CommandComplete: the row count at the end of its tag ("INSERT 0 5", "UPDATE 3"), or 0 for a tag
   * without one; consumed. Parsed from the bytes: no String per execution.
   */
  long commandCount() throws ProtocolException {
    byte[] b = in.array();
    int p = body();
    int stop = nulOf(p, "CommandComplete", "the tag");
    int start = stop;
    while (start > p && b[start - 1] >= '0' && b[start - 1] <= '9') {
      start--;
    }
    droppedStatements = stop > p && dropsStatements(b, p, stop);
    residue |= stop > p ? SessionResidue.ofTag(b, p, stop) : 0;
    long v = 0;
    if (start != stop && start != p && b[start - 1] == ' ') {
      for (int i = start; i < stop; i++) {
        v = v * 10 + (b[i] - '0');
      }
    }
    in.skipMessage();
    return v;
  }

  /** Skips every complete DataRow in the buffer (at least the one at the position). */
  void skipRows() {
    byte[] b = in.array();
    int p = in.position();
    int limit = in.limit();
    while (limit - p >= 5 && b[p] == Protocol.DATA_ROW) {
      int length = Bytes.getInt(b, p + 1);
      if (length < 4 || limit - p - 1 < length) {
        break; // incomplete, or a bad length next() will report
      }
      p += 1 + length;
    }
    in.position(p);
  }

  /** DataRow of a simple query: its first column as text, or null (NULL or no column); consumed. */
  String firstColumnText() throws ProtocolException {
    byte[] b = in.array();
    int p = body();
    require(p, 2, "DataRow", "the column count");
    String value = null;
    if (Bytes.getShort(b, p) > 0) {
      require(p + 2, 4, "DataRow", "column 0's length");
      int len = Bytes.getInt(b, p + 2);
      if (len >= 0) {
        require(p + 6, len, "DataRow", "column 0");
        value = Bytes.utf8(b, p + 6, len);
      }
    }
    in.skipMessage();
    return value;
  }
}
