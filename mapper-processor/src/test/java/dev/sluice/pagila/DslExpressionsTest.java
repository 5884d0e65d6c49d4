package dev.sluice.pagila;

import static dev.sluice.dsl.Aggregates.count;
import static dev.sluice.dsl.Aggregates.max;
import static dev.sluice.dsl.Conditions.jsonContains;
import static dev.sluice.dsl.Conditions.jsonHasKey;
import static dev.sluice.dsl.Conditions.matches;
import static dev.sluice.dsl.Conditions.noCondition;
import static dev.sluice.dsl.Dsl.select;
import static dev.sluice.dsl.Expressions.caseWhen;
import static dev.sluice.dsl.Expressions.cast;
import static dev.sluice.dsl.Expressions.coalesce;
import static dev.sluice.dsl.Expressions.concat;
import static dev.sluice.dsl.Expressions.dateTrunc;
import static dev.sluice.dsl.Expressions.extract;
import static dev.sluice.dsl.Expressions.greatest;
import static dev.sluice.dsl.Expressions.jsonGet;
import static dev.sluice.dsl.Expressions.jsonGetText;
import static dev.sluice.dsl.Expressions.least;
import static dev.sluice.dsl.Expressions.length;
import static dev.sluice.dsl.Expressions.lower;
import static dev.sluice.dsl.Expressions.now;
import static dev.sluice.dsl.Expressions.nullif;
import static dev.sluice.dsl.Expressions.scalar;
import static dev.sluice.dsl.Expressions.substring;
import static dev.sluice.dsl.Expressions.toTsquery;
import static dev.sluice.dsl.Expressions.trim;
import static dev.sluice.dsl.Expressions.unsafeSql;
import static dev.sluice.dsl.Expressions.upper;
import static dev.sluice.dsl.Expressions.value;
import static dev.sluice.dsl.Rows.row;
import static dev.sluice.pagila.FilmMetaTable.FILM_META;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.InventoryTable.INVENTORY;
import static dev.sluice.pagila.JdbcRows.rows;
import static dev.sluice.pagila.JdbcRows.texts;
import static dev.sluice.pagila.RentalTable.RENTAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.Database;
import dev.sluice.dsl.DatePart;
import dev.sluice.dsl.Dsl;
import dev.sluice.dsl.FetchStep;
import dev.sluice.dsl.SqlType;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The DSL's value expressions (issue 14, Coverage: expressions): each rendered SQL pinned, then run
 * on Pagila and compared with the same query written in SQL through pgjdbc, on rows where the
 * construct changes the answer.
 */
@PgTest(pagila = true)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DslExpressionsTest {
  private Database db;
  private Connection jdbc;

  @BeforeAll
  void connect(TestDatabase tdb) throws SQLException {
    db = Database.connect(tdb.url());
    jdbc = tdb.jdbc();
    try (Statement s = jdbc.createStatement()) {
      s.execute(
          "CREATE TABLE film_meta AS SELECT film_id, jsonb_build_object('title', title, 'rating',"
              + " rating::text, 'features', to_jsonb(special_features), 'length', length) AS meta"
              + " FROM film");
      // The two sessions must agree on the zone for date_trunc and extract of a timestamptz.
      String zone =
          db.select(unsafeSql(String.class, "current_setting('TimeZone')"))
              .fetchOne()
              .orElseThrow();
      s.execute("SET TIME ZONE '" + zone + "'");
    }
  }

  @AfterAll
  void close() throws SQLException {
    jdbc.close();
    db.close();
  }

  @Test
  void arithmeticIsParenthesizedAndIntegerDivisionTruncates() throws SQLException {
    FetchStep<Short> q =
        db.select(
                FILM.length
                    .plus((short) 10)
                    .times((short) 2)
                    .minus(FILM.rentalDuration)
                    .div((short) 3)
                    .mod((short) 7)
                    .negate())
            .from(FILM)
            .where(FILM.filmId.le(40))
            .orderBy(FILM.filmId.asc());
    assertThat(q.toSql())
        .isEqualTo(
            "SELECT (- (((((film.length + $1) * $2) - film.rental_duration) / $3) % $4)) FROM film"
                + " WHERE film.film_id <= $5 ORDER BY film.film_id");
    assertThat(q.bindValues()).containsExactly((short) 10, (short) 2, (short) 3, (short) 7, 40);
    List<String> expected =
        rows(
            jdbc,
            "SELECT -((((length + 10) * 2 - rental_duration) / 3) % 7) FROM film"
                + " WHERE film_id <= 40 ORDER BY film_id");
    assertThat(texts(q.fetch())).isEqualTo(expected);
    // Not all the same: the remainder and the sign are really computed.
    assertThat(expected.stream().distinct().count()).isGreaterThan(3);
  }

  @Test
  void concatenationCaseAndStringFunctions() throws SQLException {
    FetchStep<String> q =
        db.select(
                concat(
                    upper(substring(FILM.title, 2, 3)),
                    value("-"),
                    caseWhen(FILM.length.gt((short) 150), "long")
                        .when(FILM.length.gt((short) 80), "medium")
                        .otherwise("short"),
                    value("-"),
                    length(trim(lower(FILM.title))),
                    value("-"),
                    substring(FILM.title, 5)))
            .from(FILM)
            .where(FILM.filmId.le(60))
            .orderBy(FILM.filmId.asc());
    assertThat(q.toSql())
        .isEqualTo(
            "SELECT (upper(substring(film.title FROM $1 FOR $2)) || $3 || CASE WHEN film.length >"
                + " $4 THEN $5 WHEN film.length > $6 THEN $7 ELSE $8 END || $9 ||"
                + " length(trim(lower(film.title))) || $10 || substring(film.title FROM $11))"
                + " FROM film WHERE film.film_id <= $12 ORDER BY film.film_id");
    List<String> expected =
        rows(
            jdbc,
            "SELECT upper(substr(title, 2, 3)) || '-' || CASE WHEN length > 150 THEN 'long'"
                + " WHEN length > 80 THEN 'medium' ELSE 'short' END || '-' ||"
                + " char_length(btrim(lower(title))) || '-' || substr(title, 5)"
                + " FROM film WHERE film_id <= 60 ORDER BY film_id");
    assertThat(q.fetch()).isEqualTo(expected);
    assertThat(String.join(",", expected)).contains("-long-", "-medium-", "-short-");
  }

  @Test
  void aCaseWithoutElseIsNullAndAnEmptyBranchConditionFails() throws SQLException {
    FetchStep<Integer> q =
        db.select(caseWhen(FILM.rating.eq(Rating.G), FILM.filmId))
            .from(FILM)
            .where(FILM.filmId.le(30))
            .orderBy(FILM.filmId.asc());
    assertThat(q.toSql())
        .isEqualTo(
            "SELECT CASE WHEN film.rating = $1 THEN film.film_id END FROM film"
                + " WHERE film.film_id <= $2 ORDER BY film.film_id");
    List<String> expected =
        rows(
            jdbc,
            "SELECT CASE WHEN rating = 'G' THEN film_id END FROM film WHERE film_id <= 30"
                + " ORDER BY film_id");
    assertThat(texts(q.fetch())).isEqualTo(expected).contains("null");
    assertThatThrownBy(() -> caseWhen(noCondition(), 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("CASE WHEN noCondition()");
  }

  @Test
  void castCoalesceNullifGreatestAndLeast() throws SQLException {
    FetchStep<BigDecimal> cost =
        db.select(cast(FILM.rentalDuration, SqlType.NUMERIC).times(FILM.rentalRate))
            .from(FILM)
            .where(FILM.filmId.le(20))
            .orderBy(FILM.filmId.asc());
    assertThat(cost.toSql())
        .isEqualTo(
            "SELECT (CAST(film.rental_duration AS numeric) * film.rental_rate) FROM film"
                + " WHERE film.film_id <= $1 ORDER BY film.film_id");
    assertThat(texts(cost.fetch()))
        .isEqualTo(
            rows(
                jdbc,
                "SELECT rental_duration::numeric * rental_rate FROM film WHERE film_id <= 20"
                    + " ORDER BY film_id"));

    // Pagila: original_language_id is NULL, language_id mostly 1, so each step shows.
    FetchStep<Integer> fallback =
        db.select(coalesce(FILM.originalLanguageId, nullif(FILM.languageId, 1), value(-1)))
            .from(FILM)
            .orderBy(FILM.filmId.asc());
    assertThat(fallback.toSql())
        .isEqualTo(
            "SELECT coalesce(film.original_language_id, nullif(film.language_id, $1), $2)"
                + " FROM film ORDER BY film.film_id");
    assertThat(texts(fallback.fetch()))
        .isEqualTo(
            rows(
                jdbc,
                "SELECT CASE WHEN original_language_id IS NOT NULL THEN original_language_id"
                    + " WHEN language_id <> 1 THEN language_id ELSE -1 END FROM film"
                    + " ORDER BY film_id"))
        .contains("-1", "2");

    FetchStep<Short> clamped =
        db.select(least(greatest(FILM.rentalDuration, value((short) 4)), value((short) 6)))
            .from(FILM)
            .where(FILM.filmId.le(50))
            .orderBy(FILM.filmId.asc());
    assertThat(clamped.toSql())
        .isEqualTo(
            "SELECT least(greatest(film.rental_duration, $1), $2) FROM film"
                + " WHERE film.film_id <= $3 ORDER BY film.film_id");
    List<String> expected =
        rows(
            jdbc,
            "SELECT CASE WHEN rental_duration < 4 THEN 4 WHEN rental_duration > 6 THEN 6"
                + " ELSE rental_duration END FROM film WHERE film_id <= 50 ORDER BY film_id");
    assertThat(texts(clamped.fetch())).isEqualTo(expected).contains("4", "5", "6");
  }

  @Test
  void castToATypeNameRefusesAnythingButATypeName() {
    assertThat(SqlType.of("varchar(20)", String.class).name()).isEqualTo("varchar(20)");
    assertThat(SqlType.of("public.mpaa_rating", String.class).name())
        .isEqualTo("public.mpaa_rating");
    assertThat(SqlType.of("int[]", Object.class).name()).isEqualTo("int[]");
    assertThatThrownBy(() -> SqlType.of("int) FROM film; DROP TABLE film; --", Integer.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("not a type name: \"int) FROM film;");
  }

  @Test
  void dateTruncExtractAndNow() throws SQLException {
    FetchStep<OffsetDateTime> months =
        db.selectDistinct(dateTrunc(DatePart.MONTH, RENTAL.rentalDate))
            .from(RENTAL)
            .where(extract(DatePart.DOW, RENTAL.rentalDate).eq(new BigDecimal(0)));
    assertThat(months.toSql())
        .isEqualTo(
            "SELECT DISTINCT date_trunc($1, rental.rental_date) FROM rental"
                + " WHERE extract(DOW FROM rental.rental_date) = $2");
    assertThat(months.bindValues()).containsExactly("month", new BigDecimal(0));
    List<Instant> ours = months.fetch().stream().map(OffsetDateTime::toInstant).sorted().toList();
    List<String> expected =
        rows(
            jdbc,
            "SELECT DISTINCT extract(epoch FROM date_trunc('month', rental_date))::bigint FROM"
                + " rental WHERE extract(dow FROM rental_date) = 0 ORDER BY 1");
    assertThat(ours.stream().map(i -> String.valueOf(i.getEpochSecond())).toList())
        .isEqualTo(expected)
        .hasSizeGreaterThan(1);

    // now() is the transaction's start: the same in each statement of one transaction.
    db.useTransaction(
        tx -> {
          Instant first = tx.select(now()).fetchOne().orElseThrow();
          assertThat(tx.select(now()).fetchOne()).contains(first);
          assertThat(tx.select(unsafeSql(Instant.class, "transaction_timestamp()")).fetchOne())
              .contains(first);
        });
    assertThat(select(now()).toSql()).isEqualTo("SELECT now()");
  }

  @Test
  void scalarSubqueriesInTheSelectListAndInWhereMayBeCorrelated() throws SQLException {
    FetchStep<Long> copies =
        db.select(scalar(select(count()).from(INVENTORY).where(INVENTORY.filmId.eq(FILM.filmId))))
            .from(FILM)
            .where(FILM.filmId.le(40))
            .orderBy(FILM.filmId.asc());
    assertThat(copies.toSql())
        .isEqualTo(
            "SELECT (SELECT count(*) FROM inventory WHERE inventory.film_id = film.film_id)"
                + " FROM film WHERE film.film_id <= $1 ORDER BY film.film_id");
    List<String> expected =
        rows(
            jdbc,
            "SELECT count(i.inventory_id) FROM film f LEFT JOIN inventory i USING (film_id)"
                + " WHERE f.film_id <= 40 GROUP BY f.film_id ORDER BY f.film_id");
    assertThat(texts(copies.fetch())).isEqualTo(expected).contains("0");

    FilmTable longest = FILM.as("longest");
    FetchStep<String> titles =
        db.select(FILM.title)
            .from(FILM)
            .where(
                FILM.length.eq(
                    scalar(
                        select(max(longest.length))
                            .from(longest)
                            .where(longest.rating.eq(FILM.rating)))))
            .orderBy(FILM.title.asc());
    assertThat(titles.toSql())
        .isEqualTo(
            "SELECT film.title FROM film WHERE film.length = (SELECT max(longest.length) FROM"
                + " film AS longest WHERE longest.rating = film.rating) ORDER BY film.title");
    assertThat(titles.fetch())
        .isEqualTo(
            rows(
                jdbc,
                "SELECT title FROM film f WHERE length = (SELECT max(length) FROM film g"
                    + " WHERE g.rating = f.rating) ORDER BY title"))
        .hasSizeGreaterThan(5);
    assertThatThrownBy(() -> scalar(Dsl.selectFrom(FILM)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("a scalar subquery selects one column, this one selects 14");
  }

  @Test
  void rowValueComparisonIsKeysetPagination() throws SQLException {
    FetchStep<Integer> page =
        db.select(FILM.filmId)
            .from(FILM)
            .where(row(FILM.length, FILM.filmId).gt((short) 100, 500))
            .orderBy(FILM.length.asc(), FILM.filmId.asc())
            .limit(10);
    assertThat(page.toSql())
        .isEqualTo(
            "SELECT film.film_id FROM film WHERE (film.length, film.film_id) > ($1, $2)"
                + " ORDER BY film.length, film.film_id LIMIT $3");
    List<String> expected =
        rows(
            jdbc,
            "SELECT film_id FROM film WHERE length > 100 OR (length = 100 AND film_id > 500)"
                + " ORDER BY length, film_id LIMIT 10");
    assertThat(texts(page.fetch())).isEqualTo(expected);
    // The tie on length 100 is where a row value differs from comparing the columns apart.
    assertThat(rows(jdbc, "SELECT count(*) FROM film WHERE length = 100 AND film_id > 500"))
        .doesNotContain("0");
    assertThatThrownBy(() -> row(FILM.length, FILM.filmId).gt(null, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("null in a row comparison (film.length, film.film_id) > (null, 1)");
  }

  @Test
  void jsonbOperatorsBindTheirOperands() throws SQLException {
    FetchStep<String> titles =
        db.select(jsonGetText(FILM_META.meta, "title"))
            .from(FILM_META)
            .where(jsonContains(FILM_META.meta, "{\"rating\": \"PG-13\"}"))
            .orderBy(FILM_META.filmId.asc());
    assertThat(titles.toSql())
        .isEqualTo(
            "SELECT (film_meta.meta ->> $1) FROM film_meta WHERE film_meta.meta @> CAST($2 AS"
                + " jsonb) ORDER BY film_meta.film_id");
    assertThat(titles.fetch())
        .isEqualTo(
            rows(jdbc, "SELECT f.title FROM film f WHERE f.rating = 'PG-13' ORDER BY f.film_id"))
        .hasSizeGreaterThan(100);

    FetchStep<String> secondFeature =
        db.select(jsonGet(jsonGet(FILM_META.meta, "features"), 1))
            .from(FILM_META)
            .where(jsonHasKey(jsonGet(FILM_META.meta, "features"), "Trailers"))
            .orderBy(FILM_META.filmId.asc());
    assertThat(secondFeature.toSql())
        .isEqualTo(
            "SELECT ((film_meta.meta -> $1) -> $2) FROM film_meta WHERE (film_meta.meta -> $3) ?"
                + " $4 ORDER BY film_meta.film_id");
    assertThat(secondFeature.bindValues()).containsExactly("features", 1, "features", "Trailers");
    List<String> expected =
        rows(
            jdbc,
            "SELECT to_jsonb(special_features[2])::text FROM film"
                + " WHERE 'Trailers' = ANY(special_features) ORDER BY film_id");
    assertThat(texts(secondFeature.fetch()))
        .isEqualTo(expected)
        .contains("\"Commentaries\"", "null");
  }

  @Test
  void fullTextMatchBindsTheQueryAndTheConfiguration() throws SQLException {
    FetchStep<Integer> q =
        db.select(FILM.filmId)
            .from(FILM)
            .where(matches(FILM.fulltext, toTsquery("english", "boring & (monkey | shark)")))
            .orderBy(FILM.filmId.asc());
    assertThat(q.toSql())
        .isEqualTo(
            "SELECT film.film_id FROM film WHERE film.fulltext @@ to_tsquery(CAST($1 AS"
                + " regconfig), $2) ORDER BY film.film_id");
    List<String> expected =
        rows(
            jdbc,
            "SELECT film_id FROM film WHERE fulltext @@ to_tsquery('english', 'boring &"
                + " (monkey | shark)') ORDER BY film_id");
    assertThat(texts(q.fetch())).isEqualTo(expected).isNotEmpty();
    assertThat(
            db.select(count())
                .from(FILM)
                .where(matches(FILM.fulltext, toTsquery("boring")))
                .fetchOne())
        .contains(
            Long.valueOf(
                rows(jdbc, "SELECT count(*) FROM film WHERE fulltext @@" + " to_tsquery('boring')")
                    .get(0)));
  }
}
