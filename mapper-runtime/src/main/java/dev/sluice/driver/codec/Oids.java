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
    BuiltinType t = BuiltinTypes.ofArray(oid);
    return t != null ? t.oid : RangeCodec.rangeOfArray(oid);
  }

  /** The array type whose elements are {@code oid}, or 0. */
  public static int arrayOf(int oid) {
    BuiltinType t = BuiltinTypes.of(oid);
    return t == null ? 0 : t.arrayOid;
  }

  /** The first OID the database gives a type it creates (FirstNormalObjectId). */
  static final int FIRST_CREATED = 16384;

  /**
   * Whether {@code oid} names a type created in the database (an enum, a domain, a composite, a
   * range), not one built in. OIDs are unsigned: on a cluster whose OID counter passed 2^31 a
   * created type's OID is a negative {@code int}, and is created all the same.
   */
  public static boolean isCreated(int oid) {
    return Integer.compareUnsigned(oid, FIRST_CREATED) >= 0;
  }

  /**
   * Whether {@code oid} is a type created in the database that no built-in codec reads: a
   * composite, or a type the catalog may map to a built-in counterpart. The driver looks such a
   * type up by its OID.
   */
  public static boolean isCreatedWithoutCodec(int oid) {
    return isCreated(oid) && !hasBinaryCodec(oid);
  }

  /** Whether the driver reads this type in binary format (else it asks for text). */
  public static boolean hasBinaryCodec(int oid) {
    return BuiltinTypes.of(oid) != null
        || elementOf(oid) != 0
        || RangeCodec.isRangeOrMultirange(oid);
  }

  /** Whether the value's bytes are text in the client encoding, in binary format as in text. */
  public static boolean isTextual(int oid) {
    // "char" is a byte, not text: TextCodec.pgChar gives its text.
    BuiltinType t = BuiltinTypes.of(oid);
    return t != null && t.textual;
  }

  /**
   * The OID of the built-in type with a binary codec named {@code typname} ({@code int4}, or {@code
   * _int4} for its array), as the value types of {@code dev.sluice.annotations.ColumnTypes} name
   * the types they are bound as; 0 for any other name.
   */
  public static int ofTypname(String typname) {
    if (typname.startsWith("_")) {
      int element = ofTypname(typname.substring(1));
      return element == 0 ? 0 : arrayOf(element);
    }
    BuiltinType t = BuiltinTypes.ofTypname(typname);
    return t == null ? 0 : t.oid;
  }

  /** A readable name for messages. */
  public static String name(int oid) {
    BuiltinType t = BuiltinTypes.of(oid);
    if (t != null) {
      return t.name;
    }
    if (oid == VOID) {
      return "void";
    }
    if (oid == ANYARRAY) {
      return "an array (of any type but bytea)";
    }
    int element = elementOf(oid);
    return element != 0 ? name(element) + "[]" : RangeCodec.name(oid);
  }
}
