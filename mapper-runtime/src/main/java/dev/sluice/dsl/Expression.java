package dev.sluice.dsl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * A typed SQL value expression: a column, an aggregate, a function call, a bound value, a raw
 * fragment. The comparison methods take a {@code T} (or another expression of {@code T}), so
 * comparing an integer column with a String does not compile. Values are always bound as
 * parameters, never written into the SQL.
 *
 * <p>Expressions are immutable and may be shared between queries and threads.
 *
 * @param <T> the Java type of the value (boxed for primitives)
 */
public abstract class Expression<T> extends SelectField<T> {
  /** The boxed Java type of the value, for reading it as a scalar. */
  private final Class<?> type;

  /** The decoder for a scalar select of this expression, made on first use. */
  private volatile ScalarDecoder<T> decoder;

  Expression(Class<?> type) {
    this.type = box(type);
  }

  /**
   * The Java type of the value: {@code Integer.class} for an int column.
   *
   * @return the boxed Java type
   */
  public final Class<?> valueType() {
    return type;
  }

  /**
   * The value bound for {@code value} compared with (or assigned to) this expression: a column with
   * a converter converts it to the column's type; anything else binds it as it is.
   */
  Object toDatabase(Object value) {
    return value;
  }

  private List<Object> toDatabase(Collection<?> values) {
    List<Object> out = new ArrayList<>(values.size());
    for (Object v : values) {
      out.add(v == null ? null : toDatabase(v));
    }
    return out;
  }

  /** The element type of an array value; null otherwise. */
  Class<?> elementType() {
    return null;
  }

  @Override
  final Expression<T> expression() {
    return this;
  }

  @Override
  final ScalarDecoder<T> decoder() {
    ScalarDecoder<T> d = decoder;
    if (d == null) {
      d = newDecoder();
      decoder = d;
    }
    return d;
  }

  /** Makes the decoder of {@link #decoder()}; a converted column's reads through its converter. */
  ScalarDecoder<T> newDecoder() {
    return new ScalarDecoder<>(type, elementType(), toString(), null);
  }

  // ---- comparisons ----

  /**
   * {@code this = value}; for NULL use {@link #isNull()} ({@code = NULL} is never true).
   *
   * @param value the value compared with, bound
   * @return the condition
   * @throws IllegalArgumentException if {@code value} is null
   */
  public final Condition eq(T value) {
    return compare(" = ", value);
  }

  /**
   * {@code this = other}: equal to another expression (a column, a function, a scalar subquery).
   *
   * @param other the expression compared with
   * @return the condition
   */
  public final Condition eq(Expression<? extends T> other) {
    return new ConditionKinds.Binary(this, " = ", other);
  }

  /**
   * {@code this <> $n}: not equal to the value, which is bound. For NULL use {@link #isNull()} or
   * {@link #isDistinctFrom}: a comparison with NULL is never true.
   *
   * @param value the value compared with, bound
   * @return the condition
   * @throws IllegalArgumentException if {@code value} is null
   */
  public final Condition ne(T value) {
    return compare(" <> ", value);
  }

  /**
   * {@code this <> other}: not equal to another expression (a column, a function, a scalar
   * subquery).
   *
   * @param other the expression compared with
   * @return the condition
   */
  public final Condition ne(Expression<? extends T> other) {
    return new ConditionKinds.Binary(this, " <> ", other);
  }

  /**
   * {@code this < $n}: less than the value, which is bound. For NULL use {@link #isNull()} or
   * {@link #isDistinctFrom}: a comparison with NULL is never true.
   *
   * @param value the value compared with, bound
   * @return the condition
   * @throws IllegalArgumentException if {@code value} is null
   */
  public final Condition lt(T value) {
    return compare(" < ", value);
  }

  /**
   * {@code this < other}: less than another expression (a column, a function, a scalar subquery).
   *
   * @param other the expression compared with
   * @return the condition
   */
  public final Condition lt(Expression<? extends T> other) {
    return new ConditionKinds.Binary(this, " < ", other);
  }

  /**
   * {@code this <= $n}: less than or equal to the value, which is bound. For NULL use {@link
   * #isNull()} or {@link #isDistinctFrom}: a comparison with NULL is never true.
   *
   * @param value the value compared with, bound
   * @return the condition
   * @throws IllegalArgumentException if {@code value} is null
   */
  public final Condition le(T value) {
    return compare(" <= ", value);
  }

  /**
   * {@code this <= other}: less than or equal to another expression (a column, a function, a scalar
   * subquery).
   *
   * @param other the expression compared with
   * @return the condition
   */
  public final Condition le(Expression<? extends T> other) {
    return new ConditionKinds.Binary(this, " <= ", other);
  }

  /**
   * {@code this > $n}: greater than the value, which is bound. For NULL use {@link #isNull()} or
   * {@link #isDistinctFrom}: a comparison with NULL is never true.
   *
   * @param value the value compared with, bound
   * @return the condition
   * @throws IllegalArgumentException if {@code value} is null
   */
  public final Condition gt(T value) {
    return compare(" > ", value);
  }

  /**
   * {@code this > other}: greater than another expression (a column, a function, a scalar
   * subquery).
   *
   * @param other the expression compared with
   * @return the condition
   */
  public final Condition gt(Expression<? extends T> other) {
    return new ConditionKinds.Binary(this, " > ", other);
  }

  /**
   * {@code this >= $n}: greater than or equal to the value, which is bound. For NULL use {@link
   * #isNull()} or {@link #isDistinctFrom}: a comparison with NULL is never true.
   *
   * @param value the value compared with, bound
   * @return the condition
   * @throws IllegalArgumentException if {@code value} is null
   */
  public final Condition ge(T value) {
    return compare(" >= ", value);
  }

  /**
   * {@code this >= other}: greater than or equal to another expression (a column, a function, a
   * scalar subquery).
   *
   * @param other the expression compared with
   * @return the condition
   */
  public final Condition ge(Expression<? extends T> other) {
    return new ConditionKinds.Binary(this, " >= ", other);
  }

  /**
   * {@code this BETWEEN low AND high} (both ends included).
   *
   * @param low the lowest value matched, bound
   * @param high the highest value matched, bound
   * @return the condition
   * @throws IllegalArgumentException if {@code low} or {@code high} is null
   */
  public final Condition between(T low, T high) {
    return new ConditionKinds.Between(
        this,
        new Param<>(toDatabase(notNull(low, "between")), type),
        new Param<>(toDatabase(notNull(high, "between")), type));
  }

  /**
   * {@code this = ANY($n)} with the values bound as one array parameter: the SQL text is the same
   * whatever the number of values, so the prepared statement is reused. An empty list binds an
   * empty array, and {@code x = ANY('{}')} is FALSE for every row, NULLs included: no row matches,
   * so a SELECT reads none and an UPDATE or DELETE touches none. (PostgreSQL has no {@code IN ()}.)
   *
   * @param values the values, bound as one array; empty matches no row
   * @return the condition
   */
  public final Condition in(Collection<? extends T> values) {
    return new ConditionKinds.Any(this, " = ANY(", toDatabase(values));
  }

  /**
   * {@code this = ANY($n)}, as {@link #in(Collection)}: the values bound as one array.
   *
   * @param values the values; none matches no row
   * @return the condition
   */
  @SafeVarargs
  public final Condition in(T... values) {
    return in(Arrays.asList(values));
  }

  /**
   * {@code this IN (subquery)}.
   *
   * @param subquery a select of one expression of this type; its values are bound with the
   *     statement's
   * @return the condition
   */
  public final Condition in(Select<? extends T> subquery) {
    return new ConditionKinds.InSelect(this, " IN ", subquery);
  }

  /**
   * {@code this <> ALL($n)}, the values bound as one array. An empty list binds an empty array, and
   * {@code x <> ALL('{}')} is TRUE for every row, NULLs included, as SQL's {@code x NOT IN} of an
   * empty subquery is: every row matches, so an UPDATE or DELETE of the rows "not in" an empty list
   * touches every row, as it says. A NULL among the values makes it match no row (NULL or FALSE for
   * each), as {@code NOT IN} with a NULL does.
   *
   * @param values the values, bound as one array; empty matches every row
   * @return the condition
   */
  public final Condition notIn(Collection<? extends T> values) {
    return new ConditionKinds.Any(this, " <> ALL(", toDatabase(values));
  }

  /**
   * {@code this NOT IN (subquery)}.
   *
   * @param subquery a select of one expression of this type; its values are bound with the
   *     statement's
   * @return the condition
   */
  public final Condition notIn(Select<? extends T> subquery) {
    return new ConditionKinds.InSelect(this, " NOT IN ", subquery);
  }

  /**
   * {@code this IS NULL}.
   *
   * @return the condition
   */
  public final Condition isNull() {
    return new ConditionKinds.Postfix(this, " IS NULL");
  }

  /**
   * {@code this IS NOT NULL}.
   *
   * @return the condition
   */
  public final Condition isNotNull() {
    return new ConditionKinds.Postfix(this, " IS NOT NULL");
  }

  /**
   * {@code this IS DISTINCT FROM value}: like {@code <>}, with NULL a value like any other.
   *
   * @param value the value compared with, bound; null is NULL
   * @return the condition
   */
  public final Condition isDistinctFrom(T value) {
    return new ConditionKinds.Binary(
        this, " IS DISTINCT FROM ", new Param<>(value == null ? null : toDatabase(value), type));
  }

  // ---- ordering and naming ----

  /**
   * {@code this ASC}: an ascending ORDER BY key, NULLs last unless {@link SortField#nullsFirst()}.
   *
   * @return the sort key
   */
  public final SortField asc() {
    return new SortField(this, false, 0);
  }

  /**
   * {@code this DESC}: a descending ORDER BY key, NULLs first unless {@link SortField#nullsLast()}.
   *
   * @return the sort key
   */
  public final SortField desc() {
    return new SortField(this, true, 0);
  }

  /**
   * This expression under {@code name} in a select list: {@code expr AS name}.
   *
   * @param name the output column's name, quoted where needed
   * @return the named item, for a select list or a RETURNING
   */
  public final SelectField<T> as(String name) {
    return new Aliased<>(this, name);
  }

  // ---- arithmetic (each renders parenthesized: (a + b)) ----

  /**
   * {@code (this + $n)}.
   *
   * @param value the value added, bound
   * @return the sum, of this expression's type
   * @throws IllegalArgumentException if {@code value} is null
   */
  public final Expression<T> plus(T value) {
    return arithmetic(" + ", value);
  }

  /**
   * {@code (this + other)}.
   *
   * @param other the expression added
   * @return the sum, of this expression's type
   */
  public final Expression<T> plus(Expression<? extends T> other) {
    return new Operators.Infix<>(type, this, " + ", other);
  }

  /**
   * {@code (this - $n)}.
   *
   * @param value the value subtracted, bound
   * @return the difference, of this expression's type
   * @throws IllegalArgumentException if {@code value} is null
   */
  public final Expression<T> minus(T value) {
    return arithmetic(" - ", value);
  }

  /**
   * {@code (this - other)}.
   *
   * @param other the expression subtracted
   * @return the difference, of this expression's type
   */
  public final Expression<T> minus(Expression<? extends T> other) {
    return new Operators.Infix<>(type, this, " - ", other);
  }

  /**
   * {@code (this * $n)}.
   *
   * @param value the factor, bound
   * @return the product, of this expression's type
   * @throws IllegalArgumentException if {@code value} is null
   */
  public final Expression<T> times(T value) {
    return arithmetic(" * ", value);
  }

  /**
   * {@code (this * other)}.
   *
   * @param other the factor
   * @return the product, of this expression's type
   */
  public final Expression<T> times(Expression<? extends T> other) {
    return new Operators.Infix<>(type, this, " * ", other);
  }

  /**
   * {@code (this / $n)}: of integers, the quotient truncated toward zero, as in Java.
   *
   * @param value the divisor, bound
   * @return the quotient, of this expression's type (a division by zero fails when run, SQLSTATE
   *     22012)
   * @throws IllegalArgumentException if {@code value} is null
   */
  public final Expression<T> div(T value) {
    return arithmetic(" / ", value);
  }

  /**
   * {@code (this / other)}: of integers, the quotient truncated toward zero.
   *
   * @param other the divisor
   * @return the quotient, of this expression's type
   */
  public final Expression<T> div(Expression<? extends T> other) {
    return new Operators.Infix<>(type, this, " / ", other);
  }

  /**
   * {@code (this % $n)}: the remainder, with the sign of this, as Java's {@code %}.
   *
   * @param value the divisor, bound
   * @return the remainder, of this expression's type
   * @throws IllegalArgumentException if {@code value} is null
   */
  public final Expression<T> mod(T value) {
    return arithmetic(" % ", value);
  }

  /**
   * {@code (this % other)}: the remainder, with the sign of this.
   *
   * @param other the divisor
   * @return the remainder, of this expression's type
   */
  public final Expression<T> mod(Expression<? extends T> other) {
    return new Operators.Infix<>(type, this, " % ", other);
  }

  /**
   * {@code (- this)}.
   *
   * @return the negation, of this expression's type
   */
  public final Expression<T> negate() {
    return new Operators.Negated<>(this);
  }

  private Expression<T> arithmetic(String op, T value) {
    if (value == null) {
      throw new IllegalArgumentException(
          "null in "
              + this
              + op
              + "null: the result would always be NULL; leave the operation out");
    }
    return new Operators.Infix<>(type, this, op, new Param<>(toDatabase(value), type));
  }

  /** {@code this op $n}; {@code op} comes with its spaces (" = "), so nothing is built per call. */
  private Condition compare(String op, T value) {
    return new ConditionKinds.Binary(this, op, new Param<>(toDatabase(notNull(value, op)), type));
  }

  private Object notNull(Object value, String op) {
    if (value == null) {
      throw new IllegalArgumentException(
          "null compared with "
              + this
              + " by "
              + op.strip()
              + ": a comparison with NULL is never true; use isNull() or isNotNull()");
    }
    return value;
  }

  static Class<?> box(Class<?> t) {
    if (!t.isPrimitive()) return t;
    if (t == int.class) return Integer.class;
    if (t == long.class) return Long.class;
    if (t == short.class) return Short.class;
    if (t == boolean.class) return Boolean.class;
    if (t == double.class) return Double.class;
    if (t == float.class) return Float.class;
    if (t == byte.class) return Byte.class;
    if (t == char.class) return Character.class;
    return t;
  }

  /** A bound value as an expression. */
  static final class Param<T> extends Expression<T> {
    private final Object value;

    Param(Object value, Class<?> type) {
      super(type);
      this.value = Snapshots.of(value);
    }

    @Override
    void render(SqlWriter w) {
      w.bind(value);
    }
  }

  /** An expression renamed in a select list. */
  static final class Aliased<T> extends SelectField<T> {
    private final Expression<T> expression;
    private final String name;

    Aliased(Expression<T> expression, String name) {
      this.expression = expression;
      this.name = name;
    }

    @Override
    void render(SqlWriter w) {
      expression.render(w);
    }

    @Override
    void renderField(SqlWriter w) {
      expression.render(w);
      w.append(" AS ").identifier(name);
    }

    @Override
    Expression<T> expression() {
      return expression;
    }

    @Override
    String outputName() {
      return name;
    }

    @Override
    ScalarDecoder<T> decoder() {
      return expression.decoder();
    }
  }

  /** A function call: {@code name(args)}, {@code count(*)}, {@code count(DISTINCT x)}. */
  static final class Call<T> extends Expression<T> {
    private final String name;
    private final String prefix;
    private final List<QueryPart> args;

    Call(Class<?> type, String name, String prefix, List<QueryPart> args) {
      super(type);
      this.name = name;
      this.prefix = prefix;
      this.args = args;
    }

    /** The function's name, for messages. */
    String name() {
      return name;
    }

    @Override
    void render(SqlWriter w) {
      w.append(name).append('(').append(prefix);
      if (args.isEmpty() && name.equals("count") && prefix.isEmpty()) {
        w.append('*');
      }
      for (int i = 0; i < args.size(); i++) {
        if (i > 0) {
          w.append(", ");
        }
        args.get(i).render(w);
      }
      w.append(')');
    }
  }
}
