package dev.sluice.dsl;

/**
 * A complete SELECT: run it ({@link #fetch()}, {@link #stream()}, … of {@link RowsStep}), use it as
 * a subquery ({@link Expression#in(Select)}, {@link Conditions#exists(Select)}) or a CTE's body, or
 * combine it with another select of the same rows ({@link #union}, {@link #intersect}, {@link
 * #except}). Only the DSL implements it.
 *
 * @param <T> what each row is read into
 */
public interface Select<T> extends RowsStep<T> {
  /**
   * {@code this UNION other}: the rows of both, without duplicates. {@code other} reads its rows as
   * the same type, so selects of different records or scalars do not compile; the two select lists
   * must also have as many items, of the same Java types, or rendering fails naming them. The
   * result may be ordered and limited as a whole ({@code orderBy} takes result columns), and
   * combined again; operands that need it are parenthesized.
   *
   * @param other the select whose rows are added
   * @return the combined select, which may be ordered, limited or combined again
   */
  SelectOrderByStep<T> union(Select<T> other);

  /**
   * {@code this UNION ALL other}: the rows of both, duplicates kept.
   *
   * @param other the select whose rows are added
   * @return the combined select, which may be ordered, limited or combined again
   */
  SelectOrderByStep<T> unionAll(Select<T> other);

  /**
   * {@code this INTERSECT other}: the rows in both, without duplicates.
   *
   * @param other the select whose rows are kept
   * @return the combined select, which may be ordered, limited or combined again
   */
  SelectOrderByStep<T> intersect(Select<T> other);

  /**
   * {@code this INTERSECT ALL other}.
   *
   * @param other the select whose rows are kept, as many times as both have them
   * @return the combined select, which may be ordered, limited or combined again
   */
  SelectOrderByStep<T> intersectAll(Select<T> other);

  /**
   * {@code this EXCEPT other}: the rows of this not in other, without duplicates.
   *
   * @param other the select whose rows are taken away
   * @return the combined select, which may be ordered, limited or combined again
   */
  SelectOrderByStep<T> except(Select<T> other);

  /**
   * {@code this EXCEPT ALL other}.
   *
   * @param other the select whose rows are taken away, one for one
   * @return the combined select, which may be ordered, limited or combined again
   */
  SelectOrderByStep<T> exceptAll(Select<T> other);
}
