package dev.sluice.dsl;

/**
 * A boolean SQL condition, for WHERE, ON and HAVING. Immutable; {@link #and}, {@link #or} and
 * {@link #not} make new conditions.
 *
 * <p>For queries built at run time from optional filters, start from {@link Dsl#noCondition()},
 * which renders nothing and vanishes when combined: the SQL text then depends only on which filters
 * are present (the values are bound), so each shape is prepared once per connection.
 */
public abstract class Condition extends QueryPart {
  Condition() {}

  /** {@code this AND other}. */
  public final Condition and(Condition other) {
    return Conditions.Junction.of(" AND ", this, other);
  }

  /** {@code this OR other}. */
  public final Condition or(Condition other) {
    return Conditions.Junction.of(" OR ", this, other);
  }

  /** {@code NOT (this)}. */
  public final Condition not() {
    return isEmpty() ? this : new Conditions.Not(this);
  }

  /** Whether this is {@link Dsl#noCondition()}, which renders nothing. */
  boolean isEmpty() {
    return false;
  }
}
