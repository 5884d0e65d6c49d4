package dev.sluice.dsl;

/**
 * A SELECT with a locking clause ({@code FOR UPDATE}, {@code FOR NO KEY UPDATE}, {@code FOR SHARE},
 * {@code FOR KEY SHARE}), which may name the tables to lock and what to do about rows another
 * transaction has locked: wait (the default), fail at once ({@link #nowait()}, SQLSTATE 55P03), or
 * leave them out ({@link #skipLocked()}, for work queues). The locks last until the transaction
 * ends, so run it in one ({@code db.transaction(tx -> tx.selectFrom(…)…)}).
 */
public interface SelectLockStep<T> extends Select<T> {
  /**
   * {@code OF t1, t2}: lock only these tables' rows (by their names in the query).
   *
   * @param tables the tables (or aliases) of the query whose rows are locked
   * @return this step, for {@code nowait()} or {@code skipLocked()}
   */
  SelectLockStep<T> of(Table<?>... tables);

  /**
   * {@code NOWAIT}: fail (SQLSTATE 55P03) instead of waiting for a row another has locked.
   *
   * @return the SELECT, ready to run
   */
  Select<T> nowait();

  /**
   * {@code SKIP LOCKED}: leave out the rows another transaction has locked.
   *
   * @return the SELECT, ready to run
   */
  Select<T> skipLocked();
}
