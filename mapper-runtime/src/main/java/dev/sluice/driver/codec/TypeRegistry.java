package dev.sluice.driver.codec;

import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import dev.sluice.driver.PgConnection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The OIDs of one connection's user types (composites for now; enums, domains and ranges are meant
 * to join), looked up by name from {@code pg_type} the first time a call needs one and kept for the
 * connection's life. OIDs change only through DDL (a type dropped and created again), so the cache
 * is dropped when the server says a type is gone ({@link #invalidateOn}: SQLSTATE 42704 or "cache
 * lookup failed") and when a statement describes a type with another OID than the cached one
 * ({@link #composite(String, int)}).
 *
 * <p>Not thread-safe: a connection runs one call at a time, and so does its registry.
 */
public final class TypeRegistry {
  /**
   * One row per attribute (none for a type that is not a composite): {@code $1::regtype} resolves
   * the name as the server does (search_path, quoting, a schema prefix) and fails with 42704 if
   * there is no such type.
   */
  static final String LOOKUP =
      "SELECT t.oid::int8, t.typarray::int8, t.typtype::text, a.attname::text, a.atttypid::int8"
          + " FROM pg_catalog.pg_type t LEFT JOIN pg_catalog.pg_attribute a"
          + " ON a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped"
          + " WHERE t.oid = $1::text::regtype ORDER BY a.attnum";

  private static final RowDecoder<Object[]> ROW =
      columns ->
          r ->
              new Object[] {
                r.getLong(0),
                r.getLong(1),
                r.getString(2),
                r.getString(3),
                r.isNull(4) ? null : r.getLong(4)
              };

  private final PgConnection connection;
  private final Map<String, CompositeType> byName = new HashMap<>();
  private final Map<Integer, CompositeType> byOid = new HashMap<>();
  private final Map<Integer, CompositeType> byArrayOid = new HashMap<>();
  private int lookups;

  public TypeRegistry(PgConnection connection) {
    this.connection = connection;
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

  /** The cached composite type with this OID, or null (not looked up, or not a composite). */
  public CompositeType cached(int oid) {
    return byOid.get(oid);
  }

  /** The cached composite type whose array type has this OID, or null. */
  public CompositeType cachedArray(int arrayOid) {
    return arrayOid == 0 ? null : byArrayOid.get(arrayOid);
  }

  /** Forgets every type: the next call that needs one looks it up again. */
  public void invalidate() {
    byName.clear();
    byOid.clear();
    byArrayOid.clear();
  }

  /**
   * Forgets every type if {@code e} says a type the cache may hold is gone (SQLSTATE 42704, or the
   * server's "cache lookup failed for type"); returns whether it did.
   */
  public boolean invalidateOn(PgException e) {
    String message = e.serverMessage();
    if ("42704".equals(e.sqlState())
        || (message != null && message.startsWith("cache lookup failed"))) {
      invalidate();
      return true;
    }
    return false;
  }

  /** How many catalog lookups this registry ran (for tests: a cached type costs none). */
  public int lookups() {
    return lookups;
  }

  private CompositeType load(String name) {
    lookups++;
    List<Object[]> rows = new ArrayList<>();
    connection.query(LOOKUP, new Object[] {name}, ROW, rows);
    if (rows.isEmpty()) {
      throw new PgException("42704", "type \"" + name + "\" does not exist");
    }
    Object[] first = rows.get(0);
    if (!"c".equals(first[2]) || first[3] == null) {
      throw new PgException(
          "42809", "type \"" + name + "\" is not a composite type (typtype " + first[2] + ")");
    }
    List<CompositeType.Field> fields = new ArrayList<>(rows.size());
    for (Object[] row : rows) {
      fields.add(new CompositeType.Field((String) row[3], (int) (long) (Long) row[4]));
    }
    CompositeType t =
        new CompositeType(name, (int) (long) (Long) first[0], (int) (long) (Long) first[1], fields);
    byName.put(name, t);
    byOid.put(t.oid(), t);
    if (t.arrayOid() != 0) {
      byArrayOid.put(t.arrayOid(), t);
    }
    return t;
  }
}
