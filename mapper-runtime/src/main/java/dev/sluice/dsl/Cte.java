package dev.sluice.dsl;

import java.util.ArrayList;
import java.util.List;

/**
 * A common table expression: {@code name AS (select)}, declared by {@code with(cte)} in front of a
 * statement and read there through {@link #table()}, a table-like FROM item named after it.
 *
 * <p>A CTE of a table's rows ({@link Tables#cte(String, Table, Select)}, {@link Tables#cte(String,
 * From1Step)}) exposes that table's generated class, so its columns stay typed: for {@code
 * Cte<FilmTable> lf}, {@code lf.table().length} is {@code long_films.length}, a smallint column. A
 * CTE of a projection ({@link Tables#cte(String, Select)}) exposes its select list by name: {@link
 * #field(SelectField)} gives the CTE's column for an item of that list, with the item's type.
 *
 * <p>A recursive CTE ({@link Tables#recursiveCte(String, Select, java.util.function.Function)}) is
 * made in two steps: the anchor fixes the columns, a stand-in CTE of the same table (with no body,
 * so it cannot be declared) is given to the recursive term, and the CTE returned has the body
 * {@code anchor UNION ALL term}, sharing the stand-in's table so the term's columns are its own.
 *
 * <p>A data-modifying CTE ({@link Tables#cte(String, Table, FetchStep)}, {@link Tables#cte(String,
 * FetchStep)}) has an INSERT, UPDATE, DELETE or MERGE with RETURNING for its body, read as the
 * shape's rows or as its RETURNING list; the statement keeps its own rules (an empty WHERE fails
 * when the whole statement is rendered), and an INSERT of many records renders as one multi-row
 * VALUES. Without RETURNING ({@link Tables#cte(String, ReturningStep)}) it is declared only for
 * what it does: PostgreSQL runs it all the same, and it has no columns, so {@link #table()} and
 * {@code field} fail saying so.
 *
 * <p>Immutable once made; the select it was made from is rendered afresh into each statement that
 * declares the CTE, so its values are bound there, numbered in order with the statement's own. Do
 * not change that select after making the CTE. Using {@link #table()} in a statement without {@code
 * with(cte)} leaves PostgreSQL to report the relation as unknown.
 *
 * @param <A> the type of {@link #table()}: the generated table class, or {@code Table<T>} for a
 *     projection of rows read as {@code T}
 */
public final class Cte<A extends Table<?>> {
  private final String name;

  /**
   * The body; null for the stand-in a recursive CTE's term reads itself through, which is not
   * declared.
   */
  private final AbstractSelect<?> query;

  final A table;

  /** The select list's items, position for position with table's columns; empty for a table. */
  final List<SelectField<?>> items;

  /** Whether the body reads the CTE itself, so the WITH is a WITH RECURSIVE. */
  private final boolean recursive;

  /** "", "MATERIALIZED " or "NOT MATERIALIZED ": the planner hint after AS. */
  private final String materialization;

  /**
   * The body when it is a data-modifying statement (an INSERT, UPDATE, DELETE or MERGE and its
   * RETURNING), in place of {@link #query}; null for a SELECT's CTE.
   */
  private final DmlQuery.Returning<?> dml;

  /**
   * The body when it is a data-modifying statement without RETURNING, run for its side effect only;
   * the CTE then has no columns and no table. Null otherwise.
   */
  private final DmlQuery<?> sideEffect;

  /**
   * The columns as the WITH lists them, {@code name(a, b)}; null to leave them to the body's select
   * list (or RETURNING).
   */
  final List<String> columnList;

  /** A recursive CTE's SEARCH and CYCLE clauses; {@link RecursiveClauses#NONE} for none. */
  private final RecursiveClauses clauses;

  Cte(
      String name,
      AbstractSelect<?> query,
      A table,
      List<SelectField<?>> items,
      boolean recursive) {
    this(name, query, table, items, recursive, "", null, null, null, RecursiveClauses.NONE);
  }

  Cte(
      String name,
      AbstractSelect<?> query,
      A table,
      List<SelectField<?>> items,
      boolean recursive,
      String materialization,
      DmlQuery.Returning<?> dml,
      DmlQuery<?> sideEffect,
      List<String> columnList,
      RecursiveClauses clauses) {
    this.sideEffect = sideEffect;
    this.dml = dml;
    this.materialization = materialization;
    this.name = name;
    this.query = query;
    this.table = table;
    this.items = items;
    this.recursive = recursive;
    this.columnList = columnList;
    this.clauses = clauses;
  }

  /**
   * The CTE's name, as {@code WITH} declares it.
   *
   * @return the name
   */
  public String name() {
    return name;
  }

  /**
   * Whether it reads itself, so a WITH declaring it is a {@code WITH RECURSIVE}.
   *
   * @return true if the body reads the CTE itself
   */
  public boolean isRecursive() {
    return recursive;
  }

  /** The data-modifying statement that is the body, or null for a SELECT's CTE. */
  DmlQuery<?> writer() {
    return sideEffect != null ? sideEffect : dml != null ? dml.statement() : null;
  }

  /**
   * The CTE as a FROM item, named after it ({@code FROM long_films}); {@code table().as("x")} for
   * another name, e.g. to join it with itself.
   *
   * @return the CTE's table, under the CTE's name
   * @throws IllegalStateException if the CTE is a data-modifying statement without RETURNING
   */
  public A table() {
    requireColumns("table()");
    return table;
  }

  /** Fails, saying why, for a CTE without RETURNING: it has no columns to read. */
  private void requireColumns(String what) {
    if (sideEffect != null) {
      throw new IllegalStateException(
          "CTE "
              + name
              + " is a data-modifying statement without RETURNING: it has no columns, so it has no "
              + what
              + " to read; add returning(…) to the statement to read the rows it wrote");
    }
  }

  /**
   * The column of this CTE that carries {@code item} of its select list — a column or an {@code
   * expression.as("name")} given to the select — typed as the item: {@code counts.field(rentals)}
   * renders {@code counts.rentals}. For a CTE of a table's rows, a column of that table (under any
   * alias) gives the CTE's column of the same name.
   *
   * @param <T> the item's Java type
   * @param item an item of the select list (or a column of the table whose rows the CTE holds)
   * @return the CTE's column carrying it
   * @throws IllegalArgumentException if the CTE has no column for the item
   * @throws IllegalStateException if the CTE is a data-modifying statement without RETURNING
   */
  @SuppressWarnings("unchecked")
  public <T> Expression<T> field(SelectField<T> item) {
    requireColumns("field(" + item + ")");
    List<? extends Column<?, ?>> columns = table.columns();
    for (int i = 0; i < items.size(); i++) {
      if (items.get(i) == item) {
        return (Expression<T>) columns.get(i);
      }
    }
    if (item instanceof Column) {
      Column<?, ?> c = (Column<?, ?>) item;
      for (int i = 0; i < columns.size(); i++) {
        if (columns.get(i).name().equals(c.name()) && sameSource(i, c)) {
          return (Expression<T>) columns.get(i);
        }
      }
    }
    throw new IllegalArgumentException(
        "CTE "
            + name
            + " has no column for "
            + item
            + " (its columns: "
            + String.join(", ", columnNames())
            + ")");
  }

  /** Whether the CTE's column {@code i} comes from the column {@code c} (under any alias). */
  private boolean sameSource(int i, Column<?, ?> c) {
    if (items.isEmpty()) {
      return c.table().recordType() == table.recordType();
    }
    SelectField<?> item = items.get(i);
    return item instanceof Column
        && ((Column<?, ?>) item).name().equals(c.name())
        && ((Column<?, ?>) item).table().name().equals(c.table().name());
  }

  /**
   * The column {@code name} of this CTE, read as {@code type}, which must be the Java type of the
   * select list item it comes from: {@code field("rentals", Long.class)}.
   *
   * @param <T> the column's Java type
   * @param columnName the column's name
   * @param type the Java type of the item the column comes from
   * @return the column
   * @throws IllegalArgumentException if the CTE has no such column, or it is of another type
   * @throws IllegalStateException if the CTE is a data-modifying statement without RETURNING
   */
  @SuppressWarnings("unchecked")
  public <T> Expression<T> field(String columnName, Class<T> type) {
    requireColumns("field(\"" + columnName + "\")");
    for (Column<?, ?> c : table.columns()) {
      if (c.name().equals(columnName)) {
        if (c.valueType() != Expression.box(type)) {
          throw new IllegalArgumentException(
              "CTE column " + c + " is a " + c.valueType().getName() + ", not a " + type.getName());
        }
        return (Expression<T>) c;
      }
    }
    throw new IllegalArgumentException(
        "CTE "
            + name
            + " has no column "
            + columnName
            + " (its columns: "
            + String.join(", ", columnNames())
            + ")");
  }

  private List<String> columnNames() {
    List<String> names = new ArrayList<>();
    for (Column<?, ?> c : table.columns()) {
      names.add(c.name());
    }
    return names;
  }

  /**
   * This CTE as {@code name AS MATERIALIZED (…)}: computed once and read as a table, even where
   * PostgreSQL would fold it into the query (a CTE read once, without side effects).
   *
   * @return a new CTE with the hint
   */
  public Cte<A> materialized() {
    return withMaterialization("MATERIALIZED ");
  }

  /**
   * This CTE as {@code name AS NOT MATERIALIZED (…)}: folded into each place that reads it, so
   * conditions there reach its tables' indexes, even when it is read more than once.
   *
   * @return a new CTE with the hint
   */
  public Cte<A> notMaterialized() {
    return withMaterialization("NOT MATERIALIZED ");
  }

  private Cte<A> withMaterialization(String hint) {
    return new Cte<>(
        name, query, table, items, recursive, hint, dml, sideEffect, columnList, clauses);
  }

  /**
   * {@code SEARCH DEPTH FIRST BY by… SET sequenceColumn} (PostgreSQL 14+): the rows get a column,
   * {@link #searchSequence()}, that orders them depth-first (each row right after its parent and
   * its parent's earlier children) when a statement orders by it. {@code by} are this CTE's columns
   * ({@code field(…)} or its table's), which tell the rows of one level apart.
   *
   * @param sequenceColumn the name of the column SEARCH adds
   * @param by the CTE's own columns the rows of a level are ordered by
   * @return a new CTE with the clause
   * @throws IllegalStateException if this is not the CTE {@code recursiveCte} returned
   * @throws IllegalArgumentException if {@code by} is empty or not the CTE's own columns, or the
   *     name is empty or taken
   */
  public Cte<A> searchDepthFirst(String sequenceColumn, Expression<?>... by) {
    return search("DEPTH", sequenceColumn, by);
  }

  /**
   * {@code SEARCH BREADTH FIRST BY by… SET sequenceColumn}: as {@link #searchDepthFirst}, ordering
   * the rows by their depth, then by {@code by}.
   *
   * @param sequenceColumn the name of the column SEARCH adds
   * @param by the CTE's own columns the rows of a level are ordered by
   * @return a new CTE with the clause
   * @throws IllegalStateException if this is not the CTE {@code recursiveCte} returned
   * @throws IllegalArgumentException if {@code by} is empty or not the CTE's own columns, or the
   *     name is empty or taken
   */
  public Cte<A> searchBreadthFirst(String sequenceColumn, Expression<?>... by) {
    return search("BREADTH", sequenceColumn, by);
  }

  private Cte<A> search(String order, String sequence, Expression<?>[] by) {
    List<String> names = ownColumns("SEARCH", by);
    Ctes.checkNewNames(name, List.of(sequence), takenNames());
    return withClauses(clauses.search(name, order, names, sequence));
  }

  /**
   * {@code CYCLE columns… SET markColumn USING pathColumn} (PostgreSQL 14+): a row whose {@code
   * columns} were seen before on its path is marked ({@link #cycleMark()} true) and not followed,
   * so a walk of a graph with a cycle ends; {@link #cyclePath()} is the path, as text.
   *
   * @param markColumn the name of the boolean column CYCLE adds
   * @param pathColumn the name of the path column CYCLE adds
   * @param columns the CTE's own columns whose values, seen again on a path, make a cycle
   * @return a new CTE with the clause
   * @throws IllegalStateException if this is not the CTE {@code recursiveCte} returned
   * @throws IllegalArgumentException if {@code columns} is empty or not the CTE's own columns, or a
   *     name is empty or taken
   */
  public Cte<A> cycle(String markColumn, String pathColumn, Expression<?>... columns) {
    List<String> names = ownColumns("CYCLE", columns);
    Ctes.checkNewNames(name, List.of(markColumn, pathColumn), takenNames());
    return withClauses(clauses.cycle(name, names, markColumn, pathColumn));
  }

  /**
   * The column SEARCH sets, to order by. In SQL it is a record (breadth-first: the depth, then the
   * BY columns) or an array of them (depth-first: the path), read as its text, {@code (0,1)};
   * {@code cast(…, SqlType.TEXT)} to use it as text in SQL. Fails without SEARCH.
   *
   * @return the sequence column
   * @throws IllegalStateException if the CTE has no SEARCH clause
   */
  public Expression<String> searchSequence() {
    return addedColumn(clauses.sequence, "SEARCH", String.class);
  }

  /**
   * The column CYCLE sets: true for the row that closes a cycle. Fails without CYCLE.
   *
   * @return the mark column
   * @throws IllegalStateException if the CTE has no CYCLE clause
   */
  public Expression<Boolean> cycleMark() {
    return addedColumn(clauses.mark, "CYCLE", Boolean.class);
  }

  /**
   * The path CYCLE keeps, an array of records of the cycle columns from the anchor on, read as its
   * text, {@code {(7),(8)}} ({@code cast(…, SqlType.TEXT)} to use it as text in SQL).
   *
   * @return the path column
   * @throws IllegalStateException if the CTE has no CYCLE clause
   */
  public Expression<String> cyclePath() {
    return addedColumn(clauses.path, "CYCLE", String.class);
  }

  private <T> Expression<T> addedColumn(String column, String clause, Class<T> type) {
    if (column == null) {
      throw new IllegalStateException("CTE " + name + " has no " + clause + " clause");
    }
    @SuppressWarnings("unchecked")
    Table<Object> t = (Table<Object>) table;
    return new Column<Object, T>(t, column, type, null, Column.NULLABLE);
  }

  /** The names of {@code columns}, each one of this recursive CTE's own. */
  private List<String> ownColumns(String clause, Expression<?>[] columns) {
    if (!recursive || query == null) {
      throw new IllegalStateException(
          "CTE " + name + ": " + clause + " is for the recursive CTE recursiveCte returns");
    }
    if (columns.length == 0) {
      throw new IllegalArgumentException(
          "CTE " + name + ": " + clause + " of no column; name the columns it goes by");
    }
    List<String> names = new ArrayList<>(columns.length);
    for (Expression<?> e : columns) {
      if (!(e instanceof Column)
          || !((Column<?, ?>) e).table().alias().equals(name)
          || !columnNames().contains(((Column<?, ?>) e).name())) {
        throw new IllegalArgumentException(
            "CTE "
                + name
                + ": "
                + clause
                + " takes its own columns (field(…) or table()'s), not "
                + e
                + " (its columns: "
                + String.join(", ", columnNames())
                + ")");
      }
      names.add(((Column<?, ?>) e).name());
    }
    return names;
  }

  /** The CTE's columns and those its clauses add so far. */
  private List<String> takenNames() {
    List<String> taken = new ArrayList<>(columnNames());
    taken.addAll(clauses.added());
    return taken;
  }

  private Cte<A> withClauses(RecursiveClauses c) {
    return new Cte<>(
        name, query, table, items, recursive, materialization, dml, sideEffect, columnList, c);
  }

  /** {@code name AS (select or statement)}, the body's values bound in {@code w}. */
  void render(SqlWriter w) {
    if (query == null && dml == null && sideEffect == null) {
      throw new IllegalStateException(
          "CTE "
              + name
              + " as its recursive term reads it is only to read from (table(), field(…)); "
              + "declare the Cte that recursiveCte returns");
    }
    w.identifier(name);
    if (columnList != null) {
      w.append('(');
      for (int i = 0; i < columnList.size(); i++) {
        w.append(i == 0 ? "" : ", ").identifier(columnList.get(i));
      }
      w.append(')');
    }
    w.append(" AS ").append(materialization).append('(');
    if (sideEffect != null) {
      sideEffect.renderWhole(w, null);
    } else if (dml != null) {
      dml.renderWhole(w);
    } else {
      query.render(w);
    }
    w.append(')');
    clauses.render(w);
  }

  /** {@code name}, for messages. */
  @Override
  public String toString() {
    return name;
  }
}
