package dev.sluice.driver.codec;

import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import dev.sluice.driver.Protocol;
import dev.sluice.driver.WriteBuffer;
import dev.sluice.generated.CompositeFields;
import java.util.ArrayList;
import java.util.List;

/**
 * The binary form of composite values ({@code record_send} / {@code record_recv}): an int32 field
 * count, then per field its type OID, an int32 length (-1 for NULL) and that many bytes. Read, the
 * form describes itself, so an anonymous record ({@code ROW(1, 'a')}) reads as well as a named
 * type; written, each field's OID must be exactly the attribute's, which only the {@link
 * TypeRegistry} knows, so an anonymous record is refused.
 *
 * <p>Values are {@code Object[]}s of the fields in attribute order (a nested composite is an {@code
 * Object[]} again, an array of composites a {@code List<Object[]>}); the generated decoders of
 * {@code @Row} records are to read the same bytes straight into records.
 */
public final class CompositeCodec {
  /** The OID of the pseudo-type {@code record}: an anonymous composite. */
  public static final int RECORD = 2249;

  /** The OID of {@code record[]}. */
  public static final int RECORD_ARRAY = 2287;

  private CompositeCodec() {}

  /** The fields of the composite value {@code value} (all of it); see the method below. */
  public static Object[] decode(byte[] value, TypeRegistry types) {
    return decode(value, 0, value.length, types);
  }

  /**
   * The fields of the composite value {@code b[off, off + len)}. A field of a type with a binary
   * codec is decoded as {@link BinaryCodec#decode} does; a field that is itself a composite (a type
   * in {@code types}, or an anonymous record) or an array of composites is decoded recursively.
   * {@code types} may be null: then only anonymous nested records are recognised.
   */
  public static Object[] decode(byte[] b, int off, int len, TypeRegistry types) {
    int end = off + len;
    int n = intAt(b, off, end);
    if (n < 0 || n > len / 8) {
      throw malformed("field count " + n + " in " + len + " bytes");
    }
    Object[] fields = new Object[n];
    int p = off + 4;
    for (int i = 0; i < n; i++) {
      int oid = intAt(b, p, end);
      int flen = intAt(b, p + 4, end);
      p += 8;
      if (flen == -1) {
        continue;
      }
      if (flen < 0 || flen > end - p) {
        throw malformed("field " + (i + 1) + " length " + flen);
      }
      fields[i] = field(oid, b, p, flen, types);
      p += flen;
    }
    if (p != end) {
      throw malformed((end - p) + " bytes after the last field");
    }
    return fields;
  }

  private static Object field(int oid, byte[] b, int off, int len, TypeRegistry types) {
    if (isComposite(oid, types)) {
      return decode(b, off, len, types);
    }
    if (Oids.hasBinaryCodec(oid)) {
      return BinaryCodec.decode(oid, b, off, len);
    }
    if (oid == RECORD_ARRAY || (types != null && types.cachedArray(oid) != null)) {
      return decodeArray(b, off, len, types);
    }
    throw new PgException(
        "0A000",
        "a composite field of type OID "
            + oid
            + " has no binary decoder in Sluice (a nested composite type must be looked up in the"
            + " connection's TypeRegistry first)");
  }

  private static boolean isComposite(int oid, TypeRegistry types) {
    return oid == RECORD || (types != null && types.cached(oid) != null);
  }

  /**
   * A one-dimensional binary array of composites (an {@code addr[]}, an {@code array_agg(t)}) as a
   * list of their fields; NULL elements are null, an empty array an empty list.
   */
  public static List<Object[]> decodeArray(byte[] b, int off, int len, TypeRegistry types) {
    int end = off + len;
    int ndim = intAt(b, off, end);
    if (ndim == 0) {
      return new ArrayList<>(0);
    }
    if (ndim != 1) {
      throw new PgException(
          "0A000", "an array of composites with " + ndim + " dimensions: only one is read");
    }
    int count = intAt(b, off + 12, end);
    int lower = intAt(b, off + 16, end);
    if (lower != 1) {
      throw BinaryCodec.lowerBound("[" + lower + ":" + (lower + count - 1) + "]", lower);
    }
    if (count < 0 || count > len / 4) {
      throw malformed("array of " + count + " elements in " + len + " bytes");
    }
    List<Object[]> out = new ArrayList<>(count);
    int p = off + 20;
    for (int i = 0; i < count; i++) {
      int elen = intAt(b, p, end);
      p += 4;
      if (elen == -1) {
        out.add(null);
        continue;
      }
      if (elen < 0 || elen > end - p) {
        throw malformed("array element " + (i + 1) + " length " + elen);
      }
      out.add(decode(b, p, elen, types));
      p += elen;
    }
    return out;
  }

  /**
   * Writes {@code fields} as a value of the composite {@code type}: each field with the exact OID
   * of its attribute. A field that is itself a composite takes an {@code Object[]} or a record (its
   * type must be in {@code types}: look it up first), an array of composites a {@code List} of
   * them, an enum a Java enum or its label; other fields take what {@link ParameterEncoder} binds
   * for that type (a domain's base type) in binary. Fails (42804) on a wrong field count or a field
   * whose type has no binary codec, before anything the server could misread is sent: the caller
   * truncates.
   */
  public static void encode(
      WriteBuffer w, CompositeType type, Object[] fields, TypeRegistry types) {
    List<CompositeType.Field> attrs = type.fields();
    if (fields.length != attrs.size()) {
      throw new PgException(
          "42804",
          "composite type "
              + type.name()
              + " has "
              + attrs.size()
              + " attributes, the value "
              + fields.length);
    }
    w.putInt(attrs.size());
    for (int i = 0; i < fields.length; i++) {
      CompositeType.Field f = attrs.get(i);
      w.putInt(f.typeOid());
      Object v = fields[i];
      if (v == null) {
        w.putInt(-1);
        continue;
      }
      int at = w.reserveInt();
      field(w, type, f, v, types, i + 1);
      w.patchLength(at);
    }
  }

  private static void field(
      WriteBuffer w,
      CompositeType type,
      CompositeType.Field f,
      Object v,
      TypeRegistry types,
      int index) {
    CompositeType nested = types == null ? null : types.cached(f.typeOid());
    CompositeType elements = types == null ? null : types.cached(f.elementOid());
    if (nested != null && v instanceof Object[] inner) {
      encode(w, nested, inner, types);
    } else if (nested != null && v instanceof Record r) {
      encode(w, nested, fieldsOf(r), types);
    } else if (elements != null && v instanceof List<?> list) {
      encodeArray(w, elements, list, types);
    } else if (f.kind() == 'e' && (v instanceof Enum<?> || v instanceof String)) {
      w.putUtf8(TextForms.text(v)); // enum_send's form is the label itself
    } else if (f.elementOid() == 0 && Oids.hasBinaryCodec(f.valueOid())) {
      ParameterEncoder.encode(w, v, f.valueOid(), Protocol.FORMAT_BINARY, index);
    } else if (f.elementOid() != 0
        && Oids.hasBinaryCodec(f.typeOid())
        && !(v instanceof List<?> l && holdsRecords(l))) {
      ParameterEncoder.encode(w, v, f.typeOid(), Protocol.FORMAT_BINARY, index);
    } else {
      throw new PgException(
          "42804",
          "attribute "
              + f.name()
              + " of composite type "
              + type.name()
              + " has type OID "
              + f.typeOid()
              + ", which Sluice cannot write inside a composite (value "
              + v.getClass().getSimpleName()
              + ")");
    }
  }

  /**
   * Writes {@code list} as a one-dimensional array of the composite {@code element} ({@code
   * addr[]}): each element a record or an {@code Object[]} of fields, null for NULL.
   */
  public static void encodeArray(
      WriteBuffer w, CompositeType element, List<?> list, TypeRegistry types) {
    int n = list.size();
    if (n == 0) {
      w.putInt(0).putInt(0).putInt(element.oid());
      return;
    }
    boolean hasNull = false;
    for (Object o : list) {
      hasNull |= o == null;
    }
    w.putInt(1).putInt(hasNull ? 1 : 0).putInt(element.oid()).putInt(n).putInt(1);
    for (Object o : list) {
      if (o == null) {
        w.putInt(-1);
        continue;
      }
      int at = w.reserveInt();
      if (o instanceof Record r) {
        encode(w, element, fieldsOf(r), types);
      } else if (o instanceof Object[] fields) {
        encode(w, element, fields, types);
      } else {
        throw new PgException(
            "42804",
            "an element of an array of composite type "
                + element.name()
                + " is a "
                + o.getClass().getSimpleName()
                + ", not a record");
      }
      w.patchLength(at);
    }
  }

  /**
   * Writes parameter {@code index} (1-based), a record or a {@code List} of records, as a value of
   * the composite or composite array type {@code oid} the statement described, which {@code types}
   * must hold already (see {@link TypeRegistry#compositeByOid}). Fails (42804) if {@code oid} is no
   * composite type, naming the parameter and how to cast it.
   */
  public static void encodeParameter(
      WriteBuffer w, Object v, int oid, TypeRegistry types, int index) {
    if (isCompositeRecord(v)) {
      Record r = (Record) v;
      CompositeType type = types == null ? null : types.cached(oid);
      encode(w, parameterType(oid, type, types, r, false, index), fieldsOf(r), types);
    } else {
      List<?> list = (List<?>) v;
      CompositeType element = types == null ? null : types.cachedArray(oid);
      encodeArray(
          w, parameterType(oid, element, types, firstRecord(list), true, index), list, types);
    }
  }

  private static CompositeType parameterType(
      int oid, CompositeType found, TypeRegistry types, Record value, boolean array, int index) {
    if (found != null) {
      return found;
    }
    if (oid == RECORD || oid == RECORD_ARRAY) {
      forParameter(oid, null); // throws: an anonymous record cannot be written
    }
    String what =
        (array ? "a list of " : "a ")
            + value.getClass().getSimpleName()
            + " record"
            + (array ? "s" : "");
    String name = types == null ? null : types.nameOf(oid);
    throw new UnknownComposite(
        oid,
        array,
        "parameter $"
            + index
            + " is "
            + what
            + ", but the statement takes it as type "
            + (name == null ? "" : name + ", ")
            + "OID "
            + oid
            + ", which is not "
            + (array ? "an array of a composite type" : "a composite type")
            + ": cast the parameter to the composite type ($"
            + index
            + "::addr, $"
            + index
            + "::addr[])");
  }

  /**
   * A record bound to a parameter whose type the connection's registry does not hold as a
   * composite: it is none, or it has not been looked up (a caller that can look it up does so and
   * binds again).
   */
  public static final class UnknownComposite extends PgException {
    private static final long serialVersionUID = 1L;

    /** The parameter's type OID, as the statement described it. */
    public final int oid;

    /** Whether the parameter is an array (a List of records was bound). */
    public final boolean array;

    UnknownComposite(int oid, boolean array, String message) {
      super("42804", message);
      this.oid = oid;
      this.array = array;
    }

    /** The UnknownComposite {@code e} is or was caused by, or null. */
    public static UnknownComposite in(Throwable e) {
      for (Throwable t = e; t != null; t = t.getCause()) {
        if (t instanceof UnknownComposite u) {
          return u;
        }
      }
      return null;
    }
  }

  /**
   * Whether {@code v} is bound as a composite: a record of the application's ({@link
   * #isCompositeRecord}), or a list whose first non-null value is one.
   */
  public static boolean isComposite(Object v) {
    return isCompositeRecord(v) || (v instanceof List<?> l && holdsRecords(l));
  }

  /**
   * Whether {@code v} is a record bound as a composite: any record but Sluice's own value types
   * ({@code Interval}, {@code InetNetwork}, {@code Range}, {@code PgNumeric}, … in {@code
   * dev.sluice}) and other records a parameter of a built-in type takes.
   */
  public static boolean isCompositeRecord(Object v) {
    return v instanceof Record
        && !VALUE_TYPES.equals(v.getClass().getPackageName())
        && ParameterEncoder.declaredOid(v) == Oids.UNSPECIFIED;
  }

  /** The package of Sluice's value types, which are records but bind as built-in types. */
  private static final String VALUE_TYPES = "dev.sluice";

  /** Whether any of {@code params} is bound as a composite ({@link #isComposite}). */
  public static boolean anyComposite(Object[] params) {
    for (Object v : params) {
      if ((v instanceof Record || v instanceof List<?>) && isComposite(v)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the first non-null value of {@code list} is a record bound as a composite. */
  static boolean holdsRecords(List<?> list) {
    return firstRecord(list) != null;
  }

  private static Record firstRecord(List<?> list) {
    for (Object o : list) {
      if (o != null) {
        return isCompositeRecord(o) ? (Record) o : null;
      }
    }
    return null;
  }

  /**
   * The components of {@code record} as composite fields, through the {@link CompositeFields} its
   * generated decoder implements: no reflection per value.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static Object[] fieldsOf(Record record) {
    RowDecoder<?> decoder = RowDecoder.of(record.getClass());
    if (decoder instanceof CompositeFields fields) {
      return fields.fields(record);
    }
    throw new PgException(
        "42804",
        "a "
            + record.getClass().getSimpleName()
            + " record cannot be bound as a composite: its decoder "
            + decoder.getClass().getName()
            + " gives no fields (compile it with this version of the Sluice processor)");
  }

  /**
   * The registered composite a parameter described as {@code oid} is bound as; an anonymous record
   * ({@code record}, {@code record[]}) is refused: {@code record_recv} needs a named type.
   */
  public static CompositeType forParameter(int oid, TypeRegistry types) {
    if (oid == RECORD || oid == RECORD_ARRAY) {
      throw new PgException(
          "42804",
          "an anonymous record (ROW(…) without a cast) can be read but not written: cast the"
              + " parameter to a named composite type ($1::addr)");
    }
    CompositeType t = types.cached(oid);
    if (t == null) {
      throw new PgException(
          "42704", "type OID " + oid + " is not a composite type this connection has looked up");
    }
    return t;
  }

  private static int intAt(byte[] b, int off, int end) {
    if (off + 4 > end) {
      throw malformed("value ends inside an int32 at byte " + off);
    }
    return Bytes.getInt(b, off);
  }

  private static PgException malformed(String what) {
    return new PgException("08P01", "malformed binary composite: " + what);
  }
}
