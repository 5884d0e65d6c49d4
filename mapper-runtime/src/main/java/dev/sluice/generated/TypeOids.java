package dev.sluice.generated;

import dev.sluice.driver.codec.Oids;

/**
 * The type OIDs (pg_type.oid) of PostgreSQL's built-in types that generated decoders name when they
 * check a column's type: {@code columns.require("film_id", "...", TypeOids.INT2, TypeOids.INT4)}.
 * Compile-time constants, so generated code keeps only the numbers; they are fixed across
 * PostgreSQL versions. Each is the driver's own constant of the same name (a test checks that no
 * constant is missing or differs).
 */
public final class TypeOids {
  private TypeOids() {}

  /** No type: the server infers a parameter's type. */
  public static final int UNSPECIFIED = Oids.UNSPECIFIED;

  /** {@code bool}. */
  public static final int BOOL = Oids.BOOL;

  /** {@code bytea}. */
  public static final int BYTEA = Oids.BYTEA;

  /** {@code char}. */
  public static final int CHAR = Oids.CHAR;

  /** {@code name}. */
  public static final int NAME = Oids.NAME;

  /** {@code int8}. */
  public static final int INT8 = Oids.INT8;

  /** {@code int2}. */
  public static final int INT2 = Oids.INT2;

  /** {@code int4}. */
  public static final int INT4 = Oids.INT4;

  /** {@code text}. */
  public static final int TEXT = Oids.TEXT;

  /** {@code oid}. */
  public static final int OID = Oids.OID;

  /** {@code json}. */
  public static final int JSON = Oids.JSON;

  /** {@code xml}. */
  public static final int XML = Oids.XML;

  /** {@code cidr}. */
  public static final int CIDR = Oids.CIDR;

  /** {@code float4}. */
  public static final int FLOAT4 = Oids.FLOAT4;

  /** {@code float8}. */
  public static final int FLOAT8 = Oids.FLOAT8;

  /** {@code unknown}. */
  public static final int UNKNOWN = Oids.UNKNOWN;

  /** {@code inet}. */
  public static final int INET = Oids.INET;

  /** {@code bpchar}. */
  public static final int BPCHAR = Oids.BPCHAR;

  /** {@code varchar}. */
  public static final int VARCHAR = Oids.VARCHAR;

  /** {@code date}. */
  public static final int DATE = Oids.DATE;

  /** {@code time}. */
  public static final int TIME = Oids.TIME;

  /** {@code timestamp}. */
  public static final int TIMESTAMP = Oids.TIMESTAMP;

  /** {@code timestamptz}. */
  public static final int TIMESTAMPTZ = Oids.TIMESTAMPTZ;

  /** {@code interval}. */
  public static final int INTERVAL = Oids.INTERVAL;

  /** {@code timetz}. */
  public static final int TIMETZ = Oids.TIMETZ;

  /** {@code numeric}. */
  public static final int NUMERIC = Oids.NUMERIC;

  /** {@code void}. */
  public static final int VOID = Oids.VOID;

  /** {@code uuid}. */
  public static final int UUID = Oids.UUID;

  /** {@code jsonb}. */
  public static final int JSONB = Oids.JSONB;

  /** {@code bit}. */
  public static final int BIT = Oids.BIT;

  /** {@code varbit}. */
  public static final int VARBIT = Oids.VARBIT;

  /** {@code pg_lsn}. */
  public static final int PG_LSN = Oids.PG_LSN;

  /** {@code bool[]}. */
  public static final int BOOL_ARRAY = Oids.BOOL_ARRAY;

  /** {@code bytea[]}. */
  public static final int BYTEA_ARRAY = Oids.BYTEA_ARRAY;

  /** {@code char[]}. */
  public static final int CHAR_ARRAY = Oids.CHAR_ARRAY;

  /** {@code name[]}. */
  public static final int NAME_ARRAY = Oids.NAME_ARRAY;

  /** {@code int2[]}. */
  public static final int INT2_ARRAY = Oids.INT2_ARRAY;

  /** {@code int4[]}. */
  public static final int INT4_ARRAY = Oids.INT4_ARRAY;

  /** {@code text[]}. */
  public static final int TEXT_ARRAY = Oids.TEXT_ARRAY;

  /** {@code bpchar[]}. */
  public static final int BPCHAR_ARRAY = Oids.BPCHAR_ARRAY;

  /** {@code varchar[]}. */
  public static final int VARCHAR_ARRAY = Oids.VARCHAR_ARRAY;

  /** {@code int8[]}. */
  public static final int INT8_ARRAY = Oids.INT8_ARRAY;

  /** {@code float4[]}. */
  public static final int FLOAT4_ARRAY = Oids.FLOAT4_ARRAY;

  /** {@code float8[]}. */
  public static final int FLOAT8_ARRAY = Oids.FLOAT8_ARRAY;

  /** {@code oid[]}. */
  public static final int OID_ARRAY = Oids.OID_ARRAY;

  /** {@code inet[]}. */
  public static final int INET_ARRAY = Oids.INET_ARRAY;

  /** {@code cidr[]}. */
  public static final int CIDR_ARRAY = Oids.CIDR_ARRAY;

  /** {@code timestamp[]}. */
  public static final int TIMESTAMP_ARRAY = Oids.TIMESTAMP_ARRAY;

  /** {@code date[]}. */
  public static final int DATE_ARRAY = Oids.DATE_ARRAY;

  /** {@code time[]}. */
  public static final int TIME_ARRAY = Oids.TIME_ARRAY;

  /** {@code timestamptz[]}. */
  public static final int TIMESTAMPTZ_ARRAY = Oids.TIMESTAMPTZ_ARRAY;

  /** {@code interval[]}. */
  public static final int INTERVAL_ARRAY = Oids.INTERVAL_ARRAY;

  /** {@code numeric[]}. */
  public static final int NUMERIC_ARRAY = Oids.NUMERIC_ARRAY;

  /** {@code timetz[]}. */
  public static final int TIMETZ_ARRAY = Oids.TIMETZ_ARRAY;

  /** {@code uuid[]}. */
  public static final int UUID_ARRAY = Oids.UUID_ARRAY;

  /** {@code json[]}. */
  public static final int JSON_ARRAY = Oids.JSON_ARRAY;

  /** {@code jsonb[]}. */
  public static final int JSONB_ARRAY = Oids.JSONB_ARRAY;

  /** {@code bit[]}. */
  public static final int BIT_ARRAY = Oids.BIT_ARRAY;

  /** {@code varbit[]}. */
  public static final int VARBIT_ARRAY = Oids.VARBIT_ARRAY;

  /** {@code pg_lsn[]}. */
  public static final int PG_LSN_ARRAY = Oids.PG_LSN_ARRAY;

  /**
   * The pseudo-type anyarray: in a list of accepted types, any array a {@code List<String>} reads.
   */
  public static final int ANYARRAY = Oids.ANYARRAY;

  /** {@code box}. */
  public static final int BOX = Oids.BOX;

  /** {@code box[]}. */
  public static final int BOX_ARRAY = Oids.BOX_ARRAY;

  /** {@code int4range}. */
  public static final int INT4RANGE = Oids.INT4RANGE;

  /** {@code int8range}. */
  public static final int INT8RANGE = Oids.INT8RANGE;

  /** {@code numrange}. */
  public static final int NUMRANGE = Oids.NUMRANGE;

  /** {@code daterange}. */
  public static final int DATERANGE = Oids.DATERANGE;

  /** {@code tsrange}. */
  public static final int TSRANGE = Oids.TSRANGE;

  /** {@code tstzrange}. */
  public static final int TSTZRANGE = Oids.TSTZRANGE;

  /** {@code int4multirange}. */
  public static final int INT4MULTIRANGE = Oids.INT4MULTIRANGE;

  /** {@code int8multirange}. */
  public static final int INT8MULTIRANGE = Oids.INT8MULTIRANGE;

  /** {@code nummultirange}. */
  public static final int NUMMULTIRANGE = Oids.NUMMULTIRANGE;

  /** {@code datemultirange}. */
  public static final int DATEMULTIRANGE = Oids.DATEMULTIRANGE;

  /** {@code tsmultirange}. */
  public static final int TSMULTIRANGE = Oids.TSMULTIRANGE;

  /** {@code tstzmultirange}. */
  public static final int TSTZMULTIRANGE = Oids.TSTZMULTIRANGE;
}
