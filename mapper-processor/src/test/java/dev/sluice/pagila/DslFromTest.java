package dev.sluice.pagila;

import static dev.sluice.dsl.Aggregates.count;
import static dev.sluice.dsl.Conditions.trueCondition;
import static dev.sluice.dsl.Dsl.select;
import static dev.sluice.dsl.Expressions.cast;
import static dev.sluice.dsl.Expressions.coalesce;
import static dev.sluice.dsl.Expressions.concat;
import static dev.sluice.dsl.Expressions.value;
import static dev.sluice.dsl.Tables.derived;
import static dev.sluice.dsl.Tables.lateral;
import static dev.sluice.pagila.ActorTable.ACTOR;
import static dev.sluice.pagila.CustomerTable.CUSTOMER;
import static dev.sluice.pagila.FilmActorTable.FILM_ACTOR;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.InventoryTable.INVENTORY;
import static dev.sluice.pagila.JdbcRows.ids;
import static dev.sluice.pagila.JdbcRows.rows;
import static dev.sluice.pagila.JdbcRows.texts;
import static dev.sluice.pagila.LanguageTable.LANGUAGE;
import static dev.sluice.pagila.PaymentTable.PAYMENT;
import static dev.sluice.pagila.RentalTable.RENTAL;
import static dev.sluice.pagila.StaffTable.STAFF;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.dsl.Derived;
import dev.sluice.dsl.FetchStep;
import dev.sluice.dsl.From8Step;
import dev.sluice.dsl.SelectField;
import dev.sluice.dsl.SqlType;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * FROM items (issue 14, Coverage: FROM): derived tables, LATERAL, and joins of eight tables in both
 * styles. Each rendered SQL is pinned, then run on Pagila against the same query written in SQL
 * through pgjdbc, with unmatched LEFT JOIN rows in the data.
 */
class DslFromTest extends PagilaSession {
  private static final String EIGHT_TABLES_SQL =
      "SELECT f.film_id FROM film f JOIN language l ON l.language_id = f.language_id"
          + " JOIN inventory i ON i.film_id = f.film_id"
          + " JOIN rental r ON r.inventory_id = i.inventory_id"
          + " JOIN customer c ON c.customer_id = r.customer_id"
          + " LEFT JOIN payment p ON p.rental_id = r.rental_id AND p.amount > 4"
          + " LEFT JOIN staff s ON s.staff_id = p.staff_id"
          + " JOIN film_actor fa ON fa.film_id = f.film_id"
          + " JOIN actor a ON a.actor_id = fa.actor_id"
          + " WHERE c.customer_id = ? AND a.last_name LIKE 'A%'"
          + " ORDER BY r.rental_id, a.actor_id, p.payment_id";

  @Test
  void aDerivedTableIsASubqueryUnderAnAlias() throws SQLException {
    SelectField<Long> copies = count().as("copies");
    Derived<FilmCopies> perFilm =
        derived(
            "per_film",
            select(FilmCopies.class, INVENTORY.filmId, copies)
                .from(INVENTORY)
                .where(INVENTORY.storeId.eq(2))
                .groupBy(INVENTORY.filmId));
    FetchStep<String> q =
        db.select(concat(FILM.filmId, value(":"), coalesce(perFilm.field(copies), 0L)))
            .from(FILM)
            .leftJoin(perFilm.table())
            .on(perFilm.field(INVENTORY.filmId).eq(FILM.filmId))
            .where(FILM.filmId.le(40))
            .orderBy(FILM.filmId.asc());
    assertThat(q.toSql())
        .isEqualTo(
            "SELECT (film.film_id || $1 || coalesce(per_film.copies, $2)) FROM film LEFT JOIN"
                + " (SELECT inventory.film_id, count(*) AS copies FROM inventory WHERE"
                + " inventory.store_id = $3 GROUP BY inventory.film_id) AS per_film ON"
                + " per_film.film_id = film.film_id WHERE film.film_id <= $4 ORDER BY"
                + " film.film_id");
    assertThat(q.bindValues()).containsExactly(":", 0L, 2, 40);
    List<String> expected =
        rows(
            jdbc,
            "SELECT f.film_id || ':' || count(i.inventory_id) FROM film f LEFT JOIN inventory i"
                + " ON i.film_id = f.film_id AND i.store_id = 2 WHERE f.film_id <= 40"
                + " GROUP BY f.film_id ORDER BY f.film_id");
    // Films with no copy in store 2 are the unmatched rows of the LEFT JOIN.
    assertThat(q.fetch()).isEqualTo(expected).anyMatch(r -> r.endsWith(":0"));

    // Read straight from it, into the record its select names.
    List<FilmCopies> most =
        db.select(FilmCopies.class, perFilm.field(INVENTORY.filmId), perFilm.field(copies))
            .from(perFilm.table())
            .where(perFilm.field(copies).ge(4L))
            .orderBy(perFilm.field(INVENTORY.filmId).asc())
            .fetch();
    assertThat(texts(most.stream().map(c -> c.filmId() + "|" + c.copies()).toList()))
        .isEqualTo(
            rows(
                jdbc,
                "SELECT film_id, count(*) FROM inventory WHERE store_id = 2 GROUP BY film_id"
                    + " HAVING count(*) >= 4 ORDER BY film_id"))
        .isNotEmpty();
    assertThatThrownBy(() -> derived("d", select(count()).from(FILM)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "derived table d: select list item count(*) has no name to read it by; name it with"
                + " as(\"name\")");
  }

  @Test
  void lateralSubqueriesSeeTheTablesBeforeThem() throws SQLException {
    Derived<Integer> lastTwo =
        lateral(
            "last_two",
            select(FILM_ACTOR.filmId)
                .from(FILM_ACTOR)
                .where(FILM_ACTOR.actorId.eq(ACTOR.actorId))
                .orderBy(FILM_ACTOR.filmId.desc())
                .limit(2));
    FetchStep<String> q =
        db.select(concat(ACTOR.actorId, value(":"), lastTwo.field(FILM_ACTOR.filmId)))
            .from(ACTOR)
            .crossJoin(lastTwo.table())
            .where(ACTOR.actorId.le(15))
            .orderBy(ACTOR.actorId.asc(), lastTwo.field(FILM_ACTOR.filmId).desc());
    assertThat(q.toSql())
        .isEqualTo(
            "SELECT (actor.actor_id || $1 || last_two.film_id) FROM public.actor CROSS JOIN"
                + " LATERAL (SELECT film_actor.film_id FROM film_actor WHERE film_actor.actor_id"
                + " = actor.actor_id ORDER BY film_actor.film_id DESC LIMIT $2) AS last_two"
                + " WHERE actor.actor_id <= $3 ORDER BY actor.actor_id, last_two.film_id DESC");
    assertThat(q.fetch())
        .isEqualTo(
            rows(
                jdbc,
                "SELECT actor_id || ':' || film_id FROM (SELECT actor_id, film_id, row_number()"
                    + " OVER (PARTITION BY actor_id ORDER BY film_id DESC) AS n FROM film_actor"
                    + " WHERE actor_id <= 15) t WHERE n <= 2 ORDER BY actor_id, film_id DESC"))
        .hasSize(30);

    // LEFT JOIN LATERAL … ON TRUE keeps the films it finds no copy of, with NULL.
    Derived<Integer> firstCopy =
        lateral(
            "first_copy",
            select(INVENTORY.inventoryId)
                .from(INVENTORY)
                .where(INVENTORY.filmId.eq(FILM.filmId))
                .orderBy(INVENTORY.inventoryId.asc())
                .limit(1));
    FetchStep<Integer> firsts =
        db.select(firstCopy.field(INVENTORY.inventoryId))
            .from(FILM)
            .leftJoin(firstCopy.table())
            .on(trueCondition())
            .where(FILM.filmId.le(40))
            .orderBy(FILM.filmId.asc());
    assertThat(firsts.toSql()).contains(" LEFT JOIN LATERAL (SELECT inventory.inventory_id FROM");
    assertThat(firsts.toSql()).contains(") AS first_copy ON TRUE WHERE");
    assertThat(texts(firsts.fetch()))
        .isEqualTo(
            rows(
                jdbc,
                "SELECT (SELECT min(inventory_id) FROM inventory i WHERE i.film_id = f.film_id)"
                    + " FROM film f WHERE film_id <= 40 ORDER BY film_id"))
        .contains("null");
  }

  @Test
  void eightTablesJoinInTheLambdaStyleThenANinthInTheFluentStyle() throws SQLException {
    int customer = 1;
    BigDecimal over = new BigDecimal("4.00");
    From8Step<
            FilmTable,
            LanguageTable,
            InventoryTable,
            RentalTable,
            CustomerTable,
            PaymentTable,
            StaffTable,
            FilmActorTable,
            Film>
        eight =
            db.from(FILM.as("f"))
                .join(LANGUAGE.as("l"))
                .on((f, l) -> l.languageId.eq(f.languageId))
                .join(INVENTORY.as("i"))
                .on((f, l, i) -> i.filmId.eq(f.filmId))
                .join(RENTAL.as("r"))
                .on((f, l, i, r) -> r.inventoryId.eq(i.inventoryId))
                .join(CUSTOMER.as("c"))
                .on((f, l, i, r, c) -> c.customerId.eq(r.customerId))
                .leftJoin(PAYMENT.as("p"))
                .on(
                    (f, l, i, r, c, p) ->
                        cast(p.rentalId, SqlType.BIGINT).eq(r.rentalId).and(p.amount.gt(over)))
                .leftJoin(STAFF.as("s"))
                .on((f, l, i, r, c, p, s) -> s.staffId.eq(p.staffId))
                .join(FILM_ACTOR.as("fa"))
                .on((f, l, i, r, c, p, s, fa) -> fa.filmId.eq(f.filmId))
                .where((f, l, i, r, c, p, s, fa) -> c.customerId.eq(customer));
    // A projection of the eight tables: a new query, which the join below does not reach.
    FetchStep<Long> rowsOfEight = eight.select(count());
    ActorTable a = ACTOR.as("a");
    FilmActorTable fa = FILM_ACTOR.as("fa");
    FetchStep<Film> lambdas =
        eight
            .join(a)
            .on(a.actorId.eq(fa.actorId))
            .where(a.lastName.like("A%"))
            .orderBy(
                RENTAL.as("r").rentalId.asc(), a.actorId.asc(), PAYMENT.as("p").paymentId.asc());
    assertThat(lambdas.toSql())
        .contains(
            " FROM film AS f JOIN language AS l ON l.language_id = f.language_id JOIN inventory"
                + " AS i ON i.film_id = f.film_id JOIN rental AS r ON r.inventory_id ="
                + " i.inventory_id JOIN customer AS c ON c.customer_id = r.customer_id LEFT JOIN"
                + " payment AS p ON CAST(p.rental_id AS bigint) = r.rental_id AND p.amount > $1 LEFT"
                + " JOIN staff AS s ON s.staff_id = p.staff_id JOIN film_actor AS fa ON fa.film_id"
                + " = f.film_id JOIN public.actor AS a ON a.actor_id = fa.actor_id WHERE"
                + " c.customer_id = $2 AND a.last_name LIKE $3 ORDER BY r.rental_id, a.actor_id,"
                + " p.payment_id");
    List<String> expected = rows(jdbc, EIGHT_TABLES_SQL, customer);
    assertThat(ids(lambdas.fetch())).isEqualTo(expected).isNotEmpty();
    // Rentals of no payment over 4 are in the data: the LEFT JOINs keep them, with NULLs.
    assertThat(
            rows(
                jdbc,
                EIGHT_TABLES_SQL
                    .replace(
                        "SELECT f.film_id",
                        "SELECT count(*) FILTER (WHERE p.payment_id IS" + " NULL) > 0")
                    .replace(" ORDER BY r.rental_id, a.actor_id, p.payment_id", ""),
                customer))
        .containsExactly("t");

    // The same in the fluent style, and a projection from the lambda-style steps.
    FilmTable f = FILM.as("f");
    LanguageTable l = LANGUAGE.as("l");
    InventoryTable i = INVENTORY.as("i");
    RentalTable r = RENTAL.as("r");
    CustomerTable c = CUSTOMER.as("c");
    PaymentTable p = PAYMENT.as("p");
    StaffTable s = STAFF.as("s");
    FetchStep<Film> fluent =
        db.selectFrom(f)
            .join(l)
            .on(l.languageId.eq(f.languageId))
            .join(i)
            .on(i.filmId.eq(f.filmId))
            .join(r)
            .on(r.inventoryId.eq(i.inventoryId))
            .join(c)
            .on(c.customerId.eq(r.customerId))
            .leftJoin(p)
            .on(cast(p.rentalId, SqlType.BIGINT).eq(r.rentalId).and(p.amount.gt(over)))
            .leftJoin(s)
            .on(s.staffId.eq(p.staffId))
            .join(fa)
            .on(fa.filmId.eq(f.filmId))
            .join(a)
            .on(a.actorId.eq(fa.actorId))
            .where(c.customerId.eq(customer), a.lastName.like("A%"))
            .orderBy(r.rentalId.asc(), a.actorId.asc(), p.paymentId.asc());
    assertThat(fluent.toSql()).isEqualTo(lambdas.toSql());
    assertThat(ids(fluent.fetch())).isEqualTo(expected);
    assertThat(rowsOfEight.fetchOne())
        .contains(
            Long.valueOf(
                rows(
                        jdbc,
                        "SELECT count(*) FROM rental r JOIN inventory i USING (inventory_id)"
                            + " JOIN film_actor fa ON fa.film_id = i.film_id LEFT JOIN payment p"
                            + " ON p.rental_id = r.rental_id AND p.amount > 4"
                            + " WHERE r.customer_id = ?",
                        customer)
                    .get(0)));
  }
}
