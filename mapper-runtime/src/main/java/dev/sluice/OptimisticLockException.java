package dev.sluice;

/**
 * A generated {@code @Update} or {@code @Delete} of a record with a {@code @Version} component
 * matched no row: since the record was read, another transaction changed the row (moving its
 * version) or deleted it. SQLSTATE 40001, like the serialization failures it resembles: read the
 * row again and retry, or tell the user.
 */
public class OptimisticLockException extends PgException {
  private static final long serialVersionUID = 1L;

  /**
   * Makes the exception a generated DAO throws ({@link dev.sluice.generated.DaoSupport}).
   *
   * @param message what failed, naming the method, the table, the id and the version the caller had
   * @param statement the update or delete that matched no row
   */
  public OptimisticLockException(String message, String statement) {
    super("40001", message, statement, null);
  }
}
