package dev.sluice.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * What a cell checks of each iteration, outside its timing: that it did the whole job. A wrong
 * count means a broken client, and fails the cell.
 */
final class Checks {
  private Checks() {}

  /** W7: the films read, after checking they hold every actor of every film. */
  static long countCast(Object result) {
    if (result instanceof Long drained) {
      return drained; // the drain's DataRows: one per film, nothing decoded to check
    }
    List<?> films = (List<?>) result;
    long actors = 0;
    for (Object f : films) {
      actors += ((FilmCast) f).actors().size();
    }
    if (actors != CellMain.FILM_ACTORS) {
      throw new IllegalStateException(
          "W7 read "
              + actors
              + " actors of "
              + films.size()
              + " films, expected "
              + CellMain.FILM_ACTORS);
    }
    return films.size();
  }

  static long count(Object result) {
    if (result instanceof List<?> list) {
      return list.size();
    }
    if (result instanceof Long rows) {
      return rows;
    }
    throw new IllegalStateException("unexpected result " + result);
  }

  /**
   * Fails the cell when an iteration did not do the whole job (a wrong count means a broken
   * client).
   */
  static void units(CellSpec spec, long units) {
    long expected;
    switch (spec.workload()) {
      case W1:
      case W2:
      case W6:
        expected = spec.tableRows();
        break;
      case W3:
      case W3C:
      case W3CL:
        expected = spec.lookups();
        break;
      case W4B:
      case W4C:
        expected = spec.insertRows();
        break;
      case W7:
        expected = (long) CellMain.CAST_RUNS * CellMain.FILMS;
        break;
      default:
        expected = -1;
    }
    if (expected >= 0 && units != expected) {
      throw new IllegalStateException(
          spec.client().id()
              + " "
              + spec.workload().id()
              + " processed "
              + units
              + " "
              + spec.workload().unit()
              + "s, expected "
              + expected);
    }
  }

  /** W4: the table must hold every row the client said it inserted (checked outside the timing). */
  static void inserted(CellSpec spec, Connection admin) throws SQLException {
    try (Statement st = admin.createStatement();
        ResultSet rs = st.executeQuery("SELECT count(*) FROM bench_insert")) {
      rs.next();
      long rows = rs.getLong(1);
      if (rows != spec.insertRows()) {
        throw new IllegalStateException(
            spec.client().id()
                + " "
                + spec.workload().id()
                + " left "
                + rows
                + " rows in bench_insert, expected "
                + spec.insertRows());
      }
    }
  }
}
