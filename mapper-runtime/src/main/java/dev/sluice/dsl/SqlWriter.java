package dev.sluice.dsl;

import dev.sluice.annotations.Identifiers;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders a statement: SQL text with {@code $1, $2, …} placeholders and the values bound to them,
 * in order. Values are never written into the text. Identifiers are quoted only when PostgreSQL
 * needs it (upper case, odd characters, keywords), so the text reads like hand-written SQL.
 *
 * <p>Keeps the tables in scope (the FROM and JOIN items of each enclosing query, innermost last),
 * so a column of a table missing from the query fails here, naming the column, instead of at the
 * server. One writer per rendering; not thread-safe.
 */
final class SqlWriter {
  /** Sized for a typical statement (a point lookup is about 100 characters); grows as needed. */
  private final StringBuilder sql = new StringBuilder(160);

  /** Most statements bind a few values; grows as needed. */
  private final List<Object> params = new ArrayList<>(4);

  /** The scopes of the enclosing queries, innermost last; columns are checked against them. */
  private final List<Scope> scopes = new ArrayList<>(4);

  /**
   * A query's tables; or, for the ORDER BY of a set operation ({@code operator}, "UNION"), the
   * result's column names, which its columns are written as (and {@code tables} empty).
   */
  private record Scope(List<Table<?>> tables, List<String> resultColumns, String operator) {}

  /** False for {@link QueryPart#toString()} of a fragment, which has no query around it. */
  private final boolean checked;

  private SqlWriter(boolean checked) {
    this.checked = checked;
  }

  static SqlWriter checked() {
    return new SqlWriter(true);
  }

  static SqlWriter unchecked() {
    return new SqlWriter(false);
  }

  String sql() {
    return sql.toString();
  }

  Object[] params() {
    return params.toArray();
  }

  SqlWriter append(String s) {
    sql.append(s);
    return this;
  }

  SqlWriter append(char c) {
    sql.append(c);
    return this;
  }

  /** Binds {@code value} as the next parameter and writes its placeholder. */
  SqlWriter bind(Object value) {
    params.add(value);
    sql.append('$').append(params.size());
    return this;
  }

  SqlWriter identifier(String name) {
    Identifiers.append(sql, name);
    return this;
  }

  /**
   * A FROM item: {@code schema.name} and {@code AS alias} when aliased; a derived table's subquery.
   */
  SqlWriter tableReference(Table<?> t) {
    if (t instanceof Derived.DerivedTable) {
      ((Derived.DerivedTable<?>) t).renderReference(this);
      return this;
    }
    if (!t.schema().isEmpty()) {
      identifier(t.schema()).append('.');
    }
    identifier(t.name());
    if (t.isAliased()) {
      append(" AS ").identifier(t.alias());
    }
    return this;
  }

  /** A column qualified by its table's alias, after checking the table is in the query. */
  SqlWriter column(Column<?, ?> c) {
    int inner = scopes.size() - 1;
    if (inner >= 0 && scopes.get(inner).resultColumns != null) {
      Scope result = scopes.get(inner);
      return resultColumn(c, result.resultColumns, result.operator);
    }
    if (checked) {
      checkInScope(c);
    }
    return identifier(c.table().alias()).append('.').identifier(c.name());
  }

  /** Opens a query's scope with its tables; fails if two of them go by the same name. */
  void pushScope(List<Table<?>> tables) {
    for (int i = 0; i < tables.size(); i++) {
      for (int j = 0; j < i; j++) {
        if (tables.get(i).alias().equals(tables.get(j).alias())) {
          throw new IllegalStateException(
              "table "
                  + tables.get(i)
                  + " appears twice in the query under the name \""
                  + tables.get(i).alias()
                  + "\"; give one of them another name with as(\"alias\")");
        }
      }
    }
    scopes.add(new Scope(tables, null, null));
  }

  /**
   * Opens the scope of a set operation's ORDER BY, where a column stands for the result column of
   * its name ({@code ORDER BY title}): PostgreSQL orders the result of {@code operator} by its
   * columns only.
   */
  void pushResultScope(List<String> columnNames, String operator) {
    scopes.add(new Scope(List.of(), columnNames, operator));
  }

  void popScope() {
    scopes.remove(scopes.size() - 1);
  }

  private SqlWriter resultColumn(Column<?, ?> c, List<String> columnNames, String operator) {
    if (checked && !columnNames.contains(c.name())) {
      throw new IllegalStateException(
          "ORDER BY of a "
              + operator
              + " takes the result's columns, by name: "
              + c
              + " is not one of them (they are: "
              + columnNames
              + ")");
    }
    return identifier(c.name());
  }

  private void checkInScope(Column<?, ?> c) {
    Table<?> owner = c.table();
    // Index loops, not iterators: this runs for every column of every rendering.
    for (int s = scopes.size() - 1; s >= 0; s--) {
      List<Table<?>> scope = scopes.get(s).tables;
      for (int i = 0; i < scope.size(); i++) {
        Table<?> t = scope.get(i);
        if (t == owner
            || t.alias().equals(owner.alias())
                && t.name().equals(owner.name())
                && t.schema().equals(owner.schema())) {
          return;
        }
      }
    }
    StringBuilder inQuery = new StringBuilder();
    for (Scope scope : scopes) {
      for (Table<?> t : scope.tables) {
        inQuery.append(inQuery.length() == 0 ? "" : ", ").append(t);
      }
    }
    throw new IllegalStateException(
        "column "
            + c
            + " belongs to table "
            + owner
            + ", which is not in the query (its tables: "
            + (inQuery.length() == 0 ? "none" : inQuery)
            + "); add it with from/join, or use the column of the alias that is");
  }
}
