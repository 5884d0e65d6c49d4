package dev.sluice;

import java.util.List;

/**
 * Turns rows into values of {@code T}. Generated for every {@code @Row} record by the annotation
 * processor ({@code FilmDecoder}); may be written by hand.
 *
 * <p>{@link #bind} runs once per (statement, decoder): it resolves column names to positions and
 * checks each column's type. The driver caches the result with the prepared statement, so per row
 * only {@link Bound#decode} runs. A bound decoder keeps its positions in final fields: two
 * statements may return the same columns in different orders, so never store them in the decoder.
 */
@FunctionalInterface
public interface RowDecoder<T> {
  /**
   * The decoder {@code db.query(sql, type)} reads rows of {@code type} with: the generated one of a
   * {@code @Row} or {@code @Table} record, or a single value's. Loaded once per class and cached.
   *
   * @param <T> the type of a row's value
   * @param type a record annotated {@code @Row} or {@code @Table}, or a type Sluice reads as a
   *     single column
   * @return the decoder, the same instance on every call for a type
   */
  static <T> RowDecoder<T> of(Class<T> type) {
    return Decoders.of(type);
  }

  /**
   * Resolves column positions for a statement's result and checks each column's type.
   *
   * @param columns the result's columns, by name and type
   * @return a decoder of rows of exactly that shape
   * @throws PgException if a needed column is missing or its type cannot be read as needed
   */
  Bound<T> bind(Columns columns);

  /** A decoder resolved against one result shape. */
  @FunctionalInterface
  interface Bound<T> {
    /**
     * Decodes the current row of {@code row}.
     *
     * @param row the row, positioned; valid only during this call
     * @return the row's value
     */
    T decode(RowView row);

    /**
     * Decodes every complete row in the receive buffer into {@code out}: {@code while (rows.next())
     * out.add(decode(rows))}. Generated decoders override it with the loop inlined.
     *
     * @param rows the rows, positioned before the first one to decode
     * @param out where the values are added, in row order
     */
    default void decodeAll(RowView rows, List<? super T> out) {
      while (rows.next()) {
        out.add(decode(rows));
      }
    }
  }
}
