package dev.sluice.driver.codec;

/** Type OIDs of the built-in types (pg_type.oid), fixed across PostgreSQL versions. */
public final class Oids {
  private Oids() {}

  public static final int UNSPECIFIED = 0;
  public static final int BOOL = 16;
  public static final int BYTEA = 17;
  public static final int CHAR = 18;
  public static final int NAME = 19;
  public static final int INT8 = 20;
  public static final int INT2 = 21;
  public static final int INT4 = 23;
  public static final int TEXT = 25;
  public static final int OID = 26;
  public static final int JSON = 114;
  public static final int XML = 142;
  public static final int CIDR = 650;
  public static final int FLOAT4 = 700;
  public static final int FLOAT8 = 701;
  public static final int UNKNOWN = 705;
  public static final int INET = 869;
  public static final int BPCHAR = 1042;
  public static final int VARCHAR = 1043;
  public static final int DATE = 1082;
  public static final int TIME = 1083;
  public static final int TIMESTAMP = 1114;
  public static final int TIMESTAMPTZ = 1184;
  public static final int INTERVAL = 1186;
  public static final int TIMETZ = 1266;
  public static final int NUMERIC = 1700;
  public static final int VOID = 2278;
  public static final int UUID = 2950;
  public static final int JSONB = 3802;
  public static final int BIT = 1560;
  public static final int VARBIT = 1562;
  public static final int PG_LSN = 3220;

  public static final int BOOL_ARRAY = 1000;
  public static final int BYTEA_ARRAY = 1001;
  public static final int CHAR_ARRAY = 1002;
  public static final int NAME_ARRAY = 1003;
  public static final int INT2_ARRAY = 1005;
  public static final int INT4_ARRAY = 1007;
  public static final int TEXT_ARRAY = 1009;
  public static final int BPCHAR_ARRAY = 1014;
  public static final int VARCHAR_ARRAY = 1015;
  public static final int INT8_ARRAY = 1016;
  public static final int FLOAT4_ARRAY = 1021;
  public static final int FLOAT8_ARRAY = 1022;
  public static final int OID_ARRAY = 1028;
  public static final int INET_ARRAY = 1041;
  public static final int CIDR_ARRAY = 651;
  public static final int TIMESTAMP_ARRAY = 1115;
  public static final int DATE_ARRAY = 1182;
  public static final int TIME_ARRAY = 1183;
  public static final int TIMESTAMPTZ_ARRAY = 1185;
  public static final int INTERVAL_ARRAY = 1187;
  public static final int NUMERIC_ARRAY = 1231;
  public static final int TIMETZ_ARRAY = 1270;
  public static final int UUID_ARRAY = 2951;
  public static final int JSON_ARRAY = 199;
  public static final int JSONB_ARRAY = 3807;
  public static final int BIT_ARRAY = 1561;
  public static final int VARBIT_ARRAY = 1563;
  public static final int PG_LSN_ARRAY = 3221;

  // The built-in ranges and multiranges (their codec: RangeCodec).
  public static final int INT4RANGE = RangeCodec.INT4RANGE;
  public static final int INT8RANGE = RangeCodec.INT8RANGE;
  public static final int NUMRANGE = RangeCodec.NUMRANGE;
  public static final int DATERANGE = RangeCodec.DATERANGE;
  public static final int TSRANGE = RangeCodec.TSRANGE;
  public static final int TSTZRANGE = RangeCodec.TSTZRANGE;
  public static final int INT4MULTIRANGE = RangeCodec.INT4MULTIRANGE;
  public static final int INT8MULTIRANGE = RangeCodec.INT8MULTIRANGE;
  public static final int NUMMULTIRANGE = RangeCodec.NUMMULTIRANGE;
  public static final int DATEMULTIRANGE = RangeCodec.DATEMULTIRANGE;
  public static final int TSMULTIRANGE = RangeCodec.TSMULTIRANGE;
  public static final int TSTZMULTIRANGE = RangeCodec.TSTZMULTIRANGE;

  /**
   * PostgreSQL's pseudo-type anyarray; in a list of accepted column types ({@code Columns.require})
   * it stands for every array {@code List<String>} reads: any array but bytea[] (a built-in array
   * type, or a column arriving as text, as arrays of enums, composites and ranges do).
   */
  public static final int ANYARRAY = 2277;

  /** box, the one built-in type whose arrays separate elements with ';' (pg_type.typdelim). */
  public static final int BOX = 603;

  public static final int BOX_ARRAY = 1020;

  /**
   * The delimiter between elements in the text form of an array of type {@code arrayOid}: its
   * element type's typdelim, ',' for every built-in type but box (';'). A type created with another
   * DELIMITER is not known here: its arrays need the per-database type registry.
   */
  public static char textArrayDelimiter(int arrayOid) {
    return arrayOid == BOX_ARRAY ? ';' : ',';
  }

  /** The element type of a built-in array type, or 0 when {@code oid} is no array we know. */
  public static int elementOf(int oid) {
    switch (oid) {
      case BOOL_ARRAY:
        return BOOL;
      case BYTEA_ARRAY:
        return BYTEA;
      case CHAR_ARRAY:
        return CHAR;
      case NAME_ARRAY:
        return NAME;
      case INT2_ARRAY:
        return INT2;
      case INT4_ARRAY:
        return INT4;
      case TEXT_ARRAY:
        return TEXT;
      case BPCHAR_ARRAY:
        return BPCHAR;
      case VARCHAR_ARRAY:
        return VARCHAR;
      case INT8_ARRAY:
        return INT8;
      case FLOAT4_ARRAY:
        return FLOAT4;
      case FLOAT8_ARRAY:
        return FLOAT8;
      case OID_ARRAY:
        return OID;
      case INET_ARRAY:
        return INET;
      case CIDR_ARRAY:
        return CIDR;
      case TIMESTAMP_ARRAY:
        return TIMESTAMP;
      case DATE_ARRAY:
        return DATE;
      case TIME_ARRAY:
        return TIME;
      case TIMESTAMPTZ_ARRAY:
        return TIMESTAMPTZ;
      case INTERVAL_ARRAY:
        return INTERVAL;
      case NUMERIC_ARRAY:
        return NUMERIC;
      case TIMETZ_ARRAY:
        return TIMETZ;
      case UUID_ARRAY:
        return UUID;
      case JSON_ARRAY:
        return JSON;
      case JSONB_ARRAY:
        return JSONB;
      case BIT_ARRAY:
        return BIT;
      case VARBIT_ARRAY:
        return VARBIT;
      case PG_LSN_ARRAY:
        return PG_LSN;
      default:
        return RangeCodec.rangeOfArray(oid);
    }
  }

  /** The array type whose elements are {@code oid}, or 0. */
  public static int arrayOf(int oid) {
    switch (oid) {
      case BOOL:
        return BOOL_ARRAY;
      case BYTEA:
        return BYTEA_ARRAY;
      case CHAR:
        return CHAR_ARRAY;
      case NAME:
        return NAME_ARRAY;
      case INT2:
        return INT2_ARRAY;
      case INT4:
        return INT4_ARRAY;
      case TEXT:
        return TEXT_ARRAY;
      case BPCHAR:
        return BPCHAR_ARRAY;
      case VARCHAR:
        return VARCHAR_ARRAY;
      case INT8:
        return INT8_ARRAY;
      case FLOAT4:
        return FLOAT4_ARRAY;
      case FLOAT8:
        return FLOAT8_ARRAY;
      case OID:
        return OID_ARRAY;
      case INET:
        return INET_ARRAY;
      case CIDR:
        return CIDR_ARRAY;
      case TIMESTAMP:
        return TIMESTAMP_ARRAY;
      case DATE:
        return DATE_ARRAY;
      case TIME:
        return TIME_ARRAY;
      case TIMESTAMPTZ:
        return TIMESTAMPTZ_ARRAY;
      case INTERVAL:
        return INTERVAL_ARRAY;
      case NUMERIC:
        return NUMERIC_ARRAY;
      case TIMETZ:
        return TIMETZ_ARRAY;
      case UUID:
        return UUID_ARRAY;
      case JSON:
        return JSON_ARRAY;
      case JSONB:
        return JSONB_ARRAY;
      case BIT:
        return BIT_ARRAY;
      case VARBIT:
        return VARBIT_ARRAY;
      case PG_LSN:
        return PG_LSN_ARRAY;
      default:
        return 0;
    }
  }

  /** Whether the driver reads this type in binary format (else it asks for text). */
  public static boolean hasBinaryCodec(int oid) {
    switch (oid) {
      case BOOL:
      case BYTEA:
      case CHAR:
      case NAME:
      case INT8:
      case INT2:
      case INT4:
      case TEXT:
      case OID:
      case JSON:
      case CIDR:
      case FLOAT4:
      case FLOAT8:
      case UNKNOWN:
      case INET:
      case BPCHAR:
      case VARCHAR:
      case DATE:
      case TIME:
      case TIMESTAMP:
      case TIMESTAMPTZ:
      case INTERVAL:
      case TIMETZ:
      case NUMERIC:
      case UUID:
      case JSONB:
      case XML:
      case BIT:
      case VARBIT:
      case PG_LSN:
        return true;
      default:
        return elementOf(oid) != 0 || RangeCodec.isRangeOrMultirange(oid);
    }
  }

  /** Whether the value's bytes are text in the client encoding, in binary format as in text. */
  public static boolean isTextual(int oid) {
    switch (oid) {
      case TEXT:
      case VARCHAR:
      case BPCHAR:
      case NAME:
      case JSON:
      case XML:
      case UNKNOWN:
        return true;
      default:
        // "char" is a byte, not text: BinaryCodec.pgChar gives its text.
        return false;
    }
  }

  /**
   * The OID of the built-in type named {@code typname} ({@code int4}, or {@code _int4} for its
   * array) among those a value type of {@code dev.sluice.annotations.ColumnTypes} declares when it
   * is bound; 0 for any other name.
   */
  public static int ofTypname(String typname) {
    if (typname.startsWith("_")) {
      int element = ofTypname(typname.substring(1));
      return element == 0 ? 0 : arrayOf(element);
    }
    switch (typname) {
      case "bool":
        return BOOL;
      case "bytea":
        return BYTEA;
      case "int2":
        return INT2;
      case "int4":
        return INT4;
      case "int8":
        return INT8;
      case "float4":
        return FLOAT4;
      case "float8":
        return FLOAT8;
      case "numeric":
        return NUMERIC;
      case "uuid":
        return UUID;
      case "date":
        return DATE;
      case "time":
        return TIME;
      case "timetz":
        return TIMETZ;
      case "timestamp":
        return TIMESTAMP;
      case "timestamptz":
        return TIMESTAMPTZ;
      case "interval":
        return INTERVAL;
      case "inet":
        return INET;
      case "varbit":
        return VARBIT;
      case "pg_lsn":
        return PG_LSN;
      default:
        return 0;
    }
  }

  /** A readable name for messages. */
  public static String name(int oid) {
    switch (oid) {
      case BOOL:
        return "boolean";
      case BYTEA:
        return "bytea";
      case CHAR:
        return "\"char\"";
      case NAME:
        return "name";
      case INT8:
        return "bigint";
      case INT2:
        return "smallint";
      case INT4:
        return "integer";
      case TEXT:
        return "text";
      case OID:
        return "oid";
      case JSON:
        return "json";
      case XML:
        return "xml";
      case CIDR:
        return "cidr";
      case FLOAT4:
        return "real";
      case FLOAT8:
        return "double precision";
      case UNKNOWN:
        return "unknown";
      case INET:
        return "inet";
      case BPCHAR:
        return "character";
      case VARCHAR:
        return "character varying";
      case DATE:
        return "date";
      case TIME:
        return "time";
      case TIMESTAMP:
        return "timestamp";
      case TIMESTAMPTZ:
        return "timestamptz";
      case INTERVAL:
        return "interval";
      case TIMETZ:
        return "timetz";
      case NUMERIC:
        return "numeric";
      case VOID:
        return "void";
      case ANYARRAY:
        return "an array (of any type but bytea)";
      case UUID:
        return "uuid";
      case JSONB:
        return "jsonb";
      case BIT:
        return "bit";
      case VARBIT:
        return "bit varying";
      case PG_LSN:
        return "pg_lsn";
      default:
        int element = elementOf(oid);
        return element != 0 ? name(element) + "[]" : RangeCodec.name(oid);
    }
  }
}
