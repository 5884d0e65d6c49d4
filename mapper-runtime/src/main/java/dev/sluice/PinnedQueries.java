package dev.sluice;

import dev.sluice.driver.PgConnection;

/**
 * The queries of {@link Database#pinned}: every statement on one connection of the pool, held for
 * the block, so session state (a SET, a temporary table, an advisory lock) lasts from one statement
 * to the next. The pool clears that state when the block ends. Valid only inside the block.
 */
final class PinnedQueries extends ConnectionQueries {
  private final PgConnection connection;
  private boolean active = true;

  PinnedQueries(PgConnection connection) {
    this.connection = connection;
  }

  @Override
  PgConnection acquire() {
    if (!active) {
      throw new PgException(
          "55000", "the pinned connection was given back; use it only inside its pinned(...) call");
    }
    return connection;
  }

  @Override
  void release(PgConnection c) {
    // held until the block ends
  }

  void end() {
    active = false;
  }
}
