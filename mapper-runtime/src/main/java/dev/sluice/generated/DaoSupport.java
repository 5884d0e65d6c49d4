package dev.sluice.generated;

import dev.sluice.OptimisticLockException;
import dev.sluice.PgException;
import java.util.List;

/**
 * What generated DAOs ({@code FilmDaoImpl}) call besides {@link dev.sluice.Queries}: checks whose
 * failures must say which method and statement they concern. Not meant for application code.
 */
public final class DaoSupport {
  private DaoSupport() {}

  /**
   * The only row of a method returning exactly one: none fails with SQLSTATE P0002 (no_data_found),
   * several with 21000, each naming the method and the row count. A NULL value is returned as null.
   */
  public static <T> T exactlyOne(List<T> rows, String method, String sql) {
    int n = rows.size();
    if (n == 1) {
      return rows.get(0);
    }
    if (n == 0) {
      throw new PgException(
          "P0002",
          method
              + " expected exactly one row, but the query returned none (return Optional for"
              + " \"at most one\")",
          sql,
          null);
    }
    throw new PgException(
        "21000",
        method + " expected exactly one row, but the query returned " + n + " rows",
        sql,
        null);
  }

  /**
   * {@link #exactlyOne}, for a primitive result: a NULL value fails with SQLSTATE 22004 (return the
   * boxed type or Optional to allow it).
   */
  public static <T> T exactlyOneNotNull(List<T> rows, String method, String sql) {
    T value = exactlyOne(rows, method, sql);
    if (value == null) {
      throw new PgException(
          "22004",
          method
              + " returns a primitive, but the query's value is NULL; return a boxed type or"
              + " Optional",
          sql,
          null);
    }
    return value;
  }

  /** A row count as an int method returns it; beyond int fails (22003) rather than wraps. */
  public static int intCount(long count, String method, String sql) {
    if (count > Integer.MAX_VALUE) {
      throw new PgException(
          "22003",
          method + " returns int, but the statement counted " + count + " rows; return long",
          sql,
          null);
    }
    return (int) count;
  }

  /**
   * The row count of an update or delete checked by version: 0 means the row with that id is not at
   * that version any more (or is gone), and fails with {@link OptimisticLockException} naming the
   * table, the id and the version the caller had.
   */
  public static long checkVersion(
      long count, String method, String table, Object id, Object version, String sql) {
    if (count == 0) {
      throw new OptimisticLockException(
          method
              + " changed no row: the row of "
              + table
              + " with id "
              + id
              + " is not at version "
              + version
              + " any more (another transaction updated or deleted it since it was read)",
          sql);
    }
    return count;
  }

  /** {@link #checkVersion(long, String, String, Object, Object, String)} for RETURNING. */
  public static <T> T checkVersion(
      List<T> rows, String method, String table, Object id, Object version, String sql) {
    checkVersion(rows.size(), method, table, id, version, sql);
    return exactlyOne(rows, method, sql);
  }

  /** The sum of a batch's row counts. */
  public static long total(long[] counts) {
    long sum = 0;
    for (long c : counts) {
      sum += c;
    }
    return sum;
  }
}
