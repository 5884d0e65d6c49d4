package dev.sluice.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

@PgTest(pagila = true)
class PagilaReportTest {
  @Test
  void reportMatchesTheData(TestDatabase db) throws SQLException {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    PagilaReport.Summary s =
        PagilaReport.run(db.url(), new PrintStream(text, true, StandardCharsets.UTF_8));

    assertThat(s.longFilms()).hasSize(5);
    assertThat(s.longFilms()).allSatisfy(f -> assertThat(f.length()).isGreaterThan((short) 180));
    assertThat(s.longFilms()).allSatisfy(f -> assertThat(f.rating()).isNotNull());
    assertThat(s.topRented()).hasSize(3);
    assertThat(s.notes()).isEqualTo(5);
    assertThat(s.duplicateSqlState()).isEqualTo("23505");
    try (Connection c = db.jdbc();
        Statement st = c.createStatement()) {
      try (ResultSet rs = st.executeQuery("SELECT count(*) FROM film WHERE rating = 'NC-17'")) {
        rs.next();
        assertThat(s.ratesRaised()).isEqualTo(rs.getLong(1));
      }
      try (ResultSet rs =
          st.executeQuery(
              "SELECT f.title, count(*) FROM film f JOIN inventory i USING (film_id) JOIN rental r USING (inventory_id)"
                  + " GROUP BY f.title ORDER BY 2 DESC, 1 LIMIT 1")) {
        rs.next();
        assertThat(s.topRented().get(0).title()).isEqualTo(rs.getString(1));
        assertThat(s.topRented().get(0).rentals()).isEqualTo(rs.getLong(2));
      }
    }
    assertThat(text.toString(StandardCharsets.UTF_8)).contains("Most rented:").contains("23505");
  }
}
