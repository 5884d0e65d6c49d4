package dev.sluice.types;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.Database;
import dev.sluice.RowDecoder;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Types Sluice carries in their text form, both ways: xml, tsvector, tsquery, pg_lsn, bit and
 * varbit, and (not mapped to a Java type yet) money and hstore. Each value bound as a String reads
 * back as the server prints it ({@code ::text}) and as pgjdbc's {@code getString} reads it.
 */
@PgTest
class TextFormTypesTest {
  private static final RowDecoder<String[]> TWO =
      columns -> row -> new String[] {row.getString(0), row.getString(1)};

  private static void roundTrip(Database db, Connection jdbc, String type, List<String> values)
      throws Exception {
    for (String v : values) {
      String sql = "SELECT $1::" + type + ", $1::" + type + "::text";
      String[] got = db.query(sql, TWO, v).get(0);
      assertThat(got[0]).as(type + " " + v).isEqualTo(got[1]);
      try (PreparedStatement ps = jdbc.prepareStatement("SELECT ?::" + type)) {
        ps.setString(1, v);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          assertThat(got[0]).as(type + " " + v + " against pgjdbc").isEqualTo(rs.getString(1));
        }
      }
    }
  }

  @Test
  void textFormTypesRoundTripAsTheServerPrintsThem(TestDatabase tdb) throws Exception {
    try (Database db = Database.connect(tdb.url());
        Connection jdbc = tdb.jdbc()) {
      roundTrip(
          db,
          jdbc,
          "xml",
          List.of("<a>1</a>", "<doc><b x=\"é\">text &amp; more</b></doc>", "plain text"));
      roundTrip(
          db,
          jdbc,
          "tsvector",
          List.of("a fat cat sat on a mat", "'a':1 'b':2,3", "", "'quoted '' word'"));
      roundTrip(db, jdbc, "tsquery", List.of("fat & rat", "!cat | (dog & bird)", "'a b' <-> c"));
      roundTrip(db, jdbc, "pg_lsn", List.of("0/0", "16/B374D848", "FFFFFFFF/FFFFFFFF"));
      roundTrip(db, jdbc, "bit(5)", List.of("10101", "00000"));
      roundTrip(db, jdbc, "varbit", List.of("", "1", "0101010101010101010101"));
      // Not mapped to a Java type yet: read and bound in their text form.
      roundTrip(db, jdbc, "money", List.of("12.34", "-0.5", "1000000"));
      db.execute("CREATE EXTENSION IF NOT EXISTS hstore");
      roundTrip(db, jdbc, "hstore", List.of("a=>1, b=>NULL", "\"k e y\"=>\"v,al\"", ""));
    }
  }

  @Test
  void theyComeBackFromTablesToo(TestDatabase tdb) throws Exception {
    tdb.execute(
        "CREATE TABLE text_forms (x xml, v tsvector, q tsquery, l pg_lsn, b bit(3), vb varbit)");
    try (Database db = Database.connect(tdb.url())) {
      db.execute(
          "INSERT INTO text_forms VALUES ($1, $2, $3, $4, $5, $6)",
          "<r/>",
          "cat:1 dog:2",
          "cat & dog",
          "1/2",
          "101",
          "11");
      List<String> row =
          db
              .query(
                  "SELECT x, v, q, l, b, vb FROM text_forms",
                  columns ->
                      r -> {
                        String[] out = new String[6];
                        for (int i = 0; i < 6; i++) {
                          out[i] = r.getString(i);
                        }
                        return out;
                      })
              .stream()
              .map(a -> String.join("|", a))
              .toList();
      assertThat(row).containsExactly("<r/>|'cat':1 'dog':2|'cat' & 'dog'|1/2|101|11");
    }
  }
}
