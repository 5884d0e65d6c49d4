package dev.sluice.dsl;

import dev.sluice.Interval;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A {@code VALUES} list being built, for a FROM item or a MERGE's source: {@code
 * values(BALANCE.customerId, BALANCE.amount).row(new Tuple2<>(3, x)).row(…).as("v")} is {@code
 * (VALUES ($1::integer, $2::numeric), ($3, $4)) AS v (customer_id, amount)}. Made by {@link
 * Tables#values}; {@link #as} makes the {@link Derived} table, whose {@code field(item)} is the
 * column of each item given here.
 *
 * <p>The items given to {@code values(…)} are not rendered: each one says a column's name (a
 * table's column, or an expression named with {@code as}) and type, which its values must be of
 * ({@code T} is {@code A} for one column, {@code Tuple2<A, B>} for two, up to {@link Tuple8}).
 * Every value is bound; the first row's are cast to the column's SQL type (the table column's, a
 * {@code cast}'s, or the one its Java type maps to), because PostgreSQL resolves a VALUES column's
 * type from its rows, and a bound string, enum or NULL has none of its own (a column of NULLs would
 * be text). A column whose SQL type is not known (an enum column) fails here: give it as {@code
 * cast(FILM.rating, SqlType.of("mpaa_rating", Rating.class)).as("rating")}.
 *
 * <p>A list of no rows cannot be rendered: PostgreSQL has no empty VALUES, and a source of no rows
 * would change what a statement does (a MERGE's {@code WHEN NOT MATCHED BY SOURCE} would take every
 * target row). The statement it is in fails when rendered, naming it. A builder, not thread-safe;
 * {@link #as} copies the rows, so the table it makes does not change with later {@code row}s.
 *
 * @param <T> a row: the value of the only column, or a {@code TupleN} of the columns' values
 */
public final class ValuesStep<T> {
  /** The SQL types of the Java types a value may be bound as without a table column to say it. */
  private static final Map<Class<?>, String> SQL_TYPES =
      Map.ofEntries(
          Map.entry(Boolean.class, "boolean"),
          Map.entry(Short.class, "smallint"),
          Map.entry(Integer.class, "integer"),
          Map.entry(Long.class, "bigint"),
          Map.entry(Float.class, "real"),
          Map.entry(Double.class, "double precision"),
          Map.entry(BigDecimal.class, "numeric"),
          Map.entry(String.class, "text"),
          Map.entry(byte[].class, "bytea"),
          Map.entry(UUID.class, "uuid"),
          Map.entry(LocalDate.class, "date"),
          Map.entry(LocalTime.class, "time"),
          Map.entry(OffsetTime.class, "timetz"),
          Map.entry(LocalDateTime.class, "timestamp"),
          Map.entry(Instant.class, "timestamptz"),
          Map.entry(OffsetDateTime.class, "timestamptz"),
          Map.entry(Interval.class, "interval"));

  private final List<SelectField<?>> items;

  /** The SQL type each column's first value is cast to, position for position with items. */
  private final List<String> sqlTypes;

  /** What a row is read as: the only column's Java type, or the TupleN class. */
  private final Class<?> rowType;

  /** The rows so far, each its columns' values as bound (converted where a column converts). */
  private final List<Object[]> rows = new ArrayList<>();

  ValuesStep(Class<?> rowType, SelectField<?>... items) {
    List<String> types = new ArrayList<>(items.length);
    for (SelectField<?> item : items) {
      types.add(sqlTypeOf(item));
    }
    this.rowType = rowType;
    this.items = List.of(items);
    this.sqlTypes = List.copyOf(types);
  }

  private static String sqlTypeOf(SelectField<?> item) {
    if (item == null) {
      throw new IllegalArgumentException(
          "values(…) of a null item: give each column as a table's column or a named expression");
    }
    Expression<?> e = item.expression();
    if (e instanceof Column && ((Column<?, ?>) e).sqlType() != null) {
      return ((Column<?, ?>) e).sqlType();
    }
    if (e instanceof Operators.Cast) {
      return ((Operators.Cast<?>) e).typeName();
    }
    String type = e.elementType() == null ? SQL_TYPES.get(e.valueType()) : null;
    if (type == null) {
      throw new IllegalArgumentException(
          "VALUES column "
              + item
              + " is a "
              + e.valueType().getName()
              + ", whose SQL type is not known, so its values cannot be cast to it; give the"
              + " column as cast(item, SqlType.of(\"type_name\", Type.class)).as(\"name\")");
    }
    return type;
  }

  /**
   * One more row: its values are bound, in the order of the columns (null for one is NULL).
   *
   * @param row the value of the only column, or a {@code TupleN} of the columns' values
   * @return this builder
   * @throws IllegalArgumentException if {@code row} is null for more than one column, or not a
   *     tuple of as many values as there are columns
   */
  public ValuesStep<T> row(T row) {
    if (row == null && items.size() > 1) {
      throw new IllegalArgumentException(
          "VALUES row null: a row of NULLs is a Tuple" + items.size() + " of nulls");
    }
    Object[] cells = cells(row);
    for (int i = 0; i < cells.length; i++) {
      Object v = cells[i];
      cells[i] = v == null ? null : Snapshots.of(items.get(i).expression().toDatabase(v));
    }
    rows.add(cells);
    return this;
  }

  /**
   * The rows of {@code list}, in its order, after those so far.
   *
   * @param list the rows, each as {@link #row} takes it
   * @return this builder
   * @throws IllegalArgumentException as {@link #row} does, for the first row it refuses
   */
  public ValuesStep<T> rows(Collection<? extends T> list) {
    for (T row : list) {
      row(row);
    }
    return this;
  }

  /**
   * The list as a FROM item {@code (VALUES …) AS alias (names)}, its columns named as the items
   * given to {@code values(…)}.
   *
   * @param alias the derived table's name
   * @return the derived table, whose {@code table()} joins like a table
   * @throws IllegalArgumentException if an item has no name (an expression not named with {@code
   *     as}), or two names are the same
   */
  public Derived<T> as(String alias) {
    List<String> names = new ArrayList<>(items.size());
    for (SelectField<?> item : items) {
      String name = item.outputName();
      if (name == null) {
        throw new IllegalArgumentException(
            "VALUES "
                + alias
                + ": column "
                + item
                + " has no name; name it with as(\"name\") or pass the names to as(alias, names…)");
      }
      names.add(name);
    }
    return build(alias, names);
  }

  /**
   * The list as a FROM item {@code (VALUES …) AS alias (columnNames)}, one name per column.
   *
   * @param alias the derived table's name
   * @param columnNames the columns' names, one per column, distinct
   * @return the derived table, whose {@code table()} joins like a table
   * @throws IllegalArgumentException if the number of names is not the number of columns, or two
   *     names are the same or empty
   */
  public Derived<T> as(String alias, String... columnNames) {
    if (columnNames.length != items.size()) {
      throw new IllegalArgumentException(
          "VALUES "
              + alias
              + " has "
              + items.size()
              + " columns, but "
              + columnNames.length
              + " names were given: "
              + String.join(", ", columnNames));
    }
    return build(alias, List.of(columnNames));
  }

  private Derived<T> build(String alias, List<String> names) {
    for (int i = 0; i < names.size(); i++) {
      if (names.get(i).isEmpty() || names.subList(0, i).contains(names.get(i))) {
        throw new IllegalArgumentException(
            "VALUES " + alias + ": column names must be distinct and not empty: " + names);
      }
    }
    return Derived.ofValues(
        alias, new Body(List.copyOf(rows), sqlTypes), rowType, items, List.copyOf(names));
  }

  /** The values of a row: the row itself for one column, a TupleN's components for more. */
  private Object[] cells(Object row) {
    int n = items.size();
    if (n == 1) {
      return new Object[] {row};
    }
    if (row instanceof Tuple2<?, ?> t && n == 2) {
      return new Object[] {t.first(), t.second()};
    }
    if (row instanceof Tuple3<?, ?, ?> t && n == 3) {
      return new Object[] {t.first(), t.second(), t.third()};
    }
    if (row instanceof Tuple4<?, ?, ?, ?> t && n == 4) {
      return new Object[] {t.first(), t.second(), t.third(), t.fourth()};
    }
    if (row instanceof Tuple5<?, ?, ?, ?, ?> t && n == 5) {
      return new Object[] {t.first(), t.second(), t.third(), t.fourth(), t.fifth()};
    }
    if (row instanceof Tuple6<?, ?, ?, ?, ?, ?> t && n == 6) {
      return new Object[] {t.first(), t.second(), t.third(), t.fourth(), t.fifth(), t.sixth()};
    }
    if (row instanceof Tuple7<?, ?, ?, ?, ?, ?, ?> t && n == 7) {
      return new Object[] {
        t.first(), t.second(), t.third(), t.fourth(), t.fifth(), t.sixth(), t.seventh()
      };
    }
    if (row instanceof Tuple8<?, ?, ?, ?, ?, ?, ?, ?> t && n == 8) {
      return new Object[] {
        t.first(), t.second(), t.third(), t.fourth(), t.fifth(), t.sixth(), t.seventh(), t.eighth()
      };
    }
    throw new IllegalArgumentException(
        "VALUES row " + row + " is not a Tuple" + n + " of the " + n + " columns " + items);
  }

  /** The rows as rendered: {@code VALUES (…), (…)}, the first row's values cast. */
  static final class Body {
    private final List<Object[]> rows;
    private final List<String> sqlTypes;

    Body(List<Object[]> rows, List<String> sqlTypes) {
      this.rows = rows;
      this.sqlTypes = sqlTypes;
    }

    /**
     * {@code VALUES ($1::integer, $2::text), ($3, $4)}; fails naming the statement written so far
     * and {@code alias} when there is no row.
     */
    void render(SqlWriter w, String alias) {
      if (rows.isEmpty()) {
        throw new IllegalStateException(
            w.text()
                + "VALUES …) AS "
                + alias
                + ": the VALUES list has no rows. PostgreSQL has no empty VALUES, and a source"
                + " of no rows is not the same statement (a MERGE's WHEN NOT MATCHED BY SOURCE"
                + " would take every target row): do not run the statement when there are none");
      }
      w.append("VALUES ");
      for (int r = 0; r < rows.size(); r++) {
        Object[] row = rows.get(r);
        w.append(r == 0 ? "(" : ", (");
        for (int i = 0; i < row.length; i++) {
          w.append(i == 0 ? "" : ", ").bind(row[i]);
          if (r == 0) {
            // The first row fixes the column's type; PostgreSQL resolves the others to it.
            w.append("::").append(sqlTypes.get(i));
          }
        }
        w.append(')');
      }
    }
  }
}
