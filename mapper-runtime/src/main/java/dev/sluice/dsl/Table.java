package dev.sluice.dsl;

import dev.sluice.Converter;
import dev.sluice.annotations.Identifiers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A table as the DSL sees it: its name, schema, the alias it goes by in a query, the record its
 * rows are read into, and its columns in the record's order. Generated for each {@code @Table}
 * record ({@code FilmTable}, whose constant {@code FilmTable.FILM} is the table under its own name,
 * and {@code FILM.as("f")} the same table under an alias for self-joins).
 *
 * <p>Immutable. A subclass creates its columns in its constructor with {@link #column}, which
 * registers each one in order; that is the only way columns are added.
 *
 * @param <R> the record a row of the table is read into
 */
public abstract class Table<R> {
  private final String schema;
  private final String name;
  private final String alias;
  private final Class<R> recordType;

  /** {@code schema.name AS alias} as a FROM item writes it, quoted where needed; made once. */
  private final String reference;

  /** Filled by {@link #column} while the subclass is constructed, read-only afterwards. */
  private final List<Column<R, ?>> columns = new ArrayList<>();

  /** A read-only view of {@link #columns} (it sees the columns the subclass adds), made once. */
  private final List<Column<R, ?>> columnsView = Collections.unmodifiableList(columns);

  /**
   * @param schema the schema, or "" for the search_path
   * @param name the table's name as PostgreSQL spells it
   * @param alias the name the table goes by in a query: {@code name} unless aliased
   * @param recordType the record a row is read into
   */
  protected Table(String schema, String name, String alias, Class<R> recordType) {
    if (name.isEmpty() || alias.isEmpty()) {
      throw new IllegalArgumentException(
          "empty table name or alias: name '" + name + "', alias '" + alias + "'");
    }
    this.schema = schema;
    this.name = name;
    this.alias = alias;
    this.recordType = recordType;
    StringBuilder ref = new StringBuilder();
    if (!schema.isEmpty()) {
      Identifiers.append(ref, schema);
      ref.append('.');
    }
    Identifiers.append(ref, name);
    if (!alias.equals(name)) {
      ref.append(" AS ");
      Identifiers.append(ref, alias);
    }
    this.reference = ref.toString();
  }

  /**
   * Creates and registers the next column; called only from a subclass's constructor.
   *
   * @param <T> the component's type (boxed for primitives)
   * @param columnName the column's name as PostgreSQL spells it
   * @param javaType the erasure of the component's type
   * @param sqlType the PostgreSQL type the Java type maps to, or null if unknown
   * @param flags {@link Column#NULLABLE}, {@link Column#ID} and {@link Column#GENERATED}, ORed
   * @return the column
   */
  protected final <T> Column<R, T> column(
      String columnName, Class<?> javaType, String sqlType, int flags) {
    Column<R, T> c = new Column<>(this, columnName, javaType, sqlType, flags);
    columns.add(c);
    return c;
  }

  /**
   * Creates and registers the next column, of a {@code @Convert} component: values compared with it
   * go through {@code converter.toColumn}. Called only from a subclass's constructor.
   *
   * @param <T> the component's type (boxed for primitives)
   * @param columnName the column's name as PostgreSQL spells it
   * @param javaType the erasure of the component's type
   * @param sqlType the PostgreSQL type of the column, or null if unknown
   * @param flags {@link Column#NULLABLE}, {@link Column#ID} and {@link Column#GENERATED}, ORed
   * @param converter maps between the component's values and the column's
   * @return the column
   */
  protected final <T> Column<R, T> convertedColumn(
      String columnName, Class<?> javaType, String sqlType, int flags, Converter<?, T> converter) {
    Column<R, T> c = new Column<>(this, columnName, javaType, sqlType, flags, converter);
    columns.add(c);
    return c;
  }

  /**
   * Creates and registers the next column, of a text type; called only from a constructor.
   *
   * @param columnName the column's name as PostgreSQL spells it
   * @param sqlType the PostgreSQL type ("text", "varchar(20)", …), or null if unknown
   * @param flags {@link Column#NULLABLE}, {@link Column#ID} and {@link Column#GENERATED}, ORed
   * @return the column
   */
  protected final StringColumn<R> stringColumn(String columnName, String sqlType, int flags) {
    StringColumn<R> c = new StringColumn<>(this, columnName, sqlType, flags);
    columns.add(c);
    return c;
  }

  /**
   * Creates and registers the next column, of a number or interval type, whose {@code sum} is an
   * {@code S} and {@code avg} an {@code A} (see {@link SummableColumn}); called only from a
   * constructor.
   *
   * @param <T> the component's type (boxed for primitives)
   * @param <S> the Java type of the column's {@code sum}
   * @param <A> the Java type of the column's {@code avg}
   * @param columnName the column's name as PostgreSQL spells it
   * @param javaType the erasure of the component's type
   * @param sqlType the PostgreSQL type the Java type maps to, or null if unknown
   * @param flags {@link Column#NULLABLE}, {@link Column#ID} and {@link Column#GENERATED}, ORed
   * @return the column
   */
  protected final <T, S, A> SummableColumn<R, T, S, A> summableColumn(
      String columnName, Class<?> javaType, String sqlType, int flags) {
    SummableColumn<R, T, S, A> c = new SummableColumn<>(this, columnName, javaType, sqlType, flags);
    columns.add(c);
    return c;
  }

  /**
   * Creates and registers the next column, an array; called only from a constructor.
   *
   * @param <T> the component's type: {@code List<String>}, {@code String[]}, …
   * @param <E> the element type
   * @param columnName the column's name as PostgreSQL spells it
   * @param javaType the erasure of the component's type
   * @param elementType the element type
   * @param sqlType the PostgreSQL type ("text[]", …), or null if unknown
   * @param flags {@link Column#NULLABLE}, {@link Column#ID} and {@link Column#GENERATED}, ORed
   * @return the column
   */
  protected final <T, E> ArrayColumn<R, T, E> arrayColumn(
      String columnName, Class<?> javaType, Class<E> elementType, String sqlType, int flags) {
    ArrayColumn<R, T, E> c =
        new ArrayColumn<>(this, columnName, javaType, elementType, sqlType, flags);
    columns.add(c);
    return c;
  }

  /**
   * The same table under another name in a query, e.g. for a self-join.
   *
   * @param alias the name the table goes by in the query
   * @return the same table under {@code alias}, with its own columns
   */
  public abstract Table<R> as(String alias);

  /**
   * These columns read from the relation {@code name} instead of this table, going by that name:
   * the table a {@link Cte} of this table's rows exposes. Generated; the DSL calls it, through
   * {@link Tables#cte}.
   *
   * @param name the relation's name (a CTE's)
   * @return this table's columns, reading from {@code name}
   */
  protected abstract Table<R> named(String name);

  /**
   * The column values of {@code record}, in the order of {@link #columns()}, as they are bound for
   * an INSERT or UPDATE: converted components through their converter, Optional unwrapped (empty is
   * null), embedded records flattened. Generated; no reflection.
   *
   * @param record the row
   * @return its columns' values, one per column
   */
  public abstract Object[] values(R record);

  /**
   * The writer of this table's records as rows of a binary COPY (its columns that are not
   * generated, in order), which {@code copyIn(table, records)} uses instead of {@link #values}:
   * generated for each {@code @Table}; null for a table class without one, whose records then go
   * through {@link #values}.
   *
   * @return the generated writer, or null
   */
  public dev.sluice.generated.CopyRowWriter<R> copyRowWriter() {
    return null;
  }

  /**
   * The schema, or "" when the table is found through the search_path.
   *
   * @return the schema, or ""
   */
  public final String schema() {
    return schema;
  }

  /**
   * The table's name as PostgreSQL spells it.
   *
   * @return the name, unquoted
   */
  public final String name() {
    return name;
  }

  /**
   * The name the table goes by in a query: its alias, or its name when not aliased.
   *
   * @return the alias, unquoted
   */
  public final String alias() {
    return alias;
  }

  /**
   * Whether the table goes by an alias other than its name.
   *
   * @return true for {@code FILM.as("f")}, false for {@code FILM}
   */
  public final boolean isAliased() {
    return !alias.equals(name);
  }

  /**
   * The record a row of the table is read into.
   *
   * @return the record's class
   */
  public final Class<R> recordType() {
    return recordType;
  }

  /**
   * {@code alias.a, alias.b, …}: every column as a select list writes it, rendered on first use (a
   * benign race: any thread renders the same text). The DSL writes it for {@code selectFrom(table)}
   * instead of rendering the columns one by one on every call.
   */
  private String selectList;

  /** {@code SELECT <selectList> FROM <reference>}, made on first use like {@link #selectList}. */
  private String selectHead;

  /**
   * The head of {@code selectFrom(table)}: {@code SELECT alias.a, alias.b, … FROM schema.name AS
   * alias}, one fragment for the render cache instead of four.
   */
  final String selectHead() {
    String s = selectHead;
    if (s == null) {
      selectHead = s = "SELECT " + selectList() + " FROM " + reference;
    }
    return s;
  }

  /** The table as a FROM item: {@code schema.name AS alias}, quoted where PostgreSQL needs it. */
  final String reference() {
    return reference;
  }

  final String selectList() {
    String s = selectList;
    if (s == null) {
      StringBuilder sb = new StringBuilder(columns.size() * (alias.length() + 12));
      for (int i = 0; i < columns.size(); i++) {
        if (i > 0) {
          sb.append(", ");
        }
        Identifiers.append(sb, alias);
        sb.append('.');
        Identifiers.append(sb, columns.get(i).name());
      }
      selectList = s = sb.toString();
    }
    return s;
  }

  /**
   * The columns, in the record's component order (embedded records flattened in place).
   *
   * @return the columns, read-only
   */
  public final List<Column<R, ?>> columns() {
    return columnsView;
  }

  /** {@code schema.name AS alias}, unquoted, for messages. */
  @Override
  public String toString() {
    String qualified = schema.isEmpty() ? name : schema + "." + name;
    return isAliased() ? qualified + " AS " + alias : qualified;
  }
}
