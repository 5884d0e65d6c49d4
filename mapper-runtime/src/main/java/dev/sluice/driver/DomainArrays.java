package dev.sluice.driver;

import dev.sluice.Columns;
import dev.sluice.PgException;
import dev.sluice.driver.codec.Oids;
import java.io.IOException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One connection's knowledge of arrays of domains ({@code posint[]} for {@code CREATE DOMAIN posint
 * AS int4}), so that they are read in binary as arrays of the domain's base type. The server
 * describes a plain domain column as its base type, and a domain over an array as that array type,
 * but an array of a domain as the array type the domain got, whose OID is per database: without
 * this, such a column came as text and {@code getList(c, Integer.class)} refused it.
 *
 * <p>When a statement is described, each result column of a type created in the database (OID from
 * 16384) without a built-in codec is looked up once per connection in {@code pg_type}: an array
 * whose element is a domain (over domains, followed down) is mapped to its base type's array type,
 * any other type (an enum, a composite, an array of either) to 0 and left as it is. The statement's
 * columns then report the base type's array, in binary ({@link #resolved}), as a plain domain
 * column reports its base type. The elements in the binary value still carry the domain's OID,
 * which the array decoders accept for a type created in the database.
 *
 * <p>OIDs change only through DDL; the map is dropped when the server says a type is gone ({@link
 * #invalidateOn}: SQLSTATE 42704, "cache lookup failed"), and a statement whose result type changed
 * is described again (0A000 from RevalidateCachedQuery), which looks the new OID up.
 *
 * <p>Read and written by whichever caller describes a statement; on a shared connection several may
 * at once, and the reader thread invalidates, hence the concurrent map.
 */
final class DomainArrays {
  /** A type created in the database has an OID from here on (FirstNormalObjectId). */
  private static final int FIRST_NORMAL_OID = 16384;

  /** Type OID to its base type's array type OID, or 0 when it is no array of a built-in domain. */
  private final ConcurrentHashMap<Integer, Integer> baseArrays = new ConcurrentHashMap<>();

  /** How many catalog lookups ran (for tests: a known type costs none). */
  private int lookups;

  /**
   * {@code columns} with every array of domains as its base type's array (binary), after looking up
   * the types not seen before on this connection (one simple query, if any). For a session the
   * caller holds alone, between exchanges. In a failed transaction, where no query runs, the types
   * not known stay as described.
   */
  Columns resolve(Session session, Columns columns) throws IOException {
    int[] unknown = unknown(columns);
    if (unknown != null && session.transactionStatus() != Protocol.TX_FAILED) {
      learn(unknown, SimpleQuery.value(session, lookup(unknown)));
    }
    return resolved(columns);
  }

  /** The OIDs of {@code columns}' types that may be arrays of domains and are not known yet. */
  int[] unknown(Columns columns) {
    if (columns == null) {
      return null;
    }
    int[] found = null;
    int count = 0;
    for (int i = 0; i < columns.count(); i++) {
      int oid = columns.typeOid(i);
      if (mayBeDomainArray(oid) && !baseArrays.containsKey(oid) && !contains(found, count, oid)) {
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

  private static boolean mayBeDomainArray(int oid) {
    return (oid & 0xffffffffL) >= FIRST_NORMAL_OID && !Oids.hasBinaryCodec(oid);
  }

  /**
   * The catalog query that maps each of {@code oids} that is an array of domains to its base type's
   * array: one text value, {@code oid:arrayOid} pairs separated by commas (null if none). A true
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
    return "WITH RECURSIVE walk(arr, elem, depth) AS ("
        + "SELECT t.oid, t.typelem, 0 FROM pg_catalog.pg_type t"
        + " WHERE t.oid = ANY ('{"
        + list
        + "}'::pg_catalog.oid[]) AND t.typlen = -1 AND t.typelem <> 0"
        + " UNION ALL SELECT w.arr, d.typbasetype, w.depth + 1 FROM walk w"
        + " JOIN pg_catalog.pg_type d ON d.oid = w.elem WHERE d.typtype = 'd' AND w.depth < 32)"
        + " SELECT pg_catalog.string_agg(w.arr::text || ':' || b.typarray::text, ',')"
        + " FROM walk w JOIN pg_catalog.pg_type b ON b.oid = w.elem"
        + " WHERE b.typtype <> 'd' AND w.depth > 0";
  }

  /**
   * Records the answer to {@link #lookup}{@code (oids)}: the pairs it lists, and 0 for the others.
   * An array whose base type's array has no built-in codec (a domain over an enum, a composite, an
   * array) stays as it is described: 0.
   */
  void learn(int[] oids, String answer) {
    lookups++;
    for (int oid : oids) {
      baseArrays.putIfAbsent(oid, 0);
    }
    if (answer == null || answer.isEmpty()) {
      return;
    }
    for (String pair : answer.split(",")) {
      int colon = pair.indexOf(':');
      int oid = (int) Long.parseLong(pair.substring(0, colon));
      int base = (int) Long.parseLong(pair.substring(colon + 1));
      boolean usable = base != 0 && Oids.hasBinaryCodec(base) && Oids.elementOf(base) != 0;
      baseArrays.put(oid, usable ? base : 0);
    }
  }

  /**
   * {@code columns} with the arrays of domains this map knows as their base type's array, in
   * binary; {@code columns} itself when there are none. Looks nothing up.
   */
  Columns resolved(Columns columns) {
    if (columns == null || baseArrays.isEmpty()) {
      return columns;
    }
    int n = columns.count();
    int[] oids = null;
    short[] formats = null;
    for (int i = 0; i < n; i++) {
      int oid = columns.typeOid(i);
      if (!mayBeDomainArray(oid)) {
        continue;
      }
      Integer base = baseArrays.get(oid);
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
    baseArrays.clear();
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
