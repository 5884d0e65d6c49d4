package dev.sluice.pagila;

import static dev.sluice.dsl.Aggregates.count;
import static dev.sluice.pagila.CustomerTable.CUSTOMER;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.JdbcRows.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.PgException;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A projection into a {@code @Row} record whose components do not match the selected expressions
 * fails when the decoder is bound, before any row is read, naming the component and the expression;
 * and a converted column read in a projection goes back through its converter.
 */
class DslProjectionTest extends PagilaSession {
  @Test
  void matchingExpressionsAreRead() throws SQLException {
    List<TitleCount> top =
        db.from(FILM)
            .select(TitleCount.class, FILM.title, count().as("rentals"))
            .groupBy(FILM.title)
            .orderBy(FILM.title.asc())
            .limit(1)
            .fetch();
    assertThat(top.get(0).title() + "|" + top.get(0).rentals())
        .isEqualTo(
            rows(jdbc, "SELECT title, count(*) FROM film GROUP BY title ORDER BY title LIMIT 1")
                .get(0));
  }

  @Test
  void moreExpressionsThanComponentsFailsListingBoth() {
    assertThatThrownBy(
            () ->
                db.from(FILM)
                    .select(TitleCount.class, FILM.title, count().as("rentals"), FILM.length)
                    .groupBy(FILM.title, FILM.length)
                    .fetch())
        .isInstanceOf(PgException.class)
        .hasMessageContaining(
            "select into TitleCount: 3 expressions for 2 components; the record has title,"
                + " rentals, the select list is film.title AS title, count(*) AS rentals,"
                + " film.length AS length")
        .satisfies(e -> assertThat(((PgException) e).sqlState()).isEqualTo("42804"));
    assertThat(db.query("SELECT 1", Integer.class)).containsExactly(1);
  }

  @Test
  void anExpressionOfAnotherTypeFailsNamingComponentAndExpression() {
    assertThatThrownBy(
            () ->
                db.from(FILM)
                    .select(TitleCount.class, FILM.title, FILM.rentalRate.as("rentals"))
                    .fetch())
        .isInstanceOf(PgException.class)
        .hasMessageContaining(
            "select into TitleCount: column \"rentals\" is numeric but component rentals of"
                + " TitleCount needs")
        .hasMessageContaining("; the expression selected as rentals is film.rental_rate");
    assertThat(db.query("SELECT 1", Integer.class)).containsExactly(1);
  }

  @Test
  void anUnnamedExpressionFailsSayingToNameIt() {
    assertThatThrownBy(
            () ->
                db.from(FILM)
                    .select(TitleCount.class, FILM.title, count())
                    .groupBy(FILM.title)
                    .fetch())
        .isInstanceOf(PgException.class)
        .hasMessageContaining(
            "select into TitleCount: column \"rentals\" (for component rentals of TitleCount) is"
                + " not in the result")
        .hasMessageContaining(
            "; no expression is selected under that name, and count(*) has none: name it with"
                + " .as(\"…\")");
  }

  @Test
  void aConvertedColumnReadAloneGoesThroughItsConverter() throws SQLException {
    List<Email> emails =
        db.select(CUSTOMER.email)
            .from(CUSTOMER)
            .where(CUSTOMER.customerId.le(2))
            .orderBy(CUSTOMER.customerId.asc())
            .fetch();
    assertThat(emails).hasSize(2).allSatisfy(e -> assertThat(e).isInstanceOf(Email.class));
    assertThat(emails.get(0).toString())
        .isEqualTo(rows(jdbc, "SELECT email FROM customer WHERE customer_id = 1").get(0));
  }
}
