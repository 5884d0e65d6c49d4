package dev.sluice.dsl;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Value expressions: bound values, CASE, CAST, COALESCE and its kin, string, date, jsonb and
 * full-text functions, scalar subqueries and MULTISET, and the raw-SQL escape hatch.
 */
public final class Expressions {
  private Expressions() {}

  /**
   * A bound value as an expression: {@code value(1)} renders {@code $n}.
   *
   * @param <T> the value's Java type
   * @param value the value, bound
   * @return the value as an expression of its class
   * @throws IllegalArgumentException if {@code value} is null
   */
  public static <T> Expression<T> value(T value) {
    if (value == null) {
      throw new IllegalArgumentException("value(null) has no type; use unsafeSql(type, \"NULL\")");
    }
    return new Expression.Param<>(value, value.getClass());
  }

  /**
   * {@code lower(expression)}: the text in lower case.
   *
   * @param expression the text
   * @return the text in lower case
   */
  public static Expression<String> lower(Expression<String> expression) {
    return new Expression.Call<>(String.class, "lower", "", List.of(expression));
  }

  /**
   * {@code upper(expression)}: the text in upper case.
   *
   * @param expression the text
   * @return the text in upper case
   */
  public static Expression<String> upper(Expression<String> expression) {
    return new Expression.Call<>(String.class, "upper", "", List.of(expression));
  }

  /**
   * {@code coalesce(expression, $n)}: the value when the expression is NULL.
   *
   * @param <T> the expression's Java type
   * @param expression the expression
   * @param otherwise the value where it is NULL, bound
   * @return the expression
   */
  public static <T> Expression<T> coalesce(Expression<T> expression, T otherwise) {
    return new Expression.Call<>(
        expression.valueType(),
        "coalesce",
        "",
        List.of(expression, new Expression.Param<T>(otherwise, expression.valueType())));
  }

  /**
   * SQL written by hand, as an expression of type {@code type}. Each {@code ?} takes the next
   * argument: a DSL part (a column, an expression) is rendered in place, anything else is bound as
   * a parameter; {@code ??} is a literal {@code ?}. The text itself is trusted as it is: never
   * build it from user input — pass user input as arguments.
   *
   * @param <T> the Java type the result is read as
   * @param type the Java type the result is read as, which the SQL must give
   * @param sql the SQL text, with a {@code ?} per argument; a mismatch fails when rendered
   * @param args the arguments: DSL parts rendered in place, other values bound
   * @return the expression
   */
  public static <T> Expression<T> unsafeSql(Class<T> type, String sql, Object... args) {
    return new ConditionKinds.RawExpression<>(type, sql, args.clone());
  }

  /**
   * {@code merge_action()}: 'INSERT', 'UPDATE' or 'DELETE', in a MERGE's RETURNING.
   *
   * @return the expression, text
   */
  public static Expression<String> mergeAction() {
    return DslDml.mergeAction();
  }

  /**
   * {@code CASE WHEN condition THEN value …}; add branches with {@code when}, end with ELSE.
   *
   * @param <T> the value's Java type
   * @param condition the first branch's condition
   * @param value the first branch's value
   * @return the CASE, for more branches and the ELSE
   * @throws IllegalArgumentException if {@code condition} is {@link Conditions#noCondition()}
   */
  public static <T> Case<T> caseWhen(Condition condition, Expression<T> value) {
    return Case.of(condition, value);
  }

  /**
   * {@code CASE WHEN condition THEN $n …}, the value bound.
   *
   * @param <T> the value's Java type
   * @param condition the first branch's condition
   * @param value the first branch's value, bound
   * @return the CASE, for more branches and the ELSE
   * @throws IllegalArgumentException if {@code value} is null, or {@code condition} is {@link
   *     Conditions#noCondition()}
   */
  public static <T> Case<T> caseWhen(Condition condition, T value) {
    return Case.of(condition, value(value));
  }

  /**
   * {@code CAST(expression AS type)}, read as the type's Java type.
   *
   * @param <T> the Java type the result is read as
   * @param expression the expression converted
   * @param type the PostgreSQL type converted to
   * @return the converted expression
   */
  public static <T> Expression<T> cast(Expression<?> expression, SqlType<T> type) {
    return new Operators.Cast<>(expression, type);
  }

  /**
   * {@code coalesce(first, other, …)}: the first of them that is not NULL.
   *
   * @param <T> the value's Java type
   * @param first the first expression
   * @param others the expressions tried after it, in order
   * @return the expression
   */
  @SafeVarargs
  public static <T> Expression<T> coalesce(Expression<T> first, Expression<? extends T>... others) {
    return call(first.valueType(), "coalesce", first, others);
  }

  /**
   * {@code nullif(expression, $n)}: NULL where the expression equals the value, else itself.
   *
   * @param <T> the value's Java type
   * @param expression the expression
   * @param value the value that gives NULL, bound
   * @return the expression
   * @throws IllegalArgumentException if {@code value} is null
   */
  public static <T> Expression<T> nullif(Expression<T> expression, T value) {
    return new Expression.Call<>(
        expression.valueType(),
        "nullif",
        "",
        List.of(
            expression,
            new Expression.Param<T>(bindable(expression, value), expression.valueType())));
  }

  /**
   * {@code nullif(expression, other)}.
   *
   * @param <T> the value's Java type
   * @param expression the expression
   * @param other the expression whose value gives NULL
   * @return the expression
   */
  public static <T> Expression<T> nullif(Expression<T> expression, Expression<? extends T> other) {
    return new Expression.Call<>(expression.valueType(), "nullif", "", List.of(expression, other));
  }

  /**
   * {@code greatest(first, other, …)}: the largest, NULLs ignored.
   *
   * @param <T> the value's Java type
   * @param first the first expression
   * @param others the other expressions
   * @return the expression
   */
  @SafeVarargs
  public static <T> Expression<T> greatest(Expression<T> first, Expression<? extends T>... others) {
    return call(first.valueType(), "greatest", first, others);
  }

  /**
   * {@code least(first, other, …)}: the smallest, NULLs ignored.
   *
   * @param <T> the value's Java type
   * @param first the first expression
   * @param others the other expressions
   * @return the expression
   */
  @SafeVarargs
  public static <T> Expression<T> least(Expression<T> first, Expression<? extends T>... others) {
    return call(first.valueType(), "least", first, others);
  }

  /**
   * {@code (a || b || …)}: the parts' text joined; NULL if any part is NULL.
   *
   * @param parts the parts, each cast to text
   * @return the text
   */
  public static Expression<String> concat(Expression<?>... parts) {
    return new Operators.Concat(List.of(parts));
  }

  /**
   * {@code length(expression)}: the number of characters.
   *
   * @param expression the text
   * @return the number of characters, an integer
   */
  public static Expression<Integer> length(Expression<String> expression) {
    return new Expression.Call<>(Integer.class, "length", "", List.of(expression));
  }

  /**
   * {@code substring(expression FROM $n FOR $m)}: {@code count} characters from 1-based from.
   *
   * @param expression the text
   * @param from the first character's position, from 1, bound
   * @param count the most characters taken, bound
   * @return the part of the text
   * @throws IllegalArgumentException if {@code count} is negative
   */
  public static Expression<String> substring(Expression<String> expression, int from, int count) {
    return new Operators.Substring(expression, from, count);
  }

  /**
   * {@code substring(expression FROM $n)}: the rest from the 1-based position {@code from}.
   *
   * @param expression the text
   * @param from the first character's position, from 1, bound
   * @return the part of the text
   */
  public static Expression<String> substring(Expression<String> expression, int from) {
    return new Operators.Substring(expression, from, -1);
  }

  /**
   * {@code trim(expression)}: without leading and trailing spaces.
   *
   * @param expression the text
   * @return the trimmed text
   */
  public static Expression<String> trim(Expression<String> expression) {
    return new Expression.Call<>(String.class, "trim", "", List.of(expression));
  }

  /**
   * {@code now()}: the start of the current transaction, the same for all of its statements.
   *
   * @return the transaction's start, a timestamptz
   */
  public static Expression<Instant> now() {
    return new Expression.Call<>(Instant.class, "now", "", List.of());
  }

  /**
   * {@code date_trunc($n, expression)}: truncated to the field, which is bound as text.
   *
   * @param <T> the Java type of the date, time or timestamp
   * @param field the field truncated to (not {@code DOW}, {@code DOY}, {@code ISODOW} or {@code
   *     EPOCH})
   * @param expression the date, time or timestamp
   * @return the truncated value, of the same type
   */
  public static <T> Expression<T> dateTrunc(DatePart field, Expression<T> expression) {
    return new Expression.Call<>(
        expression.valueType(),
        "date_trunc",
        "",
        List.of(
            new Expression.Param<String>(field.name().toLowerCase(), String.class), expression));
  }

  /**
   * {@code extract(FIELD FROM expression)}, numeric (as PostgreSQL 14 and later give it).
   *
   * @param field the field, written as its keyword
   * @param expression the date, time, timestamp or interval
   * @return the field's value, a numeric
   */
  public static Expression<BigDecimal> extract(DatePart field, Expression<?> expression) {
    return new Operators.Extract(field, expression);
  }

  /**
   * {@code (subquery)} as a value, in a select list or a condition: it selects one column and gives
   * at most one row (NULL for none); it may refer to the enclosing query's tables.
   *
   * @param <T> the Java type of the subquery's one column
   * @param subquery the subquery; its values are bound with the statement's
   * @return the subquery as a value
   */
  public static <T> Expression<T> scalar(Select<T> subquery) {
    return new Operators.Scalar<>((AbstractSelect<T>) subquery);
  }

  /**
   * The rows of {@code subquery} as one value, {@code ARRAY(SELECT ms FROM (subquery) AS ms)}, for
   * a {@code List<R>} component of the {@code @Row} record a query selects into: one-to-many in one
   * query, decoded in binary from the receive buffer (jOOQ's MULTISET without JSON). The subquery
   * selects the nested record's columns in its components' order (e.g. {@code selectFrom(ACTOR)}),
   * may refer to the enclosing query's tables, and keeps its ORDER BY; no rows give an empty list.
   * Name it after the component: {@code multiset(…).as("actors")}.
   *
   * @param subquery the rows of the nested records
   * @param <R> the nested record type
   * @return the array of the subquery's rows
   */
  public static <R> Expression<List<R>> multiset(Select<R> subquery) {
    return new Operators.Multiset<>((AbstractSelect<R>) subquery);
  }

  /**
   * {@code (json -> $n)}: the member {@code key}, as jsonb (its JSON text).
   *
   * @param json a jsonb expression
   * @param key the member's key, bound
   * @return the member, as jsonb text; NULL if there is none
   * @throws IllegalArgumentException if {@code key} is null
   */
  public static Expression<String> jsonGet(Expression<String> json, String key) {
    return new Operators.Infix<>(String.class, json, " -> ", text(key, "->"));
  }

  /**
   * {@code (json -> $n)}: the array element at the 0-based {@code index}, as jsonb.
   *
   * @param json a jsonb expression
   * @param index the element's position, from 0 (negative counts from the end), bound
   * @return the element, as jsonb text; NULL if there is none
   */
  public static Expression<String> jsonGet(Expression<String> json, int index) {
    return new Operators.Infix<>(
        String.class, json, " -> ", new Expression.Param<Integer>(index, Integer.class));
  }

  /**
   * {@code (json ->> $n)}: the member {@code key} as text (a string without its quotes).
   *
   * @param json a jsonb expression
   * @param key the member's key, bound
   * @return the member as text; NULL if there is none
   * @throws IllegalArgumentException if {@code key} is null
   */
  public static Expression<String> jsonGetText(Expression<String> json, String key) {
    return new Operators.Infix<>(String.class, json, " ->> ", text(key, "->>"));
  }

  /**
   * {@code to_tsquery($n)} in the default text search configuration.
   *
   * @param query the query's text ({@code 'cat & rat'}), bound
   * @return the tsquery
   * @throws IllegalArgumentException if {@code query} is null
   */
  public static Expression<String> toTsquery(String query) {
    return new Expression.Call<>(
        String.class, "to_tsquery", "", List.of(text(query, "to_tsquery")));
  }

  /**
   * {@code to_tsquery($n, $m)} in the configuration {@code config} ("english"), bound.
   *
   * @param config the text search configuration's name, bound
   * @param query the query's text, bound
   * @return the tsquery
   * @throws IllegalArgumentException if {@code config} or {@code query} is null
   */
  public static Expression<String> toTsquery(String config, String query) {
    return new Expression.Call<>(
        String.class,
        "to_tsquery",
        "",
        List.of(
            new Operators.Cast<>(text(config, "to_tsquery"), SqlType.of("regconfig", String.class)),
            text(query, "to_tsquery")));
  }

  /**
   * {@code to_tsvector(expression)} in the default text search configuration.
   *
   * @param expression the text
   * @return the tsvector
   */
  public static Expression<String> toTsvector(Expression<String> expression) {
    return new Expression.Call<>(String.class, "to_tsvector", "", List.of(expression));
  }

  static Expression<String> text(String value, String what) {
    if (value == null) {
      throw new IllegalArgumentException(what + " of null: give a value");
    }
    return new Expression.Param<>(value, String.class);
  }

  private static Object bindable(Expression<?> expression, Object value) {
    if (value == null) {
      throw new IllegalArgumentException("nullif(" + expression + ", null) is always the value");
    }
    return expression.toDatabase(value);
  }

  private static <T> Expression<T> call(
      Class<?> type, String name, Expression<?> first, Expression<?>[] others) {
    List<QueryPart> args = new ArrayList<>(1 + others.length);
    args.add(first);
    args.addAll(Arrays.asList(others));
    return new Expression.Call<>(type, name, "", List.copyOf(args));
  }
}
