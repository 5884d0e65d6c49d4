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
   *
   * @param <T> the type of the method's result
   * @param rows the rows the query returned, decoded
   * @param method the DAO method, as its errors name it (e.g. {@code FilmDao.byId})
   * @param sql the statement, carried by the exception
   * @return the only row, or null if it is NULL
   * @throws PgException with SQLSTATE P0002 if there is no row, 21000 if there are several
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
   *
   * @param <T> the boxed type of the method's primitive result
   * @param rows the rows the query returned, decoded
   * @param method the DAO method, as its errors name it
   * @param sql the statement, carried by the exception
   * @return the only row's value, never null
   * @throws PgException with SQLSTATE P0002 if there is no row, 21000 if there are several, 22004
   *     if the value is NULL
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

  /**
   * A row count as a method returning {@code int} returns it; a count beyond int fails rather than
   * wraps.
   *
   * @param count the row count the server reported
   * @param method the DAO method, as its error names it
   * @param sql the statement, carried by the exception
   * @return the count as an int
   * @throws PgException with SQLSTATE 22003 (numeric_value_out_of_range) if {@code count} exceeds
   *     {@link Integer#MAX_VALUE}
   */
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
   *
   * @param count the row count the server reported
   * @param method the DAO method, as its error names it
   * @param table the entity's table, for the error
   * @param id the row's id as the caller gave it, for the error
   * @param version the version the caller had read, for the error
   * @param sql the statement, carried by the exception
   * @return {@code count}, when it is not 0
   * @throws OptimisticLockException if {@code count} is 0
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

  /**
   * {@link #checkVersion(long, String, String, Object, Object, String)} for an update by version
   * with RETURNING: no row means the version check failed; the returned row is then checked with
   * {@link #exactlyOne}.
   *
   * @param <T> the type of the method's result
   * @param rows the rows the statement returned, decoded
   * @param method the DAO method, as its errors name it
   * @param table the entity's table, for the error
   * @param id the row's id as the caller gave it, for the error
   * @param version the version the caller had read, for the error
   * @param sql the statement, carried by the exception
   * @return the only row returned
   * @throws OptimisticLockException if no row was returned
   * @throws PgException with SQLSTATE 21000 if several rows were returned
   */
  public static <T> T checkVersion(
      List<T> rows, String method, String table, Object id, Object version, String sql) {
    checkVersion(rows.size(), method, table, id, version, sql);
    return exactlyOne(rows, method, sql);
  }

  /**
   * The sum of a batch's row counts, for a batch method returning one total.
   *
   * @param counts the row count of each statement of the batch
   * @return their sum; 0 for an empty batch
   */
  public static long total(long[] counts) {
    long sum = 0;
    for (long c : counts) {
      sum += c;
    }
    return sum;
  }
}
