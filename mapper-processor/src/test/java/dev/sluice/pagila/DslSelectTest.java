package dev.sluice.pagila;

import static dev.sluice.dsl.Aggregates.avg;
import static dev.sluice.dsl.Aggregates.count;
import static dev.sluice.dsl.Aggregates.countDistinct;
import static dev.sluice.dsl.Aggregates.max;
import static dev.sluice.dsl.Aggregates.min;
import static dev.sluice.dsl.Aggregates.sum;
import static dev.sluice.dsl.Conditions.exists;
import static dev.sluice.dsl.Conditions.noCondition;
import static dev.sluice.dsl.Conditions.not;
import static dev.sluice.dsl.Conditions.notExists;
import static dev.sluice.dsl.Conditions.or;
import static dev.sluice.dsl.Conditions.unsafeCondition;
import static dev.sluice.dsl.Dsl.from;
import static dev.sluice.dsl.Dsl.select;
import static dev.sluice.dsl.Dsl.selectFrom;
import static dev.sluice.dsl.Dsl.selectOne;
import static dev.sluice.dsl.Expressions.lower;
import static dev.sluice.dsl.Expressions.unsafeSql;
import static dev.sluice.dsl.Tables.cte;
import static dev.sluice.dsl.Windows.denseRank;
import static dev.sluice.dsl.Windows.orderedBy;
import static dev.sluice.dsl.Windows.partitionBy;
import static dev.sluice.dsl.Windows.rank;
import static dev.sluice.dsl.Windows.rowNumber;
import static dev.sluice.pagila.ActorTable.ACTOR;
import static dev.sluice.pagila.CustomerTable.CUSTOMER;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.InventoryTable.INVENTORY;
import static dev.sluice.pagila.JdbcRows.ids;
import static dev.sluice.pagila.JdbcRows.rows;
import static dev.sluice.pagila.JdbcRows.text;
import static dev.sluice.pagila.JdbcRows.texts;
import static dev.sluice.pagila.LanguageTable.LANGUAGE;
import static dev.sluice.pagila.RentalTable.RENTAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.dsl.Condition;
import dev.sluice.dsl.Cte;
import dev.sluice.dsl.Expression;
import dev.sluice.dsl.FetchStep;
import dev.sluice.dsl.From1Step;
import dev.sluice.dsl.From2Step;
import dev.sluice.dsl.SelectField;
import dev.sluice.dsl.SelectWhereStep;
import dev.sluice.dsl.Table;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * DSL queries on Pagila, each checked against the same query written in SQL through pgjdbc.
 * Read-only: the write statements are in {@link DslWriteTest}.
 */
class DslSelectTest extends PagilaSession {
  @Test
  void fluentSelectFromWithWhereOrderByAndLimit() throws SQLException {
    List<Film> films =
        db.selectFrom(FILM)
            .where(FILM.rating.eq(Rating.PG_13).and(FILM.length.gt((short) 100)))
            .orderBy(FILM.title.asc())
            .limit(10)
            .fetch();
    assertThat(ids(films))
        .hasSize(10)
        .isEqualTo(
            rows(
                jdbc,
                "SELECT film_id FROM film WHERE rating = 'PG-13' AND length > 100"
                    + " ORDER BY title LIMIT 10"));
    assertThat(films).allSatisfy(f -> assertThat(f.rating()).isEqualTo(Rating.PG_13));
    // Whole records, read through the generated decoder, equal what raw SQL reads.
    assertThat(films.get(0))
        .isEqualTo(
            db.query("SELECT * FROM film WHERE film_id = $1", Film.class, films.get(0).filmId())
                .get(0));
  }

  @Test
  void lambdaStyleGivesTheSameRows() {
    List<Film> fluent =
        db.selectFrom(FILM)
            .where(FILM.rating.eq(Rating.PG_13).and(FILM.length.gt((short) 100)))
            .orderBy(FILM.title.asc())
            .limit(10)
            .fetch();
    List<Film> lambdas =
        db.from(FILM)
            .where(f -> f.rating.eq(Rating.PG_13))
            .where(f -> f.length.gt((short) 100))
            .orderBy(f -> f.title.asc())
            .limit(10)
            .fetch();
    assertThat(lambdas).isEqualTo(fluent);
  }

  @Test
  void everyOperatorMatchesSql() throws SQLException {
    Map<String, Condition> cases = new LinkedHashMap<>();
    cases.put("rating <> 'G'", FILM.rating.ne(Rating.G));
    cases.put("length < 60", FILM.length.lt((short) 60));
    cases.put("rental_rate <= 0.99", FILM.rentalRate.le(new BigDecimal("0.99")));
    cases.put("replacement_cost >= 29.99", FILM.replacementCost.ge(new BigDecimal("29.99")));
    cases.put("release_year = 2006", FILM.releaseYear.eq(2006));
    cases.put("length BETWEEN 100 AND 110", FILM.length.between((short) 100, (short) 110));
    cases.put("film_id IN (1, 2, 3, 500)", FILM.filmId.in(1, 2, 3, 500));
    cases.put("film_id IN (-1)", FILM.filmId.in(List.of()));
    cases.put("rating IN ('G', 'NC-17')", FILM.rating.in(List.of(Rating.G, Rating.NC_17)));
    cases.put("film_id NOT IN (1, 2)", FILM.filmId.notIn(List.of(1, 2)));
    cases.put(
        "film_id IN (SELECT film_id FROM inventory WHERE store_id = 1)",
        FILM.filmId.in(select(INVENTORY.filmId).from(INVENTORY).where(INVENTORY.storeId.eq(1))));
    cases.put(
        "film_id NOT IN (SELECT film_id FROM inventory)",
        FILM.filmId.notIn(select(INVENTORY.filmId).from(INVENTORY)));
    cases.put("title LIKE 'A%'", FILM.title.like("A%"));
    cases.put("title ILIKE '%love%'", FILM.title.ilike("%love%"));
    cases.put("title NOT LIKE '%A%'", FILM.title.notLike("%A%"));
    cases.put("original_language_id IS NULL", FILM.originalLanguageId.isNull());
    cases.put("original_language_id IS NOT NULL", FILM.originalLanguageId.isNotNull());
    cases.put(
        "NOT ((rating = 'G' OR rating = 'PG') AND length > 150)",
        FILM.rating
            .eq(Rating.G)
            .or(FILM.rating.eq(Rating.PG))
            .and(FILM.length.gt((short) 150))
            .not());
    cases.put(
        "rating = 'R' OR (length > 180 AND rental_rate = 4.99)",
        or(
            FILM.rating.eq(Rating.R),
            FILM.length.gt((short) 180).and(FILM.rentalRate.eq(new BigDecimal("4.99")))));
    cases.put("NOT (length > 60)", not(FILM.length.gt((short) 60)));
    cases.put(
        "EXISTS (SELECT 1 FROM inventory i WHERE i.film_id = film.film_id AND i.store_id = 2)",
        exists(
            selectOne()
                .from(INVENTORY)
                .where(INVENTORY.filmId.eq(FILM.filmId), INVENTORY.storeId.eq(2))));
    cases.put(
        "NOT EXISTS (SELECT 1 FROM inventory i WHERE i.film_id = film.film_id)",
        notExists(selectOne().from(INVENTORY).where(INVENTORY.filmId.eq(FILM.filmId))));
    cases.put(
        "special_features @> ARRAY['Trailers', 'Commentaries']",
        FILM.specialFeatures.contains(List.of("Trailers", "Commentaries")));
    cases.put(
        "special_features && ARRAY['Deleted Scenes']",
        FILM.specialFeatures.overlaps(List.of("Deleted Scenes")));
    cases.put(
        "'Behind the Scenes' = ANY(special_features)",
        FILM.specialFeatures.any("Behind the Scenes"));
    cases.put(
        "fulltext @@ to_tsquery('drama & boat')",
        unsafeCondition("? @@ to_tsquery(?)", FILM.fulltext, "drama & boat"));
    cases.put("lower(title) = 'academy dinosaur'", lower(FILM.title).eq("academy dinosaur"));

    int nonEmpty = 0;
    for (Map.Entry<String, Condition> e : cases.entrySet()) {
      List<String> expected =
          rows(jdbc, "SELECT film_id FROM film WHERE " + e.getKey() + " ORDER BY film_id");
      List<Film> actual =
          db.selectFrom(FILM).where(e.getValue()).orderBy(FILM.filmId.asc()).fetch();
      assertThat(ids(actual)).as(e.getKey()).isEqualTo(expected);
      nonEmpty += expected.isEmpty() ? 0 : 1;
    }
    // Only the cases that match nothing in Pagila on purpose may be empty.
    assertThat(nonEmpty).isGreaterThanOrEqualTo(cases.size() - 3);
  }

  @Test
  void aConvertedColumnComparesThroughItsConverter() throws SQLException {
    Email email = new Email("MARY.SMITH", "sakilacustomer.org");
    Optional<Customer> mary = db.selectFrom(CUSTOMER).where(CUSTOMER.email.eq(email)).fetchOne();
    assertThat(mary).map(Customer::customerId).contains(1);
    assertThat(rows(jdbc, "SELECT customer_id FROM customer WHERE email = ?", email.toString()))
        .containsExactly("1");
  }

  @Test
  void scalarAndDistinctProjections() throws SQLException {
    List<String> titles =
        db.from(FILM)
            .select(FILM.title)
            .where(FILM.length.gt((short) 180))
            .orderBy(FILM.title.asc())
            .fetch();
    assertThat(titles)
        .isNotEmpty()
        .isEqualTo(rows(jdbc, "SELECT title FROM film WHERE length > 180 ORDER BY title"));

    List<Rating> ratings =
        db.from(FILM).selectDistinct(FILM.rating).orderBy(FILM.rating.asc()).fetch();
    assertThat(texts(ratings))
        .hasSize(5)
        .isEqualTo(rows(jdbc, "SELECT DISTINCT rating FROM film ORDER BY rating"));

    List<List<String>> features =
        db.from(FILM).select(f -> f.specialFeatures).where(FILM.filmId.eq(1)).fetch();
    assertThat(features).containsExactly(List.of("Deleted Scenes", "Behind the Scenes"));
  }

  @Test
  void groupByHavingIntoARowRecord() throws SQLException {
    List<TitleCount> top =
        db.from(FILM)
            .join(INVENTORY)
            .on((f, i) -> f.filmId.eq(i.filmId))
            .join(RENTAL)
            .on((f, i, r) -> i.inventoryId.eq(r.inventoryId))
            .select(TitleCount.class, FILM.title, count().as("rentals"))
            .groupBy(FILM.title)
            .having(count().gt(30L))
            .orderBy(count().desc(), FILM.title.asc())
            .fetch();
    List<String> actual = new ArrayList<>();
    for (TitleCount t : top) {
      actual.add(text(t.title(), t.rentals()));
    }
    assertThat(actual)
        .isNotEmpty()
        .isEqualTo(
            rows(
                jdbc,
                "SELECT f.title, count(*) FROM film f JOIN inventory i ON f.film_id = i.film_id"
                    + " JOIN rental r ON i.inventory_id = r.inventory_id GROUP BY f.title"
                    + " HAVING count(*) > 30 ORDER BY count(*) DESC, f.title"));
  }

  @Test
  void aggregates() throws SQLException {
    assertThat(text(db.from(FILM).select(count()).fetchOne().orElseThrow()))
        .isEqualTo(rows(jdbc, "SELECT count(*) FROM film").get(0));
    assertThat(text(db.from(FILM).select(sum(FILM.length)).fetchOne().orElseThrow()))
        .isEqualTo(rows(jdbc, "SELECT sum(length) FROM film").get(0));
    assertThat(text(db.from(FILM).select(avg(FILM.rentalRate)).fetchOne().orElseThrow()))
        .isEqualTo(rows(jdbc, "SELECT avg(rental_rate) FROM film").get(0));
    assertThat(db.from(FILM).select(min(FILM.title)).fetchOne())
        .contains(rows(jdbc, "SELECT min(title) FROM film").get(0));
    assertThat(text(db.from(FILM).select(max(FILM.length)).fetchOne().orElseThrow()))
        .isEqualTo(rows(jdbc, "SELECT max(length) FROM film").get(0));
    assertThat(text(db.from(FILM).select(countDistinct(FILM.rating)).fetchOne().orElseThrow()))
        .isEqualTo("5");
    List<String> perRating = new ArrayList<>();
    for (TitleCount t :
        db.from(FILM)
            .select(
                TitleCount.class,
                unsafeSql(String.class, "?::text", FILM.rating).as("title"),
                count(FILM.filmId).as("rentals"))
            .groupBy(FILM.rating)
            .orderBy(FILM.rating.asc())
            .fetch()) {
      perRating.add(text(t.title(), t.rentals()));
    }
    assertThat(perRating)
        .isEqualTo(
            rows(jdbc, "SELECT rating, count(film_id) FROM film GROUP BY rating ORDER BY rating"));
  }

  @Test
  void windowFunctions() throws SQLException {
    List<FilmRank> ranks =
        db.from(FILM)
            .select(
                FilmRank.class,
                FILM.filmId,
                rowNumber().over(orderedBy(FILM.filmId.asc())).as("position"),
                rank().over(partitionBy(FILM.rating).orderBy(FILM.length.desc())).as("length_rank"),
                sum(FILM.length)
                    .over(partitionBy(FILM.rating).orderBy(FILM.filmId.asc()))
                    .as("running_length"))
            .where(FILM.filmId.le(50))
            .orderBy(FILM.filmId.asc())
            .fetch();
    List<String> actual = new ArrayList<>();
    for (FilmRank r : ranks) {
      actual.add(text(r.filmId(), r.position(), r.lengthRank(), r.runningLength()));
    }
    assertThat(actual)
        .hasSize(50)
        .isEqualTo(
            rows(
                jdbc,
                "SELECT film_id, row_number() OVER (ORDER BY film_id),"
                    + " rank() OVER (PARTITION BY rating ORDER BY length DESC),"
                    + " sum(length) OVER (PARTITION BY rating ORDER BY film_id)"
                    + " FROM film WHERE film_id <= 50 ORDER BY film_id"));
    assertThat(
            text(
                db.from(FILM)
                    .select(denseRank().over(orderedBy(FILM.rating.asc())))
                    .orderBy(FILM.rating.desc())
                    .limit(1)
                    .fetchOne()
                    .orElseThrow()))
        .isEqualTo("5");
  }

  @Test
  void joinsInnerLeftRightFullUsingAndSelf() throws SQLException {
    List<TitleLanguage> using =
        db.from(FILM)
            .join(LANGUAGE)
            .using(FILM.languageId)
            .select(TitleLanguage.class, FILM.title, LANGUAGE.name.as("language"))
            .where(FILM.filmId.lt(4))
            .orderBy(FILM.filmId.asc())
            .fetch();
    assertThat(pairs(using))
        .hasSize(3)
        .isEqualTo(
            rows(
                jdbc,
                "SELECT title, name FROM film JOIN language USING (language_id)"
                    + " WHERE film_id < 4 ORDER BY film_id"));

    List<TitleLanguage> left =
        db.from(FILM)
            .leftJoin(LANGUAGE)
            .on((f, l) -> f.originalLanguageId.eq(l.languageId))
            .select(TitleLanguage.class, FILM.title, LANGUAGE.name.as("language"))
            .orderBy(FILM.title.asc())
            .limit(5)
            .fetch();
    assertThat(pairs(left))
        .isEqualTo(
            rows(
                jdbc,
                "SELECT title, name FROM film LEFT JOIN language"
                    + " ON film.original_language_id = language.language_id ORDER BY title LIMIT 5"));

    String joinedSql =
        " JOIN language ON film.language_id = language.language_id"
            + " ORDER BY name, title NULLS FIRST LIMIT 8 OFFSET 990";
    for (String kind : List.of("RIGHT", "FULL")) {
      var onLanguage =
          kind.equals("RIGHT")
              ? db.from(FILM).rightJoin(LANGUAGE)
              : db.from(FILM).fullJoin(LANGUAGE);
      List<TitleLanguage> outer =
          onLanguage
              .on((f, l) -> f.languageId.eq(l.languageId))
              .select(TitleLanguage.class, FILM.title, LANGUAGE.name.as("language"))
              .orderBy(LANGUAGE.name.asc(), FILM.title.asc().nullsFirst())
              .limit(8)
              .offset(990)
              .fetch();
      assertThat(pairs(outer))
          .as(kind)
          .isNotEmpty()
          .isEqualTo(rows(jdbc, "SELECT title, name FROM film " + kind + joinedSql));
    }

    FilmTable a = FILM.as("a");
    FilmTable b = FILM.as("b");
    List<Integer> sameLength =
        db.from(a)
            .join(b)
            .on((x, y) -> x.length.eq(y.length).and(x.filmId.ne(y.filmId)))
            .where((x, y) -> x.filmId.eq(1))
            .select(b.filmId)
            .orderBy(b.filmId.asc())
            .fetch();
    assertThat(texts(sameLength))
        .isNotEmpty()
        .isEqualTo(
            rows(
                jdbc,
                "SELECT b.film_id FROM film a JOIN film b ON a.length = b.length"
                    + " AND a.film_id <> b.film_id WHERE a.film_id = 1 ORDER BY b.film_id"));
  }

  @Test
  void orderByNullsAndPaging() throws SQLException {
    List<Film> page =
        db.selectFrom(FILM)
            .orderBy(FILM.length.desc().nullsLast(), FILM.filmId.asc())
            .limit(5)
            .offset(10)
            .fetch();
    assertThat(ids(page))
        .isEqualTo(
            rows(
                jdbc,
                "SELECT film_id FROM film ORDER BY length DESC NULLS LAST, film_id"
                    + " LIMIT 5 OFFSET 10"));
    List<Film> skip = db.selectFrom(FILM).orderBy(FILM.filmId.asc()).offset(998).fetch();
    assertThat(ids(skip)).containsExactly("999", "1000");
  }

  /** Optional filters: the same shape renders the same SQL, whatever the values. */
  @Test
  void dynamicConditionsKeepTheSqlStable() throws SQLException {
    FetchStep<Film> pg13Long = search(Rating.PG_13, (short) 150, null);
    FetchStep<Film> gLong = search(Rating.G, (short) 170, null);
    FetchStep<Film> titled = search(null, null, "B%");
    FetchStep<Film> everything = search(null, null, null);
    assertThat(pg13Long.toSql()).isEqualTo(gLong.toSql()).isNotEqualTo(titled.toSql());
    assertThat(pg13Long.bindValues()).containsExactly(Rating.PG_13, (short) 150);
    assertThat(everything.toSql()).doesNotContain("WHERE");
    assertThat(ids(pg13Long.fetch()))
        .isEqualTo(
            rows(
                jdbc,
                "SELECT film_id FROM film WHERE rating = 'PG-13' AND length > 150 ORDER BY film_id"));
    assertThat(ids(titled.fetch()))
        .isEqualTo(rows(jdbc, "SELECT film_id FROM film WHERE title LIKE 'B%' ORDER BY film_id"));
    assertThat(everything.fetch()).hasSize(1000);
  }

  private FetchStep<Film> search(Rating rating, Short longerThan, String titlePattern) {
    Condition c = noCondition();
    if (rating != null) {
      c = c.and(FILM.rating.eq(rating));
    }
    if (longerThan != null) {
      c = c.and(FILM.length.gt(longerThan));
    }
    if (titlePattern != null) {
      c = c.and(FILM.title.like(titlePattern));
    }
    return db.selectFrom(FILM).where(c).orderBy(FILM.filmId.asc());
  }

  @Test
  void inOfAnEmptyListMatchesNoRowAndNotInEveryRow() throws SQLException {
    assertThat(db.selectFrom(FILM).where(FILM.filmId.in(List.of())).fetch()).isEmpty();
    assertThat(db.from(FILM).select(FILM.title).where(FILM.title.in(List.of())).fetch()).isEmpty();
    assertThat(db.selectFrom(FILM).where(FILM.rating.in(List.of())).fetch()).isEmpty();
    assertThat(db.selectFrom(CUSTOMER).where(CUSTOMER.email.in(List.of())).fetch()).isEmpty();
    assertThat(db.from(FILM).select(count()).where(or()).fetchOne()).contains(0L);

    // NULLs included both ways: original_language_id is NULL in every Pagila film.
    long films = Long.parseLong(rows(jdbc, "SELECT count(*) FROM film").get(0));
    assertThat(rows(jdbc, "SELECT count(*) FROM film WHERE original_language_id IS NULL"))
        .containsExactly(String.valueOf(films));
    assertThat(
            db.from(FILM).select(count()).where(FILM.originalLanguageId.in(List.of())).fetchOne())
        .contains(0L);
    assertThat(
            db.from(FILM)
                .select(count())
                .where(FILM.originalLanguageId.notIn(List.of()))
                .fetchOne())
        .contains(films);
    assertThat(db.from(FILM).select(count()).where(FILM.rating.notIn(List.of())).fetchOne())
        .contains(films);
  }

  /** A step that changes what the rows are read into makes a new query. */
  @Test
  void aProjectionIsANewQueryAndTheStepBeforeItStillReadsRecords() throws SQLException {
    From1Step<FilmTable, Film> q = db.from(FILM).where(f -> f.filmId.le(3));
    SelectWhereStep<String> titles = q.select(FILM.title);
    SelectWhereStep<Rating> ratings = q.selectDistinct(FILM.rating);
    SelectWhereStep<Short> lengths = q.select(f -> f.length);

    List<Film> films = q.fetch();
    assertThat(films).hasSize(3);
    for (Object film : films) {
      assertThat(film).isInstanceOf(Film.class);
    }
    assertThat(ids(films)).containsExactlyInAnyOrder("1", "2", "3");
    List<String> t = titles.fetch();
    for (Object title : t) {
      assertThat(title).isInstanceOf(String.class);
    }
    assertThat(t)
        .containsExactlyInAnyOrderElementsOf(
            rows(jdbc, "SELECT title FROM film WHERE film_id <= 3"));
    assertThat(texts(ratings.fetch()))
        .containsExactlyInAnyOrderElementsOf(
            rows(jdbc, "SELECT DISTINCT rating FROM film WHERE film_id <= 3"));
    assertThat(texts(lengths.fetch()))
        .containsExactlyInAnyOrderElementsOf(
            rows(jdbc, "SELECT length FROM film WHERE film_id <= 3"));

    // What is added to either afterwards stays its own.
    q.where(f -> f.filmId.eq(1));
    titles.where(FILM.filmId.eq(2));
    assertThat(ids(q.fetch())).containsExactly("1");
    assertThat(titles.fetch())
        .containsExactlyElementsOf(rows(jdbc, "SELECT title FROM film WHERE film_id = 2"));
    assertThat(lengths.fetch()).hasSize(3);

    // After a join too, into a @Row record.
    From2Step<FilmTable, LanguageTable, Film> joined =
        db.from(FILM)
            .join(LANGUAGE)
            .on((f, l) -> f.languageId.eq(l.languageId))
            .where((f, l) -> f.filmId.le(2));
    SelectWhereStep<TitleLanguage> named =
        joined.select(TitleLanguage.class, FILM.title, LANGUAGE.name.as("language"));
    List<Film> joinedFilms = joined.fetch();
    assertThat(joinedFilms).hasSize(2);
    for (Object film : joinedFilms) {
      assertThat(film).isInstanceOf(Film.class);
    }
    List<TitleLanguage> pairs = named.fetch();
    assertThat(pairs).hasSize(2);
    for (Object pair : pairs) {
      assertThat(pair).isInstanceOf(TitleLanguage.class);
    }
    assertThat(pairs).extracting(p -> p.language().trim()).containsOnly("English");
  }

  @Test
  void inATransaction() {
    Optional<Film> one =
        db.transaction(tx -> tx.selectFrom(FILM).where(FILM.filmId.eq(1)).fetchOne());
    assertThat(one).map(Film::title).contains("ACADEMY DINOSAUR");
  }

  @Test
  void renderTimeErrorsNameTheColumn() {
    assertThatThrownBy(() -> db.selectFrom(FILM).where(LANGUAGE.name.eq("English")).fetch())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("column language.name belongs to table language")
        .hasMessageContaining("not in the query (its tables: film)");
    FilmTable f = FILM.as("f");
    assertThatThrownBy(() -> db.from(f).where(FILM.filmId.eq(1)).fetch())
        .hasMessageContaining("column film.film_id");
    assertThatThrownBy(() -> db.from(FILM).join(FILM).on(FILM.filmId.eq(FILM.filmId)).toSql())
        .hasMessageContaining("appears twice");
    assertThatThrownBy(() -> FILM.title.eq((String) null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("film.title")
        .hasMessageContaining("isNull()");
  }

  @Test
  void aCteOfATableReadsThroughItsTypedColumnsInBothStyles() throws SQLException {
    Cte<FilmTable> lf =
        cte("long_films", FILM, selectFrom(FILM).where(FILM.length.gt((short) 150)));
    FilmTable longFilms = lf.table();
    List<Film> fluent =
        db.with(lf)
            .selectFrom(longFilms)
            .where(longFilms.rating.eq(Rating.PG_13))
            .orderBy(longFilms.title.asc())
            .fetch();
    assertThat(ids(fluent))
        .isNotEmpty()
        .isEqualTo(
            rows(
                jdbc,
                "WITH long_films AS (SELECT * FROM film WHERE length > 150)"
                    + " SELECT film_id FROM long_films WHERE rating = 'PG-13' ORDER BY title"));
    assertThat(fluent.get(0))
        .isEqualTo(
            db.selectFrom(FILM)
                .where(FILM.filmId.eq(fluent.get(0).filmId()))
                .fetchOne()
                .orElseThrow());

    Cte<FilmTable> sameCte = cte("long_films", from(FILM).where(f -> f.length.gt((short) 150)));
    List<Film> lambdas =
        db.with(sameCte)
            .from(sameCte.table())
            .where(f -> f.rating.eq(Rating.PG_13))
            .orderBy(f -> f.title.asc())
            .fetch();
    assertThat(lambdas).isEqualTo(fluent);

    // Joined with a table, and read in a subquery of the main query.
    List<TitleLanguage> joined =
        db.with(lf)
            .from(longFilms)
            .join(LANGUAGE)
            .on((f, l) -> f.languageId.eq(l.languageId))
            .select(TitleLanguage.class, longFilms.title, LANGUAGE.name.as("language"))
            .where(longFilms.title.like("S%"))
            .orderBy(longFilms.title.asc())
            .fetch();
    assertThat(pairs(joined))
        .isNotEmpty()
        .isEqualTo(
            rows(
                jdbc,
                "WITH long_films AS (SELECT * FROM film WHERE length > 150)"
                    + " SELECT f.title, l.name FROM long_films f JOIN language l USING (language_id)"
                    + " WHERE f.title LIKE 'S%' ORDER BY f.title"));
    List<Film> shortG =
        db.with(lf)
            .selectFrom(FILM)
            .where(
                FILM.rating.eq(Rating.G),
                FILM.filmId.notIn(select(longFilms.filmId).from(longFilms)))
            .orderBy(FILM.filmId.asc())
            .fetch();
    assertThat(ids(shortG))
        .isNotEmpty()
        .isEqualTo(
            rows(
                jdbc,
                "WITH long_films AS (SELECT * FROM film WHERE length > 150)"
                    + " SELECT film_id FROM film WHERE rating = 'G'"
                    + " AND film_id NOT IN (SELECT film_id FROM long_films) ORDER BY film_id"));
  }

  @Test
  void ctesOfProjectionsChainedWithParametersInEach() throws SQLException {
    SelectField<Long> rentals = count().as("rentals");
    Cte<Table<TitleCount>> counts =
        cte(
            "counts",
            select(TitleCount.class, FILM.title, rentals)
                .from(FILM)
                .join(INVENTORY)
                .using(FILM.filmId)
                .join(RENTAL)
                .using(INVENTORY.inventoryId)
                .where(FILM.rating.eq(Rating.PG_13))
                .groupBy(FILM.title));
    Expression<Long> n = counts.field(rentals);
    Cte<Table<TitleCount>> top =
        cte(
            "top",
            select(TitleCount.class, counts.field(FILM.title), n)
                .from(counts.table())
                .where(n.gt(25L)));
    FetchStep<TitleCount> q =
        db.with(counts, top)
            .selectFrom(top.table())
            .orderBy(top.field(n).desc(), top.field("title", String.class).asc())
            .limit(10);
    assertThat(q.bindValues()).containsExactly(Rating.PG_13, 25L, 10L);
    List<String> actual = new ArrayList<>();
    for (TitleCount t : q.fetch()) {
      actual.add(text(t.title(), t.rentals()));
    }
    assertThat(actual)
        .hasSize(10)
        .isEqualTo(
            rows(
                jdbc,
                "WITH counts AS (SELECT f.title, count(*) AS rentals FROM film f"
                    + " JOIN inventory USING (film_id) JOIN rental USING (inventory_id)"
                    + " WHERE f.rating = 'PG-13' GROUP BY f.title),"
                    + " top AS (SELECT title, rentals FROM counts WHERE rentals > 25)"
                    + " SELECT title, rentals FROM top ORDER BY rentals DESC, title LIMIT 10"));

    // A scalar read from a CTE, and the fluent select on a Database.
    assertThat(
            db.with(counts)
                .select(max(counts.field(rentals)))
                .from(counts.table())
                .fetchOne()
                .map(String::valueOf))
        .contains(
            rows(
                    jdbc,
                    "SELECT max(c) FROM (SELECT count(*) c FROM film JOIN inventory USING (film_id)"
                        + " JOIN rental USING (inventory_id) WHERE rating = 'PG-13' GROUP BY title) x")
                .get(0));
    assertThat(db.select(FILM.title).from(FILM).where(FILM.filmId.eq(1)).fetch())
        .containsExactly("ACADEMY DINOSAUR");
  }

  @Test
  void unionAllOfWholeRecordsOrderedAndLimitedAsAWhole() throws SQLException {
    FetchStep<Film> q =
        db.selectFrom(FILM)
            .where(FILM.rating.eq(Rating.G))
            .unionAll(selectFrom(FILM).where(FILM.length.gt((short) 180)))
            .orderBy(FILM.title.asc(), FILM.filmId.asc())
            .limit(25);
    assertThat(q.bindValues()).containsExactly(Rating.G, (short) 180, 25L);
    assertThat(ids(q.fetch()))
        .hasSize(25)
        .isEqualTo(
            rows(
                jdbc,
                "SELECT film_id FROM (SELECT film_id, title FROM film WHERE rating = 'G'"
                    + " UNION ALL SELECT film_id, title FROM film WHERE length > 180) u"
                    + " ORDER BY title, film_id LIMIT 25"));
  }

  @Test
  void intersectAndExceptOfScalarsAsAStatementAndAsASubquery() throws SQLException {
    List<Integer> inBoth =
        db.select(FILM.filmId)
            .from(FILM)
            .where(FILM.rating.eq(Rating.PG_13))
            .intersect(select(INVENTORY.filmId).from(INVENTORY).where(INVENTORY.storeId.eq(2)))
            .orderBy(FILM.filmId.desc())
            .fetch();
    assertThat(texts(inBoth))
        .isNotEmpty()
        .isEqualTo(
            rows(
                jdbc,
                "SELECT film_id FROM film WHERE rating = 'PG-13'"
                    + " INTERSECT SELECT film_id FROM inventory WHERE store_id = 2"
                    + " ORDER BY film_id DESC"));

    // Films stocked in store 1 but not in store 2, as an IN subquery: parameters numbered on.
    List<Film> onlyInOne =
        db.selectFrom(FILM)
            .where(
                FILM.filmId.in(
                    select(INVENTORY.filmId)
                        .from(INVENTORY)
                        .where(INVENTORY.storeId.eq(1))
                        .except(
                            select(INVENTORY.filmId)
                                .from(INVENTORY)
                                .where(INVENTORY.storeId.eq(2)))),
                FILM.length.lt((short) 100))
            .orderBy(FILM.filmId.asc())
            .fetch();
    assertThat(ids(onlyInOne))
        .isNotEmpty()
        .isEqualTo(
            rows(
                jdbc,
                "SELECT film_id FROM film WHERE film_id IN (SELECT film_id FROM inventory"
                    + " WHERE store_id = 1 EXCEPT SELECT film_id FROM inventory WHERE store_id = 2)"
                    + " AND length < 100 ORDER BY film_id"));
  }

  @Test
  void chainedSetOperationsWithLimitedOperandsAndProjections() throws SQLException {
    // The three longest PG films' titles, and the last names of actors called PENELOPE.
    List<String> names =
        db.select(FILM.title)
            .from(FILM)
            .where(FILM.rating.eq(Rating.PG))
            .orderBy(FILM.length.desc(), FILM.title.asc())
            .limit(3)
            .union(select(ACTOR.lastName).from(ACTOR).where(ACTOR.firstName.eq("PENELOPE")))
            .except(select(ACTOR.lastName).from(ACTOR).where(ACTOR.lastName.like("C%")))
            .orderBy(FILM.title.asc())
            .fetch();
    assertThat(names)
        .isNotEmpty()
        .isEqualTo(
            rows(
                jdbc,
                "(SELECT title FROM film WHERE rating = 'PG' ORDER BY length DESC, title LIMIT 3)"
                    + " UNION SELECT last_name FROM actor WHERE first_name = 'PENELOPE'"
                    + " EXCEPT SELECT last_name FROM actor WHERE last_name LIKE 'C%' ORDER BY 1"));

    // Records of a projection: the rentals of two ratings' top titles, in one list.
    List<TitleCount> top =
        db.select(TitleCount.class, FILM.title, count().as("rentals"))
            .from(FILM)
            .join(INVENTORY)
            .using(FILM.filmId)
            .join(RENTAL)
            .using(INVENTORY.inventoryId)
            .where(FILM.rating.eq(Rating.G))
            .groupBy(FILM.title)
            .having(count().gt(30L))
            .unionAll(
                select(TitleCount.class, FILM.title, count().as("rentals"))
                    .from(FILM)
                    .join(INVENTORY)
                    .using(FILM.filmId)
                    .join(RENTAL)
                    .using(INVENTORY.inventoryId)
                    .where(FILM.rating.eq(Rating.R))
                    .groupBy(FILM.title)
                    .having(count().gt(30L)))
            .orderBy(FILM.title.asc())
            .fetch();
    List<String> actual = new ArrayList<>();
    for (TitleCount t : top) {
      actual.add(text(t.title(), t.rentals()));
    }
    String perRating =
        "SELECT title, count(*) FROM film JOIN inventory USING (film_id)"
            + " JOIN rental USING (inventory_id) WHERE rating = ? GROUP BY title"
            + " HAVING count(*) > 30";
    assertThat(actual)
        .isNotEmpty()
        .isEqualTo(
            rows(
                jdbc,
                perRating.replace("?", "'G'")
                    + " UNION ALL "
                    + perRating.replace("?", "'R'")
                    + " ORDER BY title"));
  }

  @Test
  void aCteOfAUnion() throws SQLException {
    Cte<FilmTable> picked =
        cte(
            "picked",
            FILM,
            selectFrom(FILM)
                .where(FILM.length.lt((short) 50))
                .union(selectFrom(FILM).where(FILM.rating.eq(Rating.NC_17))));
    FilmTable p = picked.table();
    List<Film> films =
        db.with(picked)
            .selectFrom(p)
            .where(p.rentalDuration.eq((short) 3))
            .orderBy(p.filmId.asc())
            .fetch();
    assertThat(ids(films))
        .isNotEmpty()
        .isEqualTo(
            rows(
                jdbc,
                "WITH picked AS (SELECT * FROM film WHERE length < 50"
                    + " UNION SELECT * FROM film WHERE rating = 'NC-17')"
                    + " SELECT film_id FROM picked WHERE rental_duration = 3 ORDER BY film_id"));
  }

  private static List<String> pairs(List<TitleLanguage> rows) {
    List<String> out = new ArrayList<>();
    for (TitleLanguage t : rows) {
      out.add(text(t.title(), t.language()));
    }
    return out;
  }
}
