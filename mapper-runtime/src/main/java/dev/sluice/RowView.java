package dev.sluice;

import dev.sluice.driver.BinaryCodec;
import dev.sluice.driver.Bytes;
import dev.sluice.driver.Oids;
import dev.sluice.driver.Protocol;
import dev.sluice.driver.ReadBuffer;
import dev.sluice.driver.TextArray;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * The current row of a result, read in place from the connection's receive buffer. One per
 * connection, reused for every row of every statement: {@link #next()} frames the next DataRow and
 * records each column's offset and length in reused int arrays; the typed getters decode a column
 * straight from the buffer. No byte[] or object is made per column; the getters that return objects
 * (String, BigDecimal, …) make only the value itself.
 *
 * <p>Valid only inside {@link RowDecoder.Bound#decode} / {@code decodeAll}: the buffer is refilled
 * afterwards. Never keep a RowView, and never read it from another thread.
 *
 * <p>Getters take the column's position as resolved once in {@link RowDecoder#bind}. A getter
 * checks the column's type, so asking for an int from a text column fails instead of reading
 * garbage; a NULL read by a primitive getter fails with SQLSTATE 22004 — test {@link #isNull}
 * first.
 *
 * <p>Infinities and {@code 24:00:00} read as the constants {@link BinaryCodec} documents: {@code
 * LocalDate.MAX/MIN}, {@code LocalDateTime.MAX/MIN}, {@code Instant.MAX/MIN}, {@code
 * OffsetDateTime.MAX/MIN}, {@code LocalTime.MAX}, {@link Interval#INFINITY}/{@link
 * Interval#NEGATIVE_INFINITY}. timestamptz values are instants, whatever the session TimeZone:
 * {@link #getOffsetDateTime} gives them at offset UTC.
 */
public final class RowView {
  private final ReadBuffer in;

  /** The receive buffer's array as of the last {@link #next()}. */
  private byte[] buf;

  /** Per column of the current row: where its bytes start in {@link #buf}. */
  private int[] offsets;

  /** Per column of the current row: its byte length, or -1 for NULL. */
  private int[] lengths;

  /**
   * Per column: its type OID when it arrives in binary format, 0 when it arrives as text. So a
   * getter's fast path, which compares with a built-in OID, also proves the format.
   */
  private int[] oids;

  /** The result's columns, set once per execution. */
  private Columns columns;

  /** The result's column count. */
  private int columnCount;

  /** The rows framed by {@link #next()} since {@link #start}. */
  private long rowCount;

  /** For {@link #nextRow()}: where the current DataRow starts, and ends (exclusive). */
  private int rowStart;

  private int rowEnd;

  /** For {@link #nextRow()}: where the next column's length word is. */
  private int cursor;

  /** Created by the driver, one per connection. */
  public RowView(ReadBuffer in) {
    this.in = in;
    this.offsets = new int[16];
    this.lengths = new int[16];
  }

  /**
   * Prepares for the rows of a result with these columns (called by the driver); {@code binaryOids}
   * is per column the type OID if the column is binary, else 0.
   */
  public void start(Columns columns, int[] binaryOids) {
    int n = columns.count();
    if (offsets.length < n) {
      offsets = new int[n];
      lengths = new int[n];
    }
    this.columns = columns;
    this.oids = binaryOids;
    this.columnCount = n;
    this.rowCount = 0;
  }

  /**
   * Frames the next DataRow if a complete one is in the receive buffer and makes it current.
   * Returns false at the first message that is not a complete DataRow: the driver then reads more
   * from the socket, or handles the message (CommandComplete, ErrorResponse, …).
   */
  public boolean next() {
    ReadBuffer in = this.in;
    byte[] b = in.array();
    int p = in.position();
    int end = completeRow(b, p, in.limit());
    if (end < 0) {
      return false;
    }
    frame(b, p, end);
    buf = b;
    in.position(end);
    rowCount++;
    return true;
  }

  /**
   * Records the offset and length of each column of the DataRow at {@code [p, end)}, checking that
   * the lengths fill the message exactly.
   */
  private void frame(byte[] b, int p, int end) {
    int n = columnCount;
    int[] offs = offsets;
    int[] lens = lengths;
    int q = p + 7;
    for (int i = 0; i < n; i++) {
      // Each length must fit in the message, and -1 is the only negative one (NULL).
      if (end - q < 4) {
        throw malformedRow(p, end);
      }
      int len = Bytes.getInt(b, q);
      q += 4;
      offs[i] = q;
      lens[i] = len;
      if (len > 0) {
        if (len > end - q) {
          throw malformedRow(p, end);
        }
        q += len;
      } else if (len < -1) {
        throw new PgException("08P01", "DataRow column " + i + " has length " + len);
      }
    }
    if (q != end) {
      throw malformedRow(p, end);
    }
  }

  private PgException columnCountMismatch(int n) {
    return new PgException(
        "08P01", "DataRow with " + n + " columns for a result of " + columnCount + " columns");
  }

  // ---- reading a row in column order, for generated decoders ----

  /**
   * Makes the next DataRow current, if a complete one is in the receive buffer, for reading its
   * columns in order with the {@code read*} methods, without framing them first; false as {@link
   * #next()}. Generated decoders take this path when the result's columns are exactly their
   * components, in order and of the types the readers expect (checked once, at bind time): each
   * column is then read in one pass over the row. A reader finding anything but the value it
   * expects (a NULL, a length that does not fit) frames the row to report the column by name, or
   * the malformed message (08P01). Call {@link #endRow()} after the last column. The positional
   * getters ({@link #isNull}, {@code getX(c)}) do not apply to a row made current this way.
   */
  public boolean nextRow() {
    ReadBuffer in = this.in;
    byte[] b = in.array();
    int p = in.position();
    int end = completeRow(b, p, in.limit());
    if (end < 0) {
      return false;
    }
    buf = b;
    rowStart = p;
    cursor = p + 7;
    rowEnd = end;
    in.position(end);
    rowCount++;
    return true;
  }

  /**
   * Where the DataRow at {@code p} ends, if a complete one is there before {@code limit}; -1 if the
   * message there is no DataRow or not all received yet. Checks the row's length and column count.
   */
  private int completeRow(byte[] b, int p, int limit) {
    if (limit - p < 5 || b[p] != Protocol.DATA_ROW) {
      return -1;
    }
    // A length below 6 (no room for the column count) is malformed even when the message is
    // complete: returning false for it would leave the receive loop handing it back forever.
    int length = Bytes.getInt(b, p + 1);
    if (length < 6) {
      throw malformedRow(p, p + 1 + length);
    }
    if (length > limit - p - 1) {
      return -1;
    }
    int end = p + 1 + length;
    int n = Bytes.getShort(b, p + 5) & 0xffff;
    if (n != columnCount) {
      throw columnCountMismatch(n);
    }
    return end;
  }

  /** Checks that the columns read since {@link #nextRow()} fill the DataRow exactly. */
  public void endRow() {
    if (cursor != rowEnd) {
      frame(buf, rowStart, rowEnd); // names a bad column length, if that is the cause
      throw malformedRow(rowStart, rowEnd);
    }
  }

  /** Whether the next column is NULL; if it is, it is consumed (read it with a reader if not). */
  public boolean nullNext() {
    int q = cursor;
    if (rowEnd - q >= 4 && Bytes.getInt(buf, q) == -1) {
      cursor = q + 4;
      return true;
    }
    return false;
  }

  /**
   * The next column as a boolean; {@code component} (e.g. "component active of Film") names the
   * value in the error if the column is NULL. So for each {@code read*} method.
   */
  public boolean readBoolean(String component) {
    return buf[fixed(1, component, "boolean")] != 0;
  }

  public short readShort(String component) {
    return Bytes.getShort(buf, fixed(2, component, "short"));
  }

  /** An integer or smallint column (told apart by their lengths, 4 and 2). */
  public int readInt(String component) {
    int q = cursor;
    if (rowEnd - q >= 8 && Bytes.getInt(buf, q) == 4) {
      cursor = q + 8;
      return Bytes.getInt(buf, q + 4);
    }
    if (rowEnd - q >= 6 && Bytes.getInt(buf, q) == 2) {
      cursor = q + 6;
      return Bytes.getShort(buf, q + 4);
    }
    throw sequenceFailure(component, "int");
  }

  /** A bigint, integer or smallint column (told apart by their lengths, 8, 4 and 2). */
  public long readLong(String component) {
    int q = cursor;
    if (rowEnd - q >= 12 && Bytes.getInt(buf, q) == 8) {
      cursor = q + 12;
      return Bytes.getLong(buf, q + 4);
    }
    return readNarrowerLong(component);
  }

  private long readNarrowerLong(String component) {
    int q = cursor;
    if (rowEnd - q >= 4) {
      int len = Bytes.getInt(buf, q);
      if (len == 4 && rowEnd - q >= 8) {
        cursor = q + 8;
        return Bytes.getInt(buf, q + 4);
      }
      if (len == 2 && rowEnd - q >= 6) {
        cursor = q + 6;
        return Bytes.getShort(buf, q + 4);
      }
    }
    throw sequenceFailure(component, "long");
  }

  public float readFloat(String component) {
    return Float.intBitsToFloat(Bytes.getInt(buf, fixed(4, component, "float")));
  }

  /** A double precision or real column (told apart by their lengths, 8 and 4). */
  public double readDouble(String component) {
    int q = cursor;
    if (rowEnd - q >= 12 && Bytes.getInt(buf, q) == 8) {
      cursor = q + 12;
      return Double.longBitsToDouble(Bytes.getLong(buf, q + 4));
    }
    if (rowEnd - q >= 8 && Bytes.getInt(buf, q) == 4) {
      cursor = q + 8;
      return Float.intBitsToFloat(Bytes.getInt(buf, q + 4));
    }
    throw sequenceFailure(component, "double");
  }

  /** A text column (text format, or a binary type whose bytes are text). */
  public String readString(String component) {
    int len = readLength(component, "String");
    int q = cursor;
    cursor = q + len;
    return new String(buf, q, len, StandardCharsets.UTF_8);
  }

  /** A numeric column; NaN and ±Infinity fail (22000) as in {@link #getBigDecimal}. */
  public BigDecimal readBigDecimal(String component) {
    int len = readLength(component, "BigDecimal");
    int q = cursor;
    cursor = q + len;
    return BinaryCodec.numeric(buf, q, len);
  }

  public byte[] readBytes(String component) {
    int len = readLength(component, "byte[]");
    int q = cursor;
    cursor = q + len;
    return Arrays.copyOfRange(buf, q, q + len);
  }

  public UUID readUuid(String component) {
    return BinaryCodec.uuid(buf, fixed(16, component, "UUID"));
  }

  public LocalDate readLocalDate(String component) {
    return BinaryCodec.date(buf, fixed(4, component, "LocalDate"));
  }

  public LocalTime readLocalTime(String component) {
    return BinaryCodec.time(buf, fixed(8, component, "LocalTime"));
  }

  public LocalDateTime readLocalDateTime(String component) {
    return BinaryCodec.timestamp(buf, fixed(8, component, "LocalDateTime"));
  }

  public Instant readInstant(String component) {
    return BinaryCodec.timestamptz(buf, fixed(8, component, "Instant"));
  }

  public OffsetDateTime readOffsetDateTime(String component) {
    return BinaryCodec.timestamptzOffset(buf, fixed(8, component, "OffsetDateTime"));
  }

  /** A text or enum column as a Java enum; an unknown label fails as in {@link #getEnum}. */
  public <E extends Enum<E>> E readEnum(EnumLabels<E> labels, String component) {
    int len = readLength(component, labels.type().getSimpleName());
    int q = cursor;
    E e = labels.find(buf, q, len);
    if (e == null) {
      return getEnum(frameCurrent(q - 4), labels); // fails naming the label
    }
    cursor = q + len;
    return e;
  }

  /**
   * Checks that the next column holds a value of exactly {@code len} bytes inside the row, moves
   * the cursor past it, and returns where the value starts.
   */
  private int fixed(int len, String component, String javaType) {
    int q = cursor;
    if (rowEnd - q >= 4 + len && Bytes.getInt(buf, q) == len) {
      cursor = q + 4 + len;
      return q + 4;
    }
    throw sequenceFailure(component, javaType);
  }

  /**
   * Reads the next column's length, which must be a value's (not NULL) that fits in the row, and
   * moves the cursor to the value.
   */
  private int readLength(String component, String javaType) {
    int q = cursor;
    if (rowEnd - q >= 4) {
      int len = Bytes.getInt(buf, q);
      if (len >= 0 && len <= rowEnd - q - 4) {
        cursor = q + 4;
        return len;
      }
    }
    throw sequenceFailure(component, javaType);
  }

  /**
   * The error for a column that is not what an in-order reader expects: frames the row (a malformed
   * one fails there, 08P01), then names the NULL column, or reports a length its type cannot have.
   */
  private PgException sequenceFailure(String component, String javaType) {
    int c = frameCurrent(cursor);
    if (c < 0) {
      return malformedRow(rowStart, rowEnd);
    }
    if (lengths[c] < 0) {
      return notNullable(c, component);
    }
    return new PgException(
        "08P01",
        "DataRow column "
            + c
            + " (\""
            + columns.name(c)
            + "\", "
            + Oids.name(columns.typeOid(c))
            + ") has length "
            + lengths[c]
            + ", which "
            + javaType
            + " cannot read");
  }

  /**
   * Frames the current row (as {@link #next()} does) and returns the index of the column whose
   * length word is at {@code position}, or -1 if none is (past the last column).
   */
  private int frameCurrent(int position) {
    frame(buf, rowStart, rowEnd);
    for (int c = 0; c < columnCount; c++) {
      if (offsets[c] - 4 == position) {
        return c;
      }
    }
    return -1;
  }

  /**
   * The error for a NULL in column {@code c} whose component cannot hold it (22004); {@code
   * component} is "component title of Film". For generated decoders.
   */
  public PgException notNullable(int c, String component) {
    return new PgException(
        "22004",
        "column \""
            + columns.name(c)
            + "\" is NULL, but "
            + component
            + " cannot be null; annotate it @Nullable (a primitive: use its box) or make it"
            + " Optional");
  }

  /** The columns of the current result. */
  public Columns columns() {
    return columns;
  }

  public int columnCount() {
    return columnCount;
  }

  /** Rows framed since the result started (for the driver's update counts and tests). */
  public long rowCount() {
    return rowCount;
  }

  public boolean isNull(int c) {
    return lengths[c] < 0;
  }

  // ---- raw access, for converters that decode a format themselves ----

  /** The receive buffer holding the current row (valid only until {@link #next()}). */
  public byte[] buffer() {
    return buf;
  }

  public int offset(int c) {
    return offsets[c];
  }

  /** The value's byte length, or -1 for NULL. */
  public int length(int c) {
    return lengths[c];
  }

  public boolean isBinary(int c) {
    return oids[c] != 0;
  }

  // ---- scalars ----

  public boolean getBoolean(int c) {
    int len = lengths[c];
    if (len == 1 && oids[c] == Oids.BOOL) {
      return buf[offsets[c]] != 0;
    }
    throw mismatch(c, "boolean");
  }

  public short getShort(int c) {
    int len = lengths[c];
    if (len == 2 && oids[c] == Oids.INT2) {
      return Bytes.getShort(buf, offsets[c]);
    }
    long v = integral(c, "short");
    if (v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
      throw outOfRange(c, v, "short");
    }
    return (short) v;
  }

  public int getInt(int c) {
    int len = lengths[c];
    if (len == 4 && oids[c] == Oids.INT4) {
      return Bytes.getInt(buf, offsets[c]);
    }
    long v = integral(c, "int");
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw outOfRange(c, v, "int");
    }
    return (int) v;
  }

  public long getLong(int c) {
    int len = lengths[c];
    if (len == 8 && oids[c] == Oids.INT8) {
      return Bytes.getLong(buf, offsets[c]);
    }
    return integral(c, "long");
  }

  /** int2, int4, int8 and oid, widened to long. */
  private long integral(int c, String javaType) {
    int len = lengths[c];
    if (len < 0) {
      throw nullValue(c, javaType);
    }
    if (oids[c] != 0) {
      int off = offsets[c];
      switch (oids[c]) {
        case Oids.INT2:
          return len == 2 ? Bytes.getShort(buf, off) : badLength(c, len, javaType);
        case Oids.INT4:
          return len == 4 ? Bytes.getInt(buf, off) : badLength(c, len, javaType);
        case Oids.INT8:
          return len == 8 ? Bytes.getLong(buf, off) : badLength(c, len, javaType);
        case Oids.OID:
          return len == 4 ? Bytes.getInt(buf, off) & 0xffffffffL : badLength(c, len, javaType);
        default:
          break;
      }
    }
    throw mismatch(c, javaType);
  }

  public float getFloat(int c) {
    int len = lengths[c];
    if (len == 4 && oids[c] == Oids.FLOAT4) {
      return Float.intBitsToFloat(Bytes.getInt(buf, offsets[c]));
    }
    throw mismatch(c, "float");
  }

  /** float8, float4 (widened), and numeric (NaN and ±Infinity included). */
  public double getDouble(int c) {
    int len = lengths[c];
    int oid = oids[c];
    if (len == 8 && oid == Oids.FLOAT8) {
      return Double.longBitsToDouble(Bytes.getLong(buf, offsets[c]));
    }
    if (len == 4 && oid == Oids.FLOAT4) {
      return Float.intBitsToFloat(Bytes.getInt(buf, offsets[c]));
    }
    if (len >= 8 && oid == Oids.NUMERIC) {
      return BinaryCodec.numericAsDouble(buf, offsets[c], len);
    }
    throw mismatch(c, "double");
  }

  /**
   * The text of a column: text, varchar, bpchar, name, json, xml, enums and any type read as text
   * (tsvector, …) as received; jsonb without its version byte; numeric in plain notation; other
   * binary types formatted from their value. Null for NULL.
   */
  public String getString(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    int oid = oids[c];
    if (oid == 0 || Oids.isTextual(oid)) {
      return new String(buf, offsets[c], len, StandardCharsets.UTF_8);
    }
    return stringOfBinary(c, oid, len);
  }

  private String stringOfBinary(int c, int oid, int len) {
    int off = offsets[c];
    switch (oid) {
      case Oids.JSONB:
        return BinaryCodec.jsonb(buf, off, len);
      case Oids.NUMERIC:
        return BinaryCodec.numericAsString(buf, off, len);
      case Oids.BOOL:
        if (len != 1) {
          badLength(c, len, "String");
        }
        return buf[off] != 0 ? "t" : "f";
      case Oids.BYTEA:
      case Oids.BYTEA_ARRAY:
        throw mismatch(c, "String");
      default:
        return String.valueOf(BinaryCodec.decode(oid, buf, off, len));
    }
  }

  /** numeric (or an integer type) as BigDecimal; null for NULL. NaN and ±Infinity fail (22000). */
  public BigDecimal getBigDecimal(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    int oid = oids[c];
    if (oid == Oids.NUMERIC) {
      return BinaryCodec.numeric(buf, offsets[c], len);
    }
    if (oid == Oids.INT2 || oid == Oids.INT4 || oid == Oids.INT8) {
      return BigDecimal.valueOf(integral(c, "BigDecimal"));
    }
    throw mismatch(c, "BigDecimal");
  }

  /** bytea as a new array; null for NULL. */
  public byte[] getBytes(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    if (oids[c] == Oids.BYTEA) {
      byte[] copy = new byte[len];
      System.arraycopy(buf, offsets[c], copy, 0, len);
      return copy;
    }
    throw mismatch(c, "byte[]");
  }

  public UUID getUuid(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    if (len == 16 && oids[c] == Oids.UUID) {
      return BinaryCodec.uuid(buf, offsets[c]);
    }
    throw mismatch(c, "UUID");
  }

  /** date; 'infinity' and '-infinity' are LocalDate.MAX and LocalDate.MIN. */
  public LocalDate getLocalDate(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    if (len == 4 && oids[c] == Oids.DATE) {
      return BinaryCodec.date(buf, offsets[c]);
    }
    throw mismatch(c, "LocalDate");
  }

  /** time; '24:00:00' is LocalTime.MAX. */
  public LocalTime getLocalTime(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    if (len == 8 && oids[c] == Oids.TIME) {
      return BinaryCodec.time(buf, offsets[c]);
    }
    throw mismatch(c, "LocalTime");
  }

  /** timetz at its own offset; '24:00:00' is LocalTime.MAX at that offset. */
  public OffsetTime getOffsetTime(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    if (len == 12 && oids[c] == Oids.TIMETZ) {
      return BinaryCodec.timetz(buf, offsets[c]);
    }
    throw mismatch(c, "OffsetTime");
  }

  /** timestamp; ±infinity are LocalDateTime.MAX and MIN. */
  public LocalDateTime getLocalDateTime(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    if (len == 8 && oids[c] == Oids.TIMESTAMP) {
      return BinaryCodec.timestamp(buf, offsets[c]);
    }
    throw mismatch(c, "LocalDateTime");
  }

  /** timestamptz; ±infinity are Instant.MAX and MIN. */
  public Instant getInstant(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    if (len == 8 && oids[c] == Oids.TIMESTAMPTZ) {
      return BinaryCodec.timestamptz(buf, offsets[c]);
    }
    throw mismatch(c, "Instant");
  }

  /** timestamptz at offset UTC; ±infinity are OffsetDateTime.MAX and MIN. */
  public OffsetDateTime getOffsetDateTime(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    if (len == 8 && oids[c] == Oids.TIMESTAMPTZ) {
      return BinaryCodec.timestamptzOffset(buf, offsets[c]);
    }
    throw mismatch(c, "OffsetDateTime");
  }

  public Interval getInterval(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    if (len == 16 && oids[c] == Oids.INTERVAL) {
      return BinaryCodec.interval(buf, offsets[c]);
    }
    throw mismatch(c, "Interval");
  }

  /** inet or cidr with its prefix length. */
  public InetNetwork getInetNetwork(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    int oid = oids[c];
    if (oid == Oids.INET || oid == Oids.CIDR) {
      return BinaryCodec.inet(buf, offsets[c], len);
    }
    throw mismatch(c, "InetNetwork");
  }

  /** A host address (inet with all bits); a network fails with a message naming InetNetwork. */
  public InetAddress getInetAddress(int c) {
    InetNetwork net = getInetNetwork(c);
    return net == null ? null : BinaryCodec.hostAddress(net);
  }

  /**
   * A PostgreSQL enum (or text) column as a Java enum, matching labels byte for byte. Fails with
   * SQLSTATE 22P02 naming the label when no constant has it.
   */
  public <E extends Enum<E>> E getEnum(int c, EnumLabels<E> labels) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    if (oids[c] != 0 && !Oids.isTextual(oids[c])) {
      throw mismatch(c, labels.type().getSimpleName());
    }
    E e = labels.find(buf, offsets[c], len);
    if (e == null) {
      throw new PgException(
          "22P02",
          "column \""
              + columns.name(c)
              + "\" holds label '"
              + getString(c)
              + "', which no constant of "
              + labels.type().getName()
              + " has (use @Label to name a constant's label)");
    }
    return e;
  }

  public <E extends Enum<E>> E getEnum(int c, Class<E> type) {
    return getEnum(c, EnumLabels.of(type));
  }

  /**
   * A one-dimensional array as a List of {@code elementType} (Object for each element's default
   * type); NULL elements are null. Null for a NULL column.
   */
  public <T> List<T> getList(int c, Class<T> elementType) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    int element = Oids.elementOf(oids[c]);
    if (element != 0) {
      return BinaryCodec.array(buf, offsets[c], len, element, elementType);
    }
    if (oids[c] == 0 && TextArray.looksLikeArray(buf, offsets[c], len)) {
      return textArray(c, len, elementType);
    }
    throw mismatch(c, "List<" + elementType.getSimpleName() + ">");
  }

  /**
   * An array of a type read as text (enums, …): its elements as Strings, or as constants when
   * {@code elementType} is an enum.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private <T> List<T> textArray(int c, int len, Class<T> elementType) {
    List<String> texts = TextArray.parse(buf, offsets[c], len);
    if (elementType == String.class || elementType == Object.class) {
      return (List<T>) texts;
    }
    if (elementType.isEnum()) {
      EnumLabels labels = EnumLabels.of((Class) elementType);
      List<T> out = new ArrayList<>(texts.size());
      for (String t : texts) {
        if (t == null) {
          out.add(null);
          continue;
        }
        Object e = labels.find(t);
        if (e == null) {
          throw new PgException(
              "22P02",
              "column \""
                  + columns.name(c)
                  + "\" holds label '"
                  + t
                  + "', which no constant of "
                  + elementType.getName()
                  + " has (use @Label to name a constant's label)");
        }
        out.add((T) e);
      }
      return out;
    }
    throw mismatch(c, "List<" + elementType.getSimpleName() + ">");
  }

  /**
   * The column's value in its default Java type (see {@link BinaryCodec#decode}): numeric as
   * BigDecimal, except NaN and ±Infinity as Double; text-format columns (enums, tsvector, …) as
   * String; null for NULL.
   */
  public Object getObject(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    if (oids[c] == 0) {
      return new String(buf, offsets[c], len, StandardCharsets.UTF_8);
    }
    return BinaryCodec.decode(oids[c], buf, offsets[c], len);
  }

  // ---- errors ----

  private static PgException malformedRow(int start, int end) {
    return new PgException(
        "08P01", "DataRow length " + (end - start - 1) + " does not match its columns");
  }

  private PgException mismatch(int c, String javaType) {
    if (lengths[c] < 0) {
      return nullValue(c, javaType);
    }
    return new PgException(
        "42804",
        "column \""
            + columns.name(c)
            + "\" is "
            + Oids.name(columns.typeOid(c))
            + (oids[c] != 0 ? "" : " (received as text)")
            + " and cannot be read as "
            + javaType);
  }

  /** Fails for a binary value whose length its type cannot have (08P01: a malformed DataRow). */
  private long badLength(int c, int len, String javaType) {
    throw new PgException(
        "08P01",
        "DataRow column "
            + c
            + " (\""
            + columns.name(c)
            + "\", "
            + Oids.name(oids[c])
            + ") has length "
            + len
            + ", which "
            + javaType
            + " cannot read");
  }

  private PgException nullValue(int c, String javaType) {
    return new PgException(
        "22004",
        "column \""
            + columns.name(c)
            + "\" is NULL and cannot be read as "
            + javaType
            + "; test isNull first or read it as a nullable type");
  }

  private PgException outOfRange(int c, long v, String javaType) {
    return new PgException(
        "22003",
        "column \"" + columns.name(c) + "\" holds " + v + ", out of range for " + javaType);
  }
}
