package dev.sluice.dsl;

import java.util.List;

/**
 * The FROM item of a projection's CTE: one column per select list item, named as the item and typed
 * as it, so the rows read into the same record (or scalar) as the select's.
 */
final class CteTable<T> extends Table<T> {
  private final List<SelectField<?>> items;
  private final List<String> names;

  CteTable(
      String name, String alias, Class<T> rowType, List<SelectField<?>> items, List<String> names) {
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
