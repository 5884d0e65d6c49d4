package dev.sluice.dsl;

import dev.sluice.Columns;
import dev.sluice.Converter;
import dev.sluice.Interval;
import dev.sluice.RowDecoder;
import dev.sluice.RowView;
import dev.sluice.generated.EnumLabels;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.List;
import java.util.UUID;

/**
 * Reads the first column of each row as one value of {@code T}: for {@code select(FILM.title)},
 * {@code count()} and other scalar projections. The getter is chosen once, when the decoder is
 * made, from the expression's Java type; a NULL reads as null.
 */
final class ScalarDecoder<T> implements RowDecoder<T> {
  private static final int OBJECT = 0;
  private static final int BOOLEAN = 1;
  private static final int SHORT = 2;
  private static final int INT = 3;
  private static final int LONG = 4;
  private static final int FLOAT = 5;
  private static final int DOUBLE = 6;
  private static final int STRING = 7;
  private static final int DECIMAL = 8;
  private static final int BYTES = 9;
  private static final int UUID_ = 10;
  private static final int DATE = 11;
  private static final int TIME = 12;
  private static final int TIMETZ = 13;
  private static final int TIMESTAMP = 14;
  private static final int INSTANT = 15;
  private static final int TIMESTAMPTZ = 16;
  private static final int INET = 17;
  private static final int ENUM = 18;
  private static final int LIST = 19;
  private static final int INTERVAL = 20;

  private final int kind;
  private final String description;

  /** The enum's labels, for ENUM. */
  private final EnumLabels<?> labels;

  /** The element type, for LIST. */
  private final Class<?> elementType;

  /** For a converted column: maps the value read to the component's type; else null. */
  private final Converter<Object, Object> converter;

  @SuppressWarnings("unchecked")
  ScalarDecoder(
      Class<?> type, Class<?> elementType, String description, Converter<?, ?> converter) {
    this.converter = (Converter<Object, Object>) converter;
    this.description = description;
    this.elementType = elementType;
    this.labels = type.isEnum() ? labelsOf(type) : null;
    this.kind = kindOf(type, elementType);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static EnumLabels<?> labelsOf(Class<?> type) {
    return EnumLabels.of((Class) type);
  }

  private static int kindOf(Class<?> t, Class<?> elementType) {
    if (t == Boolean.class) return BOOLEAN;
    if (t == Short.class) return SHORT;
    if (t == Integer.class) return INT;
    if (t == Long.class) return LONG;
    if (t == Float.class) return FLOAT;
    if (t == Double.class) return DOUBLE;
    if (t == String.class) return STRING;
    if (t == BigDecimal.class) return DECIMAL;
    if (t == byte[].class) return BYTES;
    if (t == UUID.class) return UUID_;
    if (t == LocalDate.class) return DATE;
    if (t == LocalTime.class) return TIME;
    if (t == OffsetTime.class) return TIMETZ;
    if (t == LocalDateTime.class) return TIMESTAMP;
    if (t == Instant.class) return INSTANT;
    if (t == OffsetDateTime.class) return TIMESTAMPTZ;
    if (t == InetAddress.class) return INET;
    if (t == Interval.class) return INTERVAL;
    if (t.isEnum()) return ENUM;
    if (t == List.class && elementType != null) return LIST;
    return OBJECT;
  }

  @Override
  public Bound<T> bind(Columns columns) {
    if (columns.count() == 0) {
      throw new IllegalStateException("the query returned no column to read " + description);
    }
    return this::read;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private T read(RowView row) {
    return readAt(row, 0);
  }

  /** The value of column {@code c} (for a tuple's columns); null for NULL. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  T readAt(RowView row, int c) {
    if (row.isNull(c)) {
      return null;
    }
    Object v;
    switch (kind) {
      case BOOLEAN:
        v = row.getBoolean(c);
        break;
      case SHORT:
        v = row.getShort(c);
        break;
      case INT:
        v = row.getInt(c);
        break;
      case LONG:
        v = row.getLong(c);
        break;
      case FLOAT:
        v = row.getFloat(c);
        break;
      case DOUBLE:
        v = row.getDouble(c);
        break;
      case STRING:
        v = row.getString(c);
        break;
      case DECIMAL:
        v = row.getBigDecimal(c);
        break;
      case BYTES:
        v = row.getBytes(c);
        break;
      case UUID_:
        v = row.getUuid(c);
        break;
      case DATE:
        v = row.getLocalDate(c);
        break;
      case TIME:
        v = row.getLocalTime(c);
        break;
      case TIMETZ:
        v = row.getOffsetTime(c);
        break;
      case TIMESTAMP:
        v = row.getLocalDateTime(c);
        break;
      case INSTANT:
        v = row.getInstant(c);
        break;
      case TIMESTAMPTZ:
        v = row.getOffsetDateTime(c);
        break;
      case INET:
        v = row.getInetAddress(c);
        break;
      case ENUM:
        v = row.getEnum(c, (EnumLabels) labels);
        break;
      case LIST:
        v = row.getList(c, elementType);
        break;
      case INTERVAL:
        v = row.getInterval(0);
        break;
      default:
        v = row.getObject(c);
        break;
    }
    return (T) (converter == null ? v : converter.fromColumn(v));
  }
}
