package dev.sluice.dsl;

/**
 * Something a SELECT (or RETURNING) list holds: an {@link Expression}, or one renamed with {@link
 * Expression#as}. The name matters when the rows are read into a {@code @Row} record, whose
 * generated decoder finds each component's column by name.
 *
 * @param <T> the Java type of the value
 */
public abstract class SelectField<T> extends QueryPart {
  SelectField() {}

  /** Renders the field as a select-list item ({@code expr} or {@code expr AS name}). */
  void renderField(SqlWriter w) {
    render(w);
  }

  /** The expression this field selects: itself, or the one it renames. */
  abstract Expression<T> expression();

  /** The name of the column this field gives a result: a column's, an alias; null if unnamed. */
  String outputName() {
    return null;
  }

  /** The decoder reading this field alone as a scalar (the first column of each row). */
  abstract ScalarDecoder<T> decoder();
}
