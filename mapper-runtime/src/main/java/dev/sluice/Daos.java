package dev.sluice;

import java.util.function.Function;

/**
 * Finds the generated implementation of a {@code @Dao} interface: {@code com.acme.FilmDaoImpl} for
 * {@code com.acme.FilmDao}, {@code com.acme.Outer_FilmDaoImpl} for the nested {@code
 * com.acme.Outer.FilmDao}. Its {@code FACTORY} constant is read once per interface and cached (a
 * ClassValue), so {@code db.dao(FilmDao.class)} costs one small allocation and no reflection.
 */
final class Daos {
  private Daos() {}

  private static final ClassValue<Function<Queries, ?>> FACTORIES =
      new ClassValue<>() {
        @Override
        @SuppressWarnings(
            "unchecked") // FACTORY is a Function<Queries, D>, checked by the processor
        protected Function<Queries, ?> computeValue(Class<?> type) {
          String name = Decoders.generatedName(type, "Impl");
          if (!type.isInterface()) {
            throw new PgException(
                "42704", type.getName() + " is not an interface; db.dao(…) takes a @Dao interface");
          }
          try {
            Class<?> impl = Class.forName(name, true, type.getClassLoader());
            Object factory = impl.getField("FACTORY").get(null);
            return (Function<Queries, ?>) factory;
          } catch (ClassNotFoundException e) {
            throw new PgException(
                "42704",
                "no generated implementation "
                    + name
                    + " for "
                    + type.getName()
                    + ": annotate the interface with @Dao and run the Sluice annotation processor");
          } catch (ReflectiveOperationException | ClassCastException e) {
            throw new PgException(
                "42704", "cannot use the generated implementation " + name + ": " + e, null, e);
          }
        }
      };

  /** A new implementation of {@code type} running its statements on {@code queries}. */
  static <D> D create(Class<D> type, Queries queries) {
    return type.cast(FACTORIES.get(type).apply(queries));
  }
}
