package dev.sluice.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

@PgTest(pagila = true)
class PagilaTest {
  @Test
  void holdsThePagilaRows(TestDatabase database) throws SQLException {
    assertThat(count(database, "film")).isEqualTo(1000);
    assertThat(count(database, "rental")).isEqualTo(16044);
    assertThat(count(database, "payment")).isEqualTo(16049);
    assertThat(count(database, "customer")).isEqualTo(599);
  }

  @Test
  void keepsNonAsciiNamesAndDollarQuotedFunctions(TestDatabase database) throws SQLException {
    try (Connection connection = database.jdbc();
        Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT (SELECT count(*) FROM pg_type WHERE typname = 'bıgınt'),"
                    + " public.film_in_stock(1, 1)")) {
      rows.next();
      assertThat(rows.getInt(1)).isEqualTo(1);
      assertThat(rows.getInt(2)).isPositive();
    }
  }

  @Test
  void eachCopyIsIndependent(TestDatabase database) throws SQLException {
    try (TestDatabase other = database.server().createPagilaDatabase()) {
      other.execute("DELETE FROM film_actor WHERE film_id = 1");
      assertThat(count(other, "film_actor")).isLessThan(count(database, "film_actor"));
    }
  }

  private static long count(TestDatabase database, String table) throws SQLException {
    try (Connection connection = database.jdbc();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT count(*) FROM public." + table)) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
