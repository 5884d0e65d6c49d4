package dev.sluice.dsl;

import dev.sluice.Converter;
import dev.sluice.annotations.Identifiers;

/**
 * One column of a {@link Table}: its name, the Java type of the record component it is read into,
 * the PostgreSQL type that Java type maps to (null when unknown, e.g. for enums and converted
 * components), and whether it is nullable, part of the primary key, or filled by the database.
 * Created by the table; immutable.
 *
 * <p>As an {@link Expression} it renders as {@code alias.name}, and only inside a query that has
 * its table (under that alias) in FROM or JOIN; elsewhere rendering fails naming the column. Text
 * columns are {@link StringColumn}s (LIKE), array columns {@link ArrayColumn}s.
 *
 * @param <R> the table's record
 * @param <T> the component's type (boxed for primitives)
 */
public class Column<R, T> extends Expression<T> {
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

  /** Maps a component value to the column's, for a {@code @Convert} component; else null. */
  private final Converter<?, ?> converter;

  Column(Table<R> table, String name, Class<?> javaType, String sqlType, int flags) {
    this(table, name, javaType, sqlType, flags, null);
  }

  Column(
      Table<R> table,
      String name,
      Class<?> javaType,
      String sqlType,
      int flags,
      Converter<?, ?> converter) {
    super(javaType);
    this.converter = converter;
    this.table = table;
    this.name = name;
    this.javaType = javaType;
    this.sqlType = sqlType;
    this.flags = flags;
  }

  /**
   * The table (under the alias) this column belongs to.
   *
   * @return the table, under the alias the column renders with
   */
  public Table<R> table() {
    return table;
  }

  /**
   * The column's name as PostgreSQL spells it.
   *
   * @return the name, unquoted
   */
  public String name() {
    return name;
  }

  /**
   * The erasure of the component's type: {@code int.class}, {@code String.class}, {@code
   * List.class}. ({@link #valueType()} is its box.)
   *
   * @return the component's erased type
   */
  public Class<?> javaType() {
    return javaType;
  }

  /**
   * The PostgreSQL type the component's Java type maps to, e.g. "integer" or "text[]"; null if
   * unknown.
   *
   * @return the PostgreSQL type's name, or null
   */
  public String sqlType() {
    return sqlType;
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  Object toDatabase(Object value) {
    return converter == null || value == null ? value : ((Converter) converter).toColumn(value);
  }

  @Override
  void render(SqlWriter w) {
    w.column(this);
  }

  /**
   * A converted column read alone ({@code select(CUSTOMER.email)}) is read as the database's value
   * and given back through {@code converter.fromColumn}, as the record's decoder does.
   */
  @Override
  ScalarDecoder<T> newDecoder() {
    return converter == null
        ? super.newDecoder()
        : new ScalarDecoder<>(Object.class, null, toString(), converter);
  }

  /**
   * {@code alias.name} as SQL writes it (quoted where needed), made on first use: a benign race,
   * any thread makes the same text. Kept so a rendering does not re-check both names per call.
   */
  private String qualified;

  final String qualifiedName() {
    String q = qualified;
    if (q == null) {
      StringBuilder sb = new StringBuilder(table.alias().length() + name.length() + 3);
      Identifiers.append(sb, table.alias());
      sb.append('.');
      Identifiers.append(sb, name);
      qualified = q = sb.toString();
    }
    return q;
  }

  @Override
  String outputName() {
    return name;
  }

  /**
   * Whether the column may be NULL ({@link #NULLABLE}).
   *
   * @return true if the component is {@code @Nullable} or an Optional
   */
  public boolean isNullable() {
    return (flags & NULLABLE) != 0;
  }

  /**
   * Whether the column is part of the primary key ({@link #ID}).
   *
   * @return true if the component is {@code @Id}
   */
  public boolean isId() {
    return (flags & ID) != 0;
  }

  /**
   * Whether the database fills the column ({@link #GENERATED}): inserts leave it out.
   *
   * @return true if the component is {@code @Generated}
   */
  public boolean isGenerated() {
    return (flags & GENERATED) != 0;
  }

  /** {@code alias.name}, unquoted, for messages. */
  @Override
  public final String toString() {
    return table.alias() + "." + name;
  }
}
