package dev.sluice.driver.codec;

import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One connection's knowledge of the types created in its database, whose OIDs are per database:
 * looked up in the catalog the first time a call needs one and kept for the connection's life.
 *
 * <ul>
 *   <li><b>Composites</b>, by name or OID from {@code pg_type} and {@code pg_attribute}, so that
 *       records travel in binary ({@link #composite}, {@link #compositeByOid});
 *   <li><b>built-in counterparts</b>: the types whose values travel in a built-in type's binary
 *       form, so that they are read in binary as that type ({@link Counterparts}). Arrays of
 *       domains ({@code posint[]} for {@code CREATE DOMAIN posint AS int4}) are read as arrays of
 *       the base type. Ranges created over a built-in range's subtype ({@code CREATE TYPE intspan
 *       AS RANGE (subtype = int4)}) are read as that range, and their multiranges and arrays
 *       likewise: range_send writes the flags and the bounds in the subtype's form with no OID, so
 *       the bytes are the same. Any other created type maps to none and stays as described, in
 *       text.
 * </ul>
 *
 * <p>One cache, emptied as a whole. OIDs change only through DDL (a type dropped and created
 * again), so everything is forgotten when the server says a type is gone or changed ({@link
 * #invalidateOn}: SQLSTATE 42704, "cache lookup failed", a composite whose binary form no longer
 * fits) and when a statement describes a composite with another OID than the cached one ({@link
 * #composite(String, int)}). A statement whose result type changed is described again (0A000 from
 * RevalidateCachedQuery), which looks the new OIDs up.
 *
 * <p>Safe to read while another thread looks a type up or forgets them all (a connection shared by
 * pipelining callers binds and describes under its send lock while its reader thread sees errors);
 * two callers needing the same type may both look it up.
 */
public final class TypeRegistry {
  /**
   * Runs one catalog query and adds its rows to {@code out}: between calls through the connection,
   * or, for a parameter's type found while a call runs, inside that call (after the statement's
   * Describe, before its Bind is written).
   */
  public interface Catalog {
    /**
     * Runs {@code sql} with {@code params}, adding each row as {@code rows} decodes it to {@code
     * out}.
     *
     * @throws IOException if the connection fails
     */
    void query(String sql, Object[] params, RowDecoder<Object[]> rows, List<Object[]> out)
        throws IOException;
  }

  /**
   * One row per attribute (none for a type that is not a composite): the type's OID, its array
   * type's OID, its typtype and name; then per attribute its name, type OID, that type's typtype,
   * the base type under any domains, the element type of an array, and that element's typtype.
   */
  private static final String SELECT =
      "SELECT t.oid::int8, t.typarray::int8, t.typtype::text, a.attname::text, a.atttypid::int8,"
          + " at.typtype::text, base.oid::int8,"
          + " CASE WHEN at.typcategory = 'A' THEN at.typelem ELSE 0 END::int8, et.typtype::text,"
          + " t.oid::regtype::text"
          + " FROM pg_catalog.pg_type t LEFT JOIN pg_catalog.pg_attribute a"
          + " ON a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped"
          + " LEFT JOIN pg_catalog.pg_type at ON at.oid = a.atttypid"
          + " LEFT JOIN pg_catalog.pg_type et ON et.oid = at.typelem AND at.typcategory = 'A'"
          + " LEFT JOIN LATERAL (WITH RECURSIVE d(oid, basetype, typtype) AS ("
          + " SELECT at.oid, at.typbasetype, at.typtype UNION ALL"
          + " SELECT b.oid, b.typbasetype, b.typtype FROM pg_catalog.pg_type b JOIN d"
          + " ON b.oid = d.basetype WHERE d.typtype = 'd')"
          + " SELECT d.oid FROM d WHERE d.typtype <> 'd') base ON true";

  /**
   * By name: {@code $1::regtype} resolves the name as the server does (search_path, quoting, a
   * schema prefix) and fails with 42704 if there is no such type.
   */
  static final String LOOKUP = SELECT + " WHERE t.oid = $1::text::regtype ORDER BY a.attnum";

  /** By the OID a statement described for a parameter. */
  static final String LOOKUP_OID = SELECT + " WHERE t.oid = $1::oid ORDER BY a.attnum";

  /** The element type of the array type with OID $1. */
  static final String LOOKUP_ARRAY_OID =
      SELECT + " WHERE t.typarray = $1::oid AND t.typarray <> 0 ORDER BY a.attnum";

  private static final RowDecoder<Object[]> ROW =
      columns ->
          r ->
              new Object[] {
                r.getLong(0),
                r.getLong(1),
                r.getString(2),
                r.getString(3),
                r.isNull(4) ? null : r.getLong(4),
                r.getString(5),
                r.isNull(6) ? null : r.getLong(6),
                r.isNull(7) ? null : r.getLong(7),
                r.getString(8),
                r.getString(9)
              };

  private volatile Catalog catalog;
  private final Counterparts counterparts = new Counterparts();
  private final Map<String, CompositeType> byName = new ConcurrentHashMap<>();
  private final Map<Integer, CompositeType> byOid = new ConcurrentHashMap<>();
  private final Map<Integer, CompositeType> byArrayOid = new ConcurrentHashMap<>();
  private final Map<Integer, String> otherNames = new ConcurrentHashMap<>();
  private volatile int lookups;

  /** An empty registry; lookups by name need a {@link #catalog(Catalog)}. */
  public TypeRegistry() {}

  /**
   * Sets what lookups by name ({@link #composite(String)}) run through: the connection's own calls,
   * set by the connection's owner once it can run them.
   *
   * @param catalog runs a catalog query as a call of its own
   */
  public void catalog(Catalog catalog) {
    this.catalog = catalog;
  }

  /**
   * The composite type named {@code name}, from the cache or else from the catalog (one query).
   * Fails with 42704 if there is no such type, 42809 if the type is not a composite.
   */
  public CompositeType composite(String name) {
    CompositeType t = byName.get(name);
    return t != null ? t : load(name);
  }

  /**
   * The composite type named {@code name}, checked against the OID a statement described for it: a
   * cached entry with another OID (the type was dropped and created again) is dropped with the
   * whole cache and looked up again.
   */
  public CompositeType composite(String name, int describedOid) {
    CompositeType t = composite(name);
    if (t.oid() != describedOid) {
      invalidate();
      t = load(name);
    }
    return t;
  }

  /**
   * The composite type with OID {@code oid}, from the cache or else from the catalog through {@code
   * within}, with every composite its attributes hold (nested, or as array elements); null if
   * {@code oid} is not a composite type.
   *
   * @throws IOException if the connection fails during the lookup
   */
  public CompositeType compositeByOid(int oid, Catalog within) throws IOException {
    CompositeType t = byOid.get(oid);
    return t != null ? t : load(LOOKUP_OID, oid, within);
  }

  /**
   * The composite type whose array type has OID {@code arrayOid} (cached, or looked up through
   * {@code within} as {@link #compositeByOid} does); null if it is not an array of composites.
   *
   * @throws IOException if the connection fails during the lookup
   */
  public CompositeType compositeByArrayOid(int arrayOid, Catalog within) throws IOException {
    CompositeType t = cachedArray(arrayOid);
    return t != null || arrayOid == 0 ? t : load(LOOKUP_ARRAY_OID, arrayOid, within);
  }

  /** The cached composite type with this OID, or null (not looked up, or not a composite). */
  public CompositeType cached(int oid) {
    return byOid.get(oid);
  }

  /** The cached composite type whose array type has this OID, or null. */
  public CompositeType cachedArray(int arrayOid) {
    return arrayOid == 0 ? null : byArrayOid.get(arrayOid);
  }

  /**
   * The name of the type with this OID if a lookup found it is no composite (or no array of one),
   * for messages; else null.
   */
  public String nameOf(int oid) {
    return otherNames.get(oid);
  }

  /**
   * The part of this registry that knows which created types are read as a built-in type.
   *
   * @return this registry's counterparts, forgotten with the rest by {@link #invalidate}
   */
  public Counterparts counterparts() {
    return counterparts;
  }

  /** Forgets every type: the next call or description that needs one looks it up again. */
  public void invalidate() {
    counterparts.clear();
    otherNames.clear();
    byName.clear();
    byOid.clear();
    byArrayOid.clear();
  }

  /**
   * Forgets every type if {@code e} says a type the cache may hold is gone or has changed (SQLSTATE
   * 42704, any "cache lookup failed" (a type, or a range's entry), or {@link #isStaleType});
   * returns whether it did.
   */
  public boolean invalidateOn(PgException e) {
    String message = e.serverMessage();
    if ("42704".equals(e.sqlState())
        || isStaleType(e)
        || (message != null && message.startsWith("cache lookup failed"))) {
      invalidate();
      return true;
    }
    return false;
  }

  /**
   * Whether the server's error {@code e} says a user type changed since it was looked up: "cache
   * lookup failed for type" (a type dropped: a statement prepared with it, or a value written with
   * its OID), or {@code record_recv}'s "wrong number of columns" / "binary data has type … instead
   * of expected …" ("wrong data type" in older servers): a composite altered since its attributes
   * were read. The statement never ran, so it may be prepared again.
   */
  public static boolean isStaleType(PgException e) {
    String message = e.serverMessage();
    if (message == null) {
      return false;
    }
    return ("XX000".equals(e.sqlState()) && message.startsWith("cache lookup failed for type"))
        || ("42804".equals(e.sqlState())
            && e.routine() != null
            && e.routine().equals("record_recv")
            && (message.startsWith("wrong number of columns")
                || message.startsWith("binary data has type")
                || message.startsWith("wrong data type")));
  }

  /**
   * How many catalog lookups this registry ran, of composites and of counterparts (for tests: a
   * cached type costs none).
   */
  public int lookups() {
    return lookups + counterparts.lookups();
  }

  private CompositeType load(String name) {
    Catalog via = catalog;
    if (via == null) {
      throw new IllegalStateException(
          "this registry has no catalog to look \"" + name + "\" up in");
    }
    List<Object[]> rows;
    try {
      rows = rows(LOOKUP, name, via);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e); // the connection's calls report PgException
    }
    if (rows.isEmpty()) {
      throw new PgException("42704", "type \"" + name + "\" does not exist");
    }
    Object[] first = rows.get(0);
    if (!"c".equals(first[2]) || first[3] == null) {
      throw new PgException(
          "42809", "type \"" + name + "\" is not a composite type (typtype " + first[2] + ")");
    }
    CompositeType t = put(name, rows);
    byName.put(name, t);
    return t;
  }

  private CompositeType load(String sql, int oid, Catalog within) throws IOException {
    List<Object[]> rows = rows(sql, oid & 0xFFFFFFFFL, within);
    if (rows.isEmpty() || !"c".equals(rows.get(0)[2]) || rows.get(0)[3] == null) {
      if (!rows.isEmpty()) {
        String name = (String) rows.get(0)[9];
        otherNames.put(oid, sql == LOOKUP_ARRAY_OID ? name + "[]" : name);
      }
      return null;
    }
    CompositeType t = put((String) rows.get(0)[9], rows);
    for (CompositeType.Field f : t.fields()) {
      if (f.kind() == 'c') {
        compositeByOid(f.typeOid(), within);
      } else if (f.elementOid() != 0 && byOid.get(f.elementOid()) == null) {
        compositeByOid(f.elementOid(), within); // null unless the element is a composite
      }
    }
    return t;
  }

  /** The rows of one catalog lookup ({@code sql} with {@code key}: a name or an OID). */
  private List<Object[]> rows(String sql, Object key, Catalog via) throws IOException {
    lookups++;
    List<Object[]> rows = new ArrayList<>();
    via.query(sql, new Object[] {key}, ROW, rows);
    return rows;
  }

  private CompositeType put(String name, List<Object[]> rows) {
    Object[] first = rows.get(0);
    List<CompositeType.Field> fields = new ArrayList<>(rows.size());
    for (Object[] row : rows) {
      int typeOid = (int) (long) (Long) row[4];
      String kind = (String) row[5];
      int valueOid = row[6] == null ? typeOid : (int) (long) (Long) row[6];
      int element = row[7] == null ? 0 : (int) (long) (Long) row[7];
      fields.add(
          new CompositeType.Field(
              (String) row[3],
              typeOid,
              kind == null || kind.isEmpty() ? 'b' : kind.charAt(0),
              valueOid,
              element));
    }
    CompositeType t =
        new CompositeType(name, (int) (long) (Long) first[0], (int) (long) (Long) first[1], fields);
    byOid.put(t.oid(), t);
    if (t.arrayOid() != 0) {
      byArrayOid.put(t.arrayOid(), t);
    }
    return t;
  }
}
