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

  /**
   * {@code this LIKE pattern} (case-sensitive; {@code %} any string, {@code _} one character). A
   * null pattern is refused, as {@code eq(null)} is. To match the user's text literally, use {@link
   * #containsText}, {@link #startsWith} or {@link #endsWith}.
   *
   * @param pattern the pattern, bound
   * @return the condition
   * @throws IllegalArgumentException if {@code pattern} is null
   */
  public Condition like(String pattern) {
    return Conditions.like(this, pattern);
  }

  /**
   * {@code this ILIKE pattern}: LIKE ignoring case. A null pattern is refused.
   *
   * @param pattern the pattern, bound
   * @return the condition
   * @throws IllegalArgumentException if {@code pattern} is null
   */
  public Condition ilike(String pattern) {
    return Conditions.ilike(this, pattern);
  }

  /**
   * {@code this NOT LIKE pattern}. A null pattern is refused.
   *
   * @param pattern the pattern, bound
   * @return the condition
   * @throws IllegalArgumentException if {@code pattern} is null
   */
  public Condition notLike(String pattern) {
    return Patterns.like(this, " NOT LIKE ", pattern);
  }

  /**
   * {@code this LIKE $n ESCAPE '!'} with {@code $n} = {@code '%' + text + '%'}, {@code text}'s
   * {@code %}, {@code _} and {@code !} escaped: the text holds {@code text}, taken literally. (Not
   * {@link ArrayColumn#contains}, which is array containment.) Null is refused.
   *
   * @param text the text looked for, bound after escaping
   * @return the condition
   * @throws IllegalArgumentException if {@code text} is null
   */
  public Condition containsText(String text) {
    return Patterns.literal(this, " LIKE ", "%", text, "%");
  }

  /**
   * As {@link #containsText}, ignoring case (ILIKE).
   *
   * @param text the text looked for, bound after escaping
   * @return the condition
   * @throws IllegalArgumentException if {@code text} is null
   */
  public Condition containsTextIgnoreCase(String text) {
    return Patterns.literal(this, " ILIKE ", "%", text, "%");
  }

  /**
   * {@code this LIKE $n ESCAPE '!'}: the text starts with {@code prefix}, taken literally.
   *
   * @param prefix the prefix, bound after escaping
   * @return the condition
   * @throws IllegalArgumentException if {@code prefix} is null
   */
  public Condition startsWith(String prefix) {
    return Patterns.literal(this, " LIKE ", "", prefix, "%");
  }

  /**
   * {@code this LIKE $n ESCAPE '!'}: the text ends with {@code suffix}, taken literally.
   *
   * @param suffix the suffix, bound after escaping
   * @return the condition
   * @throws IllegalArgumentException if {@code suffix} is null
   */
  public Condition endsWith(String suffix) {
    return Patterns.literal(this, " LIKE ", "%", suffix, "");
  }
}
