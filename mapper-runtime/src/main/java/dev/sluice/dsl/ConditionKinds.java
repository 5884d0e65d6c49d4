package dev.sluice.dsl;

import java.util.ArrayList;
import java.util.List;

/** The kinds of {@link Condition}; created by the methods of Expression, Condition and Dsl. */
final class ConditionKinds {
  private ConditionKinds() {}

  /**
   * {@link Conditions#noCondition()}: no filter given yet. It has no SQL of its own: {@code and}
   * and {@code or} drop it, a SELECT's WHERE and HAVING leave it out, and an UPDATE or DELETE
   * rejects it. Rendering it anywhere else fails rather than guess TRUE, which would widen the
   * statement.
   */
  static final Condition NONE =
      new Condition() {
        @Override
        boolean isEmpty() {
          return true;
        }

        @Override
        void render(SqlWriter w) {
          throw new IllegalStateException(
              "noCondition() has no SQL of its own: combine it with and(…)/or(…), or give it to"
                  + " a SELECT's where(…) or having(…), which leave it out");
        }

        @Override
        public String toString() {
          return "noCondition()";
        }
      };

  /** {@code FALSE}: what an OR of no conditions is, matching no row. */
  static final Condition FALSE =
      new Condition() {
        @Override
        void render(SqlWriter w) {
          w.append("FALSE");
        }
      };

  /**
   * {@code TRUE}, given explicitly ({@link Conditions#trueCondition()}), e.g. for {@code ON TRUE}.
   */
  static final Condition TRUE =
      new Condition() {
        @Override
        void render(SqlWriter w) {
          w.append("TRUE");
        }
      };

  /** {@code left op right}. */
  static final class Binary extends Condition {
    private final QueryPart left;
    private final String op;
    private final QueryPart right;

    Binary(QueryPart left, String op, QueryPart right) {
      this.left = left;
      this.op = op;
      this.right = right;
    }

    @Override
    void render(SqlWriter w) {
      left.render(w);
      w.append(op);
      right.render(w);
    }
  }

  /** {@code operand IS NULL} and the like. */
  static final class Postfix extends Condition {
    private final QueryPart operand;
    private final String suffix;

    Postfix(QueryPart operand, String suffix) {
      this.operand = operand;
      this.suffix = suffix;
    }

    @Override
    void render(SqlWriter w) {
      operand.render(w);
      w.append(suffix);
    }
  }

  static final class Between extends Condition {
    private final QueryPart operand;
    private final QueryPart low;
    private final QueryPart high;

    Between(QueryPart operand, QueryPart low, QueryPart high) {
      this.operand = operand;
      this.low = low;
      this.high = high;
    }

    @Override
    void render(SqlWriter w) {
      operand.render(w);
      w.append(" BETWEEN ");
      low.render(w);
      w.append(" AND ");
      high.render(w);
    }
  }

  /** {@code operand = ANY($n)} / {@code operand <> ALL($n)}, the values bound as one array. */
  static final class Any extends Condition {
    private final QueryPart operand;
    private final String op;
    private final List<Object> values;

    @SuppressWarnings("unchecked") // Snapshots.of copies a list into a list
    Any(QueryPart operand, String op, List<Object> values) {
      this.operand = operand;
      this.op = op;
      this.values = (List<Object>) Snapshots.of(values);
    }

    @Override
    void render(SqlWriter w) {
      operand.render(w);
      w.append(op).bind(values).append(')');
    }
  }

  /** {@code operand IN (subquery)}. */
  static final class InSelect extends Condition {
    private final QueryPart operand;
    private final String op;
    private final Select<?> subquery;

    InSelect(QueryPart operand, String op, Select<?> subquery) {
      this.operand = operand;
      this.op = op;
      this.subquery = subquery;
    }

    @Override
    void render(SqlWriter w) {
      operand.render(w);
      w.append(op).append('(');
      ((AbstractSelect<?>) subquery).render(w);
      w.append(')');
    }
  }

  /** {@code [NOT] EXISTS (subquery)}. */
  static final class Exists extends Condition {
    private final String keyword;
    private final Select<?> subquery;

    Exists(String keyword, Select<?> subquery) {
      this.keyword = keyword;
      this.subquery = subquery;
    }

    @Override
    void render(SqlWriter w) {
      w.append(keyword).append(" (");
      ((AbstractSelect<?>) subquery).render(w);
      w.append(')');
    }
  }

  static final class Not extends Condition {
    private final Condition operand;

    Not(Condition operand) {
      this.operand = operand;
    }

    @Override
    void render(SqlWriter w) {
      w.append("NOT (");
      operand.render(w);
      w.append(')');
    }
  }

  /**
   * Conditions joined by AND or OR. A nested junction (of the other kind: one of the same kind is
   * flattened) is parenthesized; a raw condition parenthesizes itself, so every operand stays one.
   */
  static final class Junction extends Condition {
    static final String AND = " AND ";
    static final String OR = " OR ";

    private final String op;
    private final List<Condition> operands;

    private Junction(String op, List<Condition> operands) {
      this.op = op;
      this.operands = operands;
    }

    /**
     * {@code a op b}. A {@link #NONE} operand is dropped; when both are, an AND is still NONE (no
     * filter) and an OR is {@link #FALSE}: an OR of nothing matches nothing, never every row.
     */
    static Condition of(String op, Condition a, Condition b) {
      if (a.isEmpty() && b.isEmpty()) {
        return op.equals(OR) ? FALSE : NONE;
      }
      if (a.isEmpty()) {
        return b;
      }
      if (b.isEmpty()) {
        return a;
      }
      List<Condition> operands = new ArrayList<>();
      add(op, a, operands);
      add(op, b, operands);
      return new Junction(op, List.copyOf(operands));
    }

    /**
     * {@code c1 op c2 op …}, with the same rule as {@link #of(String, Condition, Condition)} for
     * {@link #NONE} operands and for none at all.
     */
    static Condition of(String op, Condition[] conditions) {
      List<Condition> operands = new ArrayList<>(conditions.length);
      for (Condition c : conditions) {
        if (!c.isEmpty()) {
          add(op, c, operands);
        }
      }
      if (operands.isEmpty()) {
        return op.equals(OR) ? FALSE : NONE;
      }
      return operands.size() == 1 ? operands.get(0) : new Junction(op, List.copyOf(operands));
    }

    /** Whether this is an OR (else an AND). */
    boolean isOr() {
      return op.equals(OR);
    }

    List<Condition> operands() {
      return operands;
    }

    private static void add(String op, Condition c, List<Condition> out) {
      if (c instanceof Junction && ((Junction) c).op.equals(op)) {
        out.addAll(((Junction) c).operands);
      } else {
        out.add(c);
      }
    }

    @Override
    void render(SqlWriter w) {
      for (int i = 0; i < operands.size(); i++) {
        if (i > 0) {
          w.append(op);
        }
        Condition c = operands.get(i);
        if (c instanceof Junction) {
          w.append('(');
          c.render(w);
          w.append(')');
        } else {
          c.render(w);
        }
      }
    }
  }

  /**
   * SQL written by the user, with {@code ?} for each argument: a value is bound, a {@link
   * QueryPart} (a column, say) is rendered in place. {@code ??} is a literal {@code ?}.
   */
  static final class Raw extends Condition {
    private final String sql;
    private final Object[] args;

    Raw(String sql, Object[] args) {
      this.sql = sql;
      this.args = Snapshots.ofEach(args);
    }

    /**
     * {@code (sql)}: parenthesized, so that it is one operand wherever it is placed ({@code k = $1
     * AND (a OR b)}, not {@code k = $1 AND a OR b}, which would widen a DELETE).
     */
    @Override
    void render(SqlWriter w) {
      w.append('(');
      renderRaw(w, sql, args);
      w.append(')');
    }
  }

  static void renderRaw(SqlWriter w, String sql, Object[] args) {
    int arg = 0;
    int start = 0;
    for (int i = 0; i < sql.length(); i++) {
      if (sql.charAt(i) != '?') {
        continue;
      }
      w.append(sql.substring(start, i));
      if (i + 1 < sql.length() && sql.charAt(i + 1) == '?') {
        w.append('?');
        i++;
      } else {
        if (arg >= args.length) {
          throw new IllegalArgumentException(
              "unsafeSql \""
                  + sql
                  + "\" has more ? placeholders than its "
                  + args.length
                  + " arguments");
        }
        Object a = args[arg++];
        if (a instanceof Condition && ((Condition) a).isEmpty()) {
          throw new IllegalArgumentException(
              "unsafeSql \""
                  + sql
                  + "\": argument "
                  + arg
                  + " is noCondition(), which has no SQL of its own (TRUE would widen the"
                  + " statement); pass a condition, or leave the fragment out");
        }
        if (a instanceof Condition) {
          // A condition given to raw SQL stays one operand there too: NOT (a OR b), not NOT a OR b.
          w.append('(');
          ((Condition) a).render(w);
          w.append(')');
        } else if (a instanceof QueryPart) {
          ((QueryPart) a).render(w);
        } else {
          w.bind(a);
        }
      }
      start = i + 1;
    }
    w.append(sql.substring(start));
    if (arg != args.length) {
      throw new IllegalArgumentException(
          "unsafeSql \""
              + sql
              + "\" has "
              + arg
              + " ? placeholders but "
              + args.length
              + " arguments");
    }
  }

  /** An expression of user-written SQL; see {@link Raw}. */
  static final class RawExpression<T> extends Expression<T> {
    private final String sql;
    private final Object[] args;

    RawExpression(Class<?> type, String sql, Object[] args) {
      super(type);
      this.sql = sql;
      this.args = Snapshots.ofEach(args);
    }

    @Override
    void render(SqlWriter w) {
      renderRaw(w, sql, args);
    }
  }
}
