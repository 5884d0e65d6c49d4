package dev.sluice;

/**
 * Finds the generated decoder of a record class: {@code com.acme.FilmDecoder} for {@code
 * com.acme.Film}, {@code com.acme.Pagila_FilmDecoder} for the nested {@code com.acme.Pagila.Film}.
 * Loaded by name once per class and cached (a ClassValue), so {@code db.query(sql, Film.class)}
 * costs no reflection per call.
 */
final class Decoders {
  private Decoders() {}

  private static final ClassValue<RowDecoder<?>> CACHE =
      new ClassValue<>() {
        @Override
        protected RowDecoder<?> computeValue(Class<?> type) {
          String name = decoderName(type);
          try {
            Class<?> decoder = Class.forName(name, true, type.getClassLoader());
            return (RowDecoder<?>) decoder.getDeclaredConstructor().newInstance();
          } catch (ClassNotFoundException e) {
            throw new PgException("42704", "no generated decoder " + name + " for " + type.getName()
                + ": annotate the record with @Row or @Table and run the Sluice annotation processor");
          } catch (ReflectiveOperationException | ClassCastException e) {
            throw new PgException("42704", "cannot instantiate decoder " + name + ": " + e, null, e);
          }
        }
      };

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
    for (Class<?> outer = type.getEnclosingClass(); outer != null; outer = outer.getEnclosingClass()) {
      simple.insert(0, outer.getSimpleName() + "_");
    }
    String pkg = type.getPackageName();
    return (pkg.isEmpty() ? "" : pkg + ".") + simple + suffix;
  }
}
