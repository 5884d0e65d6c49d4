package dev.sluice.generated;

/**
 * A record's components as the fields of a composite value: what lets a {@code @Row} or
 * {@code @Table} record be bound as a parameter of a composite type ({@code $1::addr}, an {@code
 * addr[]} from a {@code List} of records) without reflection. Every generated decoder implements
 * it; the components are the composite's attributes in order, as when it is read.
 *
 * @param <T> the record type
 */
public interface CompositeFields<T> {
  /**
   * The components of {@code value} in declaration order (primitives boxed, nested records and
   * lists as they are).
   *
   * @param value the record, not null
   * @return a new array of its components
   */
  Object[] fields(T value);
}
