package dev.sluice.dsl;

/**
 * Conditions for WHERE, HAVING, ON and FILTER that are not methods of an expression: composing
 * ({@code and}, {@code or}, {@code not}, {@link #noCondition()} for filters built at run time),
 * EXISTS, patterns, jsonb and full-text tests, and the raw-SQL escape hatch.
 */
public final class Conditions {
  private Conditions() {}

  /**
   * No condition: the start for filters composed at run time, e.g. {@code c = c.and(…)} under
   * {@code if}s. {@code and} and {@code or} drop it ({@code noCondition().and(c)} is {@code c}), so
   * it never renders as SQL of its own. What a statement does when its condition is still {@code
   * noCondition()} when it is rendered:
   *
   * <ul>
   *   <li>a SELECT's {@code where(…)} or {@code having(…)}: no WHERE or HAVING, every row;
   *   <li>an UPDATE's or DELETE's {@code where(…)}: fails, naming the statement, before anything is
   *       sent; every row takes an explicit {@code allRows()};
   *   <li>a join's {@code on(…)} or an {@code unsafeSql} argument: fails.
   * </ul>
   *
   * @return the empty condition
   */
  public static Condition noCondition() {
    return ConditionKinds.NONE;
  }

  /**
   * {@code c1 AND c2 AND …}; {@link #noCondition()} operands are dropped. With none left (or none
   * given) it is {@code noCondition()}: no filter, which an UPDATE or DELETE rejects.
   *
   * @param conditions the conditions ANDed
   * @return the conjunction, or {@code noCondition()} if nothing is left
   */
  public static Condition and(Condition... conditions) {
    return ConditionKinds.Junction.of(ConditionKinds.Junction.AND, conditions);
  }

  /**
   * {@code c1 OR c2 OR …}; {@link #noCondition()} operands are dropped. With none left (or none
   * given) it is {@code FALSE}, which matches no row: {@code or()} of an empty list of alternatives
   * selects, updates and deletes nothing, as {@code in()} of an empty list does.
   *
   * @param conditions the conditions ORed
   * @return the disjunction, or FALSE if nothing is left
   */
  public static Condition or(Condition... conditions) {
    return ConditionKinds.Junction.of(ConditionKinds.Junction.OR, conditions);
  }

  /**
   * {@code NOT (condition)}; the negation of {@link #noCondition()} is {@code noCondition()}.
   *
   * @param condition the condition negated
   * @return the negation
   */
  public static Condition not(Condition condition) {
    return condition.not();
  }

  /**
   * {@code EXISTS (subquery)}; the subquery may refer to the tables of the enclosing query.
   *
   * @param subquery the subquery; its values are bound with the statement's
   * @return the condition
   */
  public static Condition exists(Select<?> subquery) {
    return new ConditionKinds.Exists("EXISTS", subquery);
  }

  /**
   * {@code NOT EXISTS (subquery)}; the subquery may refer to the tables of the enclosing query.
   *
   * @param subquery the subquery; its values are bound with the statement's
   * @return the condition
   */
  public static Condition notExists(Select<?> subquery) {
    return new ConditionKinds.Exists("NOT EXISTS", subquery);
  }

  /**
   * {@code expression LIKE pattern}; the pattern is bound. A null pattern is refused, as {@code
   * eq(null)} is: use isNull().
   *
   * @param expression the text matched
   * @param pattern the pattern ({@code %} any string, {@code _} one character), bound
   * @return the condition
   * @throws IllegalArgumentException if {@code pattern} is null
   */
  public static Condition like(Expression<String> expression, String pattern) {
    return Patterns.like(expression, " LIKE ", pattern);
  }

  /**
   * {@code expression ILIKE pattern}: LIKE ignoring case. A null pattern is refused.
   *
   * @param expression the text matched
   * @param pattern the pattern, bound
   * @return the condition
   * @throws IllegalArgumentException if {@code pattern} is null
   */
  public static Condition ilike(Expression<String> expression, String pattern) {
    return Patterns.like(expression, " ILIKE ", pattern);
  }

  /**
   * A condition written by hand; see {@link Expressions#unsafeSql(Class, String, Object...)}.
   *
   * @param sql the SQL text, with a {@code ?} per argument; a mismatch fails when rendered
   * @param args the arguments: DSL parts rendered in place, other values bound
   * @return the condition
   */
  public static Condition unsafeCondition(String sql, Object... args) {
    return new ConditionKinds.Raw(sql, args.clone());
  }

  /**
   * {@code TRUE}, said explicitly: for {@code LEFT JOIN LATERAL … ON TRUE}. ({@code noCondition()}
   * is refused in ON, so a join without a condition is never an accident.)
   *
   * @return the condition {@code TRUE}
   */
  public static Condition trueCondition() {
    return ConditionKinds.TRUE;
  }

  /**
   * {@code json @> CAST($n AS jsonb)}: the document contains {@code jsonValue} (JSON text).
   *
   * @param json a jsonb expression
   * @param jsonValue the JSON text contained, bound
   * @return the condition
   * @throws IllegalArgumentException if {@code jsonValue} is null
   */
  public static Condition jsonContains(Expression<String> json, String jsonValue) {
    return new ConditionKinds.Binary(
        json, " @> ", new Operators.Cast<>(Expressions.text(jsonValue, "@>"), SqlType.JSONB));
  }

  /**
   * {@code json ? $n}: {@code key} is a top-level key (or an array's string element). The {@code ?}
   * is only the operator: the driver's placeholders are {@code $n}, so nothing rewrites it.
   *
   * @param json a jsonb expression
   * @param key the key, bound
   * @return the condition
   * @throws IllegalArgumentException if {@code key} is null
   */
  public static Condition jsonHasKey(Expression<String> json, String key) {
    return new ConditionKinds.Binary(json, " ? ", Expressions.text(key, "?"));
  }

  /**
   * {@code document @@ query}: the tsvector matches the tsquery.
   *
   * @param document a tsvector expression
   * @param query a tsquery expression
   * @return the condition
   */
  public static Condition matches(Expression<String> document, Expression<String> query) {
    return new ConditionKinds.Binary(document, " @@ ", query);
  }
}
