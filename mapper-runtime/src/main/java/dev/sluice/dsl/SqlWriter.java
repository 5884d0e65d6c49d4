package dev.sluice.dsl;

import dev.sluice.annotations.Identifiers;
import java.util.Arrays;
import java.util.List;

/**
 * Renders a statement: SQL text with {@code $1, $2, …} placeholders and the values bound to them,
 * in order. Values are never written into the text. Identifiers are quoted only when PostgreSQL
 * needs it (upper case, odd characters, keywords), so the text reads like hand-written SQL.
 *
 * <p>Keeps the tables in scope (the FROM and JOIN items of each enclosing query, innermost last),
 * so a column of a table missing from the query fails here, naming the column, instead of at the
 * server. One writer per rendering; not thread-safe. The hot paths borrow their thread's writer
 * ({@link #borrow()}), whose buffers are reused from one rendering to the next.
 */
final class SqlWriter {
  /** Sized for a typical statement (a point lookup is about 100 characters); grows as needed. */
  private final StringBuilder sql = new StringBuilder(160);

  /** The values bound so far, {@code params[0, paramCount)}; most statements bind a few. */
  private Object[] params = new Object[4];

  private int paramCount;

  /**
   * The text's characters, copied out once to be looked up in {@link SqlTexts}; grows as needed.
   */
  private char[] scratch = new char[160];

  /**
   * The scopes of the enclosing queries, innermost {@code scopes[depth - 1]}; columns are checked
   * against them. The Scope objects are kept and refilled, so a reused writer makes none.
   */
  private Scope[] scopes = new Scope[4];

  private int depth;

  /**
   * A query's tables (one in {@code single}, or several in {@code tables}); or, for the ORDER BY of
   * a set operation ({@code operator}, "UNION"), the result's column names, which its columns are
   * written as (and no tables).
   */
  private static final class Scope {
    /** The only table, when the query has one (most do): no list is made for it. */
    Table<?> single;

    /** The tables when there are several (or none); null when {@link #single} is set. */
    List<Table<?>> tables;

    /** The result's column names for a set operation's ORDER BY; null otherwise. */
    List<String> resultColumns;

    String operator;

    int size() {
      return single != null ? 1 : tables.size();
    }

    Table<?> get(int i) {
      return single != null ? single : tables.get(i);
    }
  }

  /** False for {@link QueryPart#toString()} of a fragment, which has no query around it. */
  private final boolean checked;

  /** Whether this is a thread's reused writer, lent out by {@link #borrow()} until released. */
  private final boolean reusable;

  /** For a reusable writer: whether it is lent out now. */
  private boolean borrowed;

  private static final ThreadLocal<SqlWriter> PER_THREAD =
      ThreadLocal.withInitial(() -> new SqlWriter(true, true));

  private SqlWriter(boolean checked, boolean reusable) {
    this.checked = checked;
    this.reusable = reusable;
  }

  static SqlWriter checked() {
    return new SqlWriter(true, false);
  }

  static SqlWriter unchecked() {
    return new SqlWriter(false, false);
  }

  /**
   * A checked writer for one rendering that is read at once ({@code fetch}, {@code execute}): the
   * thread's reused one, emptied, or a new one if that is lent out already (a rendering inside a
   * rendering). Give it back with {@link #release()} once {@link #sql()} and {@link #params()} are
   * read; nothing may keep it. Its {@link #sql()} is the canonical text of {@link SqlTexts}, so a
   * repeated query allocates no buffer, no scope and no String.
   */
  static SqlWriter borrow() {
    SqlWriter w = PER_THREAD.get();
    if (w.borrowed) {
      return checked();
    }
    w.borrowed = true;
    // Emptied here, not in release: a rendering that threw left its text and scopes behind.
    w.sql.setLength(0);
    w.clearParams();
    w.depth = 0;
    return w;
  }

  /** Ends a {@link #borrow()}; the writer's text and values are not to be read after it. */
  void release() {
    if (reusable) {
      borrowed = false;
      if (sql.capacity() > SqlTexts.MAX_LENGTH * 4) {
        // One huge statement (an insert of thousands of rows) does not keep its buffer forever.
        PER_THREAD.remove();
      } else {
        clearParams();
      }
    }
  }

  /** Forgets the bound values (nulled: a reused writer must not keep them alive). */
  private void clearParams() {
    Arrays.fill(params, 0, paramCount, null);
    paramCount = 0;
  }

  /** The text; canonical (the same String as for an earlier rendering of it) when checked. */
  String sql() {
    if (!checked) {
      return sql.toString();
    }
    int length = sql.length();
    if (scratch.length < length) {
      scratch = new char[Math.max(length, 2 * scratch.length)];
    }
    sql.getChars(0, length, scratch, 0);
    return SqlTexts.intern(scratch, length);
  }

  /** The text written so far (the statement up to here), for a message about what comes next. */
  String textSoFar() {
    return sql.toString();
  }

  Object[] params() {
    return Arrays.copyOf(params, paramCount);
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
    if (paramCount == params.length) {
      params = Arrays.copyOf(params, 2 * paramCount);
    }
    params[paramCount++] = value;
    sql.append('$').append(paramCount);
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
    return append(t.reference());
  }

  /** A column qualified by its table's alias, after checking the table is in the query. */
  SqlWriter column(Column<?, ?> c) {
    if (depth > 0 && scopes[depth - 1].resultColumns != null) {
      Scope result = scopes[depth - 1];
      return resultColumn(c, result.resultColumns, result.operator);
    }
    if (checked) {
      checkInScope(c);
    }
    return append(c.qualifiedName());
  }

  /** Opens the scope of a query of one table (no list made for it). */
  void pushScope(Table<?> table) {
    Scope s = nextScope();
    s.single = table;
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
    Scope s = nextScope();
    s.tables = tables;
  }

  /**
   * Opens the scope of a set operation's ORDER BY, where a column stands for the result column of
   * its name ({@code ORDER BY title}): PostgreSQL orders the result of {@code operator} by its
   * columns only.
   */
  void pushResultScope(List<String> columnNames, String operator) {
    Scope s = nextScope();
    s.tables = List.of();
    s.resultColumns = columnNames;
    s.operator = operator;
  }

  void popScope() {
    depth--;
  }

  /** The next scope object, emptied. */
  private Scope nextScope() {
    if (depth == scopes.length) {
      scopes = Arrays.copyOf(scopes, depth * 2);
    }
    Scope s = scopes[depth];
    if (s == null) {
      s = scopes[depth] = new Scope();
    }
    s.single = null;
    s.tables = null;
    s.resultColumns = null;
    s.operator = null;
    depth++;
    return s;
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
    for (int d = depth - 1; d >= 0; d--) {
      Scope scope = scopes[d];
      for (int i = 0, n = scope.size(); i < n; i++) {
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
    for (int d = 0; d < depth; d++) {
      for (int i = 0, n = scopes[d].size(); i < n; i++) {
        inQuery.append(inQuery.length() == 0 ? "" : ", ").append(scopes[d].get(i));
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
