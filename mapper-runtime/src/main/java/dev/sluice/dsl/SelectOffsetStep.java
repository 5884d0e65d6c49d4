package dev.sluice.dsl;

/** A SELECT that may still skip rows. */
public interface SelectOffsetStep<T> extends Select<T> {
  /**
   * {@code OFFSET $n}: skip the first {@code rows} rows (bound, so paging reuses the statement).
   *
   * @param rows how many rows to skip
   * @return the SELECT, ready to run
   */
  Select<T> offset(long rows);

  /**
   * {@code FOR UPDATE}: lock the rows read against UPDATE, DELETE and other locks.
   *
   * @return the step that may name the tables and say what to do about locked rows
   */
  SelectLockStep<T> forUpdate();

  /**
   * {@code FOR NO KEY UPDATE}: as FOR UPDATE, but lets others take {@code FOR KEY SHARE}.
   *
   * @return the step that may name the tables and say what to do about locked rows
   */
  SelectLockStep<T> forNoKeyUpdate();

  /**
   * {@code FOR SHARE}: a shared lock; others may read and share-lock, not update.
   *
   * @return the step that may name the tables and say what to do about locked rows
   */
  SelectLockStep<T> forShare();

  /**
   * {@code FOR KEY SHARE}: blocks only deletes and key updates.
   *
   * @return the step that may name the tables and say what to do about locked rows
   */
  SelectLockStep<T> forKeyShare();
}
