package dev.sluice.driver;

import dev.sluice.Columns;
import dev.sluice.PgException;
import dev.sluice.driver.codec.Oids;
import dev.sluice.driver.codec.RangeCodec;
import java.io.IOException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One connection's knowledge of the types created in its database whose values travel in a built-in
 * type's binary form, so that they are read in binary as that type:
 *
 * <ul>
 *   <li>arrays of domains ({@code posint[]} for {@code CREATE DOMAIN posint AS int4}), read as
 *       arrays of the domain's base type. The server describes a plain domain column as its base
 *       type, and a domain over an array as that array type, but an array of a domain as the array
 *       type the domain got, whose OID is per database;
 *   <li>ranges whose subtype is that of a built-in range ({@code CREATE TYPE intspan AS RANGE
 *       (subtype = int4)}), read as that range ({@code int4range}): range_send writes the flags and
 *       the bounds in the subtype's binary form, with no OID, so the two are the same bytes. Their
 *       multiranges likewise, and arrays of such ranges as arrays of the built-in range.
 * </ul>
 *
 * <p>When a statement is described, each result column of a type created in the database (OID from
 * 16384) without a built-in codec is looked up once per connection in {@code pg_type} and {@code
 * pg_range}. A type of these kinds is mapped to its built-in counterpart; any other type (an enum,
 * a composite, a range over a subtype no built-in range has, such as float8) to 0 and left as it
 * is, in text. The statement's columns then report the built-in type, in binary ({@link
 * #resolved}), as a plain domain column reports its base type. An array's elements still carry the
 * created type's OID, which the array decoders accept for a type created in the database.
 *
 * <p>OIDs change only through DDL; the map is dropped when the server says a type is gone ({@link
 * #invalidateOn}: SQLSTATE 42704, "cache lookup failed"), and a statement whose result type changed
 * is described again (0A000 from RevalidateCachedQuery), which looks the new OID up.
 *
 * <p>Read and written by whichever caller describes a statement; on a shared connection several may
 * at once, and the reader thread invalidates, hence the concurrent map.
 */
final class DerivedTypes {
  /** A type created in the database has an OID from here on (FirstNormalObjectId). */
  private static final int FIRST_NORMAL_OID = 16384;

  /** Type OID to the built-in type it is read as, or 0 when it is none of the kinds above. */
  private final ConcurrentHashMap<Integer, Integer> builtIns = new ConcurrentHashMap<>();

  /** How many catalog lookups ran (for tests: a known type costs none). */
  private int lookups;

  /**
   * {@code columns} with every type of the kinds above as its built-in counterpart (binary), after
   * looking up the types not seen before on this connection (one simple query, if any). For a
   * session the caller holds alone, between exchanges. In a failed transaction, where no query
   * runs, the types not known stay as described.
   */
  Columns resolve(Session session, Columns columns) throws IOException {
    int[] unknown = unknown(columns);
    if (unknown != null && session.transactionStatus() != Protocol.TX_FAILED) {
      learn(unknown, SimpleQuery.value(session, lookup(unknown)));
    }
    return resolved(columns);
  }

  /** The OIDs of {@code columns}' types that may be of the kinds above and are not known yet. */
  int[] unknown(Columns columns) {
    if (columns == null) {
      return null;
    }
    int[] found = null;
    int count = 0;
    for (int i = 0; i < columns.count(); i++) {
      int oid = columns.typeOid(i);
      if (mayBeDerived(oid) && !builtIns.containsKey(oid) && !contains(found, count, oid)) {
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

  private static boolean mayBeDerived(int oid) {
    return (oid & 0xffffffffL) >= FIRST_NORMAL_OID && !Oids.hasBinaryCodec(oid);
  }

  /**
   * The catalog query that maps each of {@code oids} that is one of the kinds above to what it is
   * made of: one text value, {@code oid:kind:of} triples separated by commas (null if none), where
   * kind {@code a} is an array of domains and {@code of} its base type's array; {@code r} a range,
   * {@code m} a multirange and {@code A} an array of ranges, each with its range's subtype. A true
   * array has {@code typlen} -1 and an element type (fixed-size types such as point have an element
   * type too); the walk follows {@code typbasetype} through domains over domains. The OIDs are
   * numbers this driver formats, from RowDescription, never a caller's value.
   */
  static String lookup(int[] oids) {
    StringBuilder list = new StringBuilder();
    for (int oid : oids) {
      if (list.length() > 0) {
        list.append(',');
      }
      list.append(oid & 0xffffffffL);
    }
    String any = " = ANY ('{" + list + "}'::pg_catalog.oid[])";
    return "WITH RECURSIVE walk(arr, elem, depth) AS ("
        + "SELECT t.oid, t.typelem, 0 FROM pg_catalog.pg_type t"
        + " WHERE t.oid"
        + any
        + " AND t.typlen = -1 AND t.typelem <> 0"
        + " UNION ALL SELECT w.arr, d.typbasetype, w.depth + 1 FROM walk w"
        + " JOIN pg_catalog.pg_type d ON d.oid = w.elem WHERE d.typtype = 'd' AND w.depth < 32)"
        + " SELECT pg_catalog.string_agg(x, ',') FROM ("
        + "SELECT w.arr::text || ':a:' || b.typarray::text AS x"
        + " FROM walk w JOIN pg_catalog.pg_type b ON b.oid = w.elem"
        + " WHERE b.typtype <> 'd' AND w.depth > 0"
        + " UNION ALL SELECT r.rngtypid::text || ':r:' || r.rngsubtype::text"
        + " FROM pg_catalog.pg_range r WHERE r.rngtypid"
        + any
        + " UNION ALL SELECT r.rngmultitypid::text || ':m:' || r.rngsubtype::text"
        + " FROM pg_catalog.pg_range r WHERE r.rngmultitypid"
        + any
        + " UNION ALL SELECT t.oid::text || ':A:' || r.rngsubtype::text"
        + " FROM pg_catalog.pg_type t JOIN pg_catalog.pg_range r ON r.rngtypid = t.typelem"
        + " WHERE t.oid"
        + any
        + ") s";
  }

  /**
   * Records the answer to {@link #lookup}{@code (oids)}: the built-in type each triple maps to, and
   * 0 for the others. A type whose counterpart has no built-in codec (a domain over an enum, a
   * composite or an array; a range over float8, which no built-in range has) stays as it is
   * described: 0.
   */
  void learn(int[] oids, String answer) {
    lookups++;
    for (int oid : oids) {
      builtIns.putIfAbsent(oid, 0);
    }
    if (answer == null || answer.isEmpty()) {
      return;
    }
    for (String triple : answer.split(",")) {
      String[] parts = triple.split(":");
      int oid = (int) Long.parseLong(parts[0]);
      int of = (int) Long.parseLong(parts[2]);
      int builtIn;
      switch (parts[1]) {
        case "a":
          builtIn = of != 0 && Oids.hasBinaryCodec(of) && Oids.elementOf(of) != 0 ? of : 0;
          break;
        case "r":
          builtIn = RangeCodec.rangeOfSubtype(of);
          break;
        case "m":
          builtIn = RangeCodec.multirangeOf(RangeCodec.rangeOfSubtype(of));
          break;
        case "A":
          builtIn = RangeCodec.arrayOfRange(RangeCodec.rangeOfSubtype(of));
          break;
        default:
          builtIn = 0;
      }
      builtIns.put(oid, builtIn);
    }
  }

  /**
   * {@code columns} with the types this map knows as their built-in counterparts, in binary; {@code
   * columns} itself when there are none. Looks nothing up.
   */
  Columns resolved(Columns columns) {
    if (columns == null || builtIns.isEmpty()) {
      return columns;
    }
    int n = columns.count();
    int[] oids = null;
    short[] formats = null;
    for (int i = 0; i < n; i++) {
      int oid = columns.typeOid(i);
      if (!mayBeDerived(oid)) {
        continue;
      }
      Integer base = builtIns.get(oid);
      if (base == null || base == 0) {
        continue;
      }
      if (oids == null) {
        oids = new int[n];
        formats = new short[n];
        for (int k = 0; k < n; k++) {
          oids[k] = columns.typeOid(k);
          formats[k] = columns.format(k);
        }
      }
      oids[i] = base;
      formats[i] = Protocol.FORMAT_BINARY;
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
    return new Columns(names, oids, tables, numbers, modifiers, formats);
  }

  /** Forgets every type: the next description looks its types up again. */
  void invalidate() {
    builtIns.clear();
  }

  /**
   * Forgets every type if {@code e} says a type may be gone (SQLSTATE 42704, or the server's "cache
   * lookup failed"), as the composites' registry does.
   */
  void invalidateOn(PgException e) {
    String message = e.serverMessage();
    if ("42704".equals(e.sqlState())
        || (message != null && message.startsWith("cache lookup failed"))) {
      invalidate();
    }
  }

  /** How many catalog lookups ran on this connection. */
  int lookups() {
    return lookups;
  }
}
