package dev.sluice.dsl;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code CASE WHEN c1 THEN v1 WHEN c2 THEN v2 … ELSE v END}, started by {@link
 * Expressions#caseWhen}. Each {@link #when} adds a branch; {@link #otherwise} gives the ELSE and
 * ends it. Without an ELSE the value is NULL when no condition holds, as in SQL. Values given as
 * Java values are bound. Immutable: every step makes a new expression.
 *
 * <p>A branch's condition may not be {@link Conditions#noCondition()}: taken as TRUE it would make
 * every later branch dead, so it fails when the branch is added.
 *
 * @param <T> the value's Java type
 */
public final class Case<T> extends Expression<T> {
  private final List<Condition> conditions;
  private final List<Expression<? extends T>> values;

  /** The ELSE value, or null for none. */
  private final Expression<? extends T> otherwise;

  private Case(
      Class<?> type,
      List<Condition> conditions,
      List<Expression<? extends T>> values,
      Expression<? extends T> otherwise) {
    super(type);
    this.conditions = conditions;
    this.values = values;
    this.otherwise = otherwise;
  }

  static <T> Case<T> of(Condition condition, Expression<? extends T> value) {
    return new Case<T>(value.valueType(), List.of(), List.of(), null).when(condition, value);
  }

  /**
   * Another branch: {@code WHEN condition THEN value}.
   *
   * @param condition the branch's condition; values in it are bound
   * @param value the branch's value
   * @return a new CASE with the branch added
   * @throws IllegalStateException if the ELSE was given
   * @throws IllegalArgumentException if {@code condition} is {@link Conditions#noCondition()}
   */
  public Case<T> when(Condition condition, Expression<? extends T> value) {
    if (otherwise != null) {
      throw new IllegalStateException("CASE already has its ELSE; add the WHEN before it");
    }
    if (condition.isEmpty()) {
      throw new IllegalArgumentException(
          "CASE WHEN noCondition(): an empty condition has no SQL of its own (TRUE would make"
              + " every later branch dead); leave the branch out or give it a condition");
    }
    List<Condition> c = new ArrayList<>(conditions);
    c.add(condition);
    List<Expression<? extends T>> v = new ArrayList<>(values);
    v.add(value);
    return new Case<>(valueType(), List.copyOf(c), List.copyOf(v), null);
  }

  /**
   * Another branch with a bound value.
   *
   * @param condition the branch's condition; values in it are bound
   * @param value the branch's value, bound
   * @return a new CASE with the branch added
   * @throws IllegalArgumentException if {@code value} is null, or {@code condition} is {@link
   *     Conditions#noCondition()}
   */
  public Case<T> when(Condition condition, T value) {
    return when(condition, bound(value));
  }

  /**
   * {@code ELSE value END}.
   *
   * @param value the value when no branch holds
   * @return the whole CASE, an expression of the branches' type
   */
  public Expression<T> otherwise(Expression<? extends T> value) {
    return new Case<>(valueType(), conditions, values, value);
  }

  /**
   * {@code ELSE $n END}, the value bound.
   *
   * @param value the value when no branch holds, bound
   * @return the whole CASE, an expression of the branches' type
   * @throws IllegalArgumentException if {@code value} is null (leave out the ELSE for NULL)
   */
  public Expression<T> otherwise(T value) {
    return otherwise(bound(value));
  }

  private Expression<T> bound(T value) {
    if (value == null) {
      throw new IllegalArgumentException(
          "CASE value null: leave out the ELSE for NULL, or give unsafeSql(type, \"NULL\")");
    }
    return new Param<>(value, valueType());
  }

  @Override
  void render(SqlWriter w) {
    w.append("CASE");
    for (int i = 0; i < conditions.size(); i++) {
      w.append(" WHEN ");
      conditions.get(i).render(w);
      w.append(" THEN ");
      values.get(i).render(w);
    }
    if (otherwise != null) {
      w.append(" ELSE ");
      otherwise.render(w);
    }
    w.append(" END");
  }
}
