package dev.sluice;

/**
 * Maps a column's value, read as a type Sluice knows ({@code C}: String, Integer, Long, BigDecimal,
 * Instant, UUID, …), to a domain type {@code T}, and back. Named on a record component with
 * {@code @Convert(MyConverter.class)}; generated decoders create one instance per decoder class
 * with the public no-argument constructor and call it directly, never by reflection.
 *
 * <p>NULL never reaches a converter: a nullable component is null for NULL, and a NULL in a
 * non-nullable component fails before the converter is called. Implementations must be thread-safe
 * (one instance serves every connection), and should be stateless.
 *
 * @param <C> the column's Java type, one Sluice reads directly
 * @param <T> the component's type
 */
public interface Converter<C, T> {
  /**
   * The component's value for a column value, when a row is decoded.
   *
   * @param value the column's value, never null
   * @return the component's value
   */
  T fromColumn(C value);

  /**
   * The column value for a component's value; used by generated writes.
   *
   * @param value the component's value, never null
   * @return the value to bind for the column
   */
  C toColumn(T value);
}
