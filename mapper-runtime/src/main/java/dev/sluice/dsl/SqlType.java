package dev.sluice.dsl;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.regex.Pattern;

/**
 * A PostgreSQL type to {@link Expressions#cast} to, with the Java type its values are read as:
 * {@code cast(FILM.rentalDuration, SqlType.NUMERIC)} is an {@code Expression<BigDecimal>} rendering
 * {@code CAST(film.rental_duration AS numeric)}. A type name is SQL text (it cannot be a bound
 * parameter), so names made with {@link #of} are checked to be only a type name: words, an optional
 * schema, a modifier such as {@code (10,2)} and {@code []}s. Immutable.
 *
 * @param <T> the Java type a value of this type is read as
 */
public final class SqlType<T> {
  /** {@code smallint}, read as a Short. */
  public static final SqlType<Short> SMALLINT = new SqlType<>("smallint", Short.class);

  /** {@code integer}, read as an Integer. */
  public static final SqlType<Integer> INTEGER = new SqlType<>("integer", Integer.class);

  /** {@code bigint}, read as a Long. */
  public static final SqlType<Long> BIGINT = new SqlType<>("bigint", Long.class);

  /** {@code numeric}, read as a BigDecimal. */
  public static final SqlType<BigDecimal> NUMERIC = new SqlType<>("numeric", BigDecimal.class);

  /** {@code real}, read as a Float. */
  public static final SqlType<Float> REAL = new SqlType<>("real", Float.class);

  /** {@code double precision}, read as a Double. */
  public static final SqlType<Double> DOUBLE_PRECISION =
      new SqlType<>("double precision", Double.class);

  /** {@code boolean}, read as a Boolean. */
  public static final SqlType<Boolean> BOOLEAN = new SqlType<>("boolean", Boolean.class);

  /** {@code text}, read as a String. */
  public static final SqlType<String> TEXT = new SqlType<>("text", String.class);

  /** {@code jsonb}, read as its text. */
  public static final SqlType<String> JSONB = new SqlType<>("jsonb", String.class);

  /** {@code date}, read as a LocalDate. */
  public static final SqlType<LocalDate> DATE = new SqlType<>("date", LocalDate.class);

  /** {@code timestamp} (without time zone), read as a LocalDateTime. */
  public static final SqlType<LocalDateTime> TIMESTAMP =
      new SqlType<>("timestamp", LocalDateTime.class);

  /** {@code timestamptz}, read as an Instant. */
  public static final SqlType<Instant> TIMESTAMPTZ = new SqlType<>("timestamptz", Instant.class);

  /**
   * A type name: identifier words separated by single spaces ({@code double precision}), one
   * optional schema qualifier, an optional modifier of one or two integers, then {@code []}s.
   */
  private static final Pattern NAME =
      Pattern.compile(
          "([A-Za-z_][A-Za-z0-9_]*\\.)?[A-Za-z_][A-Za-z0-9_]*( [A-Za-z_][A-Za-z0-9_]*)*"
              + "(\\([0-9]+(, ?[0-9]+)?\\))?(\\[\\])*");

  private final String name;
  private final Class<T> javaType;

  private SqlType(String name, Class<T> javaType) {
    this.name = name;
    this.javaType = javaType;
  }

  /**
   * The type {@code name} ("varchar(20)", "public.mpaa_rating", "int[]"), read as {@code javaType}.
   * Fails if the name holds anything but a type name, so no SQL can hide in it.
   *
   * @param <T> the Java type
   * @param name the type's name, as SQL writes it
   * @param javaType the Java type its values are read as
   * @return the type
   * @throws IllegalArgumentException if {@code name} is null or not only a type name
   */
  public static <T> SqlType<T> of(String name, Class<T> javaType) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "not a type name: \""
              + name
              + "\" (expected words, an optional schema, a modifier such as (10,2), and []s)");
    }
    return new SqlType<>(name, javaType);
  }

  /**
   * {@code numeric(precision, scale)}.
   *
   * @param precision the total number of digits, at least 1
   * @param scale the digits after the decimal point, 0 to {@code precision}
   * @return the type, read as a BigDecimal
   * @throws IllegalArgumentException if precision or scale is out of range
   */
  public static SqlType<BigDecimal> numeric(int precision, int scale) {
    if (precision < 1 || scale < 0 || scale > precision) {
      throw new IllegalArgumentException("numeric(" + precision + ", " + scale + ")");
    }
    return new SqlType<>("numeric(" + precision + "," + scale + ")", BigDecimal.class);
  }

  /**
   * {@code varchar(length)}: a cast to it truncates longer text.
   *
   * @param length the most characters, at least 1
   * @return the type, read as a String
   * @throws IllegalArgumentException if {@code length} is less than 1
   */
  public static SqlType<String> varchar(int length) {
    if (length < 1) {
      throw new IllegalArgumentException("varchar length < 1: " + length);
    }
    return new SqlType<>("varchar(" + length + ")", String.class);
  }

  /**
   * The name as written into the SQL.
   *
   * @return the name
   */
  public String name() {
    return name;
  }

  /**
   * The Java type a value of this type is read as.
   *
   * @return the Java type
   */
  public Class<T> javaType() {
    return javaType;
  }

  @Override
  public String toString() {
    return name;
  }
}
