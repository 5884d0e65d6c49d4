package dev.sluice;

import dev.sluice.driver.PipelinedPool;
import dev.sluice.driver.SharedConnection;
import java.util.List;

/**
 * The way of a {@link Database} built with {@link Database.Builder#pipelining}: statements whose
 * text shows no change to the session go to a shared, pipelined connection, with the client-side
 * time limit of the queries they came through; everything else to a pinned one.
 */
final class SharedRoute {
  private final PipelinedPool pool;
  private final long timeoutMillis;

  SharedRoute(PipelinedPool pool, long timeoutMillis) {
    this.pool = pool;
    this.timeoutMillis = timeoutMillis;
  }

  /** The same way, with another time limit on each call (0: none). */
  SharedRoute withTimeout(long millis) {
    return new SharedRoute(pool, millis);
  }

  /** Whether {@code sql} goes to a shared connection. */
  static boolean takes(SharedRoute route, String sql) {
    return route != null && PipelinedPool.mayShare(sql);
  }

  <T> void query(String sql, Object[] params, RowDecoder<T> decoder, List<? super T> out) {
    SharedConnection c = pool.acquire();
    try {
      c.query(sql, params, decoder, out, timeoutMillis);
    } finally {
      pool.release(c);
    }
  }

  long execute(String sql, Object[] params) {
    SharedConnection c = pool.acquire();
    try {
      return c.execute(sql, params, timeoutMillis);
    } finally {
      pool.release(c);
    }
  }

  void close() {
    pool.close();
  }

  int size() {
    return pool.size();
  }
}
