package dev.sluice.dsl;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A common table expression: {@code name AS (select)}, declared by {@code with(cte)} in front of a
 * statement and read there through {@link #table()}, a table-like FROM item named after it.
 *
 * <p>A CTE of a table's rows ({@link Dsl#cte(String, Table, Select)}, {@link Dsl#cte(String,
 * From1Step)}) exposes that table's generated class, so its columns stay typed: for {@code
 * Cte<FilmTable> lf}, {@code lf.table().length} is {@code long_films.length}, a smallint column. A
 * CTE of a projection ({@link Dsl#cte(String, Select)}) exposes its select list by name: {@link
 * #field(SelectField)} gives the CTE's column for an item of that list, with the item's type.
 *
 * <p>A recursive CTE ({@link Dsl#recursiveCte(String, Select, java.util.function.Function)}) is
 * made in two steps: the anchor fixes the columns, a stand-in CTE of the same table (with no body,
 * so it cannot be declared) is given to the recursive term, and the CTE returned has the body
 * {@code anchor UNION ALL term}, sharing the stand-in's table so the term's columns are its own.
 *
 * <p>A data-modifying CTE ({@link Dsl#cte(String, Table, FetchStep)}, {@link Dsl#cte(String,
 * FetchStep)}) has an INSERT, UPDATE, DELETE or MERGE with RETURNING for its body, read as the
 * shape's rows or as its RETURNING list; the statement keeps its own rules (an empty WHERE fails
 * when the whole statement is rendered), and an INSERT of many records renders as one multi-row
 * VALUES. Without RETURNING ({@link Dsl#cte(String, ReturningStep)}) it is declared only for what
 * it does: PostgreSQL runs it all the same, and it has no columns, so {@link #table()} and {@code
 * field} fail saying so.
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

  private final A table;

  /** The select list's items, position for position with table's columns; empty for a table. */
  private final List<SelectField<?>> items;

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

  private Cte(
      String name,
      AbstractSelect<?> query,
      A table,
      List<SelectField<?>> items,
      boolean recursive) {
    this(name, query, table, items, recursive, "");
  }

  private Cte(
      String name,
      AbstractSelect<?> query,
      A table,
      List<SelectField<?>> items,
      boolean recursive,
      String materialization) {
    this(name, query, table, items, recursive, materialization, null);
  }

  private Cte(
      String name,
      AbstractSelect<?> query,
      A table,
      List<SelectField<?>> items,
      boolean recursive,
      String materialization,
      DmlQuery.Returning<?> dml) {
    this(name, query, table, items, recursive, materialization, dml, null);
  }

  private Cte(
      String name,
      AbstractSelect<?> query,
      A table,
      List<SelectField<?>> items,
      boolean recursive,
      String materialization,
      DmlQuery.Returning<?> dml,
      DmlQuery<?> sideEffect) {
    this.sideEffect = sideEffect;
    this.dml = dml;
    this.materialization = materialization;
    this.name = name;
    this.query = query;
    this.table = table;
    this.items = items;
    this.recursive = recursive;
  }

  /** A CTE of {@code shape}'s rows; {@code query} must give each of its columns, by name. */
  static <A extends Table<R>, R> Cte<A> ofTable(String name, A shape, Select<? extends R> query) {
    return new Cte<>(
        name, (AbstractSelect<?>) query, tableOf(name, shape, query), List.of(), false);
  }

  /**
   * A recursive CTE of {@code shape}'s rows: {@code anchor operator term(self)}, where {@code self}
   * is the CTE as the term reads it.
   */
  static <A extends Table<R>, R> Cte<A> recursiveOfTable(
      String name,
      A shape,
      Select<R> anchor,
      String operator,
      Function<? super Cte<A>, ? extends Select<R>> term) {
    A table = tableOf(name, shape, anchor);
    Cte<A> self = new Cte<>(name, null, table, List.of(), true);
    Select<R> recursiveTerm = recursiveTerm(name, term.apply(self));
    CompoundQuery<R> body =
        new CompoundQuery<>((AbstractSelect<R>) anchor, operator, recursiveTerm);
    return new Cte<>(name, body, table, List.of(), true);
  }

  /**
   * A recursive CTE of a projection: {@code anchor operator term(self)}; the anchor's select list
   * names the columns.
   */
  static <T> Cte<Table<T>> recursiveOfSelect(
      String name,
      Select<T> anchor,
      String operator,
      Function<? super Cte<Table<T>>, ? extends Select<T>> term) {
    Cte<Table<T>> shaped = ofSelect(name, anchor);
    Cte<Table<T>> self = new Cte<>(name, null, shaped.table, shaped.items, true);
    Select<T> recursiveTerm = recursiveTerm(name, term.apply(self));
    CompoundQuery<T> body =
        new CompoundQuery<>((AbstractSelect<T>) anchor, operator, recursiveTerm);
    return new Cte<>(name, body, shaped.table, shaped.items, true);
  }

  private static <S> S recursiveTerm(String name, S term) {
    if (term == null) {
      throw new IllegalArgumentException(
          "the recursive term of CTE " + name + " is null; return the select that reads it");
    }
    return term;
  }

  /** {@code shape} renamed {@code name}, after checking {@code query} gives its columns. */
  @SuppressWarnings("unchecked")
  private static <A extends Table<R>, R> A tableOf(
      String name, A shape, Select<? extends R> query) {
    AbstractSelect<?> q = (AbstractSelect<?>) query;
    List<String> given = q.outputNames();
    requireColumns(name, shape, given, "select list");
    return (A) shape.named(name);
  }

  /**
   * Fails unless {@code given} (what the CTE's {@code part} yields) names every column of shape.
   */
  private static void requireColumns(String name, Table<?> shape, List<String> given, String part) {
    for (Column<?, ?> c : shape.columns()) {
      if (!given.contains(c.name())) {
        throw new IllegalArgumentException(
            "CTE "
                + name
                + " cannot read as "
                + shape.name()
                + ": its "
                + part
                + " has no column "
                + c.name()
                + " (it gives "
                + String.join(", ", given)
                + ")");
      }
    }
  }

  /** A CTE of a projection: the select list's items become columns named as they are. */
  static <T> Cte<Table<T>> ofSelect(String name, Select<T> query) {
    AbstractSelect<T> q = (AbstractSelect<T>) query;
    List<SelectField<?>> items = q.selectList();
    List<String> names = q.namedOutputs("CTE " + name);
    @SuppressWarnings("unchecked")
    Class<T> rowType = (Class<T>) q.rowType();
    return new Cte<>(name, q, new CteTable<>(name, name, rowType, items, names), items, false);
  }

  /**
   * A CTE of a data-modifying statement read as {@code shape}'s rows: its RETURNING must give each
   * of the shape's columns, by name ({@code returning()} of that table does).
   */
  @SuppressWarnings("unchecked")
  static <A extends Table<R>, R> Cte<A> ofDml(
      String name, A shape, FetchStep<? extends R> returning) {
    DmlQuery.Returning<?> r = returningOf(name, returning);
    List<String> given = r.outputNames();
    requireColumns(name, shape, given, "RETURNING");
    return new Cte<>(name, null, (A) shape.named(name), List.of(), false, "", r);
  }

  /** A CTE of a data-modifying statement's RETURNING list, read as it is read. */
  static <T> Cte<Table<T>> ofDml(String name, FetchStep<T> returning) {
    DmlQuery.Returning<?> r = returningOf(name, returning);
    List<SelectField<?>> items = r.items();
    List<String> names = r.outputNames();
    for (int i = 0; i < names.size(); i++) {
      if (names.get(i) == null) {
        throw new IllegalArgumentException(
            "CTE "
                + name
                + ": RETURNING item "
                + items.get(i)
                + " has no name to read it by; name it with as(\"name\")");
      }
    }
    @SuppressWarnings("unchecked")
    Class<T> rowType = (Class<T>) r.rowType();
    return new Cte<>(
        name, null, new CteTable<>(name, name, rowType, items, names), items, false, "", r);
  }

  /**
   * A CTE of a data-modifying statement without RETURNING: PostgreSQL runs it once, whether or not
   * anything reads it, and it has nothing to read ({@link #table()} and {@link #field} fail).
   */
  static Cte<Table<Void>> ofSideEffect(String name, ReturningStep<?> statement) {
    DmlQuery<?> q;
    if (statement instanceof DmlQuery) {
      q = (DmlQuery<?>) statement;
    } else if (statement instanceof ConflictUpdate) {
      q = ((ConflictUpdate<?>) statement).insert();
    } else {
      throw new IllegalArgumentException(
          "CTE "
              + name
              + ": "
              + (statement == null ? "null" : statement.getClass().getSimpleName())
              + " is not an INSERT, UPDATE, DELETE or MERGE made by the DSL");
    }
    return new Cte<>(name, null, null, List.of(), false, "", null, q);
  }

  private static DmlQuery.Returning<?> returningOf(String name, FetchStep<?> returning) {
    if (!(returning instanceof DmlQuery.Returning)) {
      throw new IllegalArgumentException(
          "CTE "
              + name
              + ": "
              + (returning == null ? "null" : returning.getClass().getSimpleName())
              + " is not the RETURNING of an INSERT, UPDATE, DELETE or MERGE; a SELECT's CTE"
              + " takes a Select");
    }
    return (DmlQuery.Returning<?>) returning;
  }

  /** The CTE's name, as {@code WITH} declares it. */
  public String name() {
    return name;
  }

  /** Whether it reads itself, so a WITH declaring it is a {@code WITH RECURSIVE}. */
  public boolean isRecursive() {
    return recursive;
  }

  /**
   * The CTE as a FROM item, named after it ({@code FROM long_films}); {@code table().as("x")} for
   * another name, e.g. to join it with itself.
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
        "CTE " + name + " has no column for " + item + " (its columns: " + columnNames() + ")");
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
        "CTE " + name + " has no column " + columnName + " (its columns: " + columnNames() + ")");
  }

  private String columnNames() {
    List<String> names = new ArrayList<>();
    for (Column<?, ?> c : table.columns()) {
      names.add(c.name());
    }
    return String.join(", ", names);
  }

  /**
   * This CTE as {@code name AS MATERIALIZED (…)}: computed once and read as a table, even where
   * PostgreSQL would fold it into the query (a CTE read once, without side effects).
   */
  public Cte<A> materialized() {
    return withMaterialization("MATERIALIZED ");
  }

  /**
   * This CTE as {@code name AS NOT MATERIALIZED (…)}: folded into each place that reads it, so
   * conditions there reach its tables' indexes, even when it is read more than once.
   */
  public Cte<A> notMaterialized() {
    return withMaterialization("NOT MATERIALIZED ");
  }

  private Cte<A> withMaterialization(String hint) {
    return new Cte<>(name, query, table, items, recursive, hint, dml, sideEffect);
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
    w.identifier(name).append(" AS ").append(materialization).append('(');
    if (sideEffect != null) {
      sideEffect.renderWhole(w, null);
    } else if (dml != null) {
      dml.renderWhole(w);
    } else {
      query.render(w);
    }
    w.append(')');
  }

  /** {@code name}, for messages. */
  @Override
  public String toString() {
    return name;
  }

  /**
   * The FROM item of a projection's CTE: one column per select list item, named as the item and
   * typed as it, so the rows read into the same record (or scalar) as the select's.
   */
  private static final class CteTable<T> extends Table<T> {
    private final List<SelectField<?>> items;
    private final List<String> names;

    CteTable(
        String name,
        String alias,
        Class<T> rowType,
        List<SelectField<?>> items,
        List<String> names) {
      super("", name, alias, rowType);
      this.items = items;
      this.names = names;
      for (int i = 0; i < items.size(); i++) {
        Expression<?> e = items.get(i).expression();
        String column = names.get(i);
        if (e.elementType() != null) {
          arrayColumn(column, e.valueType(), e.elementType(), null, Column.NULLABLE);
        } else if (e.valueType() == String.class) {
          stringColumn(column, null, Column.NULLABLE);
        } else {
          column(column, e.valueType(), null, Column.NULLABLE);
        }
      }
    }

    @Override
    public Table<T> as(String alias) {
      return new CteTable<>(name(), alias, recordType(), items, names);
    }

    @Override
    protected Table<T> named(String name) {
      return new CteTable<>(name, name, recordType(), items, names);
    }

    @Override
    public Object[] values(T record) {
      throw new UnsupportedOperationException(
          "CTE " + name() + " is read, not written: insert into the tables it reads from");
    }
  }
}
