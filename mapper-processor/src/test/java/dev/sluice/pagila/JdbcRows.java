package dev.sluice.pagila;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** The reference side of the DSL tests: a query through pgjdbc, each row as "col|col|…" text. */
final class JdbcRows {
  private JdbcRows() {}

  static List<String> rows(Connection jdbc, String sql, Object... params) throws SQLException {
    List<String> out = new ArrayList<>();
    try (PreparedStatement s = jdbc.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        s.setObject(i + 1, params[i]);
      }
      try (ResultSet rs = s.executeQuery()) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          StringBuilder row = new StringBuilder();
          for (int c = 1; c <= n; c++) {
            row.append(c == 1 ? "" : "|").append(rs.getString(c));
          }
          out.add(row.toString());
        }
      }
    }
    return out;
  }

  /** Our side in the same form: each value's text, with enums as their PostgreSQL labels. */
  static String text(Object... values) {
    StringBuilder row = new StringBuilder();
    for (int i = 0; i < values.length; i++) {
      Object v = values[i];
      String s = v == Rating.PG_13 ? "PG-13" : v == Rating.NC_17 ? "NC-17" : String.valueOf(v);
      row.append(i == 0 ? "" : "|").append(s);
    }
    return row.toString();
  }

  static List<String> texts(List<?> values) {
    List<String> out = new ArrayList<>();
    for (Object v : values) {
      out.add(text(v));
    }
    return out;
  }

  static List<String> ids(List<Film> films) {
    List<String> out = new ArrayList<>();
    for (Film f : films) {
      out.add(String.valueOf(f.filmId()));
    }
    return out;
  }
}
