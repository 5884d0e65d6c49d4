package dev.sluice;

/**
 * How a transaction begins — its isolation level (null: the server's default) and whether it is
 * read-only — and how often it is attempted. Immutable: {@code
 * TxOptions.DEFAULT.isolation(IsolationLevel.SERIALIZABLE).attempts(5)}.
 */
public final class TxOptions {
  /** The server's default isolation level, read-write, one attempt: a plain {@code BEGIN}. */
  public static final TxOptions DEFAULT = new TxOptions(null, false, 1);

  /** Most attempts {@link #attempts} accepts: a retry loop is for conflicts, not for outages. */
  static final int MAX_ATTEMPTS = 100;

  private final IsolationLevel isolation;
  private final boolean readOnly;
  private final int attempts;

  private TxOptions(IsolationLevel isolation, boolean readOnly, int attempts) {
    this.isolation = isolation;
    this.readOnly = readOnly;
    this.attempts = attempts;
  }

  /**
   * These options with the given isolation level.
   *
   * @param level the level, or null for the server's default
   * @return new options; these are unchanged
   */
  public TxOptions isolation(IsolationLevel level) {
    return new TxOptions(level, readOnly, attempts);
  }

  /**
   * These options, read-only ({@code BEGIN READ ONLY}): a write in the transaction fails with
   * SQLSTATE 25006.
   *
   * @return new options; these are unchanged
   */
  public TxOptions readOnly() {
    return new TxOptions(isolation, true, attempts);
  }

  /**
   * These options, with the whole transaction run up to {@code n} times (default 1): again, after a
   * short random pause, when an attempt failed with a serialization failure (40001) or a deadlock
   * (40P01), or before COMMIT through a connection that could not be made or was lost (08001,
   * 08006, 57P01–57P03: a failover, say; pauses then grow to 1 s) or a server found read-only
   * (25006, unless these options are read-only) — failures after which nothing of the attempt is
   * committed, so running the body again is safe as long as the body has no effects outside the
   * database. Any other failure, and an outcome the client cannot know (a connection lost during
   * COMMIT, or a COMMIT whose wait for a synchronous standby was cancelled: 08007), is thrown at
   * once.
   *
   * @param n how many times the transaction may run, 1 to 100
   * @return new options; these are unchanged
   * @throws IllegalArgumentException if {@code n} is below 1 or above 100
   */
  public TxOptions attempts(int n) {
    if (n < 1 || n > MAX_ATTEMPTS) {
      throw new IllegalArgumentException("attempts must be 1.." + MAX_ATTEMPTS + ": " + n);
    }
    return new TxOptions(isolation, readOnly, n);
  }

  /**
   * How many times the transaction may run.
   *
   * @return the attempts, 1 for no retry
   */
  public int attempts() {
    return attempts;
  }

  /**
   * The isolation level the transaction begins with.
   *
   * @return the level, or null for the server's default
   */
  public IsolationLevel isolationLevel() {
    return isolation;
  }

  /**
   * Whether the transaction begins read-only.
   *
   * @return true after {@link #readOnly()}
   */
  public boolean isReadOnly() {
    return readOnly;
  }

  /** The BEGIN statement for these options. */
  String beginStatement() {
    StringBuilder sb = new StringBuilder("BEGIN");
    if (isolation != null) {
      sb.append(" ISOLATION LEVEL ").append(isolation.sql());
    }
    if (readOnly) {
      sb.append(" READ ONLY");
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return attempts == 1
        ? beginStatement()
        : beginStatement() + " (up to " + attempts + " attempts)";
  }
}
