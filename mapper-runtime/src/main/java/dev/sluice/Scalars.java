package dev.sluice;

import dev.sluice.generated.EnumLabels;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.UUID;

/**
 * Decoders of single values: each reads the first column of a row with the typed {@link RowView}
 * getter (which checks the column's type), NULL as null. Generated DAOs use them for scalar results
 * ({@code long count()}, {@code Optional<String> title(int id)}, {@code List<Integer> ids()}); they
 * work with any {@code Queries} method too: {@code db.query(sql, Scalars.INT)}. Extra columns are
 * ignored; a statement returning no column fails at bind (SQLSTATE 42P10).
 */
public final class Scalars {
  private Scalars() {}

  /**
   * The first column as {@code Boolean}, read as {@code RowView.getBoolean} reads it; NULL as null.
   */
  public static final RowDecoder<Boolean> BOOLEAN =
      new FirstColumn<>("Boolean", RowView::getBoolean);

  /** The first column as {@code Short}, read as {@code RowView.getShort} reads it; NULL as null. */
  public static final RowDecoder<Short> SHORT = new FirstColumn<>("Short", RowView::getShort);

  /** The first column as {@code Integer}, read as {@code RowView.getInt} reads it; NULL as null. */
  public static final RowDecoder<Integer> INT = new FirstColumn<>("Integer", RowView::getInt);

  /** The first column as {@code Long}, read as {@code RowView.getLong} reads it; NULL as null. */
  public static final RowDecoder<Long> LONG = new FirstColumn<>("Long", RowView::getLong);

  /** The first column as {@code Float}, read as {@code RowView.getFloat} reads it; NULL as null. */
  public static final RowDecoder<Float> FLOAT = new FirstColumn<>("Float", RowView::getFloat);

  /**
   * The first column as {@code Double}, read as {@code RowView.getDouble} reads it; NULL as null.
   */
  public static final RowDecoder<Double> DOUBLE = new FirstColumn<>("Double", RowView::getDouble);

  /**
   * The first column as {@code String}, read as {@code RowView.getString} reads it; NULL as null.
   */
  public static final RowDecoder<String> STRING = new FirstColumn<>("String", RowView::getString);

  /**
   * The first column as {@code BigDecimal}, read as {@code RowView.getBigDecimal} reads it; NULL as
   * null.
   */
  public static final RowDecoder<BigDecimal> BIG_DECIMAL =
      new FirstColumn<>("BigDecimal", RowView::getBigDecimal);

  /**
   * The first column as {@code PgNumeric} (numeric with its NaN and ±Infinity), read as {@code
   * RowView.getNumeric} reads it; NULL as null.
   */
  public static final RowDecoder<PgNumeric> PG_NUMERIC =
      new FirstColumn<>("PgNumeric", RowView::getNumeric);

  /**
   * The first column as {@code byte[]}, read as {@code RowView.getBytes} reads it; NULL as null.
   */
  public static final RowDecoder<byte[]> BYTES = new FirstColumn<>("byte[]", RowView::getBytes);

  /** The first column as {@code UUID}, read as {@code RowView.getUuid} reads it; NULL as null. */
  public static final RowDecoder<UUID> UUID = new FirstColumn<>("UUID", RowView::getUuid);

  /**
   * The first column as {@code LocalDate}, read as {@code RowView.getLocalDate} reads it; NULL as
   * null.
   */
  public static final RowDecoder<LocalDate> LOCAL_DATE =
      new FirstColumn<>("LocalDate", RowView::getLocalDate);

  /**
   * The first column as {@code LocalTime}, read as {@code RowView.getLocalTime} reads it; NULL as
   * null.
   */
  public static final RowDecoder<LocalTime> LOCAL_TIME =
      new FirstColumn<>("LocalTime", RowView::getLocalTime);

  /**
   * The first column as {@code OffsetTime}, read as {@code RowView.getOffsetTime} reads it; NULL as
   * null.
   */
  public static final RowDecoder<OffsetTime> OFFSET_TIME =
      new FirstColumn<>("OffsetTime", RowView::getOffsetTime);

  /**
   * The first column as {@code LocalDateTime}, read as {@code RowView.getLocalDateTime} reads it;
   * NULL as null.
   */
  public static final RowDecoder<LocalDateTime> LOCAL_DATE_TIME =
      new FirstColumn<>("LocalDateTime", RowView::getLocalDateTime);

  /**
   * The first column as {@code Instant}, read as {@code RowView.getInstant} reads it; NULL as null.
   */
  public static final RowDecoder<Instant> INSTANT =
      new FirstColumn<>("Instant", RowView::getInstant);

  /**
   * The first column as {@code OffsetDateTime}, read as {@code RowView.getOffsetDateTime} reads it;
   * NULL as null.
   */
  public static final RowDecoder<OffsetDateTime> OFFSET_DATE_TIME =
      new FirstColumn<>("OffsetDateTime", RowView::getOffsetDateTime);

  /**
   * The first column as {@code Interval}, read as {@code RowView.getInterval} reads it; NULL as
   * null.
   */
  public static final RowDecoder<Interval> INTERVAL =
      new FirstColumn<>("Interval", RowView::getInterval);

  /**
   * The first column as {@code InetAddress}, read as {@code RowView.getInetAddress} reads it; NULL
   * as null.
   */
  public static final RowDecoder<InetAddress> INET_ADDRESS =
      new FirstColumn<>("InetAddress", RowView::getInetAddress);

  /**
   * The first column as {@code InetNetwork}, read as {@code RowView.getInetNetwork} reads it; NULL
   * as null.
   */
  public static final RowDecoder<InetNetwork> INET_NETWORK =
      new FirstColumn<>("InetNetwork", RowView::getInetNetwork);

  /** The first column as {@code PgLsn}, read as {@code RowView.getPgLsn} reads it; NULL as null. */
  public static final RowDecoder<PgLsn> PG_LSN = new FirstColumn<>("PgLsn", RowView::getPgLsn);

  /**
   * The first column as {@code BitString}, read as {@code RowView.getBitString} reads it; NULL as
   * null.
   */
  public static final RowDecoder<BitString> BIT_STRING =
      new FirstColumn<>("BitString", RowView::getBitString);

  /**
   * A Java enum from a PostgreSQL enum (or text) column, by label (see {@code @Label}).
   *
   * @param <E> the enum type
   * @param type the enum's class
   * @return a decoder of the first column as a constant of {@code type}; NULL as null
   */
  public static <E extends Enum<E>> RowDecoder<E> enumOf(Class<E> type) {
    EnumLabels<E> labels = EnumLabels.of(type);
    return new FirstColumn<>(type.getSimpleName(), (row, c) -> row.getEnum(c, labels));
  }

  /** Reads one value of column {@code c}, not NULL. */
  @FunctionalInterface
  private interface Getter<T> {
    T get(RowView row, int c);
  }

  /** Binds to any result with a column, and reads its first; the same object for every shape. */
  private static final class FirstColumn<T> implements RowDecoder<T>, RowDecoder.Bound<T> {
    private final String javaType;
    private final Getter<T> getter;

    FirstColumn(String javaType, Getter<T> getter) {
      this.javaType = javaType;
      this.getter = getter;
    }

    @Override
    public Bound<T> bind(Columns columns) {
      if (columns == null || columns.count() == 0) {
        throw new PgException(
            "42P10",
            "the statement returns no column, and a " + javaType + " result reads the first");
      }
      return this;
    }

    @Override
    public T decode(RowView row) {
      return row.isNull(0) ? null : getter.get(row, 0);
    }

    @Override
    public String toString() {
      return "Scalars[" + javaType + "]";
    }
  }
}
