package dev.sluice.dsl;

/** A SELECT that may still skip rows. */
public interface SelectOffsetStep<T> extends Select<T> {
  /**
   * {@code OFFSET $n}: skip the first {@code rows} rows (bound, so paging reuses the statement).
   */
  Select<T> offset(long rows);

  /** {@code FOR UPDATE}: lock the rows read against UPDATE, DELETE and other locks. */
  SelectLockStep<T> forUpdate();

  /** {@code FOR NO KEY UPDATE}: as FOR UPDATE, but lets others take {@code FOR KEY SHARE}. */
  SelectLockStep<T> forNoKeyUpdate();

  /** {@code FOR SHARE}: a shared lock; others may read and share-lock, not update. */
  SelectLockStep<T> forShare();

  /** {@code FOR KEY SHARE}: blocks only deletes and key updates. */
  SelectLockStep<T> forKeyShare();
}
