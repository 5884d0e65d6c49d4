package dev.sluice.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The application on a database of the testkit, as on a user's server: the report's figures are
 * exact (the data comes from a fixed seed), a second run prints the same report, and nothing
 * outside the schema sluice_example changes.
 */
@PgTest
class RentalStoreTest {
  private static final Pattern TIMING = Pattern.compile("(?m)^.* in [\\d,]+ ms\\.?$");

  @Test
  void reportFiguresAreExact(TestDatabase db) throws SQLException {
    RentalStore.Result r = RentalStore.run(db.url(), quiet());

    assertThat(r.migrations()).containsExactly("V1__rental_store.sql", "V2__film_stats.sql");
    assertThat(r.filmStatsInserted()).isEqualTo(500);
    assertThat(r.filmStatsRefreshed()).isEqualTo(500);

    StoreReport.Figures f = r.report();
    assertThat(f.stores())
        .containsExactly(
            new StoreRevenue("Harbor Street", "Lisbon", 15_411, new BigDecimal("112294.75")),
            new StoreRevenue("Old Town", "Krakow", 15_209, new BigDecimal("110463.65")),
            new StoreRevenue("Riverside", "Lyon", 15_032, new BigDecimal("108616.94")),
            new StoreRevenue("Northgate", "Aarhus", 14_348, new BigDecimal("102845.33")));
    assertThat(f.memberships())
        .containsExactly(
            new MembershipSpend(Membership.BASIC, 3_019, 36_235, new BigDecimal("263255.21")),
            new MembershipSpend(Membership.SILVER, 1_471, 17_685, new BigDecimal("127632.93")),
            new MembershipSpend(Membership.GOLD, 509, 6_080, new BigDecimal("43332.53")));
    assertThat(f.genreLeaders())
        .extracting(GenreLeader::genre, GenreLeader::title, GenreLeader::rentals)
        .containsExactly(
            tuple("Action", "Hidden Garden", 279L),
            tuple("Animation", "Broken Garden", 284L),
            tuple("Comedy", "Electric Harbor", 558L),
            tuple("Documentary", "Broken Harbor", 683L),
            tuple("Drama", "Crimson Harbor", 1_151L),
            tuple("Horror", "Silent Harbor", 2_779L),
            tuple("Romance", "Hollow Harbor", 339L),
            tuple("Sci-Fi", "Lonely Harbor", 542L));
    assertThat(f.searchCounts()).containsExactly(5_000L, 509L, 127L, 28L);
    assertThat(f.rentals().rentals()).isEqualTo(60_000);
    assertThat(f.rentals().stillOut()).isEqualTo(678);
    assertThat(f.rentals().revenue()).isEqualByComparingTo("434220.67");
    assertThat(f.rentals().busiestMonth()).isEqualTo("July (5,157)");

    EndOfDay.Outcome day = r.endOfDay();
    assertThat(day.walkInRental().rentalId()).isEqualTo(60_001);
    assertThat(day.returned()).isEqualTo(495);
    assertThat(day.stillOut()).isEqualTo(184);
    assertThat(day.refusedSqlState()).isEqualTo("23505");
    assertThat(day.refusedConstraint()).isEqualTo("customer_email_key");
    assertThat(day.deletedRentalStillThere()).isTrue();

    // The same figures, asked of the database by pgjdbc, an independent client.
    try (Connection c = db.jdbc();
        Statement st = c.createStatement()) {
      assertThat(longs(st, "SELECT count(*) FROM sluice_example.rental")).containsExactly(60_001L);
      assertThat(
              longs(
                  st,
                  "SELECT count(*) FROM sluice_example.rental r JOIN sluice_example.store s"
                      + " USING (store_id) GROUP BY s.store_id ORDER BY s.store_id"))
          .containsExactly(15_412L, 15_209L, 15_032L, 14_348L); // the walk-in rented at store 1
      try (ResultSet rs =
          st.executeQuery(
              "SELECT sum(amount) - (SELECT amount FROM sluice_example.rental"
                  + " WHERE rental_id = 60001) FROM sluice_example.rental")) {
        rs.next();
        assertThat(rs.getBigDecimal(1)).isEqualByComparingTo(f.rentals().revenue());
      }
      assertThat(
              longs(
                  st,
                  "SELECT rentals FROM sluice_example.film_stats WHERE film_id = "
                      + day.walkInRental().filmId()))
          .containsExactly(
              longs(
                      st,
                      "SELECT count(*) FROM sluice_example.rental WHERE film_id = "
                          + day.walkInRental().filmId())
                  .get(0));
      assertThat(
              longs(
                  st,
                  "SELECT count(*) FROM sluice_example.customer"
                      + " WHERE customer_id = 5001 AND membership = 'silver'"))
          .containsExactly(1L);
    }
  }

  @Test
  void runsAgainAndAgainAndChangesNothingOutsideItsSchema(TestDatabase db) throws SQLException {
    db.execute("CREATE TABLE public.customer (id int PRIMARY KEY, name text)");
    db.execute("INSERT INTO public.customer VALUES (1, 'not the example''s')");

    String first = report(db.url());
    String second = report(db.url());

    assertThat(TIMING.matcher(second).replaceAll(""))
        .isEqualTo(TIMING.matcher(first).replaceAll(""))
        .contains("Revenue by store")
        .contains("SQLSTATE 23505");
    // The load announced itself on its channel once committed, and three counts came back from
    // one pipeline: the rows the sample data holds.
    SampleData data = SampleData.generate(SampleData.SEED);
    assertThat(first)
        .contains("Heard on " + RentalStore.CHANNEL + ": loaded " + data.rowCount() + " rows")
        .contains(
            String.format(
                "In one round trip: %,d stores, %,d films, %,d rentals",
                data.stores().size(), data.films().size(), data.rentals().size()));
    try (Connection c = db.jdbc();
        Statement st = c.createStatement()) {
      assertThat(
              longs(st, "SELECT count(*) FROM public.customer WHERE name = 'not the example''s'"))
          .containsExactly(1L);
      assertThat(
              longs(
                  st, "SELECT count(*) FROM pg_class WHERE relnamespace = 'public'::regnamespace"))
          .containsExactly(2L); // the table and its primary key's index
      try (ResultSet rs =
          st.executeQuery(
              "SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%'"
                  + " AND nspname <> 'information_schema' ORDER BY 1")) {
        List<String> schemas = new ArrayList<>();
        while (rs.next()) {
          schemas.add(rs.getString(1));
        }
        assertThat(schemas).containsExactly("public", "sluice_example");
      }
    }
  }

  @Test
  void takesTheDatabaseFromDatabaseUrl(TestDatabase db) throws SQLException {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    RentalStore.start(
        new String[0],
        Map.of("DATABASE_URL", db.url()),
        new PrintStream(text, true, StandardCharsets.UTF_8));

    assertThat(text.toString(StandardCharsets.UTF_8))
        .startsWith("Using the database of the URL given, in schema sluice_example")
        .doesNotContain("embedded");
    try (Connection c = db.jdbc();
        Statement st = c.createStatement()) {
      assertThat(longs(st, "SELECT count(*) FROM sluice_example.customer")).containsExactly(5_001L);
    }
  }

  private static String report(String url) {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    RentalStore.run(url, new PrintStream(text, true, StandardCharsets.UTF_8));
    return text.toString(StandardCharsets.UTF_8);
  }

  private static PrintStream quiet() {
    return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
  }

  private static List<Long> longs(Statement st, String sql) throws SQLException {
    List<Long> values = new ArrayList<>();
    try (ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        values.add(rs.getLong(1));
      }
    }
    return values;
  }
}
