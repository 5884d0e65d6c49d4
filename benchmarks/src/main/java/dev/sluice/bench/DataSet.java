package dev.sluice.bench;

import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import java.io.PrintStream;
import java.util.List;

/**
 * Creates the bench tables, or keeps them when they already hold the right number of rows (so a
 * rerun against the same external server skips the load), then VACUUM FREEZE ANALYZE and a
 * CHECKPOINT.
 */
final class DataSet {
  static final int POINT_ROWS = 10_000;

  private static final RowDecoder<Long> FIRST_LONG = columns -> row -> row.getLong(0);

  private DataSet() {}

  /** Makes sure bench_wide and bench_narrow hold {@code rows} rows, bench_point 10,000. */
  static void ensure(String url, long rows, PrintStream log) {
    try (Database db = Database.connect(url)) {
      boolean loaded = false;
      loaded |=
          ensureTable(
              db,
              log,
              "bench_wide",
              rows,
              "CREATE TABLE bench_wide (f float8 NOT NULL, i int4 NOT NULL, s text NOT NULL,"
                  + " u uuid NOT NULL, n text)",
              "INSERT INTO bench_wide SELECT random(), g, random()::text, gen_random_uuid(), NULL"
                  + " FROM generate_series(1, "
                  + rows
                  + ") g");
      loaded |=
          ensureTable(
              db,
              log,
              "bench_narrow",
              rows,
              "CREATE TABLE bench_narrow (a int8 NOT NULL, b int8 NOT NULL, c int8 NOT NULL)",
              "INSERT INTO bench_narrow SELECT g, (random() * 1e12)::int8, (random() * 1e15)::int8"
                  + " FROM generate_series(1, "
                  + rows
                  + ") g");
      loaded |=
          ensureTable(
              db,
              log,
              "bench_point",
              POINT_ROWS,
              "CREATE TABLE bench_point (id int4 PRIMARY KEY, name text NOT NULL, val int8 NOT NULL)",
              "INSERT INTO bench_point SELECT g, 'point ' || g, g * 7919"
                  + " FROM generate_series(1, "
                  + POINT_ROWS
                  + ") g");
      db.executeScript(
          "CREATE TABLE IF NOT EXISTS bench_insert (f float8, i int4, s text, u uuid, n text)");
      if (loaded) {
        long t0 = System.nanoTime();
        db.executeScript("VACUUM FREEZE ANALYZE bench_wide, bench_narrow, bench_point");
        log.printf("  VACUUM FREEZE ANALYZE: %.1f s%n", (System.nanoTime() - t0) / 1e9);
        // Write the load's dirty pages now: a timed checkpoint (5 min after the load by default)
        // would otherwise land in the middle of the measured cells and slow whichever runs then.
        try {
          db.executeScript("CHECKPOINT");
          log.printf("  CHECKPOINT: done%n");
        } catch (PgException e) {
          log.printf("  CHECKPOINT skipped (%s)%n", e.getMessage());
        }
      }
    }
  }

  /** Loads {@code table} unless it holds exactly {@code rows} rows; true if it loaded it. */
  private static boolean ensureTable(
      Database db, PrintStream log, String table, long rows, String create, String fill) {
    long existing = count(db, table);
    if (existing == rows) {
      log.printf("  %s: %,d rows present, reused%n", table, rows);
      return false;
    }
    long t0 = System.nanoTime();
    db.executeScript("DROP TABLE IF EXISTS " + table);
    db.executeScript(create);
    db.executeScript(fill);
    log.printf("  %s: loaded %,d rows in %.1f s%n", table, rows, (System.nanoTime() - t0) / 1e9);
    return true;
  }

  /** The table's row count, or -1 if it does not exist. */
  static long count(Database db, String table) {
    try {
      List<Long> n = db.query("SELECT count(*) FROM " + table, FIRST_LONG);
      return n.get(0);
    } catch (PgException e) {
      if ("42P01".equals(e.sqlState())) {
        return -1;
      }
      throw e;
    }
  }
}
