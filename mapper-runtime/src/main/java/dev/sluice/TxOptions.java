package dev.sluice;

/**
 * How a transaction begins: its isolation level (null: the server's default) and whether it is
 * read-only. Immutable: {@code
 * TxOptions.DEFAULT.isolation(IsolationLevel.SERIALIZABLE).readOnly()}.
 */
public final class TxOptions {
  public static final TxOptions DEFAULT = new TxOptions(null, false);

  private final IsolationLevel isolation;
  private final boolean readOnly;

  private TxOptions(IsolationLevel isolation, boolean readOnly) {
    this.isolation = isolation;
    this.readOnly = readOnly;
  }

  /** These options with the given isolation level. */
  public TxOptions isolation(IsolationLevel level) {
    return new TxOptions(level, readOnly);
  }

  /** These options, read-only. */
  public TxOptions readOnly() {
    return new TxOptions(isolation, true);
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
    return beginStatement();
  }
}
