package dev.sluice.dsl;

/**
 * LIKE conditions. A pattern is always bound, never inlined; a null one is refused as {@code
 * eq(null)} is, since {@code x LIKE NULL} is never true. The text helpers ({@link
 * StringColumn#containsText}, {@code startsWith}, {@code endsWith}) take the user's text literally:
 * they escape {@code %}, {@code _} and the escape character {@code !} in the bound value and say
 * {@code ESCAPE '!'}, so a search for {@code "50%"} matches only text holding {@code 50%}.
 */
final class Patterns {
  /** The escape character of the text helpers' patterns, named in their ESCAPE clause. */
  static final char ESCAPE = '!';

  private static final String ESCAPE_CLAUSE = " ESCAPE '!'";

  private Patterns() {}

  /** {@code expression op $n}, op being " LIKE ", " ILIKE " or " NOT LIKE ". */
  static Condition like(Expression<String> expression, String op, String pattern) {
    return new ConditionKinds.Binary(
        expression,
        op,
        new Expression.Param<String>(notNull(expression, op, pattern), String.class));
  }

  /** {@code expression op $n ESCAPE '!'}, $n being {@code prefix + escaped(text) + suffix}. */
  static Condition literal(
      Expression<String> expression, String op, String prefix, String text, String suffix) {
    String pattern = prefix + escape(notNull(expression, op, text)) + suffix;
    return new ConditionKinds.Postfix(
        new ConditionKinds.Binary(
            expression, op, new Expression.Param<String>(pattern, String.class)),
        ESCAPE_CLAUSE);
  }

  /** {@code text} with {@code %}, {@code _} and {@code !} preceded by {@code !}. */
  static String escape(String text) {
    StringBuilder out = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '%' || c == '_' || c == ESCAPE) {
        if (out == null) {
          out = new StringBuilder(text.length() + 8).append(text, 0, i);
        }
        out.append(ESCAPE);
      }
      if (out != null) {
        out.append(c);
      }
    }
    return out == null ? text : out.toString();
  }

  private static String notNull(Expression<String> expression, String op, String value) {
    if (value == null) {
      throw new IllegalArgumentException(
          "null compared with "
              + expression
              + " by "
              + op.strip()
              + ": a comparison with NULL is never true; use isNull() or isNotNull()");
    }
    return value;
  }
}
