package dev.sluice.dsl;

import java.util.List;

/**
 * A derived table: a subquery in FROM under an alias, {@code (SELECT …) AS name}, or with {@link
 * Tables#lateral} {@code LATERAL (SELECT …) AS name}, which may refer to the tables before it in
 * the FROM list (a top-N per group), or a VALUES list, {@code (VALUES …) AS name (columns)} ({@link
 * Tables#values}). Made by {@link Tables#derived}; join {@link #table()} like a table and read its
 * columns with {@link #field(SelectField)}, typed as the select list's items (or the items a VALUES
 * list was declared with).
 *
 * <p>Immutable once made; the select is rendered afresh into each statement, so its values are
 * bound there, numbered with the statement's own. Do not change that select after making this.
 *
 * @param <T> what the subquery's rows read as
 */
public final class Derived<T> {
  private final DerivedTable<T> table;

  private Derived(DerivedTable<T> table) {
    this.table = table;
  }

  static <T> Derived<T> of(String alias, Select<T> query, boolean lateral) {
    if (alias == null || alias.isEmpty()) {
      throw new IllegalArgumentException("a derived table needs an alias: '" + alias + "'");
    }
    AbstractSelect<T> q = (AbstractSelect<T>) query;
    List<SelectField<?>> items = q.selectList();
    List<String> names = q.namedOutputs("derived table " + alias);
    return new Derived<>(new DerivedTable<>(alias, q, null, q.rowType(), lateral, items, names));
  }

  /** A VALUES list under {@code alias}, its columns {@code names}, typed as {@code items}. */
  static <T> Derived<T> ofValues(
      String alias,
      ValuesStep.Body values,
      Class<?> rowType,
      List<SelectField<?>> items,
      List<String> names) {
    if (alias == null || alias.isEmpty()) {
      throw new IllegalArgumentException("a VALUES list needs an alias: '" + alias + "'");
    }
    return new Derived<>(new DerivedTable<>(alias, null, values, rowType, false, items, names));
  }

  /**
   * The subquery as a FROM item: {@code from(d.table())}, {@code join(d.table()).on(…)}.
   *
   * @return the derived table as a FROM item, under its alias
   */
  public Table<T> table() {
    return table;
  }

  /**
   * The column of this derived table that carries {@code item} of its select list (the item itself,
   * or a column of the same name), typed as the item: {@code top.field(FILM.title)} renders {@code
   * top.title}.
   *
   * @param <U> the item's Java type
   * @param item an item of the select list (or of the VALUES list's declared items)
   * @return the derived table's column carrying it
   * @throws IllegalArgumentException if the select list has no such item
   */
  @SuppressWarnings("unchecked")
  public <U> Expression<U> field(SelectField<U> item) {
    List<? extends Column<?, ?>> columns = table.columns();
    for (int i = 0; i < table.items.size(); i++) {
      SelectField<?> mine = table.items.get(i);
      if (mine == item
          || item instanceof Column
              && mine instanceof Column
              && ((Column<?, ?>) item).name().equals(((Column<?, ?>) mine).name())
              && ((Column<?, ?>) item)
                  .table()
                  .name()
                  .equals(((Column<?, ?>) mine).table().name())) {
        return (Expression<U>) columns.get(i);
      }
    }
    throw new IllegalArgumentException(
        "derived table " + table.alias() + " has no column for " + item);
  }

  /** The FROM item: renders its subquery in place of a table name. */
  static final class DerivedTable<T> extends Table<T> {
    /** The subquery; null for a VALUES list. */
    private final AbstractSelect<T> query;

    /** The VALUES list; null for a subquery. */
    private final ValuesStep.Body values;

    private final boolean lateral;
    final List<SelectField<?>> items;
    private final List<String> names;

    @SuppressWarnings("unchecked")
    DerivedTable(
        String alias,
        AbstractSelect<T> query,
        ValuesStep.Body values,
        Class<?> rowType,
        boolean lateral,
        List<SelectField<?>> items,
        List<String> names) {
      super("", alias, alias, (Class<T>) rowType);
      this.query = query;
      this.values = values;
      this.lateral = lateral;
      this.items = items;
      this.names = names;
      for (int i = 0; i < items.size(); i++) {
        Expression<?> e = items.get(i).expression();
        if (e.elementType() != null) {
          arrayColumn(names.get(i), e.valueType(), e.elementType(), null, Column.NULLABLE);
        } else if (e.valueType() == String.class) {
          stringColumn(names.get(i), null, Column.NULLABLE);
        } else {
          column(names.get(i), e.valueType(), null, Column.NULLABLE);
        }
      }
    }

    /**
     * {@code [LATERAL ](subquery) AS alias}, or {@code (VALUES …) AS alias (names)}: VALUES names
     * its columns column1, column2, … unless the alias lists them.
     */
    void renderReference(SqlWriter w) {
      if (values != null) {
        w.append('(');
        values.render(w, alias());
        w.append(") AS ").identifier(alias()).append(" (");
        for (int i = 0; i < names.size(); i++) {
          w.append(i == 0 ? "" : ", ").identifier(names.get(i));
        }
        w.append(')');
        return;
      }
      w.append(lateral ? "LATERAL (" : "(");
      query.render(w);
      w.append(") AS ").identifier(alias());
    }

    @Override
    public Table<T> as(String alias) {
      return new DerivedTable<>(alias, query, values, recordType(), lateral, items, names);
    }

    @Override
    protected Table<T> named(String name) {
      return as(name);
    }

    @Override
    public Object[] values(T record) {
      throw new UnsupportedOperationException(
          (values != null ? "VALUES list " : "derived table ")
              + alias()
              + " is read, not written: insert into the tables it reads");
    }
  }
}
