package dev.sluice;

import dev.sluice.driver.Protocol;
import dev.sluice.driver.ReadBuffer;
import dev.sluice.driver.codec.BinaryCodec;
import dev.sluice.driver.codec.Bytes;
import dev.sluice.driver.codec.NetworkCodec;
import dev.sluice.driver.codec.NumericCodec;
import dev.sluice.driver.codec.Oids;
import dev.sluice.driver.codec.PlainCodec;
import dev.sluice.driver.codec.RangeCodec;
import dev.sluice.driver.codec.TemporalCodec;
import dev.sluice.generated.CompositeReader;
import dev.sluice.generated.EnumLabels;
import dev.sluice.generated.InOrderRow;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
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
 *
 * <p>Generated decoders read a row whose columns are exactly their components, in order, through
 * {@link InOrderRow} (in the package for generated code) rather than these getters.
 *
 * <p>Over 500 lines because it is the decoder contract's public surface: every positional getter is
 * a method here, each its own fast path; the framing ({@link RowFrame}), conversions between
 * neighbouring types ({@link ColumnConversions}), arrays ({@link ArrayReader}) and every error
 * message ({@link ColumnErrors}) live in classes of their own.
 */
public final class RowView {
  // The fields below are package-private for the helpers of this package (RowFrame, ColumnErrors,
  // ColumnConversions, ArrayReader), which read them as RowView's own methods would; nothing else
  // touches them, and only RowView writes them.

  private final ReadBuffer in;

  /** The receive buffer's array as of the last {@link #next()}. */
  byte[] buf;

  /** Per column of the current row: where its bytes start in {@link #buf}. */
  int[] offsets;

  /** Per column of the current row: its byte length, or -1 for NULL. */
  int[] lengths;

  /**
   * Per column: its type OID when it arrives in binary format, 0 when it arrives as text. So a
   * getter's fast path, which compares with a built-in OID, also proves the format.
   */
  int[] oids;

  /**
   * Whether the server has infinite intervals (PostgreSQL 17 and later, or a version not reported);
   * before 17, the bit patterns of {@link Interval#INFINITY} are finite values, which {@link
   * FiniteIntervals} refuses to read.
   */
  boolean infiniteIntervals = true;

  /** The reader of composite columns, made on first use (see {@link #composite}). */
  private CompositeReader composites;

  /** The result's columns, set once per execution. */
  private Columns columns;

  /** The result's column count. */
  int columnCount;

  /**
   * The message type a row comes in: DataRow, or CopyData for the rows of a binary COPY TO STDOUT,
   * whose body has the same layout (column count, then length and bytes per column).
   */
  private byte rowType = Protocol.DATA_ROW;

  /** The rows framed by {@link #next()} since {@link #start}. */
  private long rowCount;

  /**
   * Where the row the in-order reader ({@link InOrderRow}) failed on starts, and ends (exclusive):
   * set only to report that failure, which frames the row ({@link ColumnErrors}).
   */
  int rowStart;

  int rowEnd;

  /** Where that reader stopped: the length word of the column it could not read. */
  int cursor;

  static {
    InOrderRow.install(RowView::inOrderRow);
  }

  /** The in-order reader of this view's rows, made on first use (see {@link #inOrderRow}). */
  private InOrderRow inOrder;

  /**
   * Created by the driver, one per connection; not for application code (its parameter's type is
   * the driver's, which the module does not export).
   *
   * @param in the connection's receive buffer
   */
  @SuppressWarnings("exports") // only the driver, inside this module, calls it
  public RowView(ReadBuffer in) {
    this.in = in;
    this.offsets = new int[16];
    this.lengths = new int[16];
  }

  /**
   * Takes the server's version (ParameterStatus server_version; called by the driver).
   *
   * @param version the server_version parameter's value
   */
  public void serverVersion(String version) {
    infiniteIntervals = FiniteIntervals.hasInfinity(version);
  }

  /**
   * Whether the server has infinite intervals: PostgreSQL 17 and later, or a version unknown.
   *
   * @return true if intervals may be infinite
   */
  public boolean hasInfiniteIntervals() {
    return infiniteIntervals;
  }

  /**
   * Prepares for the rows of a result with these columns (called by the driver); {@code binaryOids}
   * is per column the type OID if the column is binary, else 0.
   *
   * @param columns the result's columns
   * @param binaryOids per column, its type OID if it arrives in binary, else 0
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
    this.rowType = Protocol.DATA_ROW;
    if (inOrder != null) {
      inOrder.start(n, Protocol.DATA_ROW);
    }
  }

  /**
   * {@link #start}, for the rows of a binary COPY TO STDOUT: each in a CopyData message (after the
   * header's, which the driver skips), up to the trailer. Every column arrives in binary.
   *
   * @param columns the result's columns
   * @param binaryOids per column, its type OID (every column arrives in binary)
   */
  public void startCopy(Columns columns, int[] binaryOids) {
    start(columns, binaryOids);
    this.rowType = Protocol.COPY_DATA;
    if (inOrder != null) {
      inOrder.start(columnCount, Protocol.COPY_DATA);
    }
  }

  /**
   * Frames the next DataRow if a complete one is in the receive buffer and makes it current.
   * Returns false at the first message that is not a complete DataRow: the driver then reads more
   * from the socket, or handles the message (CommandComplete, ErrorResponse, …).
   *
   * @return true if a row is now current, false if more must be read or another message handled
   */
  public boolean next() {
    ReadBuffer in = this.in;
    int n = columnCount;
    int end = in.completeRow(n, rowType);
    if (end < 0) {
      return false;
    }
    byte[] b = in.array();
    int p = in.position();
    RowFrame.frame(b, p, end, n, offsets, lengths);
    buf = b;
    in.position(end);
    rowCount++;
    return true;
  }

  /**
   * The error for a NULL in column {@code c} whose component cannot hold it (22004); {@code
   * component} is "component title of Film". For generated decoders.
   *
   * @param c the column's position, from 0
   * @param component the component that cannot hold NULL, e.g. "component title of Film"
   * @return the exception, for the decoder to throw
   */
  public PgException notNullable(int c, String component) {
    return ColumnErrors.notNullable(this, c, component);
  }

  /**
   * The columns of the current result.
   *
   * @return the columns
   */
  public Columns columns() {
    return columns;
  }

  /**
   * The number of columns of the current result.
   *
   * @return the number of columns
   */
  public int columnCount() {
    return columnCount;
  }

  /**
   * Rows framed since the result started (for the driver's update counts and tests).
   *
   * @return the number of rows
   */
  public long rowCount() {
    return inOrder == null ? rowCount : rowCount + inOrder.rowCount();
  }

  /**
   * Whether column {@code c} of the current row is NULL.
   *
   * @param c the column's position, from 0
   * @return true for NULL
   */
  public boolean isNull(int c) {
    return lengths[c] < 0;
  }

  /**
   * For generated decoders: the reader positioned on column {@code c} (not NULL), a composite or an
   * array of composites received in binary (a decoder asks for binary with {@link
   * Columns#readAsComposite} when it binds).
   *
   * @param c the column's position, from 0
   * @return the reader, positioned on the value
   * @throws PgException with SQLSTATE 42804 if the column did not arrive in binary (22004 if NULL)
   */
  public CompositeReader composite(int c) {
    if (oids[c] == 0) {
      throw ColumnErrors.mismatch(this, c, "a @Row record");
    }
    CompositeReader r = composites;
    if (r == null) {
      composites = r = new CompositeReader();
    }
    return r.start(buf, offsets[c], lengths[c], columns, c);
  }

  /** This view's in-order reader, for {@link InOrderRow#of}; made on first use. */
  private InOrderRow inOrderRow() {
    InOrderRow r = inOrder;
    if (r == null) {
      r = new InOrderRow(in, new InOrderErrors());
      r.start(columnCount, rowType);
      inOrder = r;
    }
    return r;
  }

  /**
   * The in-order reader's failures, reported as the positional getters report them: the row is
   * framed here to name the column.
   */
  private final class InOrderErrors implements InOrderRow.Errors {
    @Override
    public PgException misread(
        int rowStart, int rowEnd, int at, String component, String javaType) {
      at(rowStart, rowEnd, at);
      return ColumnErrors.sequenceFailure(RowView.this, component, javaType);
    }

    @Override
    public PgException unfilled(int rowStart, int rowEnd, int at) {
      at(rowStart, rowEnd, at);
      return ColumnErrors.unfilledRow(RowView.this);
    }

    @Override
    public <E extends Enum<E>> E enumAt(int rowStart, int rowEnd, int at, EnumLabels<E> labels) {
      at(rowStart, rowEnd, at);
      return getEnum(RowFrame.frameInOrder(RowView.this, at), labels);
    }

    private void at(int start, int end, int at) {
      buf = in.array(); // the reader's row is in it: nothing is read while a row is decoded
      rowStart = start;
      rowEnd = end;
      cursor = at;
    }
  }

  // ---- raw access, for converters that decode a format themselves ----

  /**
   * The receive buffer holding the current row (valid only until {@link #next()}).
   *
   * @return the buffer
   */
  public byte[] buffer() {
    return buf;
  }

  /**
   * Where column {@code c}'s bytes start in {@link #buffer()}.
   *
   * @param c the column's position, from 0
   * @return the offset
   */
  public int offset(int c) {
    return offsets[c];
  }

  /**
   * The value's byte length, or -1 for NULL.
   *
   * @param c the column's position, from 0
   * @return the length
   */
  public int length(int c) {
    return lengths[c];
  }

  /**
   * Whether column {@code c} arrived in binary format.
   *
   * @param c the column's position, from 0
   * @return true for binary, false for text
   */
  public boolean isBinary(int c) {
    return oids[c] != 0;
  }

  // ---- scalars ----

  /**
   * Where column {@code c}'s value starts, if it arrived in binary as type {@code oid} with the
   * type's {@code len} bytes; otherwise fails naming {@code javaType} (22004 for a NULL, 42804 for
   * another type). Every fixed-width getter goes through here; small enough to inline.
   */
  private int binary(int c, int oid, int len, String javaType) {
    if (lengths[c] == len && oids[c] == oid) {
      return offsets[c];
    }
    throw ColumnErrors.mismatch(this, c, javaType);
  }

  /**
   * A boolean column.
   *
   * @param c the column's position, from 0
   * @return the value
   * @throws PgException with SQLSTATE 22004 if the column is NULL, or 42804 if it is of another
   *     type
   */
  public boolean getBoolean(int c) {
    return buf[binary(c, Oids.BOOL, 1, "boolean")] != 0;
  }

  /**
   * A smallint column, or a wider integer column whose value fits.
   *
   * @param c the column's position, from 0
   * @return the value
   * @throws PgException with SQLSTATE 22004 if the column is NULL, or 42804 if it is of another
   *     type, or 22003 if the value does not fit
   */
  public short getShort(int c) {
    if (lengths[c] == 2 && oids[c] == Oids.INT2) {
      return Bytes.getShort(buf, offsets[c]);
    }
    return (short) ColumnConversions.integral(this, c, Short.MIN_VALUE, Short.MAX_VALUE, "short");
  }

  /**
   * An integer column, or a smallint, or a bigint whose value fits.
   *
   * @param c the column's position, from 0
   * @return the value
   * @throws PgException with SQLSTATE 22004 if the column is NULL, or 42804 if it is of another
   *     type, or 22003 if the value does not fit
   */
  public int getInt(int c) {
    if (lengths[c] == 4 && oids[c] == Oids.INT4) {
      return Bytes.getInt(buf, offsets[c]);
    }
    return (int) ColumnConversions.integral(this, c, Integer.MIN_VALUE, Integer.MAX_VALUE, "int");
  }

  /**
   * A bigint, integer or smallint column.
   *
   * @param c the column's position, from 0
   * @return the value
   * @throws PgException with SQLSTATE 22004 if the column is NULL, or 42804 if it is of another
   *     type
   */
  public long getLong(int c) {
    if (lengths[c] == 8 && oids[c] == Oids.INT8) {
      return Bytes.getLong(buf, offsets[c]);
    }
    return ColumnConversions.integral(this, c, Long.MIN_VALUE, Long.MAX_VALUE, "long");
  }

  /**
   * A real column.
   *
   * @param c the column's position, from 0
   * @return the value
   * @throws PgException with SQLSTATE 22004 if the column is NULL, or 42804 if it is of another
   *     type
   */
  public float getFloat(int c) {
    return Float.intBitsToFloat(Bytes.getInt(buf, binary(c, Oids.FLOAT4, 4, "float")));
  }

  /**
   * float8, float4 (widened), and numeric (NaN and ±Infinity included).
   *
   * @param c the column's position, from 0
   * @return the value
   * @throws PgException with SQLSTATE 22004 if the column is NULL, or 42804 if it is of another
   *     type
   */
  public double getDouble(int c) {
    if (lengths[c] == 8 && oids[c] == Oids.FLOAT8) {
      return Double.longBitsToDouble(Bytes.getLong(buf, offsets[c]));
    }
    return ColumnConversions.toDouble(this, c);
  }

  /**
   * The text of a column: text, varchar, bpchar, name, json, xml, enums and any type read as text
   * (tsvector, …) as received; jsonb without its version byte; numeric in plain notation; other
   * binary types formatted from their value. Null for NULL.
   *
   * @param c the column's position, from 0
   * @return the text, or null
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
    return ColumnConversions.text(this, c);
  }

  /**
   * An hstore column (the contrib extension) as a Map of its pairs in the server's order, a NULL
   * value null; null for NULL. Read from hstore's text form (its OID is per database).
   *
   * @param c the column's position, from 0
   * @return the pairs, or null
   * @throws PgException if the text is not hstore's
   */
  public java.util.Map<String, String> getHstore(int c) {
    String s = getString(c);
    return s == null ? null : dev.sluice.driver.codec.HstoreText.parse(s);
  }

  /**
   * numeric (or an integer type) as BigDecimal; null for NULL. NaN and ±Infinity fail (22000).
   *
   * @param c the column's position, from 0
   * @return the value, or null
   * @throws PgException with SQLSTATE 42804 if the column is of another type, or 22000 for NaN or
   *     ±Infinity
   */
  public BigDecimal getBigDecimal(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    if (oids[c] == Oids.NUMERIC) {
      return NumericCodec.numeric(buf, offsets[c], len);
    }
    return ColumnConversions.toBigDecimal(this, c);
  }

  /**
   * numeric (or an integer type) as {@link PgNumeric}, which holds NaN and ±Infinity as well; null
   * for NULL.
   *
   * @param c the column's position, from 0
   * @return the value, or null
   * @throws PgException with SQLSTATE 42804 if the column is of another type
   */
  public PgNumeric getNumeric(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    if (oids[c] == Oids.NUMERIC) {
      try {
        return NumericCodec.decode(buf, offsets[c], len);
      } catch (PgException e) {
        throw ColumnErrors.inColumn(this, c, e);
      }
    }
    return PgNumeric.of(ColumnConversions.toBigDecimal(this, c));
  }

  /**
   * A built-in range (int4range, int8range, numrange, daterange, tsrange, tstzrange) as a {@link
   * Range} of {@code subtype} (Integer, Long, BigDecimal, LocalDate, LocalDateTime, Instant; an
   * int4range also as Long or BigDecimal); null for NULL.
   *
   * @param <T> the bounds' Java type
   * @param c the column's position, from 0
   * @param subtype the bounds' Java type
   * @return the range, or null
   * @throws PgException with SQLSTATE 42804 if the column is no built-in range, or its bounds
   *     cannot be read as {@code subtype}
   */
  public <T> Range<T> getRange(int c, Class<T> subtype) {
    if (lengths[c] < 0) {
      return null;
    }
    if (RangeCodec.subtypeOf(oids[c]) == 0) {
      throw ColumnErrors.mismatch(this, c, "Range<" + subtype.getSimpleName() + ">");
    }
    try {
      return RangeCodec.convert(
          RangeCodec.range(oids[c], buf, offsets[c], lengths[c]), subtype, oids[c]);
    } catch (PgException e) {
      throw ColumnErrors.inColumn(this, c, e);
    }
  }

  /**
   * A built-in multirange (PostgreSQL 14 on) as its ranges in the server's order, each a {@link
   * Range} of {@code subtype}; null for NULL.
   *
   * @param <T> the bounds' Java type
   * @param c the column's position, from 0
   * @param subtype the bounds' Java type
   * @return the ranges, or null
   * @throws PgException with SQLSTATE 42804 if the column is no built-in multirange, or its bounds
   *     cannot be read as {@code subtype}
   */
  public <T> List<Range<T>> getMultirange(int c, Class<T> subtype) {
    if (lengths[c] < 0) {
      return null;
    }
    int range = RangeCodec.rangeOfMultirange(oids[c]);
    if (range == 0) {
      throw ColumnErrors.mismatch(this, c, "List<Range<" + subtype.getSimpleName() + ">>");
    }
    try {
      List<Range<Object>> ranges = RangeCodec.multirange(range, buf, offsets[c], lengths[c]);
      List<Range<T>> out = new java.util.ArrayList<>(ranges.size());
      for (Range<Object> r : ranges) {
        out.add(RangeCodec.convert(r, subtype, range));
      }
      return out;
    } catch (PgException e) {
      throw ColumnErrors.inColumn(this, c, e);
    }
  }

  /**
   * bytea as a new array; null for NULL.
   *
   * @param c the column's position, from 0
   * @return the bytes, or null
   * @throws PgException with SQLSTATE 42804 if the column is not bytea
   */
  public byte[] getBytes(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    if (oids[c] != Oids.BYTEA) {
      throw ColumnErrors.mismatch(this, c, "byte[]");
    }
    int off = offsets[c];
    return Arrays.copyOfRange(buf, off, off + len);
  }

  // The nullable fixed-width getters: null for NULL, else through binary(…).

  /**
   * A uuid column; null for NULL.
   *
   * @param c the column's position, from 0
   * @return the value, or null
   * @throws PgException with SQLSTATE 42804 if the column is of another type
   */
  public UUID getUuid(int c) {
    return isNull(c) ? null : PlainCodec.uuid(buf, binary(c, Oids.UUID, 16, "UUID"));
  }

  /**
   * date; 'infinity' and '-infinity' are LocalDate.MAX and LocalDate.MIN.
   *
   * @param c the column's position, from 0
   * @return the value, or null
   * @throws PgException with SQLSTATE 42804 if the column is of another type
   */
  public LocalDate getLocalDate(int c) {
    return isNull(c) ? null : TemporalCodec.date(buf, binary(c, Oids.DATE, 4, "LocalDate"));
  }

  /**
   * time; '24:00:00' is LocalTime.MAX.
   *
   * @param c the column's position, from 0
   * @return the value, or null
   * @throws PgException with SQLSTATE 42804 if the column is of another type
   */
  public LocalTime getLocalTime(int c) {
    return isNull(c) ? null : TemporalCodec.time(buf, binary(c, Oids.TIME, 8, "LocalTime"));
  }

  /**
   * timetz at its own offset; '24:00:00' is LocalTime.MAX at that offset.
   *
   * @param c the column's position, from 0
   * @return the value, or null
   * @throws PgException with SQLSTATE 42804 if the column is of another type
   */
  public OffsetTime getOffsetTime(int c) {
    return isNull(c) ? null : TemporalCodec.timetz(buf, binary(c, Oids.TIMETZ, 12, "OffsetTime"));
  }

  /**
   * timestamp; ±infinity are LocalDateTime.MAX and MIN.
   *
   * @param c the column's position, from 0
   * @return the value, or null
   * @throws PgException with SQLSTATE 42804 if the column is of another type
   */
  public LocalDateTime getLocalDateTime(int c) {
    return isNull(c)
        ? null
        : TemporalCodec.timestamp(buf, binary(c, Oids.TIMESTAMP, 8, "LocalDateTime"));
  }

  /**
   * timestamptz; ±infinity are Instant.MAX and MIN.
   *
   * @param c the column's position, from 0
   * @return the value, or null
   * @throws PgException with SQLSTATE 42804 if the column is of another type
   */
  public Instant getInstant(int c) {
    return isNull(c)
        ? null
        : TemporalCodec.timestamptz(buf, binary(c, Oids.TIMESTAMPTZ, 8, "Instant"));
  }

  /**
   * timestamptz at offset UTC; ±infinity are OffsetDateTime.MAX and MIN.
   *
   * @param c the column's position, from 0
   * @return the value, or null
   * @throws PgException with SQLSTATE 42804 if the column is of another type
   */
  public OffsetDateTime getOffsetDateTime(int c) {
    return isNull(c)
        ? null
        : TemporalCodec.timestamptzOffset(buf, binary(c, Oids.TIMESTAMPTZ, 8, "OffsetDateTime"));
  }

  /**
   * interval; PostgreSQL 17's ±infinity are Interval.INFINITY and NEGATIVE_INFINITY.
   *
   * @param c the column's position, from 0
   * @return the value, or null
   * @throws PgException with SQLSTATE 42804 if the column is of another type, or, before PostgreSQL
   *     17, if it holds the bit pattern of an infinity
   */
  public Interval getInterval(int c) {
    if (isNull(c)) {
      return null;
    }
    Interval i = TemporalCodec.interval(buf, binary(c, Oids.INTERVAL, 16, "Interval"));
    return infiniteIntervals ? i : FiniteIntervals.check(this, c, i);
  }

  /**
   * inet or cidr with its prefix length.
   *
   * @param c the column's position, from 0
   * @return the address and prefix length, or null
   * @throws PgException with SQLSTATE 42804 if the column is not inet or cidr
   */
  public InetNetwork getInetNetwork(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    int oid = oids[c];
    if (oid == Oids.INET || oid == Oids.CIDR) {
      return NetworkCodec.inet(buf, offsets[c], len);
    }
    throw ColumnErrors.mismatch(this, c, "InetNetwork");
  }

  /**
   * pg_lsn as {@link PgLsn}.
   *
   * @param c the column's position, from 0
   * @return the position, or null for NULL
   * @throws PgException if the column is not pg_lsn
   */
  public PgLsn getPgLsn(int c) {
    return ColumnConversions.pgLsn(this, c);
  }

  /**
   * bit or bit varying as {@link BitString}.
   *
   * @param c the column's position, from 0
   * @return the bits, or null for NULL
   * @throws PgException if the column is not bit or bit varying
   */
  public BitString getBitString(int c) {
    return ColumnConversions.bitString(this, c);
  }

  /**
   * A host address (inet with all bits); a network fails with a message naming InetNetwork.
   *
   * @param c the column's position, from 0
   * @return the address, or null
   * @throws PgException if the column is not inet or cidr, or holds a network
   */
  public InetAddress getInetAddress(int c) {
    InetNetwork net = getInetNetwork(c);
    return net == null ? null : NetworkCodec.hostAddress(net);
  }

  /**
   * A PostgreSQL enum (or text) column as a Java enum, matching labels byte for byte. Fails with
   * SQLSTATE 22P02 naming the label when no constant has it.
   *
   * @param <E> the enum type
   * @param c the column's position, from 0
   * @param labels the enum's labels, made once per type
   * @return the constant, or null
   * @throws PgException with SQLSTATE 22P02 if no constant has the label, or 42804 if the column is
   *     neither an enum nor text
   */
  public <E extends Enum<E>> E getEnum(int c, EnumLabels<E> labels) {
    if (isNull(c)) {
      return null;
    }
    int oid = oids[c];
    if (oid != 0 && !Oids.isTextual(oid)) {
      throw ColumnErrors.mismatch(this, c, labels.simpleName());
    }
    E e = labels.find(buf, offsets[c], lengths[c]);
    if (e == null) {
      throw ColumnErrors.unknownLabel(this, c, getString(c), labels.type());
    }
    return e;
  }

  /**
   * {@link #getEnum(int, EnumLabels)} with the labels of {@code type} (looked up once per type).
   *
   * @param <E> the enum type
   * @param c the column's position, from 0
   * @param type the enum
   * @return the constant, or null
   * @throws PgException with SQLSTATE 22P02 if no constant has the label, or 42804 if the column is
   *     neither an enum nor text
   */
  public <E extends Enum<E>> E getEnum(int c, Class<E> type) {
    return getEnum(c, EnumLabels.of(type));
  }

  /**
   * A one-dimensional array as a List of {@code elementType} (Object for each element's default
   * type); NULL elements are null. Null for a NULL column.
   *
   * @param <T> the elements' Java type
   * @param c the column's position, from 0
   * @param elementType the elements' Java type, or Object.class
   * @return the elements, or null
   * @throws PgException if the column is not a one-dimensional array, or an element cannot be read
   *     as {@code elementType}
   */
  public <T> List<T> getList(int c, Class<T> elementType) {
    return lengths[c] < 0 ? null : ArrayReader.read(this, c, elementType);
  }

  /**
   * An array of any number of dimensions as nested Lists, {@code leafType} (Object for each
   * element's default type) at the innermost level: {@code {{1,2},{3,NULL}}} is {@code [[1, 2], [3,
   * null]]}. Bounds other than from 1 are refused (0A000). Null for a NULL column.
   *
   * @param c the column's position, from 0
   * @param leafType the elements' Java type, or Object.class
   * @return the nested lists, or null
   * @throws PgException with SQLSTATE 0A000 for bounds other than from 1, or if an element cannot
   *     be read as {@code leafType}
   */
  public List<Object> getNestedList(int c, Class<?> leafType) {
    return lengths[c] < 0 ? null : ArrayReader.readNested(this, c, leafType);
  }

  /**
   * An array of exactly {@code dimensions} dimensions (or an empty one) as that many levels of
   * nested Lists, {@code leafType} at the innermost level, as {@link #getNestedList} reads it; the
   * number of dimensions is checked on each value, as the column's type does not fix it.
   *
   * @param c the column's position, from 0
   * @param leafType the elements' Java type, or Object.class
   * @param dimensions the number of dimensions the caller's type takes
   * @return the nested lists, or null
   * @throws PgException with SQLSTATE 2202E for an array of another number of dimensions, 0A000 for
   *     bounds other than from 1, 42804 if the column is no array of elements {@code leafType}
   *     reads
   */
  public List<Object> getNestedList(int c, Class<?> leafType, int dimensions) {
    return lengths[c] < 0 ? null : ArrayReader.readDimensions(this, c, leafType, dimensions);
  }

  /**
   * A two-dimensional array as a list of its rows, each a List of {@code elementType}: {@code
   * {{1,2},{3,NULL}}} is {@code [[1, 2], [3, null]]}; an empty array ({@code '{}'}) is an empty
   * list. Null for a NULL column. PostgreSQL's array types do not fix the number of dimensions, so
   * it is checked on each value.
   *
   * @param <T> the elements' Java type
   * @param c the column's position, from 0
   * @param elementType the elements' Java type, or Object.class
   * @return the rows of the array, or null
   * @throws PgException with SQLSTATE 2202E for an array of another number of dimensions, 0A000 for
   *     bounds other than from 1, 42804 if the column is no array of elements {@code elementType}
   *     reads
   */
  public <T> List<List<T>> getListOfLists(int c, Class<T> elementType) {
    return lengths[c] < 0 ? null : ArrayReader.readTwoDimensional(this, c, elementType);
  }

  /**
   * The column's value in its default Java type (see {@link BinaryCodec#decode}): numeric as
   * BigDecimal, except NaN and ±Infinity as Double; text-format columns (enums, tsvector, …) as
   * String; null for NULL.
   *
   * @param c the column's position, from 0
   * @return the value, or null
   */
  public Object getObject(int c) {
    int len = lengths[c];
    if (len < 0) {
      return null;
    }
    if (oids[c] == 0) {
      return new String(buf, offsets[c], len, StandardCharsets.UTF_8);
    }
    Object v;
    try {
      v = BinaryCodec.decode(oids[c], columns.createdElementOid(c), buf, offsets[c], len);
    } catch (PgException e) {
      throw ColumnErrors.inColumn(this, c, e);
    }
    return infiniteIntervals ? v : FiniteIntervals.check(this, c, v);
  }
}
