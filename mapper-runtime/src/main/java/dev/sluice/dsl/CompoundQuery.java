package dev.sluice.dsl;

import dev.sluice.RowDecoder;
import java.util.List;

/**
 * A set operation of two selects of the same rows — {@code left UNION [ALL] right}, {@code
 * INTERSECT}, {@code EXCEPT} — with an optional ORDER BY, LIMIT and OFFSET of the whole. The rows
 * are read as the left operand's; their columns are named by it, as in PostgreSQL. Chained
 * operations nest to the left: {@code a.union(b).except(c)} is {@code (a UNION b) EXCEPT c}.
 *
 * <p>Operands are parenthesized where PostgreSQL needs it: one with its own ORDER BY/LIMIT/OFFSET,
 * a right operand with a WITH, and a nested operation that would otherwise bind differently
 * (INTERSECT binds tighter than UNION and EXCEPT; all associate to the left). A WITH on the left
 * operand stays unparenthesized, so it is declared for the whole statement.
 *
 * <p>A builder, like {@link SelectQuery}: do not change an operand after combining it.
 */
final class CompoundQuery<T> extends AbstractSelect<T> implements SelectOrderByStep<T> {
  static final String UNION = "UNION";
  static final String UNION_ALL = "UNION ALL";
  static final String INTERSECT = "INTERSECT";
  static final String INTERSECT_ALL = "INTERSECT ALL";
  static final String EXCEPT = "EXCEPT";
  static final String EXCEPT_ALL = "EXCEPT ALL";

  private final AbstractSelect<T> left;

  /** One of the constants above. */
  private final String operator;

  private final AbstractSelect<T> right;

  CompoundQuery(AbstractSelect<T> left, String operator, Select<T> right) {
    if (right == null) {
      throw new IllegalArgumentException(operator + " of a null select");
    }
    this.left = left;
    this.operator = operator;
    this.right = (AbstractSelect<T>) right;
  }

  /** The left operand: the first select of a chain, which names the columns. */
  AbstractSelect<T> left() {
    return left;
  }

  // ---- steps ----

  // ---- what a select is ----

  @Override
  StatementExecutor queries() {
    StatementExecutor q = left.queries();
    return q != null ? q : right.queries();
  }

  @Override
  List<SelectField<?>> selectList() {
    return left.selectList();
  }

  @Override
  Class<?> rowType() {
    return left.rowType();
  }

  @Override
  RowDecoder<T> decoder(String sql) {
    return left.decoder(sql);
  }

  @Override
  boolean hasWith() {
    return left.hasWith();
  }

  @Override
  void checkLockable(String clause) {
    throw new IllegalStateException(
        clause + " is not allowed with " + operator + " (PostgreSQL locks rows of plain selects)");
  }

  // ---- rendering ----

  @Override
  void render(SqlWriter w) {
    checkSelectLists();
    if (left.isLocking() || right.isLocking()) {
      throw new IllegalStateException(
          "an operand of "
              + operator
              + " has a locking clause (FOR UPDATE …), which PostgreSQL"
              + " does not allow in a set operation");
    }
    operand(w, left, isParenthesizedLeft());
    w.append(' ').append(operator).append(' ');
    operand(w, right, isParenthesizedRight());
    if (!orderBy.isEmpty()) {
      // PostgreSQL orders a set operation's result only by its columns, named unqualified.
      w.pushResultScope(outputNames(), operator);
      w.append(" ORDER BY ");
      SelectQuery.list(w, orderBy);
      w.popScope();
    }
    renderLimitOffset(w);
  }

  private boolean isParenthesizedLeft() {
    if (left.hasTail()) {
      return true;
    }
    return left instanceof CompoundQuery
        && precedence(((CompoundQuery<?>) left).operator) < precedence(operator);
  }

  private boolean isParenthesizedRight() {
    return right.hasTail() || right.hasWith() || right instanceof CompoundQuery;
  }

  private static void operand(SqlWriter w, AbstractSelect<?> s, boolean parenthesized) {
    if (parenthesized) {
      w.append('(');
      s.render(w);
      w.append(')');
    } else {
      s.render(w);
    }
  }

  /** INTERSECT binds tighter than UNION and EXCEPT (the SELECT page of the manual). */
  private static int precedence(String operator) {
    return operator.startsWith(INTERSECT) ? 2 : 1;
  }

  /** The operands give as many columns, of the same Java types, or rows could not be read. */
  private void checkSelectLists() {
    List<SelectField<?>> l = left.selectList();
    List<SelectField<?>> r = right.selectList();
    if (l.size() != r.size()) {
      throw new IllegalStateException(
          operator
              + " of selects of "
              + l.size()
              + " and "
              + r.size()
              + " columns: "
              + l
              + " and "
              + r
              + "; each operand must select the same number of columns");
    }
    for (int i = 0; i < l.size(); i++) {
      Class<?> a = l.get(i).expression().valueType();
      Class<?> b = r.get(i).expression().valueType();
      if (a != b) {
        throw new IllegalStateException(
            operator
                + ": column "
                + (i + 1)
                + " is "
                + l.get(i)
                + ", a "
                + a.getName()
                + ", on the left but "
                + r.get(i)
                + ", a "
                + b.getName()
                + ", on the right; the rows are read as the left's, so select the same type");
      }
    }
  }
}
