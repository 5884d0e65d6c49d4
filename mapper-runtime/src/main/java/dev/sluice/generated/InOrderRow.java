package dev.sluice.generated;

import dev.sluice.PgException;
import dev.sluice.RowView;
import dev.sluice.driver.ReadBuffer;
import dev.sluice.driver.codec.Bytes;
import dev.sluice.driver.codec.NumericCodec;
import dev.sluice.driver.codec.PlainCodec;
import dev.sluice.driver.codec.TemporalCodec;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.UUID;
import java.util.function.Function;

/**
 * A row of a {@link RowView} read in column order, in one pass over the DataRow, by the decoders
 * the annotation processor generates: {@code InOrderRow.of(rows)}, then {@link #nextRow()}, one
 * {@code read*} per column and {@link #endRow()}. Generated code takes this path when the result's
 * columns are exactly the record's components, in order and of the types the readers expect
 * (checked once, when the decoder is bound). For generated code only, like the rest of this
 * package; one per row view, reused, valid while the rows it reads are in the receive buffer.
 */
public final class InOrderRow {
  /**
   * How a row view reports what its in-order reader could not read: implemented by {@link RowView}
   * alone (a class private to it), never by other code.
   */
  public interface Errors {
    /**
     * The error for a column a reader could not take: frames the row to name the column.
     *
     * @param rowStart where the row starts
     * @param rowEnd where it ends (exclusive)
     * @param at where the column's length word is
     * @param component the component being read
     * @param javaType the Java type asked for
     * @return the exception to throw
     */
    PgException misread(int rowStart, int rowEnd, int at, String component, String javaType);

    /**
     * The error for a row the readers did not fill exactly.
     *
     * @param rowStart where the row starts
     * @param rowEnd where it ends (exclusive)
     * @param at where the readers stopped
     * @return the exception to throw
     */
    PgException unfilled(int rowStart, int rowEnd, int at);

    /**
     * Reads the enum column whose length word is at {@code at} positionally: it fails, naming the
     * label no constant has.
     *
     * @param <E> the enum type
     * @param rowStart where the row starts
     * @param rowEnd where it ends (exclusive)
     * @param at where the column's length word is
     * @param labels the enum's labels
     * @return never normally: the positional read throws
     */
    <E extends Enum<E>> E enumAt(int rowStart, int rowEnd, int at, EnumLabels<E> labels);
  }

  /** A DataRow's (or binary CopyData row's) type byte, length word and column count. */
  private static final int HEADER = 7;

  /** How {@link #of} finds a row view's reader: installed once, by RowView. */
  private static volatile Function<RowView, InOrderRow> access;

  /**
   * Installs how {@link #of} reaches a row view's reader. Called once, by {@link RowView} as it is
   * loaded; a call from any other class, or a second call, fails.
   *
   * @param rowViews gives a row view's reader
   * @throws IllegalStateException if the caller is not RowView, or one is installed already
   */
  public static synchronized void install(Function<RowView, InOrderRow> rowViews) {
    Class<?> caller =
        StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass();
    if (caller != RowView.class) {
      throw new IllegalStateException("only RowView installs the in-order readers' access");
    }
    if (access != null) {
      throw new IllegalStateException("the in-order readers' access is installed already");
    }
    access = rowViews;
  }

  /**
   * The in-order reader of {@code rows}.
   *
   * @param rows the connection's row view, as the decoder received it
   * @return its reader, positioned before the next row
   */
  public static InOrderRow of(RowView rows) {
    return access.apply(rows);
  }

  /** The connection's receive buffer, which the rows are framed in. */
  private final ReadBuffer in;

  private final Errors errors;

  /** The result's column count and the message type of its rows (see {@link #start}). */
  private int columnCount;

  private byte rowType;

  /** The rows made current since {@link #start}. */
  private long rows;

  /** The receive buffer's array, as of the last {@link #nextRow()}. */
  private byte[] buf;

  /** Where the current row starts, and ends (exclusive). */
  private int rowStart;

  private int rowEnd;

  /** Where the next column's length word is. */
  private int cursor;

  /**
   * Made by {@link RowView}, one per row view; not for other code (its parameter's type is the
   * driver's, which the module does not export).
   *
   * @param in the connection's receive buffer
   * @param errors the row view's reports of what the readers could not read
   */
  @SuppressWarnings("exports") // only RowView, inside this module, calls it
  public InOrderRow(ReadBuffer in, Errors errors) {
    this.in = in;
    this.errors = errors;
  }

  /**
   * Prepares for the rows of a result (called by {@link RowView} as it starts one).
   *
   * @param columnCount the result's column count
   * @param rowType the message type its rows come in (DataRow, or CopyData for a binary COPY)
   */
  public void start(int columnCount, byte rowType) {
    this.columnCount = columnCount;
    this.rowType = rowType;
    this.rows = 0;
  }

  /**
   * The rows made current since {@link #start} (the row view adds them to its own count).
   *
   * @return the number of rows
   */
  public long rowCount() {
    return rows;
  }

  /**
   * Makes the next DataRow current, if a complete one is in the receive buffer, for reading its
   * columns in order with the {@code read*} methods, without framing them first; false as {@code
   * RowView.next()}. Generated decoders take this path when the result's columns are exactly their
   * components, in order and of the types the readers expect (checked once, at bind time): each
   * column is then read in one pass over the row. A reader finding anything but the value it
   * expects (a NULL, a length that does not fit) frames the row to report the column by name, or
   * the malformed message (08P01). Call {@link #endRow()} after the last column. The positional
   * getters ({@code RowView.isNull}, {@code getX(c)}) do not apply to a row made current this way.
   *
   * @return true if a row is now current, false if more must be read or another message handled
   */
  public boolean nextRow() {
    ReadBuffer in = this.in;
    int end = in.completeRow(columnCount, rowType);
    if (end < 0) {
      return false;
    }
    int p = in.position();
    buf = in.array();
    rowStart = p;
    cursor = p + HEADER;
    rowEnd = end;
    in.position(end);
    rows++;
    return true;
  }

  /** Checks that the columns read since {@link #nextRow()} fill the DataRow exactly. */
  public void endRow() {
    if (cursor != rowEnd) {
      throw errors.unfilled(rowStart, rowEnd, cursor);
    }
  }

  /**
   * Whether the next column is NULL; if it is, it is consumed (read it with a reader if not).
   *
   * @return true if the next column was NULL (and is consumed)
   */
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
   *
   * @param component names the value in an error, e.g. "component title of Film"
   * @return the value
   * @throws PgException with SQLSTATE 22004 naming {@code component} if the column is NULL, or
   *     08P01 if its length does not fit
   */
  public boolean readBoolean(String component) {
    return buf[fixed(1, component, "boolean")] != 0;
  }

  /**
   * The next column, a smallint, as a short.
   *
   * @param component names the value in an error, e.g. "component title of Film"
   * @return the value
   * @throws PgException with SQLSTATE 22004 naming {@code component} if the column is NULL, or
   *     08P01 if its length does not fit
   */
  public short readShort(String component) {
    return Bytes.getShort(buf, fixed(2, component, "short"));
  }

  /**
   * An integer or smallint column (told apart by their lengths, 4 and 2).
   *
   * @param component names the value in an error, e.g. "component title of Film"
   * @return the value
   * @throws PgException with SQLSTATE 22004 naming {@code component} if the column is NULL, or
   *     08P01 if its length does not fit
   */
  public int readInt(String component) {
    return readIntOrShort(component, "int");
  }

  /**
   * A bigint, integer or smallint column (told apart by their lengths, 8, 4 and 2).
   *
   * @param component names the value in an error, e.g. "component title of Film"
   * @return the value
   * @throws PgException with SQLSTATE 22004 naming {@code component} if the column is NULL, or
   *     08P01 if its length does not fit
   */
  public long readLong(String component) {
    int q = cursor;
    if (rowEnd - q >= 12 && Bytes.getInt(buf, q) == 8) {
      cursor = q + 12;
      return Bytes.getLong(buf, q + 4);
    }
    return readIntOrShort(component, "long");
  }

  /**
   * The next column, a real, as a float.
   *
   * @param component names the value in an error, e.g. "component title of Film"
   * @return the value
   * @throws PgException with SQLSTATE 22004 naming {@code component} if the column is NULL, or
   *     08P01 if its length does not fit
   */
  public float readFloat(String component) {
    return Float.intBitsToFloat(Bytes.getInt(buf, fixed(4, component, "float")));
  }

  /**
   * A double precision or real column (told apart by their lengths, 8 and 4).
   *
   * @param component names the value in an error, e.g. "component title of Film"
   * @return the value
   * @throws PgException with SQLSTATE 22004 naming {@code component} if the column is NULL, or
   *     08P01 if its length does not fit
   */
  public double readDouble(String component) {
    int q = cursor;
    if (rowEnd - q >= 12 && Bytes.getInt(buf, q) == 8) {
      cursor = q + 12;
      return Double.longBitsToDouble(Bytes.getLong(buf, q + 4));
    }
    return Float.intBitsToFloat(Bytes.getInt(buf, fixed(4, component, "double")));
  }

  /**
   * A text column (text format, or a binary type whose bytes are text).
   *
   * @param component names the value in an error, e.g. "component title of Film"
   * @return the text
   * @throws PgException with SQLSTATE 22004 naming {@code component} if the column is NULL, or
   *     08P01 if its length does not fit
   */
  public String readString(String component) {
    int q = variable(component, "String");
    return new String(buf, q, cursor - q, StandardCharsets.UTF_8);
  }

  /**
   * A numeric column; NaN and ±Infinity fail (22000) as in {@code RowView.getBigDecimal}.
   *
   * @param component names the value in an error, e.g. "component title of Film"
   * @return the value
   * @throws PgException with SQLSTATE 22004 naming {@code component} if the column is NULL, or
   *     08P01 if its length does not fit, or 22000 for NaN or ±Infinity
   */
  public BigDecimal readBigDecimal(String component) {
    int q = variable(component, "BigDecimal");
    return NumericCodec.numeric(buf, q, cursor - q);
  }

  /**
   * The next column, a bytea, as a new array.
   *
   * @param component names the value in an error, e.g. "component title of Film"
   * @return the bytes
   * @throws PgException with SQLSTATE 22004 naming {@code component} if the column is NULL, or
   *     08P01 if its length does not fit
   */
  public byte[] readBytes(String component) {
    int q = variable(component, "byte[]");
    return Arrays.copyOfRange(buf, q, cursor);
  }

  /**
   * The next column, a uuid.
   *
   * @param component names the value in an error, e.g. "component title of Film"
   * @return the value
   * @throws PgException with SQLSTATE 22004 naming {@code component} if the column is NULL, or
   *     08P01 if its length does not fit
   */
  public UUID readUuid(String component) {
    return PlainCodec.uuid(buf, fixed(16, component, "UUID"));
  }

  /**
   * The next column, a date; 'infinity' and '-infinity' are LocalDate.MAX and MIN.
   *
   * @param component names the value in an error, e.g. "component title of Film"
   * @return the value
   * @throws PgException with SQLSTATE 22004 naming {@code component} if the column is NULL, or
   *     08P01 if its length does not fit
   */
  public LocalDate readLocalDate(String component) {
    return TemporalCodec.date(buf, fixed(4, component, "LocalDate"));
  }

  /**
   * The next column, a time; '24:00:00' is LocalTime.MAX.
   *
   * @param component names the value in an error, e.g. "component title of Film"
   * @return the value
   * @throws PgException with SQLSTATE 22004 naming {@code component} if the column is NULL, or
   *     08P01 if its length does not fit
   */
  public LocalTime readLocalTime(String component) {
    return TemporalCodec.time(buf, fixed(8, component, "LocalTime"));
  }

  /**
   * The next column, a timestamp; ±infinity are LocalDateTime.MAX and MIN.
   *
   * @param component names the value in an error, e.g. "component title of Film"
   * @return the value
   * @throws PgException with SQLSTATE 22004 naming {@code component} if the column is NULL, or
   *     08P01 if its length does not fit
   */
  public LocalDateTime readLocalDateTime(String component) {
    return TemporalCodec.timestamp(buf, fixed(8, component, "LocalDateTime"));
  }

  /**
   * The next column, a timestamptz; ±infinity are Instant.MAX and MIN.
   *
   * @param component names the value in an error, e.g. "component title of Film"
   * @return the value
   * @throws PgException with SQLSTATE 22004 naming {@code component} if the column is NULL, or
   *     08P01 if its length does not fit
   */
  public Instant readInstant(String component) {
    return TemporalCodec.timestamptz(buf, fixed(8, component, "Instant"));
  }

  /**
   * The next column, a timestamptz, at offset UTC; ±infinity are OffsetDateTime.MAX and MIN.
   *
   * @param component names the value in an error, e.g. "component title of Film"
   * @return the value
   * @throws PgException with SQLSTATE 22004 naming {@code component} if the column is NULL, or
   *     08P01 if its length does not fit
   */
  public OffsetDateTime readOffsetDateTime(String component) {
    return TemporalCodec.timestamptzOffset(buf, fixed(8, component, "OffsetDateTime"));
  }

  /**
   * A text or enum column as a Java enum; an unknown label fails as in {@link RowView#getEnum(int,
   * EnumLabels)}.
   *
   * @param <E> the enum type
   * @param labels the enum's labels, made once per type
   * @param component names the value in an error, e.g. "component title of Film"
   * @return the constant
   * @throws PgException with SQLSTATE 22004 naming {@code component} if the column is NULL, or
   *     08P01 if its length does not fit, or 22P02 naming a label no constant has
   */
  public <E extends Enum<E>> E readEnum(EnumLabels<E> labels, String component) {
    int q = variable(component, labels.simpleName());
    E e = labels.find(buf, q, cursor - q);
    if (e == null) {
      return errors.enumAt(rowStart, rowEnd, q - 4, labels); // fails naming the label
    }
    return e;
  }

  /** Moves past the next column, a value of exactly {@code len} bytes; returns where it starts. */
  private int fixed(int len, String component, String javaType) {
    int q = cursor;
    if (rowEnd - q >= 4 + len && Bytes.getInt(buf, q) == len) {
      cursor = q + 4 + len;
      return q + 4;
    }
    throw errors.misread(rowStart, rowEnd, cursor, component, javaType);
  }

  /** The next column as an integer or smallint, for {@link #readInt} and a wider reader. */
  private int readIntOrShort(String component, String javaType) {
    int q = cursor;
    if (rowEnd - q >= 8 && Bytes.getInt(buf, q) == 4) {
      cursor = q + 8;
      return Bytes.getInt(buf, q + 4);
    }
    return Bytes.getShort(buf, fixed(2, component, javaType));
  }

  /**
   * Moves past the next column, a value (not NULL); returns where it starts ({@code cursor} ends
   * it).
   */
  private int variable(String component, String javaType) {
    int q = cursor;
    if (rowEnd - q >= 4) {
      int len = Bytes.getInt(buf, q);
      if (len >= 0 && len <= rowEnd - q - 4) {
        cursor = q + 4 + len;
        return q + 4;
      }
    }
    throw errors.misread(rowStart, rowEnd, cursor, component, javaType);
  }
}
