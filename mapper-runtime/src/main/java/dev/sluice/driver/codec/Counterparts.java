package dev.sluice.driver.codec;

import dev.sluice.Columns;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The part of a connection's {@link TypeRegistry} that knows which types created in the database
 * travel in a built-in type's binary form, so that they are read in binary as that type:
 *
 * <ul>
 *   <li>arrays of domains ({@code posint[]} for {@code CREATE DOMAIN posint AS int4}), read as
 *       arrays of the domain's base type. The server describes a plain domain column as its base
 *       type, and a domain over an array as that array type, but an array of a domain as the array
 *       type the domain got, whose OID is per database;
 *   <li>ranges whose subtype is that of a built-in range ({@code CREATE TYPE intspan AS RANGE
 *       (subtype = int4)}), read as that range ({@code int4range}): range_send writes the flags and
 *       the bounds in the subtype's binary form, with no OID, so the two are the same bytes. Their
 *       multiranges likewise, and arrays of such ranges as arrays of the built-in range;
 *   <li>arrays of enums ({@code mood[]}, and arrays of domains over an enum), read as {@code
 *       text[]}: enum_send writes the label's bytes, as text's binary form is, so the elements are
 *       read exactly, with no parsing of array_out's quoting. An enum column itself stays in text
 *       format, whose bytes are the label as well.
 * </ul>
 *
 * <p>When a statement is described, each result column of a type created in the database (OID from
 * 16384) without a built-in codec is looked up once per connection in {@code pg_type} and {@code
 * pg_range}. A type of these kinds is mapped to its built-in counterpart; any other (an enum, a
 * composite, a range over a subtype no built-in range has, such as float8) to none and left as it
 * is, in text (composites turn binary when a decoder reads them as records). The statement's
 * columns then report the built-in type, in binary ({@link #resolved}), as a plain domain column
 * reports its base type. An array's values still name the created element type in their headers;
 * the columns carry it ({@link Columns#createdElementOid}), and the array decoders accept that one
 * type besides the built-in element, no other.
 *
 * <p>Emptied with the rest of the registry ({@link TypeRegistry#invalidate}). Read and written by
 * whichever caller describes a statement; on a shared connection several may at once, and the
 * reader thread invalidates, hence the concurrent map.
 */
public final class Counterparts {

  /**
   * What a created type is read as: {@code builtIn}, the built-in type whose binary form its values
   * travel in (0: none, read as described); {@code element}, for an array read as a built-in array,
   * the created element type its values' headers name (0 for none).
   */
  private record Counterpart(int builtIn, int element) {}

  private static final Counterpart NONE = new Counterpart(0, 0);

  private final Map<Integer, Counterpart> counterparts = new ConcurrentHashMap<>();
  private volatile int lookups;

  Counterparts() {}

  /**
   * The OIDs of {@code columns}' types that may have a built-in counterpart and are not known yet
   * (created types without a built-in codec), each once; null if there are none.
   *
   * @param columns a statement's columns as described, or null
   * @return the OIDs to look up with {@link #lookup}, or null
   */
  public int[] unknown(Columns columns) {
    if (columns == null) {
      return null;
    }
    int[] found = null;
    int count = 0;
    for (int i = 0; i < columns.count(); i++) {
      int oid = columns.typeOid(i);
      if (Oids.isCreatedWithoutCodec(oid)
          && !counterparts.containsKey(oid)
          && !contains(found, count, oid)) {
        if (found == null) {
          found = new int[columns.count()];
        }
        found[count++] = oid;
      }
    }
    return found == null ? null : java.util.Arrays.copyOf(found, count);
  }

  private static boolean contains(int[] oids, int count, int oid) {
    for (int i = 0; i < count; i++) {
      if (oids[i] == oid) {
        return true;
      }
    }
    return false;
  }

  /**
   * The catalog query that maps each of {@code oids} that has a built-in counterpart to what it is
   * made of: one text value (null if none) of comma-separated {@code oid:kind:of:element}, where
   * kind {@code a} is an array of domains, {@code of} its base type's array and {@code element} the
   * array's own element type (the domain its values' headers name); {@code e} an array of an enum
   * (or of domains over one), likewise; {@code r} a range and {@code m} a multirange, each with its
   * range's subtype (and element 0); {@code A} an array of ranges, with its range's subtype and the
   * range. A true array has {@code typlen} -1 and an element type (fixed-size types such as point
   * have an element type too); the walk follows {@code typbasetype} through domains over domains.
   * The OIDs are numbers this driver formats, from RowDescription, never a caller's value.
   *
   * @param oids the types to look up, from {@link #unknown}
   * @return one simple query's text
   */
  public static String lookup(int[] oids) {
    StringBuilder list = new StringBuilder();
    for (int oid : oids) {
      if (list.length() > 0) {
        list.append(',');
      }
      list.append(oid & 0xffffffffL);
    }
    String any = " = ANY ('{" + list + "}'::pg_catalog.oid[])";
    return "WITH RECURSIVE walk(arr, first, elem, depth) AS ("
        + "SELECT t.oid, t.typelem, t.typelem, 0 FROM pg_catalog.pg_type t"
        + " WHERE t.oid"
        + any
        + " AND t.typlen = -1 AND t.typelem <> 0"
        + " UNION ALL SELECT w.arr, w.first, d.typbasetype, w.depth + 1 FROM walk w"
        + " JOIN pg_catalog.pg_type d ON d.oid = w.elem WHERE d.typtype = 'd' AND w.depth < 32)"
        + " SELECT pg_catalog.string_agg(x, ',') FROM ("
        + "SELECT w.arr::text || CASE WHEN b.typtype = 'e' THEN ':e:' ELSE ':a:' END"
        + " || b.typarray::text || ':' || w.first::text AS x"
        + " FROM walk w JOIN pg_catalog.pg_type b ON b.oid = w.elem"
        + " WHERE b.typtype <> 'd' AND (w.depth > 0 OR b.typtype = 'e')"
        + " UNION ALL SELECT r.rngtypid::text || ':r:' || r.rngsubtype::text || ':0'"
        + " FROM pg_catalog.pg_range r WHERE r.rngtypid"
        + any
        + " UNION ALL SELECT r.rngmultitypid::text || ':m:' || r.rngsubtype::text || ':0'"
        + " FROM pg_catalog.pg_range r WHERE r.rngmultitypid"
        + any
        + " UNION ALL SELECT t.oid::text || ':A:' || r.rngsubtype::text || ':' || t.typelem::text"
        + " FROM pg_catalog.pg_type t JOIN pg_catalog.pg_range r ON r.rngtypid = t.typelem"
        + " WHERE t.oid"
        + any
        + ") s";
  }

  /**
   * Records the answer to {@link #lookup}{@code (oids)}: the built-in type each entry maps to, and
   * none for the others. A type whose counterpart has no built-in codec (a domain over a composite
   * or an array; a range over float8, which no built-in range has) stays as it is described.
   *
   * @param oids the types looked up
   * @param answer the query's one value, or null
   */
  public void learn(int[] oids, String answer) {
    lookups++;
    Map<Integer, Counterpart> found = new HashMap<>();
    if (answer != null && !answer.isEmpty()) {
      for (String entry : answer.split(",")) {
        String[] parts = entry.split(":");
        int oid = (int) Long.parseLong(parts[0]);
        int of = (int) Long.parseLong(parts[2]);
        int element = (int) Long.parseLong(parts[3]);
        int builtIn =
            switch (parts[1]) {
              case "a" -> of != 0 && Oids.hasBinaryCodec(of) && Oids.elementOf(of) != 0 ? of : 0;
              case "e" -> Oids.TEXT_ARRAY; // enum_send writes the label, as text's form is
              case "r" -> RangeCodec.rangeOfSubtype(of);
              case "m" -> RangeCodec.multirangeOf(RangeCodec.rangeOfSubtype(of));
              case "A" -> RangeCodec.arrayOfRange(RangeCodec.rangeOfSubtype(of));
              default -> 0;
            };
        found.put(oid, builtIn == 0 ? NONE : new Counterpart(builtIn, element));
      }
    }
    for (int oid : oids) {
      counterparts.put(oid, found.getOrDefault(oid, NONE));
    }
  }

  /**
   * {@code columns} with the created types this registry knows a built-in counterpart of reported
   * as that type, in binary, and each such array's created element type ({@link
   * Columns#createdElementOid}); {@code columns} itself when there are none. Looks nothing up.
   *
   * @param columns a statement's columns as described, or null
   * @return the columns as they are read
   */
  public Columns resolved(Columns columns) {
    if (columns == null || counterparts.isEmpty()) {
      return columns;
    }
    int n = columns.count();
    int[] oids = null;
    int[] elements = null;
    short[] formats = null;
    for (int i = 0; i < n; i++) {
      int oid = columns.typeOid(i);
      Counterpart to = Oids.isCreatedWithoutCodec(oid) ? counterparts.get(oid) : null;
      if (to == null || to.builtIn() == 0) {
        continue;
      }
      if (oids == null) {
        oids = new int[n];
        elements = new int[n];
        formats = new short[n];
        for (int k = 0; k < n; k++) {
          oids[k] = columns.typeOid(k);
          elements[k] = columns.createdElementOid(k);
          formats[k] = columns.format(k);
        }
      }
      oids[i] = to.builtIn();
      elements[i] = to.element();
      formats[i] = 1; // binary
    }
    if (oids == null) {
      return columns;
    }
    String[] names = new String[n];
    int[] tables = new int[n];
    short[] numbers = new short[n];
    int[] modifiers = new int[n];
    for (int i = 0; i < n; i++) {
      names[i] = columns.name(i);
      tables[i] = columns.tableOid(i);
      numbers[i] = columns.columnNumber(i);
      modifiers[i] = columns.typeModifier(i);
    }
    return new Columns(names, oids, tables, numbers, modifiers, formats, elements);
  }

  /** Forgets every type (with the rest of the registry). */
  void clear() {
    counterparts.clear();
  }

  /** How many catalog lookups of counterparts ran. */
  int lookups() {
    return lookups;
  }
}
