package dev.sluice.driver;

import dev.sluice.PgException;
import dev.sluice.driver.codec.Bytes;
import java.io.IOException;
import java.io.InputStream;

/**
 * The connection's one receive buffer. The socket is read in large chunks into {@link #array()};
 * messages are framed in place (type byte, int32 length) and read with absolute gets, never copied.
 * The array grows to hold the largest message seen and is reused for the connection's lifetime.
 *
 * <p>Not thread-safe: a connection is used by one thread at a time. Row decoding reads the array
 * directly through {@link dev.sluice.RowView}, which advances {@link #position()} past each
 * DataRow.
 */
public final class ReadBuffer {
  static final int INITIAL_SIZE = 64 * 1024;

  /**
   * The longest message accepted. The server builds each message in memory of at most 1 GiB
   * (MaxAllocSize), so a longer length is garbage: reject it instead of allocating gigabytes.
   */
  static final int MAX_MESSAGE_LENGTH = 0x3fff_ffff + 64;

  private final InputStream in;

  /** Bytes received; [position, limit) are not yet consumed. */
  private byte[] buf = new byte[INITIAL_SIZE];

  /** Start of the first unconsumed byte (a message's type byte between messages). */
  private int pos;

  /** End of the received bytes. */
  private int limit;

  /**
   * Where the row at the position ends, if a complete one is there: -1 if the message there is no
   * row ({@code rowType}: DataRow, or CopyData for a binary COPY's rows, whose body has the same
   * layout: type, int32 length, int16 column count, then the columns) or is not all received yet.
   * Checks the row's length and that it has {@code columnCount} columns; a binary COPY's trailer (a
   * column count of -1) is no row. Small enough for the JIT to inline into a row loop.
   *
   * @param columnCount the result's column count
   * @param rowType the message type of a row
   * @return the row's end (exclusive), or -1
   * @throws PgException 08P01 for a length too short for a row, or another column count
   */
  public int completeRow(int columnCount, byte rowType) {
    byte[] b = buf;
    int p = pos;
    if (limit - p < 5 || b[p] != rowType) {
      return -1;
    }
    // A length below 6 (no room for the column count) is malformed even when the message is
    // complete: returning -1 for it would leave the receive loop handing it back forever. Also
    // what keeps every later "end - q" from overflowing, whatever the length word says.
    int length = Bytes.getInt(b, p + 1);
    if (length < 6) {
      throw new PgException("08P01", "DataRow length " + length + " does not match its columns");
    }
    if (length > limit - p - 1) {
      return -1;
    }
    int n = Bytes.getShort(b, p + 5) & 0xffff;
    if (n != columnCount) {
      if (n == 0xffff && rowType == Protocol.COPY_DATA) {
        return -1; // the trailer of a binary COPY: the rows are over
      }
      throw new PgException(
          "08P01", "DataRow with " + n + " columns for a result of " + columnCount + " columns");
    }
    return p + 1 + length;
  }

  /** Count of socket reads, for tests of invariant 1 (large reads, never one per message). */
  private long reads;

  public ReadBuffer(InputStream in) {
    this.in = in;
  }

  public byte[] array() {
    return buf;
  }

  public int position() {
    return pos;
  }

  public void position(int pos) {
    this.pos = pos;
  }

  public int limit() {
    return limit;
  }

  public long reads() {
    return reads;
  }

  /** Whether a whole message (type, length and body) starts at {@link #position()}. */
  public boolean hasMessage() {
    int p = pos;
    if (limit - p < 5) {
      return false;
    }
    return limit - p - 1 >= Bytes.getInt(buf, p + 1);
  }

  /**
   * Makes sure a whole message starts at {@link #position()}, reading from the socket as needed.
   * Returns the message type; the body is at position() + 5, of length {@code messageLength() - 4}.
   * The length is checked on every message, complete or not: at least 4 (it counts itself), at most
   * {@link #MAX_MESSAGE_LENGTH}.
   */
  public byte nextMessage() throws IOException {
    for (; ; ) {
      int p = pos;
      int buffered = limit - p;
      if (buffered < 5) {
        fill(5);
        continue;
      }
      int length = Bytes.getInt(buf, p + 1);
      if (length < 4 || length > MAX_MESSAGE_LENGTH) {
        throw new ProtocolException(
            "message '"
                + (char) buf[p]
                + "' has length "
                + length
                + ", outside 4.."
                + MAX_MESSAGE_LENGTH
                + " (not a PostgreSQL server, or a corrupt stream)");
      }
      if (buffered - 1 >= length) {
        return buf[p];
      }
      fill(1 + length);
    }
  }

  /** The length field of the message at {@link #position()} (counts itself and the body). */
  public int messageLength() {
    return Bytes.getInt(buf, pos + 1);
  }

  /** Consumes the message at {@link #position()}. */
  public void skipMessage() {
    pos += 1 + Bytes.getInt(buf, pos + 1);
  }

  /**
   * Reads until at least {@code needed} bytes from {@link #position()} are buffered. The array
   * grows only as bytes arrive (doubling when it is full of unconsumed ones), never to a length a
   * message merely announces: a corrupt or hostile length of a gigabyte costs memory only if a
   * gigabyte is sent.
   */
  public void fill(int needed) throws IOException {
    while (limit - pos < needed) {
      if (limit == buf.length) {
        makeRoom(needed);
      }
      int n = in.read(buf, limit, buf.length - limit);
      if (n < 0) {
        throw new java.io.EOFException("the server closed the connection");
      }
      reads++;
      limit += n;
    }
  }

  /** Whether the socket has bytes to read without blocking, or bytes are already buffered. */
  public boolean hasPendingInput() throws IOException {
    return limit > pos || in.available() > 0;
  }

  /**
   * Makes room after {@link #limit()}: moves the unconsumed bytes to the front, into an array of
   * twice the size (at most {@code needed}) when they fill the one there is.
   */
  private void makeRoom(int needed) {
    int remaining = limit - pos;
    byte[] target = buf;
    if (remaining == buf.length) {
      target = new byte[(int) Math.min(2L * buf.length, needed)];
    }
    System.arraycopy(buf, pos, target, 0, remaining);
    buf = target;
    pos = 0;
    limit = remaining;
  }
}
