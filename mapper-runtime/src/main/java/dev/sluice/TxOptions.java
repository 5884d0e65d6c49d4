package dev.sluice;

/**
 * How a transaction begins — its isolation level (null: the server's default) and whether it is
 * read-only — and how often it is attempted. Immutable: {@code
 * TxOptions.DEFAULT.isolation(IsolationLevel.SERIALIZABLE).attempts(5)}.
 */
public final class TxOptions {
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

  /** These options with the given isolation level. */
  public TxOptions isolation(IsolationLevel level) {
    return new TxOptions(level, readOnly, attempts);
  }

  /** These options, read-only. */
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
   */
  public TxOptions attempts(int n) {
    if (n < 1 || n > MAX_ATTEMPTS) {
      throw new IllegalArgumentException("attempts must be 1.." + MAX_ATTEMPTS + ": " + n);
    }
    return new TxOptions(isolation, readOnly, n);
  }

  /** How many times the transaction may run (1: no retry). */
  public int attempts() {
    return attempts;
  }

  /** The isolation level, or null for the server's default. */
  public IsolationLevel isolationLevel() {
    return isolation;
  }

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
