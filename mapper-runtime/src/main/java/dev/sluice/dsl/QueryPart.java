package dev.sluice.dsl;

/**
 * Anything the DSL renders into SQL text: expressions, conditions, sort keys, statements. Rendering
 * appends to a {@link SqlWriter}, which collects the bound values and checks that every column
 * belongs to a table in the query. The constructor and {@code render} are package-private, so the
 * set of parts is closed: user code composes them, and adds SQL of its own only through {@link
 * Expressions#unsafeSql}.
 */
public abstract class QueryPart {
  QueryPart() {}

  /** Appends this part's SQL to {@code w}, binding its values there. */
  abstract void render(SqlWriter w);

  /** The SQL of this part alone, with {@code $n} placeholders, for messages and debugging. */
  @Override
  public String toString() {
    SqlWriter w = SqlWriter.unchecked();
    render(w);
    return w.sql();
  }
}
