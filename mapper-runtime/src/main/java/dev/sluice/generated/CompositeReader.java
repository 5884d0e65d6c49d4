package dev.sluice.generated;

import dev.sluice.Columns;
import dev.sluice.PgException;
import dev.sluice.RowView;
import dev.sluice.driver.codec.BinaryCodec;
import dev.sluice.driver.codec.Bytes;
import dev.sluice.driver.codec.NumericCodec;
import dev.sluice.driver.codec.Oids;
import dev.sluice.driver.codec.PlainCodec;
import dev.sluice.driver.codec.TemporalCodec;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Reads a binary composite value ({@code record_recv}'s layout: an int32 field count, then per
 * field its type OID, an int32 length, -1 for NULL, and that many bytes) or a binary array of
 * composites straight from the receive buffer, for the nested decoders the processor generates for
 * {@code @Row} records read from a composite column. One per {@link RowView}, reused: {@link
 * RowView#composite} positions it on a column's value.
 *
 * <p>The reader walks forward through nested values with a stack of their ends: {@link #field} (a
 * composite or array field) and {@link #element} (an array's element) push the end of the value
 * they enter; {@link #exit} checks that the value was read to its end and pops it. Scalar readers
 * check the field's OID against the types the component may take, so a composite whose fields
 * differ from the record's components fails naming the component instead of reading garbage.
 *
 * <p>Valid only while the row is current, like the RowView itself; never keep one.
 */
public final class CompositeReader extends CompositeFrame {

  /** Made by {@link RowView#composite}, one per row view; not for other code. */
  public CompositeReader() {}

  /**
   * Positions the reader on the value {@code buf[off, off + len)} of column {@code c}: called by
   * {@link RowView#composite}, not by generated or hand-written code.
   *
   * @param buf the receive buffer holding the row
   * @param off where the column's value starts
   * @param len the value's length
   * @param columns the result's columns, for messages
   * @param c the column's position
   * @return this reader
   */
  public CompositeReader start(byte[] buf, int off, int len, Columns columns, int c) {
    this.buf = buf;
    this.pos = off;
    this.depth = 0;
    this.columns = columns;
    this.c = c;
    push(off + len);
    return this;
  }

  /**
   * Starts reading a composite value at the current position: reads its field count, which must be
   * {@code fields}, the number of components of {@code record} (a record's components are read by
   * position, as {@code record_recv} writes them).
   *
   * @param fields the number of the record's components
   * @param record the record's name, for the error
   * @throws PgException 42804 if the value has another number of fields
   */
  public void enter(int fields, String record) {
    int n = intAt(pos);
    if (n != fields) {
      throw new PgException(
          "42804",
          column()
              + ": a composite value of "
              + n
              + " fields cannot be read as "
              + record
              + ", which has "
              + fields
              + " components (fields are read by position: the composite type's attributes"
              + " must be the record's components, in order)");
    }
    pos += 4;
  }

  /**
   * Checks that the value entered last was read to its end, and leaves it.
   *
   * @throws PgException 08P01 if bytes of the value were left unread
   */
  public void exit() {
    int end = ends[--depth];
    if (pos != end) {
      throw malformed((end - pos) + " bytes left at the end of a value");
    }
  }

  /**
   * Whether the next field is NULL; if it is, it is consumed.
   *
   * @return true for a NULL field, now skipped
   */
  public boolean nullField() {
    if (intAt(pos + 4) == -1) {
      pos += 8;
      return true;
    }
    return false;
  }

  /**
   * Enters the next field, a composite or an array of composites (whose OIDs are per database, so
   * not checked here: the nested value's own field OIDs are); read it, then {@link #exit}.
   *
   * @param component the record component being read, as errors name it
   * @return this reader, positioned on the field's value
   * @throws PgException 22004 if the field is NULL, 08P01 if its length is malformed
   */
  public CompositeReader field(String component) {
    int len = variable(component, "a composite");
    push(pos + len);
    return this;
  }

  /**
   * Starts reading an array of composites at the current position: returns its element count. An
   * empty array has none; more than one dimension, or a lower bound other than 1, fails (0A000).
   *
   * @param component the record component being read, as errors name it
   * @return the number of elements, 0 for an empty array
   * @throws PgException 0A000 for more than one dimension or a lower bound other than 1, 08P01 for
   *     an element count the value cannot hold
   */
  public int array(String component) {
    int ndim = intAt(pos);
    if (ndim == 0) {
      pos += 12;
      return 0;
    }
    if (ndim != 1) {
      throw new PgException(
          "0A000",
          column() + ": an array of " + ndim + " dimensions cannot be read into " + component);
    }
    int count = intAt(pos + 12);
    int lower = intAt(pos + 16);
    if (lower != 1) {
      throw new PgException(
          "0A000",
          column()
              + ": an array with lower bound "
              + lower
              + " cannot be read into "
              + component
              + ", a list counting from 0; select it with a lower bound of 1");
    }
    if (count < 0 || count > (ends[depth - 1] - pos) / 4) {
      throw malformed("an array of " + count + " elements");
    }
    pos += 20;
    return count;
  }

  /**
   * Enters the next element of an array: true, then read it and {@link #exit}; false for a NULL
   * element, which is consumed.
   *
   * @return true when an element was entered, false for a NULL element
   * @throws PgException 08P01 if the element's length is malformed
   */
  public boolean element() {
    int len = intAt(pos);
    if (len == -1) {
      pos += 4;
      return false;
    }
    if (len < 0 || len > ends[depth - 1] - pos - 4) {
      throw malformed("an array element of length " + len);
    }
    pos += 4;
    push(pos + len);
    return true;
  }

  /**
   * A new list for {@code n} elements (so generated code needs no import of its own).
   *
   * @param <T> the elements' type
   * @param n the number of elements to come
   * @return an empty, mutable list sized for them
   */
  public static <T> List<T> list(int n) {
    return new ArrayList<>(n);
  }

  // ---- scalar fields; each fails naming component if the field is NULL or of another type ----

  /**
   * A boolean field.
   *
   * @param component the record component being read, as errors name it
   * @return the value
   * @throws PgException 22004 if the field is NULL, 42804 if its type cannot be read so, 08P01 if
   *     the value is malformed
   */
  public boolean readBoolean(String component) {
    return buf[fixed(Oids.BOOL, 1, component, "boolean")] != 0;
  }

  /**
   * A smallint field.
   *
   * @param component the record component being read, as errors name it
   * @return the value
   * @throws PgException 22004 if the field is NULL, 42804 if its type cannot be read so, 08P01 if
   *     the value is malformed
   */
  public short readShort(String component) {
    return Bytes.getShort(buf, fixed(Oids.INT2, 2, component, "short"));
  }

  /**
   * An integer or smallint field.
   *
   * @param component the record component being read, as errors name it
   * @return the value
   * @throws PgException 22004 if the field is NULL, 42804 if its type cannot be read so, 08P01 if
   *     the value is malformed
   */
  public int readInt(String component) {
    if (intAt(pos) == Oids.INT2) {
      return readShort(component);
    }
    return Bytes.getInt(buf, fixed(Oids.INT4, 4, component, "int"));
  }

  /**
   * A bigint, integer or smallint field.
   *
   * @param component the record component being read, as errors name it
   * @return the value
   * @throws PgException 22004 if the field is NULL, 42804 if its type cannot be read so, 08P01 if
   *     the value is malformed
   */
  public long readLong(String component) {
    int oid = intAt(pos);
    if (oid == Oids.INT4 || oid == Oids.INT2) {
      return readInt(component);
    }
    return Bytes.getLong(buf, fixed(Oids.INT8, 8, component, "long"));
  }

  /**
   * A real field.
   *
   * @param component the record component being read, as errors name it
   * @return the value
   * @throws PgException 22004 if the field is NULL, 42804 if its type cannot be read so, 08P01 if
   *     the value is malformed
   */
  public float readFloat(String component) {
    return Float.intBitsToFloat(Bytes.getInt(buf, fixed(Oids.FLOAT4, 4, component, "float")));
  }

  /**
   * A double precision or real field.
   *
   * @param component the record component being read, as errors name it
   * @return the value
   * @throws PgException 22004 if the field is NULL, 42804 if its type cannot be read so, 08P01 if
   *     the value is malformed
   */
  public double readDouble(String component) {
    if (intAt(pos) == Oids.FLOAT4) {
      return readFloat(component);
    }
    return Double.longBitsToDouble(Bytes.getLong(buf, fixed(Oids.FLOAT8, 8, component, "double")));
  }

  /**
   * A field of a text type (text, varchar, bpchar, name, json, xml).
   *
   * @param component the record component being read, as errors name it
   * @return the text, decoded from UTF-8
   * @throws PgException 22004 if the field is NULL, 42804 if its type cannot be read so, 08P01 if
   *     the value is malformed
   */
  public String readString(String component) {
    int q = pos;
    int room = ends[depth - 1] - q - 8;
    if (room >= 0) { // the common case in one pass: text or varchar, not NULL, within the value
      int oid = Bytes.getInt(buf, q);
      int len = Bytes.getInt(buf, q + 4);
      if ((oid == Oids.TEXT || oid == Oids.VARCHAR) && len >= 0 && len <= room) {
        pos = q + 8 + len;
        return new String(buf, q + 8, len, StandardCharsets.UTF_8);
      }
    }
    int oid = intAt(pos);
    if (!Oids.isTextual(oid)) {
      throw mismatch(oid, component, "String");
    }
    int len = variable(component, "String");
    int off = pos;
    pos += len;
    return new String(buf, off, len, StandardCharsets.UTF_8);
  }

  /**
   * A numeric field; NaN and ±Infinity fail (22000) as in {@link RowView#getBigDecimal}.
   *
   * @param component the record component being read, as errors name it
   * @return the value
   * @throws PgException 22004 if the field is NULL, 42804 if its type cannot be read so, 08P01 if
   *     the value is malformed
   */
  public BigDecimal readBigDecimal(String component) {
    int oid = intAt(pos);
    if (oid != Oids.NUMERIC) {
      throw mismatch(oid, component, "BigDecimal");
    }
    int len = variable(component, "BigDecimal");
    int off = pos;
    pos += len;
    return NumericCodec.numeric(buf, off, len);
  }

  /**
   * An enum (or text) field as a constant of {@code labels}' enum; an unknown label fails.
   *
   * @param <E> the enum type
   * @param labels the labels of the enum's constants
   * @param component the record component being read, as errors name it
   * @return the constant whose label the field holds
   * @throws PgException 22P02 for a label no constant has, 22004 if the field is NULL, 42804 if its
   *     type is not an enum nor text
   */
  public <E extends Enum<E>> E readEnum(EnumLabels<E> labels, String component) {
    int oid = intAt(pos);
    if (Oids.hasBinaryCodec(oid) && !Oids.isTextual(oid)) {
      throw mismatch(oid, component, labels.simpleName());
    }
    int len = variable(component, labels.simpleName());
    int off = pos;
    pos += len;
    E e = labels.find(buf, off, len);
    if (e == null) {
      throw new PgException(
          "22P02",
          column()
              + ": "
              + component
              + " holds the label \""
              + new String(buf, off, len, StandardCharsets.UTF_8)
              + "\", which no constant of "
              + labels.simpleName()
              + " has (use @Label to name a constant's label)");
    }
    return e;
  }

  /**
   * A one-dimensional array field as a List of {@code elementType}; NULL elements are null.
   *
   * @param <T> the elements' type
   * @param elementType the elements' class
   * @param component the record component being read, as errors name it
   * @return the elements, in order
   * @throws PgException 22004 if the field is NULL, 42804 if its type cannot be read so, 08P01 if
   *     the value is malformed
   */
  public <T> List<T> readList(Class<T> elementType, String component) {
    int oid = intAt(pos);
    int element = Oids.elementOf(oid);
    if (element == 0) {
      throw mismatch(oid, component, "List<" + elementType.getSimpleName() + ">");
    }
    int len = variable(component, "List");
    int off = pos;
    pos += len;
    return BinaryCodec.array(buf, off, len, element, elementType);
  }

  /**
   * A timestamptz field as an Instant (infinities as {@link TemporalCodec#timestamptz} reads them).
   *
   * @param component the record component being read, as errors name it
   * @return the value
   * @throws PgException 22004 if the field is NULL, 42804 if its type cannot be read so, 08P01 if
   *     the value is malformed
   */
  public Instant readInstant(String component) {
    int q = fixedAt(Oids.TIMESTAMPTZ, 8);
    return q < 0 ? read(Instant.class, component) : TemporalCodec.timestamptz(buf, q);
  }

  /**
   * A timestamp (without time zone) field as a LocalDateTime.
   *
   * @param component the record component being read, as errors name it
   * @return the value
   * @throws PgException 22004 if the field is NULL, 42804 if its type cannot be read so, 08P01 if
   *     the value is malformed
   */
  public LocalDateTime readLocalDateTime(String component) {
    int q = fixedAt(Oids.TIMESTAMP, 8);
    return q < 0 ? read(LocalDateTime.class, component) : TemporalCodec.timestamp(buf, q);
  }

  /**
   * A date field as a LocalDate.
   *
   * @param component the record component being read, as errors name it
   * @return the value
   * @throws PgException 22004 if the field is NULL, 42804 if its type cannot be read so, 08P01 if
   *     the value is malformed
   */
  public LocalDate readLocalDate(String component) {
    int q = fixedAt(Oids.DATE, 4);
    return q < 0 ? read(LocalDate.class, component) : TemporalCodec.date(buf, q);
  }

  /**
   * A time (without time zone) field as a LocalTime.
   *
   * @param component the record component being read, as errors name it
   * @return the value
   * @throws PgException 22004 if the field is NULL, 42804 if its type cannot be read so, 08P01 if
   *     the value is malformed
   */
  public LocalTime readLocalTime(String component) {
    int q = fixedAt(Oids.TIME, 8);
    return q < 0 ? read(LocalTime.class, component) : TemporalCodec.time(buf, q);
  }

  /**
   * A uuid field as a UUID.
   *
   * @param component the record component being read, as errors name it
   * @return the value
   * @throws PgException 22004 if the field is NULL, 42804 if its type cannot be read so, 08P01 if
   *     the value is malformed
   */
  public UUID readUuid(String component) {
    int q = fixedAt(Oids.UUID, 16);
    return q < 0 ? read(UUID.class, component) : PlainCodec.uuid(buf, q);
  }

  /**
   * A bytea field as a byte[], as {@link #read} reads it.
   *
   * @param component the record component being read, as errors name it
   * @return the value
   * @throws PgException 22004 if the field is NULL, 42804 if its type cannot be read so
   */
  public byte[] readBytes(String component) {
    return read(byte[].class, component);
  }

  /**
   * A timestamptz field as an OffsetDateTime in UTC, as {@link #read} reads it.
   *
   * @param component the record component being read, as errors name it
   * @return the value
   * @throws PgException 22004 if the field is NULL, 42804 if its type cannot be read so
   */
  public java.time.OffsetDateTime readOffsetDateTime(String component) {
    return read(java.time.OffsetDateTime.class, component);
  }

  /**
   * A field of any type with a binary codec, as {@code type} (UUID, the java.time types, Interval,
   * InetNetwork, byte[], …): decoded as {@link BinaryCodec#decode} does, then converted where that
   * loses nothing.
   *
   * @param <T> the field's Java type
   * @param type the field's Java class
   * @param component the record component being read, as errors name it
   * @return the value
   * @throws PgException 22004 if the field is NULL, 42804 if its type cannot be read so, 08P01 if
   *     the value is malformed
   */
  public <T> T read(Class<T> type, String component) {
    int oid = intAt(pos);
    if (!Oids.hasBinaryCodec(oid)) {
      throw mismatch(oid, component, type.getSimpleName());
    }
    int field = pos;
    int len = variable(component, type.getSimpleName());
    int off = pos;
    Object v = BinaryCodec.decode(oid, buf, off, len);
    try {
      v = BinaryCodec.convert(v, type, oid);
    } catch (PgException e) {
      if (!"42804".equals(e.sqlState())) {
        throw e;
      }
      v = null; // a type convert refuses: the mismatch below names the component
    }
    if (!type.isInstance(v)) {
      pos = field; // the message looks at the field itself
      throw mismatch(oid, component, type.getSimpleName());
    }
    pos = off + len;
    return type.cast(v);
  }
}
