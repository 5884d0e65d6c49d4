package dev.sluice.pagila;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The generated decoders of Pagila's tables against the real server: every row equal to what pgjdbc
 * reads, through both {@code decodeAll} ({@code query}) and {@code decode} ({@code forEach}).
 */
class PagilaDecodersTest extends PagilaSession {
  @Test
  void films() throws SQLException {
    String sql = "SELECT * FROM film ORDER BY film_id";
    List<Film> expected = new ArrayList<>();
    try (Statement s = jdbc.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        expected.add(
            new Film(
                rs.getInt("film_id"),
                rs.getString("title"),
                rs.getString("description"),
                rs.getObject("release_year", Integer.class),
                rs.getInt("language_id"),
                rs.getObject("original_language_id", Integer.class),
                rs.getShort("rental_duration"),
                rs.getBigDecimal("rental_rate"),
                rs.getObject("length", Short.class),
                rs.getBigDecimal("replacement_cost"),
                rating(rs.getString("rating")),
                instant(rs, "last_update"),
                strings(rs.getArray("special_features")),
                rs.getString("fulltext")));
      }
    }
    assertThat(expected).hasSize(1000);
    assertDecodes(sql, Film.class, new FilmDecoder(), expected);
    assertThat(expected).extracting(Film::rating).contains(Rating.PG_13, Rating.NC_17);
    assertThat(expected).extracting(Film::specialFeatures).contains(List.of("Trailers"));
  }

  @Test
  void actors() throws SQLException {
    String sql = "SELECT * FROM actor ORDER BY actor_id";
    List<Actor> expected = new ArrayList<>();
    try (Statement s = jdbc.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        expected.add(
            new Actor(
                rs.getInt("actor_id"),
                rs.getString("first_name"),
                rs.getString("last_name"),
                instant(rs, "last_update")));
      }
    }
    assertThat(expected).hasSize(200);
    assertDecodes(sql, Actor.class, new ActorDecoder(), expected);
  }

  @Test
  void customers() throws SQLException {
    String sql = "SELECT * FROM customer ORDER BY customer_id";
    List<Customer> expected = new ArrayList<>();
    try (Statement s = jdbc.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        String email = rs.getString("email");
        expected.add(
            new Customer(
                rs.getInt("customer_id"),
                rs.getInt("store_id"),
                new PersonName(rs.getString("first_name"), rs.getString("last_name")),
                email == null ? null : Email.parse(email),
                rs.getInt("address_id"),
                rs.getBoolean("activebool"),
                rs.getObject("create_date", LocalDate.class),
                rs.getObject("last_update") == null ? null : instant(rs, "last_update"),
                Optional.ofNullable(rs.getObject("active", Integer.class))));
      }
    }
    assertThat(expected).hasSize(599);
    assertDecodes(sql, Customer.class, new CustomerDecoder(), expected);
  }

  @Test
  void rentals() throws SQLException {
    String sql = "SELECT * FROM rental ORDER BY rental_id";
    List<Rental> expected = new ArrayList<>();
    try (Statement s = jdbc.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        expected.add(
            new Rental(
                rs.getLong("rental_id"),
                rs.getObject("rental_date", OffsetDateTime.class),
                rs.getInt("inventory_id"),
                rs.getInt("customer_id"),
                rs.getObject("return_date", OffsetDateTime.class),
                rs.getInt("staff_id"),
                instant(rs, "last_update")));
      }
    }
    assertThat(expected).extracting(Rental::returnDate).containsNull();
    assertDecodes(sql, Rental.class, new RentalDecoder(), expected);
  }

  @Test
  void paymentsOfThePartitionedTable() throws SQLException {
    String sql = "SELECT * FROM payment ORDER BY payment_date, payment_id";
    List<Payment> expected = new ArrayList<>();
    try (Statement s = jdbc.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        expected.add(
            new Payment(
                rs.getInt("payment_id"),
                rs.getInt("customer_id"),
                rs.getInt("staff_id"),
                rs.getInt("rental_id"),
                rs.getBigDecimal("amount"),
                instant(rs, "payment_date")));
      }
    }
    assertThat(expected).hasSizeGreaterThan(10_000);
    assertDecodes(sql, Payment.class, new PaymentDecoder(), expected);
  }

  @Test
  void reorderedAndExtraColumnsDecodeLikeSelectStar() {
    List<Actor> all = db.query("SELECT * FROM actor ORDER BY actor_id", Actor.class);
    List<Actor> reordered =
        db.query(
            "SELECT last_update, 42 AS extra, last_name, actor_id, 'x' AS first, first_name"
                + " FROM actor ORDER BY actor_id",
            Actor.class);
    assertThat(reordered).isEqualTo(all);
  }

  @Test
  void aMissingColumnFailsListingTheColumnsReturned() {
    assertThatThrownBy(
            () -> db.query("SELECT actor_id, first_name, last_update FROM actor", Actor.class))
        .isInstanceOf(PgException.class)
        .hasMessageContaining("column \"last_name\" (for component lastName of Actor)")
        .hasMessageContaining("(actor_id integer, first_name text, last_update timestamptz)")
        .extracting(e -> ((PgException) e).sqlState())
        .isEqualTo("42703");
  }

  @Test
  void aColumnOfAnotherTypeFailsAtBind() {
    assertThatThrownBy(
            () ->
                db.query(
                    "SELECT actor_id::bigint AS actor_id, first_name, last_name, last_update"
                        + " FROM actor",
                    Actor.class))
        .isInstanceOf(PgException.class)
        .hasMessageContaining("column \"actor_id\" is bigint but component actorId of Actor needs")
        .extracting(e -> ((PgException) e).sqlState())
        .isEqualTo("42804");
  }

  @Test
  void aNullInANonNullableComponentNamesColumnRecordAndComponent() {
    String sql =
        "SELECT actor_id, CASE WHEN actor_id = 3 THEN NULL ELSE first_name END AS first_name,"
            + " last_name, last_update FROM actor ORDER BY actor_id";
    assertThatThrownBy(() -> db.query(sql, Actor.class))
        .isInstanceOf(PgException.class)
        .hasMessageContaining(
            "column \"first_name\" is NULL, but component firstName of Actor cannot be null")
        .extracting(e -> ((PgException) e).sqlState())
        .isEqualTo("22004");
    assertThatThrownBy(() -> db.forEach(sql, new ActorDecoder(), a -> {}))
        .isInstanceOf(PgException.class)
        .hasMessageContaining("component firstName of Actor");
    String nullId =
        "SELECT NULL::int AS actor_id, 'a' AS first_name, 'b' AS last_name, now() AS last_update";
    assertThatThrownBy(() -> db.query(nullId, Actor.class))
        .hasMessageContaining("column \"actor_id\" is NULL, but component actorId of Actor");
  }

  /**
   * The rows read with {@code query(sql, type)} (the decoder loaded by name; decodeAll) and with
   * {@code forEach} (decode), both as expected.
   */
  private <T> void assertDecodes(
      String sql, Class<T> type, RowDecoder<T> decoder, List<T> expected) {
    assertThat(db.query(sql, type)).isEqualTo(expected);
    List<T> one = new ArrayList<>();
    db.forEach(sql, decoder, one::add);
    assertThat(one).isEqualTo(expected);
  }

  private static Rating rating(String label) {
    if (label == null) {
      return null;
    }
    for (Rating r : Rating.values()) {
      if (r.name().replace('_', '-').equals(label)) {
        return r;
      }
    }
    throw new AssertionError("no Rating for " + label);
  }

  private static Instant instant(ResultSet rs, String column) throws SQLException {
    return rs.getObject(column, OffsetDateTime.class).toInstant();
  }

  private static List<String> strings(Array array) throws SQLException {
    return array == null ? null : Arrays.asList((String[]) array.getArray());
  }
}
