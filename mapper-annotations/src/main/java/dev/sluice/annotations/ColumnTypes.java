package dev.sluice.annotations;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The one table of Sluice's value types: for each Java type a column is read into, which PostgreSQL
 * column types it holds without loss, the {@code RowView} getter that reads it, the type a column
 * made for it has, and the type the driver declares when such a value is bound. The annotation
 * processor checks {@code @Table} records and {@code @Query} results against it at compile time
 * (with a schema source), generated decoders accept exactly these column types at run time ({@code
 * Columns.require}), and the runtime declares bound values' types from it ({@code
 * ParameterEncoder.declaredOid}), so build and run agree and there is no second list to keep in
 * step.
 *
 * <p>Not an annotation: it lives here because this is the one module both the processor and the
 * runtime depend on (as {@link Identifiers} does). Types are PostgreSQL's {@code pg_type.typname}
 * ({@code int4}, {@code timestamptz}); a domain counts as its base type. Decided once, per pair:
 *
 * <ul>
 *   <li>Integers only widen: {@code int} holds int2 and int4, never int8; {@code long} also {@code
 *       oid}.
 *   <li>{@code float} holds float4 only; {@code double} float8 and float4, <em>not</em> numeric
 *       (which has up to 131072 digits: use BigDecimal).
 *   <li>{@code BigDecimal} holds numeric and the integers; {@code PgNumeric} as well, and numeric's
 *       NaN and ±Infinity too.
 *   <li>{@code Instant} and {@code OffsetDateTime} hold timestamptz only; a timestamp without time
 *       zone names no instant and is a {@code LocalDateTime}.
 *   <li>{@code InetNetwork} holds inet and cidr; {@code InetAddress} inet only (a cidr is a
 *       network).
 *   <li>{@code PgLsn} holds pg_lsn; {@code BitString} bit and varbit.
 *   <li>{@code String} holds any column, in its text form (an empty list below); a {@code
 *       List<String>} any array but bytea[], each element in its text form.
 * </ul>
 *
 * <p>Adding a value type is one row here, its codec in its type family's class, its {@code RowView}
 * getter and its {@code Scalars} constant; {@code ValueTypesTest} in the runtime fails until the
 * getter, the single-value decoder, the fast readers (if the row names them) and the declared type
 * all exist and agree with the row.
 */
public final class ColumnTypes {
  private ColumnTypes() {}

  /**
   * One Java value type and its place in PostgreSQL.
   *
   * @param name the row's name, upper case ({@code INT}, {@code BIG_DECIMAL}): the constant of
   *     {@code dev.sluice.Scalars} that reads one such value
   * @param javaType a primitive's name ({@code int}) or a qualified class name, as the processor
   *     spells it
   * @param box the box of a primitive ({@code java.lang.Integer}), or null
   * @param getter the {@code RowView} getter that reads a column as this type ({@code getInt})
   * @param columnType the SQL type of a column made for a component of this type ({@code integer}),
   *     as {@code @Table} metadata reports it
   * @param parameterType the typname the driver declares in Parse for a value of this type bound to
   *     a parameter ({@code int4}); null for none, where the server infers the type (String, sent
   *     as text)
   * @param accepted the column types this type holds without loss, most natural first; empty for
   *     String, which holds any
   * @param inOrder the column types whose binary form the fast readers of generated code ({@code
   *     read} and the getter's name without {@code get}, in {@code InOrderRow} and {@code
   *     CompositeReader}) take, told apart by length where there are several; null when the type
   *     has no fast reader; empty for String, whose reader takes any column that arrives as text
   * @param ranges the range types whose bounds this type holds ({@code int8range} and {@code
   *     int4range} for long), for {@code Range<T>} components; empty for none
   */
  public record ValueType(
      String name,
      String javaType,
      String box,
      String getter,
      String columnType,
      String parameterType,
      List<String> accepted,
      List<String> inOrder,
      List<String> ranges) {

    /**
     * The name of the fast reader of generated code ({@code readInt}), or null for none.
     *
     * @return the reader's method name, or null
     */
    public String inOrderReader() {
      return inOrder == null ? null : "read" + getter.substring("get".length());
    }
  }

  /**
   * Every value type, in the order the processor tries them: the narrowest that holds one first.
   * Columns, split at {@code |}: the row's name; the Java type and, for a primitive, its box; the
   * getter; the SQL type of a column made for it; the type declared for a bound value ({@code -}:
   * none); the column types it holds ({@code *}: any); the column types its fast reader takes
   * ({@code -}: no fast reader; {@code *}: any column sent as text); the range types whose bounds
   * it holds ({@code -}: none). Lists are separated by spaces.
   */
  private static final String TABLE =
      """
      BOOLEAN          | boolean java.lang.Boolean | getBoolean        | boolean          | bool        | bool                   | bool           | -
      SHORT            | short java.lang.Short     | getShort          | smallint         | int2        | int2                   | int2           | -
      INT              | int java.lang.Integer     | getInt            | integer          | int4        | int2 int4              | int4 int2      | int4range
      LONG             | long java.lang.Long       | getLong           | bigint           | int8        | int2 int4 int8 oid     | int8 int4 int2 | int8range int4range
      FLOAT            | float java.lang.Float     | getFloat          | real             | float4      | float4                 | float4         | -
      DOUBLE           | double java.lang.Double   | getDouble         | double precision | float8      | float8 float4          | float8 float4  | -
      STRING           | java.lang.String          | getString         | text             | -           | *                      | *              | -
      BIG_DECIMAL      | java.math.BigDecimal      | getBigDecimal     | numeric          | numeric     | numeric int2 int4 int8 | numeric        | numrange
      PG_NUMERIC       | dev.sluice.PgNumeric      | getNumeric        | numeric          | numeric     | numeric int2 int4 int8 | -              | -
      BYTES            | byte[]                    | getBytes          | bytea            | bytea       | bytea                  | bytea          | -
      UUID             | java.util.UUID            | getUuid           | uuid             | uuid        | uuid                   | uuid           | -
      LOCAL_DATE       | java.time.LocalDate       | getLocalDate      | date             | date        | date                   | date           | daterange
      LOCAL_TIME       | java.time.LocalTime       | getLocalTime      | time             | time        | time                   | time           | -
      OFFSET_TIME      | java.time.OffsetTime      | getOffsetTime     | timetz           | timetz      | timetz                 | -              | -
      LOCAL_DATE_TIME  | java.time.LocalDateTime   | getLocalDateTime  | timestamp        | timestamp   | timestamp              | timestamp      | tsrange
      INSTANT          | java.time.Instant         | getInstant        | timestamptz      | timestamptz | timestamptz            | timestamptz    | tstzrange
      OFFSET_DATE_TIME | java.time.OffsetDateTime  | getOffsetDateTime | timestamptz      | timestamptz | timestamptz            | timestamptz    | -
      INTERVAL         | dev.sluice.Interval       | getInterval       | interval         | interval    | interval               | -              | -
      INET_ADDRESS     | java.net.InetAddress      | getInetAddress    | inet             | inet        | inet                   | -              | -
      INET_NETWORK     | dev.sluice.InetNetwork    | getInetNetwork    | inet             | inet        | inet cidr              | -              | -
      PG_LSN           | dev.sluice.PgLsn          | getPgLsn          | pg_lsn           | pg_lsn      | pg_lsn                 | -              | -
      BIT_STRING       | dev.sluice.BitString      | getBitString      | varbit           | varbit      | varbit bit             | -              | -
      """;

  private static final List<ValueType> TYPES = parse(TABLE);

  private static List<ValueType> parse(String table) {
    List<ValueType> rows = new ArrayList<>();
    for (String line : table.split("\n")) {
      String[] cells = line.split("\\|");
      if (cells.length != 8) {
        throw new IllegalStateException("a row of ColumnTypes needs 8 cells: " + line);
      }
      List<String> types = words(cells[1]);
      rows.add(
          new ValueType(
              cells[0].trim(),
              types.get(0),
              types.size() > 1 ? types.get(1) : null,
              cells[2].trim(),
              cells[3].trim(),
              cells[4].trim().equals("-") ? null : cells[4].trim(),
              cells[5].trim().equals("*") ? List.of() : words(cells[5]),
              cells[6].trim().equals("-")
                  ? null
                  : cells[6].trim().equals("*") ? List.of() : words(cells[6]),
              cells[7].trim().equals("-") ? List.of() : words(cells[7])));
    }
    return List.copyOf(rows);
  }

  private static List<String> words(String cell) {
    return List.of(cell.trim().split(" +"));
  }

  /**
   * Java types that are bound as one of the value types above but not read: the typname the driver
   * declares for them. Subclasses the JDK hands out ({@code Inet4Address}) are listed, since a
   * value's own class is what the driver looks up.
   */
  private static final Map<String, String> BOUND_ONLY =
      Map.of(
          "java.math.BigInteger", "numeric",
          "java.time.ZonedDateTime", "timestamptz",
          "java.time.Duration", "interval",
          "java.time.Period", "interval",
          "java.net.Inet4Address", "inet",
          "java.net.Inet6Address", "inet");

  private static final Map<String, ValueType> BY_NAME =
      TYPES.stream()
          .collect(Collectors.toUnmodifiableMap(ValueType::javaType, Function.identity()));

  private static final Map<String, ValueType> BY_BOX =
      TYPES.stream()
          .filter(t -> t.box() != null)
          .collect(Collectors.toUnmodifiableMap(ValueType::box, Function.identity()));

  /**
   * Every value type, in the order the processor tries them.
   *
   * @return the table's rows
   */
  public static List<ValueType> all() {
    return TYPES;
  }

  /**
   * The value type named {@code javaType} (a primitive's name, its box's qualified name, or a
   * qualified class name), or null if it is not one.
   *
   * @param javaType a primitive's name or a qualified class name
   * @return its row, or null
   */
  public static ValueType of(String javaType) {
    ValueType t = BY_NAME.get(javaType);
    return t != null ? t : BY_BOX.get(javaType);
  }

  /**
   * The name the table spells {@code type} by: a primitive's name ({@code int}), a primitive
   * array's as written ({@code int[]}, {@code byte[]}), else the class's name. For the runtime,
   * which looks values and classes up in the table.
   *
   * @param type a class
   * @return its name in the table's spelling
   */
  public static String nameOf(Class<?> type) {
    return type.isArray() && type.getComponentType().isPrimitive()
        ? type.getComponentType().getName() + "[]"
        : type.getName();
  }

  /**
   * The column types (typnames) {@code javaType} holds without loss, most natural first; empty for
   * String, which holds any. {@code javaType} is a primitive's name ({@code int}, also for its box)
   * or a qualified class name.
   *
   * @param javaType a primitive's name or a qualified class name, as the processor spells it
   * @return the accepted typnames, most natural first; an empty list for {@code java.lang.String}
   * @throws IllegalArgumentException for a type that is not in the table
   */
  public static List<String> accepted(String javaType) {
    ValueType t = of(javaType);
    if (t == null) {
      throw new IllegalArgumentException("no column types for " + javaType);
    }
    return t.accepted();
  }

  /**
   * The typname the driver declares in Parse for a value of the class named {@code javaType} (a
   * primitive's name, a qualified class name, or a Java array of a primitive such as {@code int[]},
   * declared as the element's array type {@code _int4}); null for none, where the server infers the
   * type: Strings, enums, and classes not in the table.
   *
   * @param javaType a primitive's name, a qualified class name or a primitive array's name
   * @return the typname, or null
   */
  public static String parameterType(String javaType) {
    ValueType t = of(javaType);
    if (t != null) {
      return t.parameterType();
    }
    String bound = BOUND_ONLY.get(javaType);
    if (bound != null) {
      return bound;
    }
    if (javaType.endsWith("[]") && javaType.indexOf('.') < 0) {
      ValueType element = BY_NAME.get(javaType.substring(0, javaType.length() - 2));
      if (element != null && element.box() != null && element.parameterType() != null) {
        return "_" + element.parameterType();
      }
    }
    return null;
  }
}
