package dev.sluice.dsl;

/**
 * A boolean SQL condition, for WHERE, ON and HAVING. Immutable; {@link #and}, {@link #or} and
 * {@link #not} make new conditions.
 *
 * <p>For queries built at run time from optional filters, start from {@link
 * Conditions#noCondition()}, which is no filter at all: {@code and} and {@code or} drop it, so the
 * SQL text depends only on which filters are present (the values are bound) and each shape is
 * prepared once per connection. It is not TRUE: a SELECT whose WHERE is still {@code noCondition()}
 * reads every row, but an UPDATE or DELETE whose WHERE is still {@code noCondition()} fails, before
 * anything is sent, and says to call {@code allRows()}; an OR of nothing but {@code noCondition()}
 * is FALSE.
 */
public abstract class Condition extends QueryPart {
  Condition() {}

  /**
   * {@code this AND other}. A {@link Conditions#noCondition()} operand is dropped: {@code
   * noCondition().and(c)} is {@code c}, and {@code noCondition().and(noCondition())} is still
   * {@code noCondition()}.
   *
   * @param other the condition ANDed to this one
   * @return the conjunction
   */
  public final Condition and(Condition other) {
    return ConditionKinds.Junction.of(ConditionKinds.Junction.AND, this, other);
  }

  /**
   * {@code this OR other}. A {@link Conditions#noCondition()} operand is dropped, as in {@link
   * #and}: {@code noCondition().or(c)} is {@code c}, not {@code TRUE OR c}, so a filter built up by
   * {@code or}s is only what was added. With both dropped, the OR of nothing is {@code FALSE}: it
   * matches no row (it does not widen to every row).
   *
   * @param other the condition ORed to this one
   * @return the disjunction
   */
  public final Condition or(Condition other) {
    return ConditionKinds.Junction.of(ConditionKinds.Junction.OR, this, other);
  }

  /**
   * {@code NOT (this)}. The negation of {@link Conditions#noCondition()} is {@code noCondition()}:
   * still no filter, so a SELECT reads every row and an UPDATE or DELETE fails asking for {@code
   * allRows()}.
   *
   * @return the negation
   */
  public final Condition not() {
    return isEmpty() ? this : new ConditionKinds.Not(this);
  }

  /** Whether this is {@link Conditions#noCondition()}, which has no SQL of its own. */
  boolean isEmpty() {
    return false;
  }
}
