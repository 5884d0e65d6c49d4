package dev.sluice.pagila;

import static dev.sluice.dsl.Aggregates.count;
import static dev.sluice.dsl.Aggregates.sum;
import static dev.sluice.dsl.Dsl.deleteFrom;
import static dev.sluice.dsl.Dsl.excluded;
import static dev.sluice.dsl.Dsl.selectFrom;
import static dev.sluice.dsl.Expressions.concat;
import static dev.sluice.dsl.Expressions.value;
import static dev.sluice.dsl.Rows.row;
import static dev.sluice.dsl.Tables.cte;
import static dev.sluice.dsl.Windows.following;
import static dev.sluice.dsl.Windows.orderedBy;
import static dev.sluice.dsl.Windows.partitionBy;
import static dev.sluice.dsl.Windows.preceding;
import static dev.sluice.pagila.ActorTable.ACTOR;
import static dev.sluice.pagila.BalanceArchiveTable.BALANCE_ARCHIVE;
import static dev.sluice.pagila.BalanceTable.BALANCE;
import static dev.sluice.pagila.CustomerTable.CUSTOMER;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.JdbcRows.rows;
import static dev.sluice.pagila.JdbcRows.texts;
import static dev.sluice.pagila.RentalTable.RENTAL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.dsl.FetchStep;
import dev.sluice.dsl.Statements;
import dev.sluice.dsl.Window;
import java.math.BigDecimal;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * The render cache against collisions: pairs of queries built alike but differing in one thing
 * (operator, sort direction, NULLS order, column, table, LIMIT, the length of an {@code in} list, a
 * value against NULL, a frame exclusion, a window extended or not), each run right after the other
 * so that a cache keyed on anything less than the whole text would hand the second the first's SQL.
 * Each answer is compared with the same query in SQL through pgjdbc, and a repeated query gets the
 * very String it got before. The pairs of VALUES lists, CTEs without RETURNING and recursive CTE
 * clauses are {@link DslRenderCacheSourcesTest}'s; both run through {@link RenderCachePairs}.
 */
class DslRenderCacheTest extends RenderCachePairs {
  @Test
  void anUpsertWithAnotherConflictAction() throws SQLException {
    String insert =
        "INSERT INTO balance (customer_id, amount) VALUES (3, 4.00)"
            + " ON CONFLICT (customer_id) WHERE closed_on IS NULL ";
    dmlPair(
        q ->
            q.insertInto(BALANCE)
                .set(BALANCE.customerId, 3)
                .set(BALANCE.amount, new BigDecimal("4.00"))
                .onConflict(BALANCE.customerId)
                .where(BALANCE.closedOn.isNull())
                .doUpdate()
                .set(BALANCE.amount, BALANCE.amount.plus(excluded(BALANCE).amount)),
        insert + "DO UPDATE SET amount = balance.amount + excluded.amount",
        q ->
            q.insertInto(BALANCE)
                .set(BALANCE.customerId, 3)
                .set(BALANCE.amount, new BigDecimal("4.00"))
                .onConflict(BALANCE.customerId)
                .where(BALANCE.closedOn.isNull())
                .doUpdate()
                .set(BALANCE.amount, BALANCE.amount.minus(excluded(BALANCE).amount)),
        insert + "DO UPDATE SET amount = balance.amount - excluded.amount");
    // DO UPDATE … WHERE with < or <=, at the boundary: 30.00 < 30 skips, 30.00 <= 30 updates.
    dmlPair(
        q ->
            q.insertInto(BALANCE)
                .set(BALANCE.customerId, 3)
                .set(BALANCE.amount, new BigDecimal("4.00"))
                .onConflict(BALANCE.customerId)
                .where(BALANCE.closedOn.isNull())
                .doUpdate()
                .setExcluded(BALANCE.amount)
                .where(BALANCE.amount.lt(new BigDecimal("30"))),
        insert + "DO UPDATE SET amount = excluded.amount WHERE balance.amount < 30",
        q ->
            q.insertInto(BALANCE)
                .set(BALANCE.customerId, 3)
                .set(BALANCE.amount, new BigDecimal("4.00"))
                .onConflict(BALANCE.customerId)
                .where(BALANCE.closedOn.isNull())
                .doUpdate()
                .setExcluded(BALANCE.amount)
                .where(BALANCE.amount.le(new BigDecimal("30"))),
        insert + "DO UPDATE SET amount = excluded.amount WHERE balance.amount <= 30");
  }

  @Test
  void aMergeWithAnotherActionOrWhenCondition() throws SQLException {
    String merge =
        "MERGE INTO balance USING customer ON balance.customer_id = customer.customer_id"
            + " AND balance.closed_on IS NULL ";
    dmlPair(
        q ->
            Statements.mergeInto(q, BALANCE)
                .using(CUSTOMER)
                .on(BALANCE.customerId.eq(CUSTOMER.customerId).and(BALANCE.closedOn.isNull()))
                .whenMatched(BALANCE.amount.lt(new BigDecimal("10")))
                .thenDelete(),
        merge + "WHEN MATCHED AND balance.amount < 10 THEN DELETE",
        q ->
            Statements.mergeInto(q, BALANCE)
                .using(CUSTOMER)
                .on(BALANCE.customerId.eq(CUSTOMER.customerId).and(BALANCE.closedOn.isNull()))
                .whenMatched(BALANCE.amount.le(new BigDecimal("10")))
                .thenDelete(),
        merge + "WHEN MATCHED AND balance.amount <= 10 THEN DELETE");
    dmlPair(
        q ->
            Statements.mergeInto(q, BALANCE)
                .using(CUSTOMER)
                .on(BALANCE.customerId.eq(CUSTOMER.customerId).and(BALANCE.closedOn.isNull()))
                .whenMatched()
                .thenUpdate()
                .set(BALANCE.amount, BALANCE.amount.plus(new BigDecimal("1"))),
        merge + "WHEN MATCHED THEN UPDATE SET amount = balance.amount + 1",
        q ->
            Statements.mergeInto(q, BALANCE)
                .using(CUSTOMER)
                .on(BALANCE.customerId.eq(CUSTOMER.customerId).and(BALANCE.closedOn.isNull()))
                .whenNotMatchedBySource()
                .thenUpdate()
                .set(BALANCE.amount, BALANCE.amount.plus(new BigDecimal("1"))),
        merge + "WHEN NOT MATCHED BY SOURCE THEN UPDATE SET amount = balance.amount + 1");
  }

  @Test
  void aDataModifyingCteOfAnotherCondition() throws SQLException {
    String move = " RETURNING *) INSERT INTO balance_archive SELECT * FROM moved";
    dmlPair(
        q -> {
          var moved =
              cte(
                  "moved",
                  BALANCE,
                  deleteFrom(BALANCE).where(BALANCE.closedOn.isNull()).returning());
          return q.with(moved)
              .insertInto(BALANCE_ARCHIVE)
              .columns(
                  BALANCE_ARCHIVE.id,
                  BALANCE_ARCHIVE.customerId,
                  BALANCE_ARCHIVE.amount,
                  BALANCE_ARCHIVE.closedOn)
              .select(selectFrom(moved.table()));
        },
        "WITH moved AS (DELETE FROM balance WHERE closed_on IS NULL" + move,
        q -> {
          var moved =
              cte(
                  "moved",
                  BALANCE,
                  deleteFrom(BALANCE).where(BALANCE.closedOn.isNotNull()).returning());
          return q.with(moved)
              .insertInto(BALANCE_ARCHIVE)
              .columns(
                  BALANCE_ARCHIVE.id,
                  BALANCE_ARCHIVE.customerId,
                  BALANCE_ARCHIVE.amount,
                  BALANCE_ARCHIVE.closedOn)
              .select(selectFrom(moved.table()));
        },
        "WITH moved AS (DELETE FROM balance WHERE closed_on IS NOT NULL" + move);
  }

  @Test
  void anotherOperator() throws SQLException {
    pair(
        () -> db.select(FILM.filmId).from(FILM).where(FILM.filmId.lt(5)).orderBy(FILM.filmId.asc()),
        "SELECT film_id FROM film WHERE film_id < 5 ORDER BY film_id",
        () -> db.select(FILM.filmId).from(FILM).where(FILM.filmId.le(5)).orderBy(FILM.filmId.asc()),
        "SELECT film_id FROM film WHERE film_id <= 5 ORDER BY film_id");
  }

  @Test
  void anotherSortDirection() throws SQLException {
    pair(
        () -> db.select(FILM.filmId).from(FILM).orderBy(FILM.filmId.asc()).limit(3),
        "SELECT film_id FROM film ORDER BY film_id LIMIT 3",
        () -> db.select(FILM.filmId).from(FILM).orderBy(FILM.filmId.desc()).limit(3),
        "SELECT film_id FROM film ORDER BY film_id DESC LIMIT 3");
  }

  @Test
  void anotherNullsOrder() throws SQLException {
    // return_date is NULL for the rentals not yet returned.
    pair(
        () ->
            db.select(RENTAL.rentalId)
                .from(RENTAL)
                .orderBy(RENTAL.returnDate.asc().nullsFirst(), RENTAL.rentalId.asc())
                .limit(3),
        "SELECT rental_id FROM rental ORDER BY return_date NULLS FIRST, rental_id LIMIT 3",
        () ->
            db.select(RENTAL.rentalId)
                .from(RENTAL)
                .orderBy(RENTAL.returnDate.asc().nullsLast(), RENTAL.rentalId.asc())
                .limit(3),
        "SELECT rental_id FROM rental ORDER BY return_date NULLS LAST, rental_id LIMIT 3");
  }

  @Test
  void anotherColumn() throws SQLException {
    pair(
        () -> db.select(FILM.filmId).from(FILM).where(FILM.filmId.eq(7)),
        "SELECT film_id FROM film WHERE film_id = 7",
        () -> db.select(FILM.filmId).from(FILM).where(FILM.languageId.eq(7)),
        "SELECT film_id FROM film WHERE language_id = 7");
  }

  @Test
  void anotherTable() throws SQLException {
    pair(
        () -> db.select(count()).from(FILM),
        "SELECT count(*) FROM film",
        () -> db.select(count()).from(ACTOR),
        "SELECT count(*) FROM actor");
  }

  @Test
  void limitPresentOrAbsent() throws SQLException {
    pair(
        () -> db.select(FILM.filmId).from(FILM).where(FILM.filmId.lt(4)).orderBy(FILM.filmId.asc()),
        "SELECT film_id FROM film WHERE film_id < 4 ORDER BY film_id",
        () ->
            db.select(FILM.filmId)
                .from(FILM)
                .where(FILM.filmId.lt(4))
                .orderBy(FILM.filmId.asc())
                .limit(2),
        "SELECT film_id FROM film WHERE film_id < 4 ORDER BY film_id LIMIT 2");
  }

  @Test
  void anotherFrameExclusion() throws SQLException {
    Window frame = orderedBy(FILM.length.asc()).groupsBetween(preceding(1), following(1));
    pair(
        () -> neighbourSums(frame.excludeTies()),
        neighbourSumsSql("EXCLUDE TIES"),
        () -> neighbourSums(frame.excludeGroup()),
        neighbourSumsSql("EXCLUDE GROUP"));
    pair(
        () -> neighbourSums(frame.excludeCurrentRow()),
        neighbourSumsSql("EXCLUDE CURRENT ROW"),
        () -> neighbourSums(frame),
        neighbourSumsSql(""));
  }

  @Test
  void aWindowExtendedOrItsBase() throws SQLException {
    Window w = partitionBy(FILM.rating).as("w");
    pair(
        () ->
            db.select(
                    concat(
                        FILM.filmId,
                        value(":"),
                        count().over(w.extend().orderBy(FILM.filmId.asc()))))
                .from(FILM)
                .where(FILM.filmId.le(20))
                .window(w)
                .orderBy(FILM.filmId.asc()),
        "SELECT film_id || ':' || count(*) OVER (w ORDER BY film_id) FROM film WHERE film_id <= 20"
            + " WINDOW w AS (PARTITION BY rating) ORDER BY film_id",
        () ->
            db.select(concat(FILM.filmId, value(":"), count().over(w)))
                .from(FILM)
                .where(FILM.filmId.le(20))
                .window(w)
                .orderBy(FILM.filmId.asc()),
        "SELECT film_id || ':' || count(*) OVER w FROM film WHERE film_id <= 20"
            + " WINDOW w AS (PARTITION BY rating) ORDER BY film_id");
  }

  @Test
  void aRowValueOfThreeUnderAnotherOperator() throws SQLException {
    pair(
        () ->
            db.select(FILM.filmId)
                .from(FILM)
                .where(
                    row(FILM.rentalDuration, FILM.length, FILM.filmId)
                        .gt((short) 7, (short) 180, 1))
                .orderBy(FILM.filmId.asc()),
        "SELECT film_id FROM film WHERE (rental_duration, length, film_id) > (7, 180, 1)"
            + " ORDER BY film_id",
        () ->
            db.select(FILM.filmId)
                .from(FILM)
                .where(
                    row(FILM.rentalDuration, FILM.length, FILM.filmId)
                        .lt((short) 3, (short) 50, 1000))
                .orderBy(FILM.filmId.asc()),
        "SELECT film_id FROM film WHERE (rental_duration, length, film_id) < (3, 50, 1000)"
            + " ORDER BY film_id");
  }

  private FetchStep<String> neighbourSums(Window window) {
    return db.select(concat(FILM.filmId, value(":"), sum(FILM.filmId).over(window)))
        .from(FILM)
        .where(FILM.filmId.le(20))
        .orderBy(FILM.filmId.asc());
  }

  private static String neighbourSumsSql(String exclusion) {
    return "SELECT film_id || ':' || sum(film_id) OVER (ORDER BY length GROUPS BETWEEN 1 PRECEDING"
        + " AND 1 FOLLOWING "
        + exclusion
        + ") FROM film WHERE film_id <= 20 ORDER BY film_id";
  }

  @Test
  void inListsOfAnotherLengthShareTheTextNotTheValues() throws SQLException {
    // in() binds one array whatever its length: one text, so the cache must carry no values.
    FetchStep<Integer> two =
        db.select(FILM.filmId).from(FILM).where(FILM.filmId.in(1, 2)).orderBy(FILM.filmId.asc());
    FetchStep<Integer> three =
        db.select(FILM.filmId).from(FILM).where(FILM.filmId.in(1, 2, 3)).orderBy(FILM.filmId.asc());
    assertThat(two.toSql()).isEqualTo(three.toSql());
    assertThat(texts(two.fetch())).containsExactly("1", "2");
    assertThat(texts(three.fetch())).containsExactly("1", "2", "3");
    assertThat(texts(two.fetch())).containsExactly("1", "2");
  }

  @Test
  void aValueOrNull() throws SQLException {
    pair(
        () -> db.select(count()).from(FILM).where(FILM.originalLanguageId.eq(1)),
        "SELECT count(*) FROM film WHERE original_language_id = 1",
        () -> db.select(count()).from(FILM).where(FILM.originalLanguageId.isNull()),
        "SELECT count(*) FROM film WHERE original_language_id IS NULL");
    // The same text, a value or a NULL bound: IS DISTINCT FROM $1.
    FetchStep<Long> fromOne =
        db.select(count()).from(FILM).where(FILM.originalLanguageId.isDistinctFrom(1));
    FetchStep<Long> fromNull =
        db.select(count()).from(FILM).where(FILM.originalLanguageId.isDistinctFrom(null));
    assertThat(fromOne.toSql()).isEqualTo(fromNull.toSql());
    assertThat(texts(fromOne.fetch()))
        .isEqualTo(
            rows(jdbc, "SELECT count(*) FROM film WHERE original_language_id IS DISTINCT FROM 1"));
    assertThat(texts(fromNull.fetch())).containsExactly("0");
  }

  @Test
  void aRepeatedQueryGetsTheSameString() {
    String first = db.selectFrom(FILM).where(FILM.filmId.eq(1)).toSql();
    String again = db.selectFrom(FILM).where(FILM.filmId.eq(2)).toSql();
    assertThat(again).isSameAs(first);
    assertThat(db.selectFrom(FILM).where(FILM.filmId.eq(3)).fetchOne()).isPresent();
  }
}
