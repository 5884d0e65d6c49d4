package dev.sluice;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * A numeric value as PostgreSQL holds it: a finite decimal, or one of the three values {@link
 * BigDecimal} cannot hold, {@link #NaN} and (PostgreSQL 14 on) {@link #POSITIVE_INFINITY} and
 * {@link #NEGATIVE_INFINITY}. Read with {@code RowView.getNumeric}, as a {@code PgNumeric}
 * component of a {@code @Row} record or {@code List<PgNumeric>}, and bound as a numeric parameter
 * (in binary, the specials included).
 *
 * <p>Equality is the decimal's own ({@code 1.0} is not {@code 1.00}, as numeric prints them
 * differently), and NaN equals NaN, as numeric's comparison has it. {@link #toString} is the
 * server's text form: plain notation, {@code NaN}, {@code Infinity}, {@code -Infinity}.
 */
public final class PgNumeric {
  /** numeric's NaN. */
  public static final PgNumeric NaN = new PgNumeric(null, "NaN");

  /** numeric's Infinity (PostgreSQL 14 on). */
  public static final PgNumeric POSITIVE_INFINITY = new PgNumeric(null, "Infinity");

  /** numeric's -Infinity (PostgreSQL 14 on). */
  public static final PgNumeric NEGATIVE_INFINITY = new PgNumeric(null, "-Infinity");

  /** The finite value; null for the three specials. */
  private final BigDecimal value;

  /** The special's text; null for a finite value. */
  private final String special;

  private PgNumeric(BigDecimal value, String special) {
    this.value = value;
    this.special = special;
  }

  /**
   * A finite value.
   *
   * @param value the decimal, not null
   * @return the numeric of {@code value}
   * @throws NullPointerException if {@code value} is null
   */
  public static PgNumeric of(BigDecimal value) {
    return new PgNumeric(Objects.requireNonNull(value, "value"), null);
  }

  /**
   * A double's numeric: NaN and the infinities as the specials, a finite double as its shortest
   * decimal form ({@code 0.1} is {@code 0.1}, as a float8 cast to numeric gives it).
   *
   * @param value any double
   * @return {@link #NaN}, an infinity, or the finite numeric of {@code value}
   */
  public static PgNumeric of(double value) {
    if (Double.isNaN(value)) {
      return NaN;
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? POSITIVE_INFINITY : NEGATIVE_INFINITY;
    }
    return of(new BigDecimal(Double.toString(value)));
  }

  /**
   * Parses numeric's text form: a decimal, or {@code NaN}, {@code Infinity}, {@code -Infinity}
   * (also {@code +Infinity}, {@code inf} and {@code -inf}, in any case, as numeric_in takes them).
   *
   * @param text the text, surrounding white space allowed
   * @return the numeric it names
   * @throws NumberFormatException for anything else
   */
  public static PgNumeric parse(String text) {
    String t = text.strip();
    switch (t.toLowerCase(java.util.Locale.ROOT)) {
      case "nan":
        return NaN;
      case "infinity":
      case "+infinity":
      case "inf":
      case "+inf":
        return POSITIVE_INFINITY;
      case "-infinity":
      case "-inf":
        return NEGATIVE_INFINITY;
      default:
        return of(new BigDecimal(t));
    }
  }

  /**
   * Whether this is numeric's NaN.
   *
   * @return true for {@link #NaN} only
   */
  public boolean isNaN() {
    return this == NaN;
  }

  /**
   * Whether this is Infinity or -Infinity.
   *
   * @return true for either infinity
   */
  public boolean isInfinite() {
    return this == POSITIVE_INFINITY || this == NEGATIVE_INFINITY;
  }

  /**
   * Whether this is a finite decimal, which {@link #toBigDecimal} gives.
   *
   * @return false for NaN and the infinities
   */
  public boolean isFinite() {
    return value != null;
  }

  /**
   * The finite value.
   *
   * @return the decimal, with the scale it was read or made with
   * @throws ArithmeticException for NaN and the infinities, which BigDecimal cannot hold
   */
  public BigDecimal toBigDecimal() {
    if (value == null) {
      throw new ArithmeticException("numeric " + special + " has no BigDecimal form");
    }
    return value;
  }

  /**
   * As a double: the specials as the double's own, a finite value rounded to the nearest.
   *
   * @return the double closest to this numeric
   */
  public double doubleValue() {
    if (value != null) {
      return value.doubleValue();
    }
    if (this == NaN) {
      return Double.NaN;
    }
    return this == POSITIVE_INFINITY ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PgNumeric n
        && (value == null ? this == n : n.value != null && value.equals(n.value));
  }

  @Override
  public int hashCode() {
    return value == null ? special.hashCode() : value.hashCode();
  }

  /** The server's text form: plain notation ({@code 0.0000001}), NaN, Infinity or -Infinity. */
  @Override
  public String toString() {
    return value == null ? special : value.toPlainString();
  }
}
