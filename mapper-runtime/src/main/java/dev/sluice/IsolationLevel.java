package dev.sluice;

/** Transaction isolation levels, as {@code BEGIN ISOLATION LEVEL …} names them. */
public enum IsolationLevel {
  /** READ UNCOMMITTED, which PostgreSQL runs as READ COMMITTED. */
  READ_UNCOMMITTED("READ UNCOMMITTED"),
  /**
   * READ COMMITTED, PostgreSQL's default: each statement sees what was committed before it began.
   */
  READ_COMMITTED("READ COMMITTED"),
  /** REPEATABLE READ: every statement sees the snapshot of the transaction's first statement. */
  REPEATABLE_READ("REPEATABLE READ"),
  /**
   * SERIALIZABLE: as if the transactions ran one after another; a transaction that would break that
   * fails with SQLSTATE 40001, to be retried.
   */
  SERIALIZABLE("SERIALIZABLE");

  private final String sql;

  IsolationLevel(String sql) {
    this.sql = sql;
  }

  /**
   * The level as SQL writes it.
   *
   * @return e.g. {@code "REPEATABLE READ"}, for {@code BEGIN ISOLATION LEVEL}
   */
  public String sql() {
    return sql;
  }
}
