package dev.sluice.types;

import dev.sluice.Queries;
import dev.sluice.RowDecoder;
import dev.sluice.RowView;
import java.util.List;
import java.util.function.Function;

/**
 * Reads query results through hand-written decoders, so a test states exactly which getter it uses.
 */
final class Read {
  private Read() {}

  /** A decoder applying {@code getter} to each row; it needs no column positions of its own. */
  static <T> RowDecoder<T> with(Function<RowView, T> getter) {
    return columns -> getter::apply;
  }

  /**
   * The single row of {@code sql}, read by {@code getter}; fails unless there is exactly one row.
   */
  static <T> T one(Queries db, String sql, Function<RowView, T> getter, Object... params) {
    List<T> rows = db.query(sql, with(getter), params);
    if (rows.size() != 1) {
      throw new AssertionError(sql + " returned " + rows.size() + " rows, expected one");
    }
    return rows.get(0);
  }

  /** Every row of {@code sql}, read by {@code getter}. */
  static <T> List<T> all(Queries db, String sql, Function<RowView, T> getter, Object... params) {
    return db.query(sql, with(getter), params);
  }
}
