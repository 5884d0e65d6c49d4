package dev.sluice.pagila;

import static dev.sluice.dsl.Expressions.cast;
import static dev.sluice.dsl.Expressions.value;
import static dev.sluice.dsl.Tables.values;
import static dev.sluice.pagila.BalanceTable.BALANCE;
import static dev.sluice.pagila.CustomerTable.CUSTOMER;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.JdbcRows.rows;
import static dev.sluice.pagila.JdbcRows.text;
import static dev.sluice.pagila.JdbcRows.texts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.dsl.Derived;
import dev.sluice.dsl.Expression;
import dev.sluice.dsl.ReturningStep;
import dev.sluice.dsl.SelectField;
import dev.sluice.dsl.SqlType;
import dev.sluice.dsl.Tuple2;
import dev.sluice.dsl.Tuple3;
import dev.sluice.dsl.ValuesStep;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * VALUES lists (issue 14, Coverage): typed from the items they are declared with, every value bound
 * and the first row cast, as a FROM item joined to Pagila's films and as a MERGE's source; each SQL
 * pinned and each answer compared with the statement written by hand (a MERGE run first through
 * pgjdbc and rolled back). An empty list fails naming the statement, and sends nothing.
 */
class DslValuesTest extends PagilaSession {
  @BeforeEach
  void freshBalances() throws SQLException {
    Balances.create(jdbc);
  }

  @AfterAll
  void dropBalances() throws SQLException {
    Balances.drop(jdbc);
  }

  @Test
  void aMergeOfAValuesListUpdatesTheRowsThatMatchAndInsertsTheOthers() throws SQLException {
    // Customer 3 (30.00) and 4 (5.00) have open rows: they match and add; 2 (closed only) and 9
    // (none) do not: they are inserted, 9 with a closed_on from a column of NULLs and one date.
    Balances.Effect expected =
        Balances.reference(
            jdbc,
            "MERGE INTO balance USING (VALUES (3, 1.50, NULL::date), (4, 2.25, NULL),"
                + " (2, 7.00, NULL), (9, 0.75, DATE '2024-03-01')) AS v (customer_id, amount,"
                + " closed_on) ON balance.customer_id = v.customer_id AND balance.closed_on IS NULL"
                + " WHEN MATCHED THEN UPDATE SET amount = balance.amount + v.amount"
                + " WHEN NOT MATCHED THEN INSERT (customer_id, amount, closed_on)"
                + " VALUES (v.customer_id, v.amount, v.closed_on)");
    Derived<Tuple3<Integer, BigDecimal, LocalDate>> v =
        values(BALANCE.customerId, BALANCE.amount, BALANCE.closedOn)
            .row(new Tuple3<>(3, new BigDecimal("1.50"), null))
            .row(new Tuple3<>(4, new BigDecimal("2.25"), null))
            .rows(
                List.of(
                    new Tuple3<>(2, new BigDecimal("7.00"), null),
                    new Tuple3<>(9, new BigDecimal("0.75"), LocalDate.of(2024, 3, 1))))
            .as("v");
    Expression<Integer> vCustomer = v.field(BALANCE.customerId);
    ReturningStep<Balance> q =
        db.mergeInto(BALANCE)
            .using(v.table())
            .on(BALANCE.customerId.eq(vCustomer).and(BALANCE.closedOn.isNull()))
            .whenMatched()
            .thenUpdate()
            .set(BALANCE.amount, BALANCE.amount.plus(v.field(BALANCE.amount)))
            .whenNotMatched()
            .thenInsert(BALANCE.customerId, BALANCE.amount, BALANCE.closedOn)
            .values(vCustomer, v.field(BALANCE.amount), v.field(BALANCE.closedOn));
    assertThat(q.toSql())
        .isEqualTo(
            "MERGE INTO balance USING (VALUES ($1::integer, $2::numeric, $3::date), ($4, $5, $6),"
                + " ($7, $8, $9), ($10, $11, $12)) AS v (customer_id, amount, closed_on) ON"
                + " balance.customer_id = v.customer_id AND balance.closed_on IS NULL WHEN MATCHED"
                + " THEN UPDATE SET amount = (balance.amount + v.amount) WHEN NOT MATCHED THEN"
                + " INSERT (customer_id, amount, closed_on) VALUES (v.customer_id, v.amount,"
                + " v.closed_on)");
    long n = q.execute();
    assertThat(n).isEqualTo(expected.count()).isEqualTo(4);
    List<String> after = Balances.state(jdbc);
    assertThat(after)
        .isEqualTo(expected.rows())
        .contains("3|31.50|null", "4|7.25|null", "2|7.00|null", "9|0.75|2024-03-01");
  }

  @Test
  void aValuesListJoinsATableAndNamesItsColumnsAsTold() throws SQLException {
    // Film 1 and 2 exist; 100000 does not, so the inner join drops it and the left join keeps it.
    List<String> expectedInner =
        rows(
            jdbc,
            "SELECT f.title || ':' || v.note FROM (VALUES (2, 'second'), (1, 'first'),"
                + " (100000, 'none')) AS v (id, note) JOIN film f ON f.film_id = v.id"
                + " ORDER BY v.id");
    List<String> expectedLeft =
        rows(
            jdbc,
            "SELECT v.note FROM (VALUES (2, 'second'), (1, 'first'), (100000, 'none'))"
                + " AS v (id, note) LEFT JOIN film f ON f.film_id = v.id WHERE f.film_id IS NULL");
    SelectField<String> note = value("").as("note");
    Derived<Tuple2<Integer, String>> v =
        values(FILM.filmId, note)
            .row(new Tuple2<>(2, "second"))
            .row(new Tuple2<>(1, "first"))
            .row(new Tuple2<>(100000, "none"))
            .as("v", "id", "note");
    var inner =
        db.select(FILM.title, v.field(note))
            .from(v.table())
            .join(FILM)
            .on(FILM.filmId.eq(v.field(FILM.filmId)))
            .orderBy(v.field(FILM.filmId).asc());
    assertThat(inner.toSql())
        .isEqualTo(
            "SELECT film.title, v.note FROM (VALUES ($1::integer, $2::text), ($3, $4), ($5, $6))"
                + " AS v (id, note) JOIN film ON film.film_id = v.id ORDER BY v.id");
    List<String> got = new ArrayList<>();
    for (Tuple2<String, String> t : inner.fetch()) {
      got.add(t.first() + ":" + t.second());
    }
    assertThat(got).isEqualTo(expectedInner).hasSize(2);
    assertThat(
            db.select(v.field(note))
                .from(v.table())
                .leftJoin(FILM)
                .on(FILM.filmId.eq(v.field(FILM.filmId)))
                .where(FILM.filmId.isNull())
                .fetch())
        .isEqualTo(expectedLeft)
        .containsExactly("none");
  }

  @Test
  void aColumnWithoutAKnownSqlTypeTakesACast() throws SQLException {
    // A rating is an enum (mpaa_rating): bound as text, it needs the cast to compare with film's.
    assertThatThrownBy(() -> values(FILM.rating))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "VALUES column film.rating is a dev.sluice.pagila.Rating, whose SQL type is not known,"
                + " so its values cannot be cast to it; give the column as cast(item,"
                + " SqlType.of(\"type_name\", Type.class)).as(\"name\")");
    SelectField<Rating> rating =
        cast(FILM.rating, SqlType.of("mpaa_rating", Rating.class)).as("rating");
    Derived<Rating> r = values(rating).row(Rating.NC_17).row(Rating.G).as("r");
    var q =
        db.select(FILM.title)
            .from(FILM)
            .join(r.table())
            .on(FILM.rating.eq(r.field(rating)))
            .where(FILM.filmId.le(40))
            .orderBy(FILM.filmId.asc());
    assertThat(q.toSql())
        .isEqualTo(
            "SELECT film.title FROM film JOIN (VALUES ($1::mpaa_rating), ($2)) AS r (rating) ON"
                + " film.rating = r.rating WHERE film.film_id <= $3 ORDER BY film.film_id");
    assertThat(q.fetch())
        .isEqualTo(
            rows(
                jdbc,
                "SELECT title FROM film WHERE rating IN ('NC-17', 'G') AND film_id <= 40"
                    + " ORDER BY film_id"))
        .isNotEmpty();
  }

  @Test
  void aConvertedColumnsValuesGoThroughItsConverter() throws SQLException {
    Derived<Email> e =
        values(CUSTOMER.email)
            .row(Email.parse("MARY.SMITH@sakilacustomer.org"))
            .row(null)
            .row(Email.parse("nobody@example.org"))
            .as("e");
    var q =
        db.select(CUSTOMER.customerId)
            .from(CUSTOMER)
            .join(e.table())
            .on(CUSTOMER.email.eq(e.field(CUSTOMER.email)));
    assertThat(q.toSql())
        .isEqualTo(
            "SELECT customer.customer_id FROM customer JOIN (VALUES ($1::text), ($2), ($3)) AS e"
                + " (email) ON customer.email = e.email");
    assertThat(q.bindValues())
        .containsExactly("MARY.SMITH@sakilacustomer.org", null, "nobody@example.org");
    assertThat(texts(q.fetch()))
        .isEqualTo(
            rows(
                jdbc,
                "SELECT customer_id FROM customer WHERE email IN"
                    + " ('MARY.SMITH@sakilacustomer.org', NULL, 'nobody@example.org')"))
        .hasSize(1);
  }

  @Test
  void anEmptyValuesListFailsNamingTheStatementAndTouchesNothing() throws SQLException {
    List<String> before = Balances.state(jdbc);
    ValuesStep<Tuple2<Integer, BigDecimal>> none = values(BALANCE.customerId, BALANCE.amount);
    Derived<Tuple2<Integer, BigDecimal>> v = none.rows(List.of()).as("v");
    // With no source row, BY SOURCE would delete every balance: it must not run.
    ReturningStep<Balance> q =
        db.mergeInto(BALANCE)
            .using(v.table())
            .on(BALANCE.customerId.eq(v.field(BALANCE.customerId)))
            .whenNotMatchedBySource()
            .thenDelete();
    String message =
        "MERGE INTO balance USING (VALUES …) AS v: the VALUES list has no rows. PostgreSQL has no"
            + " empty VALUES, and a source of no rows is not the same statement (a MERGE's WHEN"
            + " NOT MATCHED BY SOURCE would take every target row): do not run the statement when"
            + " there are none";
    assertThatThrownBy(q::execute).isInstanceOf(IllegalStateException.class).hasMessage(message);
    assertThatThrownBy(q::toSql).hasMessage(message);
    assertThatThrownBy(() -> db.select(v.field(BALANCE.amount)).from(v.table()).fetch())
        .hasMessageStartingWith(
            "SELECT v.amount FROM (VALUES …) AS v: the VALUES list has no rows");
    assertThat(Balances.state(jdbc)).isEqualTo(before).hasSize(6);
    // A later row does not reach a table made before it.
    none.row(new Tuple2<>(1, BigDecimal.ONE));
    assertThatThrownBy(q::toSql).hasMessage(message);
  }

  @Test
  void misdeclaredListsFailWhenBuilt() {
    assertThatThrownBy(() -> values(FILM.filmId, value(1)).row(new Tuple2<>(1, 2)).as("v"))
        .hasMessage(
            "VALUES v: column $1 has no name; name it with as(\"name\") or pass the names to"
                + " as(alias, names…)");
    assertThatThrownBy(() -> values(FILM.filmId, FILM.title).as("v", "id"))
        .hasMessage("VALUES v has 2 columns, but 1 names were given: id");
    assertThatThrownBy(() -> values(FILM.filmId, FILM.title).as("v", "x", "x"))
        .hasMessage("VALUES v: column names must be distinct and not empty: [x, x]");
    assertThatThrownBy(() -> values(FILM.filmId, FILM.title).row(null))
        .hasMessage("VALUES row null: a row of NULLs is a Tuple2 of nulls");
    assertThat(text(values(FILM.filmId).row(7).as("v").field(FILM.filmId).toString()))
        .isEqualTo("v.film_id");
  }
}
