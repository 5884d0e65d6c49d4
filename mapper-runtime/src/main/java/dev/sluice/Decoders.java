package dev.sluice;

/**
 * Finds the generated decoder of a record class: {@code com.acme.FilmDecoder} for {@code
 * com.acme.Film}, {@code com.acme.Pagila_FilmDecoder} for the nested {@code com.acme.Pagila.Film}.
 * Loaded by name once per class and cached (a ClassValue), so {@code db.query(sql, Film.class)}
 * costs no reflection per call. Single values ({@code Long.class}, {@code String.class}, an enum,
 * …) read the first column through {@link Scalars}.
 */
final class Decoders {
  private Decoders() {}

  private static final ClassValue<RowDecoder<?>> CACHE =
      new ClassValue<>() {
        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        protected RowDecoder<?> computeValue(Class<?> type) {
          RowDecoder<?> scalar = scalar(type);
          if (scalar != null) {
            return scalar;
          }
          if (type.isEnum()) {
            return Scalars.enumOf((Class) type);
          }
          String name = decoderName(type);
          try {
            Class<?> decoder = Class.forName(name, true, type.getClassLoader());
            return (RowDecoder<?>) decoder.getDeclaredConstructor().newInstance();
          } catch (ClassNotFoundException e) {
            throw new PgException(
                "42704",
                "no generated decoder "
                    + name
                    + " for "
                    + type.getName()
                    + ": annotate the record with @Row or @Table and run the Sluice annotation processor");
          } catch (ReflectiveOperationException | ClassCastException e) {
            throw new PgException(
                "42704", "cannot instantiate decoder " + name + ": " + e, null, e);
          }
        }
      };

  /** The decoder of a single value of {@code type}, or null when it is no scalar type. */
  private static RowDecoder<?> scalar(Class<?> type) {
    if (type == Long.class) return Scalars.LONG;
    if (type == Integer.class) return Scalars.INT;
    if (type == Short.class) return Scalars.SHORT;
    if (type == String.class) return Scalars.STRING;
    if (type == Boolean.class) return Scalars.BOOLEAN;
    if (type == Double.class) return Scalars.DOUBLE;
    if (type == Float.class) return Scalars.FLOAT;
    if (type == java.math.BigDecimal.class) return Scalars.BIG_DECIMAL;
    if (type == byte[].class) return Scalars.BYTES;
    if (type == java.util.UUID.class) return Scalars.UUID;
    if (type == java.time.LocalDate.class) return Scalars.LOCAL_DATE;
    if (type == java.time.LocalTime.class) return Scalars.LOCAL_TIME;
    if (type == java.time.OffsetTime.class) return Scalars.OFFSET_TIME;
    if (type == java.time.LocalDateTime.class) return Scalars.LOCAL_DATE_TIME;
    if (type == java.time.Instant.class) return Scalars.INSTANT;
    if (type == java.time.OffsetDateTime.class) return Scalars.OFFSET_DATE_TIME;
    if (type == Interval.class) return Scalars.INTERVAL;
    if (type == java.net.InetAddress.class) return Scalars.INET_ADDRESS;
    if (type == InetNetwork.class) return Scalars.INET_NETWORK;
    if (type == PgLsn.class) return Scalars.PG_LSN;
    if (type == BitString.class) return Scalars.BIT_STRING;
    return null;
  }

  @SuppressWarnings("unchecked")
  static <T> RowDecoder<T> of(Class<T> type) {
    return (RowDecoder<T>) CACHE.get(type);
  }

  static String decoderName(Class<?> type) {
    return generatedName(type, "Decoder");
  }

  /**
   * The class the processor generates for {@code type} with {@code suffix}: in its package, named
   * from its nesting path ({@code Outer_InnerDecoder}).
   */
  static String generatedName(Class<?> type, String suffix) {
    StringBuilder simple = new StringBuilder(type.getSimpleName());
    for (Class<?> outer = type.getEnclosingClass();
        outer != null;
        outer = outer.getEnclosingClass()) {
      simple.insert(0, outer.getSimpleName() + "_");
    }
    String pkg = type.getPackageName();
    return (pkg.isEmpty() ? "" : pkg + ".") + simple + suffix;
  }
}
