package dev.sluice;

import dev.sluice.annotations.ColumnTypes;

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

  /**
   * The decoder of a single value of {@code type}, or null when it is no value type: the {@link
   * Scalars} constant the table of value types ({@link ColumnTypes}) names for it, found once per
   * class (the ClassValue above caches it).
   */
  private static RowDecoder<?> scalar(Class<?> type) {
    String name = ColumnTypes.nameOf(type);
    ColumnTypes.ValueType row = ColumnTypes.of(name);
    if (row == null) {
      return null;
    }
    try {
      return (RowDecoder<?>) Scalars.class.getField(row.name()).get(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Scalars has no decoder " + row.name() + " for " + name, e);
    }
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
