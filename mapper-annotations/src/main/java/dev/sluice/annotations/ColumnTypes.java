package dev.sluice.annotations;

import java.util.List;
import java.util.Map;

/**
 * Which PostgreSQL column types a Java type holds without loss: the one compatibility table of
 * Sluice. The annotation processor checks {@code @Table} records and {@code @Query} results against
 * it at compile time (with a schema source), and the decoders it generates accept exactly these
 * column types at run time ({@code Columns.require}), so build and run agree.
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
 */
public final class ColumnTypes {
  private ColumnTypes() {}

  private static final Map<String, List<String>> ACCEPTED =
      Map.ofEntries(
          Map.entry("boolean", List.of("bool")),
          Map.entry("short", List.of("int2")),
          Map.entry("int", List.of("int2", "int4")),
          Map.entry("long", List.of("int2", "int4", "int8", "oid")),
          Map.entry("float", List.of("float4")),
          Map.entry("double", List.of("float8", "float4")),
          Map.entry("java.lang.String", List.of()),
          Map.entry("java.math.BigDecimal", List.of("numeric", "int2", "int4", "int8")),
          Map.entry("dev.sluice.PgNumeric", List.of("numeric", "int2", "int4", "int8")),
          Map.entry("byte[]", List.of("bytea")),
          Map.entry("java.util.UUID", List.of("uuid")),
          Map.entry("java.time.LocalDate", List.of("date")),
          Map.entry("java.time.LocalTime", List.of("time")),
          Map.entry("java.time.OffsetTime", List.of("timetz")),
          Map.entry("java.time.LocalDateTime", List.of("timestamp")),
          Map.entry("java.time.Instant", List.of("timestamptz")),
          Map.entry("java.time.OffsetDateTime", List.of("timestamptz")),
          Map.entry("dev.sluice.Interval", List.of("interval")),
          Map.entry("java.net.InetAddress", List.of("inet")),
          Map.entry("dev.sluice.InetNetwork", List.of("inet", "cidr")),
          Map.entry("dev.sluice.PgLsn", List.of("pg_lsn")),
          Map.entry("dev.sluice.BitString", List.of("varbit", "bit")));

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
    List<String> types = ACCEPTED.get(javaType);
    if (types == null) {
      throw new IllegalArgumentException("no column types for " + javaType);
    }
    return types;
  }
}
