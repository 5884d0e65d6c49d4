package dev.sluice.driver.codec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The built-in types with a binary codec, by OID: the rows the type families declare. The families
 * are integers, floats and numeric ({@link NumericCodec}), text-likes ({@link TextCodec}), date and
 * time ({@link TemporalCodec}), network ({@link NetworkCodec}), bool, bytea and uuid ({@link
 * PlainCodec}), and bit strings and pg_lsn ({@link BitStringCodec}); arrays ({@link BinaryCodec},
 * {@link ArrayEncoder}), ranges ({@link RangeCodec}) and composites ({@link CompositeCodec}) are
 * built on them. A type is added as one row in its family's class.
 */
final class BuiltinTypes {
  private BuiltinTypes() {}

  /** Built-in OIDs are below 10000; every one with a binary codec is below this. */
  private static final int LIMIT = 4096;

  private static final BuiltinType[] BY_OID = new BuiltinType[LIMIT];
  private static final BuiltinType[] BY_ARRAY = new BuiltinType[LIMIT];
  private static final Map<String, BuiltinType> BY_TYPNAME = new HashMap<>();
  private static final List<BuiltinType> ALL;

  static {
    List<BuiltinType> all = new ArrayList<>();
    all.addAll(NumericCodec.TYPES);
    all.addAll(TextCodec.TYPES);
    all.addAll(TemporalCodec.TYPES);
    all.addAll(NetworkCodec.TYPES);
    all.addAll(PlainCodec.TYPES);
    all.addAll(BitStringCodec.TYPES);
    for (BuiltinType t : all) {
      if (t.oid >= LIMIT || t.arrayOid >= LIMIT) {
        throw new IllegalStateException(t + ": OID past the table's end");
      }
      if (BY_OID[t.oid] != null
          || BY_TYPNAME.put(t.typname, t) != null
          || t.arrayOid != 0 && (BY_OID[t.arrayOid] != null || BY_ARRAY[t.arrayOid] != null)) {
        throw new IllegalStateException(t + ": declared twice");
      }
      BY_OID[t.oid] = t;
      if (t.arrayOid != 0) {
        BY_ARRAY[t.arrayOid] = t;
      }
    }
    ALL = Collections.unmodifiableList(all);
  }

  /** The type {@code oid}, or null when it has no binary codec of its own. */
  static BuiltinType of(int oid) {
    return oid >= 0 && oid < LIMIT ? BY_OID[oid] : null;
  }

  /** The element type of array type {@code arrayOid}, or null. */
  static BuiltinType ofArray(int arrayOid) {
    return arrayOid >= 0 && arrayOid < LIMIT ? BY_ARRAY[arrayOid] : null;
  }

  /** The type named {@code typname} ({@code int4}), or null. */
  static BuiltinType ofTypname(String typname) {
    return BY_TYPNAME.get(typname);
  }

  /** Every row, in the families' order. */
  static List<BuiltinType> all() {
    return ALL;
  }
}
