package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import dev.sluice.annotations.ColumnTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Java types a column is read into directly, each with the {@code RowView} getter chosen at
 * compile time, the type OIDs {@code Columns.require} accepts for it (constant names of {@code
 * dev.sluice.generated.TypeOids}; empty accepts any type), and the PostgreSQL type it maps to.
 *
 * <p>Accepted OIDs only widen (an int reads smallint and integer, never bigint), so a query whose
 * type would not fit fails once at bind time instead of on some row.
 */
enum ScalarType {
  BOOLEAN(TypeName.BOOLEAN, "getBoolean", "boolean", accepted("boolean")),
  SHORT(TypeName.SHORT, "getShort", "smallint", accepted("short")),
  INT(TypeName.INT, "getInt", "integer", accepted("int")),
  LONG(TypeName.LONG, "getLong", "bigint", accepted("long")),
  FLOAT(TypeName.FLOAT, "getFloat", "real", accepted("float")),
  DOUBLE(TypeName.DOUBLE, "getDouble", "double precision", accepted("double")),
  /** Any column reads as text: text types as received, the others in their text form. */
  STRING(ClassName.get(String.class), "getString", "text", accepted("java.lang.String")),
  BIG_DECIMAL(
      ClassName.get("java.math", "BigDecimal"),
      "getBigDecimal",
      "numeric",
      accepted("java.math.BigDecimal")),
  /** numeric with its NaN and ±Infinity. */
  PG_NUMERIC(
      ClassName.get("dev.sluice", "PgNumeric"),
      "getNumeric",
      "numeric",
      accepted("dev.sluice.PgNumeric")),
  BYTES(TypeName.get(byte[].class), "getBytes", "bytea", accepted("byte[]")),
  UUID(ClassName.get("java.util", "UUID"), "getUuid", "uuid", accepted("java.util.UUID")),
  LOCAL_DATE(
      ClassName.get("java.time", "LocalDate"),
      "getLocalDate",
      "date",
      accepted("java.time.LocalDate")),
  LOCAL_TIME(
      ClassName.get("java.time", "LocalTime"),
      "getLocalTime",
      "time",
      accepted("java.time.LocalTime")),
  OFFSET_TIME(
      ClassName.get("java.time", "OffsetTime"),
      "getOffsetTime",
      "timetz",
      accepted("java.time.OffsetTime")),
  LOCAL_DATE_TIME(
      ClassName.get("java.time", "LocalDateTime"),
      "getLocalDateTime",
      "timestamp",
      accepted("java.time.LocalDateTime")),
  INSTANT(
      ClassName.get("java.time", "Instant"),
      "getInstant",
      "timestamptz",
      accepted("java.time.Instant")),
  OFFSET_DATE_TIME(
      ClassName.get("java.time", "OffsetDateTime"),
      "getOffsetDateTime",
      "timestamptz",
      accepted("java.time.OffsetDateTime")),
  INTERVAL(
      ClassName.get("dev.sluice", "Interval"),
      "getInterval",
      "interval",
      accepted("dev.sluice.Interval")),
  INET_ADDRESS(
      ClassName.get("java.net", "InetAddress"),
      "getInetAddress",
      "inet",
      accepted("java.net.InetAddress")),
  INET_NETWORK(
      ClassName.get("dev.sluice", "InetNetwork"),
      "getInetNetwork",
      "inet",
      accepted("dev.sluice.InetNetwork")),
  PG_LSN(ClassName.get("dev.sluice", "PgLsn"), "getPgLsn", "pg_lsn", accepted("dev.sluice.PgLsn")),
  BIT_STRING(
      ClassName.get("dev.sluice", "BitString"),
      "getBitString",
      "varbit",
      accepted("dev.sluice.BitString"));

  /**
   * The {@code TypeOids} constant names of the types {@code javaType} holds without loss, from the
   * one compatibility table ({@link ColumnTypes}); their names are PostgreSQL's, upper case.
   */
  private static List<String> accepted(String javaType) {
    List<String> out = new ArrayList<>();
    for (String typname : ColumnTypes.accepted(javaType)) {
      out.add(typname.toUpperCase(Locale.ROOT));
    }
    return List.copyOf(out);
  }

  /** The type as written in a component: a primitive, or the reference type. */
  final TypeName type;

  final String getter;
  final String sqlType;
  private final List<String> oids;

  ScalarType(TypeName type, String getter, String sqlType, List<String> oids) {
    this.type = type;
    this.getter = getter;
    this.sqlType = sqlType;
    this.oids = oids;
  }

  boolean isPrimitive() {
    return type.isPrimitive();
  }

  /** The reference type: the box of a primitive. */
  TypeName boxed() {
    return type.box();
  }

  /** Constant names in {@code TypeOids} of the types a column read as this may have; empty: any. */
  List<String> oids() {
    return oids;
  }

  /**
   * Constant names in {@code TypeOids} of the element types of an array read as a List of this. The
   * driver converts elements only where nothing is lost, so numeric is no double element. Never
   * called for String, whose lists read any array {@code RowView.getList} reads ({@code ANYARRAY},
   * see {@link #arrayOids}).
   */
  List<String> elementOids() {
    switch (this) {
      case INET_ADDRESS:
        return List.of("INET");
      default:
        return oids;
    }
  }

  /**
   * The {@code RowView} method reading the next column in order ({@code readLong}), or null when
   * this type has none (it is then read through the framed row only).
   */
  String inOrderReader() {
    switch (this) {
      case BOOLEAN:
      case SHORT:
      case INT:
      case LONG:
      case FLOAT:
      case DOUBLE:
      case STRING:
      case BIG_DECIMAL:
      case BYTES:
      case UUID:
      case LOCAL_DATE:
      case LOCAL_TIME:
      case LOCAL_DATE_TIME:
      case INSTANT:
      case OFFSET_DATE_TIME:
        return "read" + getter.substring("get".length());
      default:
        return null;
    }
  }

  /**
   * The column types (constant names in {@code TypeOids}) whose binary form the in-order reader
   * takes; empty for a String, which takes any column arriving as text. Where there are several,
   * their lengths tell them apart.
   */
  List<String> inOrderOids() {
    switch (this) {
      case BOOLEAN:
        return List.of("BOOL");
      case SHORT:
        return List.of("INT2");
      case INT:
        return List.of("INT4", "INT2");
      case LONG:
        return List.of("INT8", "INT4", "INT2");
      case FLOAT:
        return List.of("FLOAT4");
      case DOUBLE:
        return List.of("FLOAT8", "FLOAT4");
      case INSTANT:
      case OFFSET_DATE_TIME:
        return List.of("TIMESTAMPTZ");
      case STRING:
        return List.of();
      default:
        return List.of(oids.get(0));
    }
  }

  /**
   * Constant names in {@code TypeOids} of the array types a List (or Java array) of this reads: the
   * arrays of {@link #elementOids}; for String {@code ANYARRAY}, every array but bytea[] (each
   * element in its text form), as {@code RowView.getList(c, String.class)} reads them.
   */
  List<String> arrayOids() {
    if (this == STRING) {
      return List.of("ANYARRAY");
    }
    List<String> out = new ArrayList<>();
    for (String oid : elementOids()) {
      out.add(oid + "_ARRAY");
    }
    return out;
  }

  /** The scalar a (possibly primitive or boxed) type name reads as, or null. */
  static ScalarType of(TypeName name) {
    for (ScalarType s : values()) {
      if (s.type.equals(name) || (s.isPrimitive() && s.boxed().equals(name))) {
        return s;
      }
    }
    return null;
  }
}
