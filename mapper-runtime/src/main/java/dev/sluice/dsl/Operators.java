package dev.sluice.dsl;

import java.math.BigDecimal;
import java.util.List;

/**
 * The expressions made by operators and SQL's special forms rather than a plain function call
 * ({@link Expression.Call}): arithmetic, concatenation, CAST, extract, substring, a scalar
 * subquery, the jsonb and full-text operators. Each renders fully parenthesized, so an operand's
 * precedence never changes the meaning of the expression around it: {@code a.times(b.plus(c))} is
 * {@code (a * (b + c))}.
 */
final class Operators {
  private Operators() {}

  /** {@code (left op right)}; {@code op} comes with its spaces (" + "). */
  static final class Infix<T> extends Expression<T> {
    private final QueryPart left;
    private final String op;
    private final QueryPart right;

    Infix(Class<?> type, QueryPart left, String op, QueryPart right) {
      super(type);
      this.left = left;
      this.op = op;
      this.right = right;
    }

    @Override
    void render(SqlWriter w) {
      w.append('(');
      left.render(w);
      w.append(op);
      right.render(w);
      w.append(')');
    }
  }

  /** {@code (- operand)}: the space keeps {@code - -x} from reading as a {@code --} comment. */
  static final class Negated<T> extends Expression<T> {
    private final Expression<T> operand;

    Negated(Expression<T> operand) {
      super(operand.valueType());
      this.operand = operand;
    }

    @Override
    void render(SqlWriter w) {
      w.append("(- ");
      operand.render(w);
      w.append(')');
    }
  }

  /** {@code (a || b || …)}: text concatenation; NULL if any part is NULL, as in SQL. */
  static final class Concat extends Expression<String> {
    private final List<Expression<?>> parts;

    Concat(List<Expression<?>> parts) {
      super(String.class);
      if (parts.size() < 2) {
        throw new IllegalArgumentException("concat needs two parts or more: " + parts);
      }
      this.parts = parts;
    }

    @Override
    void render(SqlWriter w) {
      w.append('(');
      for (int i = 0; i < parts.size(); i++) {
        if (i > 0) {
          w.append(" || ");
        }
        parts.get(i).render(w);
      }
      w.append(')');
    }
  }

  /** {@code CAST(operand AS type)}; the type's name was checked when the SqlType was made. */
  static final class Cast<T> extends Expression<T> {
    private final Expression<?> operand;
    private final SqlType<T> target;

    Cast(Expression<?> operand, SqlType<T> target) {
      super(target.javaType());
      this.operand = operand;
      this.target = target;
    }

    /** The type cast to, as written into the SQL. */
    String typeName() {
      return target.name();
    }

    @Override
    void render(SqlWriter w) {
      w.append("CAST(");
      operand.render(w);
      w.append(" AS ").append(target.name()).append(')');
    }
  }

  /** {@code extract(FIELD FROM operand)}: the field is a keyword from {@link DatePart}. */
  static final class Extract extends Expression<BigDecimal> {
    private final DatePart field;
    private final Expression<?> operand;

    Extract(DatePart field, Expression<?> operand) {
      super(BigDecimal.class);
      this.field = field;
      this.operand = operand;
    }

    @Override
    void render(SqlWriter w) {
      w.append("extract(").append(field.name()).append(" FROM ");
      operand.render(w);
      w.append(')');
    }
  }

  /** {@code substring(operand FROM $n [FOR $m])}, both bounds bound. */
  static final class Substring extends Expression<String> {
    private final Expression<String> operand;
    private final int from;

    /** The number of characters, or -1 for the rest of the string. */
    private final int count;

    Substring(Expression<String> operand, int from, int count) {
      super(String.class);
      if (count < -1) {
        throw new IllegalArgumentException("substring of a negative length: " + count);
      }
      this.operand = operand;
      this.from = from;
      this.count = count;
    }

    @Override
    void render(SqlWriter w) {
      w.append("substring(");
      operand.render(w);
      w.append(" FROM ").bind(from);
      if (count >= 0) {
        w.append(" FOR ").bind(count);
      }
      w.append(')');
    }
  }

  /**
   * {@code (SELECT …)} as a value: one column, at most one row (more fails at the server, SQLSTATE
   * 21000), NULL for none. It sees the enclosing queries' tables, so it may be correlated.
   */
  /**
   * {@code ARRAY(SELECT ms FROM (subquery) AS ms)}: the subquery's rows as one array of (anonymous)
   * records, in the subquery's order, empty when it has none. Read into a {@code List} of records
   * by the generated decoder of the record that holds it.
   */
  static final class Multiset<R> extends Expression<List<R>> {
    private final AbstractSelect<R> query;

    Multiset(AbstractSelect<R> query) {
      super(List.class);
      this.query = query;
    }

    @Override
    void render(SqlWriter w) {
      w.append("ARRAY(SELECT ms FROM (");
      query.render(w);
      w.append(") AS ms)");
    }

    @Override
    ScalarDecoder<List<R>> newDecoder() {
      throw new IllegalArgumentException(
          "a multiset is read as a List component of a @Row record, not alone: select it into a"
              + " record, select(FilmCast.class, FILM.filmId, multiset(…).as(\"actors\"))");
    }
  }

  static final class Scalar<T> extends Expression<T> {
    private final AbstractSelect<T> query;

    Scalar(AbstractSelect<T> query) {
      super(checkOneColumn(query).selectList().get(0).expression().valueType());
      this.query = query;
    }

    private static AbstractSelect<?> checkOneColumn(AbstractSelect<?> query) {
      if (query.selectList().size() != 1) {
        throw new IllegalArgumentException(
            "a scalar subquery selects one column, this one selects "
                + query.selectList().size()
                + "; select the one value it gives");
      }
      return query;
    }

    @Override
    void render(SqlWriter w) {
      w.append('(');
      query.render(w);
      w.append(')');
    }
  }
}
