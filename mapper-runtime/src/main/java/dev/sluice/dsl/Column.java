package dev.sluice.dsl;

/**
 * One column of a {@link Table}: its name, the Java type of the record component it is read into,
 * the PostgreSQL type that Java type maps to (null when unknown, e.g. for enums and converted
 * components), and whether it is nullable, part of the primary key, or filled by the database.
 * Created by the table; immutable.
 *
 * @param <R> the table's record
 * @param <T> the component's type (boxed for primitives)
 */
public final class Column<R, T> {
  /** Flag: the column may be NULL (the component is {@code @Nullable} or Optional). */
  public static final int NULLABLE = 1;

  /** Flag: the component is {@code @Id}. */
  public static final int ID = 1 << 1;

  /** Flag: the component is {@code @Generated}. */
  public static final int GENERATED = 1 << 2;

  private final Table<R> table;
  private final String name;
  private final Class<?> javaType;
  private final String sqlType;
  private final int flags;

  Column(Table<R> table, String name, Class<?> javaType, String sqlType, int flags) {
    this.table = table;
    this.name = name;
    this.javaType = javaType;
    this.sqlType = sqlType;
    this.flags = flags;
  }

  /** The table (under the alias) this column belongs to. */
  public Table<R> table() {
    return table;
  }

  /** The column's name as PostgreSQL spells it. */
  public String name() {
    return name;
  }

  /**
   * The erasure of the component's type: {@code int.class}, {@code String.class}, {@code
   * List.class}.
   */
  public Class<?> javaType() {
    return javaType;
  }

  /**
   * The PostgreSQL type the component's Java type maps to, e.g. "integer" or "text[]"; null if
   * unknown.
   */
  public String sqlType() {
    return sqlType;
  }

  public boolean isNullable() {
    return (flags & NULLABLE) != 0;
  }

  public boolean isId() {
    return (flags & ID) != 0;
  }

  public boolean isGenerated() {
    return (flags & GENERATED) != 0;
  }

  /** {@code alias.name}, unquoted, for messages. */
  @Override
  public String toString() {
    return table.alias() + "." + name;
  }
}
