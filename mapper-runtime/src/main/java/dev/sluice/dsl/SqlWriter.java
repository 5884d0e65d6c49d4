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
  /**
   * The text so far as the fragments written, in order ({@code parts[0, partCount)}): their
   * concatenation is the SQL. Most fragments are constants (key words, a column's qualified name, a
   * table's select list, "$1"), so rendering a repeated query copies no characters: it stores
   * references, and {@link SqlTexts} finds the text by comparing them. Nothing here reads a
   * fragment's characters, or even its length: a rendering touches no more memory than the
   * fragments' String objects (for their cached hashes).
   */
  private String[] parts = new String[32];

  private int partCount;

  /** A hash of the fragments so far, from their (cached) String hashes. */
  private int hash;

  /** The values bound so far, {@code params[0, paramCount)}; most statements bind a few. */
  private Object[] params = new Object[4];

  private int paramCount;

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

  /**
   * While a part of a data-modifying statement that decides what it writes is rendered (its WITH,
   * its body up to RETURNING): that statement, innermost, for which an empty filter in a subquery
   * fails as one at its top does; null otherwise (a SELECT, a RETURNING list).
   */
  private DmlQuery<?> writing;

  /**
   * For {@link #tablesNamed} only: the tables whose columns {@link #watchedSeen} records; null on
   * every writer that renders a statement, so {@link #column} pays one null check for it.
   */
  private List<Table<?>> watched;

  /** Bit i: a column of {@code watched.get(i)} was written. */
  private long watchedSeen;

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
    w.clearText();
    w.clearParams();
    w.depth = 0;
    w.writing = null;
    return w;
  }

  /** Ends a {@link #borrow()}; the writer's text and values are not to be read after it. */
  void release() {
    if (reusable) {
      borrowed = false;
      if (parts.length > SqlTexts.MAX_PARTS) {
        // One huge statement (an insert of thousands of rows) does not keep its buffer forever.
        PER_THREAD.remove();
      } else {
        clearText();
        clearParams();
      }
    }
  }

  /** Forgets the bound values (nulled: a reused writer must not keep them alive). */
  private void clearParams() {
    Arrays.fill(params, 0, paramCount, null);
    paramCount = 0;
  }

  /** Forgets the text (nulled: a reused writer must not keep its fragments alive). */
  private void clearText() {
    Arrays.fill(parts, 0, partCount, null);
    partCount = 0;
    hash = 0;
  }

  /** The text; canonical (the same String as for an earlier rendering of it) when checked. */
  String sql() {
    if (!checked) {
      return text();
    }
    return SqlTexts.intern(this);
  }

  /**
   * The concatenation of the fragments: a new String. Also the text written so far, for a message
   * about what comes next in a rendering that fails.
   */
  String text() {
    if (partCount == 1) {
      return parts[0];
    }
    int length = 0;
    for (int i = 0; i < partCount; i++) {
      length += parts[i].length();
    }
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < partCount; i++) {
      sb.append(parts[i]);
    }
    return sb.toString();
  }

  /** For {@link SqlTexts}: the fragments' count and hash. */
  int partCount() {
    return partCount;
  }

  int partsHash() {
    return hash;
  }

  /** Whether {@code other[0, partCount)} holds the same fragments as this writer, in order. */
  boolean sameParts(String[] other) {
    if (other.length != partCount) {
      return false;
    }
    String[] mine = parts;
    for (int i = 0; i < other.length; i++) {
      String a = mine[i];
      String b = other[i];
      if (a != b && !a.equals(b)) {
        return false;
      }
    }
    return true;
  }

  /** A copy of the fragments, for a cache entry. */
  String[] partsCopy() {
    return Arrays.copyOf(parts, partCount);
  }

  Object[] params() {
    return Arrays.copyOf(params, paramCount);
  }

  /**
   * Writes {@code s}. An empty one is kept as a fragment like any other (telling it apart would
   * read its length): it adds nothing to the text, and the same code path writes it again on the
   * next rendering, so it costs no cache hit.
   */
  SqlWriter append(String s) {
    if (partCount == parts.length) {
      parts = Arrays.copyOf(parts, 2 * partCount);
    }
    parts[partCount++] = s;
    hash = 31 * hash + s.hashCode();
    return this;
  }

  SqlWriter append(char c) {
    return append(c < ONE_CHAR.length ? ONE_CHAR[c] : String.valueOf(c));
  }

  /** Binds {@code value} as the next parameter and writes its placeholder. */
  SqlWriter bind(Object value) {
    if (paramCount == params.length) {
      params = Arrays.copyOf(params, 2 * paramCount);
    }
    params[paramCount++] = value;
    return append(paramCount < PLACEHOLDERS.length ? PLACEHOLDERS[paramCount] : "$" + paramCount);
  }

  SqlWriter identifier(String name) {
    return append(Identifiers.quote(name));
  }

  /** The one-character fragments of ASCII, made once: {@code append(char)} makes no String. */
  private static final String[] ONE_CHAR = new String[128];

  /** "$1" … "$63", made once ({@code PLACEHOLDERS[0]} is unused). */
  private static final String[] PLACEHOLDERS = new String[64];

  static {
    for (char c = 0; c < ONE_CHAR.length; c++) {
      ONE_CHAR[c] = String.valueOf(c);
    }
    for (int i = 1; i < PLACEHOLDERS.length; i++) {
      PLACEHOLDERS[i] = "$" + i;
    }
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

  /**
   * Starts a part of {@code statement} that decides what it writes: until {@link #endWrite}, an
   * empty filter in a subquery fails, naming {@code statement}. Returns the statement this one is
   * nested in (a data-modifying CTE's), to give back to {@link #endWrite}.
   */
  DmlQuery<?> startWrite(DmlQuery<?> statement) {
    DmlQuery<?> outer = writing;
    writing = statement;
    return outer;
  }

  /** Ends {@link #startWrite}, back in {@code outer} (what it returned). */
  void endWrite(DmlQuery<?> outer) {
    writing = outer;
  }

  /**
   * The statement a part of which is being rendered that decides what it writes ("DELETE FROM
   * film"); null if none is.
   */
  String writing() {
    return writing == null ? null : writing.statement();
  }

  /**
   * Bit i: {@code part} names a column of {@code tables.get(i)} (of the first 64), anywhere in it,
   * subqueries included. Found by rendering it into a writer of its own, which checks nothing.
   */
  static long tablesNamed(QueryPart part, List<Table<?>> tables) {
    SqlWriter w = unchecked();
    w.watched = tables;
    part.render(w);
    return w.watchedSeen;
  }

  /** A column qualified by its table's alias, after checking the table is in the query. */
  SqlWriter column(Column<?, ?> c) {
    if (watched != null) {
      see(c.table());
    }
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

  private void see(Table<?> owner) {
    for (int i = 0; i < watched.size() && i < 64; i++) {
      if (sameTable(watched.get(i), owner)) {
        watchedSeen |= 1L << i;
      }
    }
  }

  private static boolean sameTable(Table<?> t, Table<?> owner) {
    return t == owner
        || t.alias().equals(owner.alias())
            && t.name().equals(owner.name())
            && t.schema().equals(owner.schema());
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
