package dev.sluice.dsl;

/**
 * A text column (text, varchar, char, or any column read into a String): a {@link Column} with
 * pattern matching.
 *
 * @param <R> the table's record
 */
public final class StringColumn<R> extends Column<R, String> {
  StringColumn(Table<R> table, String name, String sqlType, int flags) {
    super(table, name, String.class, sqlType, flags);
  }

  /** {@code this LIKE pattern} (case-sensitive; {@code %} any string, {@code _} one character). */
  public Condition like(String pattern) {
    return Dsl.like(this, pattern);
  }

  /** {@code this ILIKE pattern}: LIKE ignoring case. */
  public Condition ilike(String pattern) {
    return Dsl.ilike(this, pattern);
  }

  /** {@code this NOT LIKE pattern}. */
  public Condition notLike(String pattern) {
    return new Conditions.Binary(this, " NOT LIKE ", new Param<String>(pattern, String.class));
  }
}
