package dev.sluice.pagila;

import static dev.sluice.dsl.Aggregates.count;
import static dev.sluice.dsl.Conditions.and;
import static dev.sluice.dsl.Conditions.exists;
import static dev.sluice.dsl.Conditions.noCondition;
import static dev.sluice.dsl.Conditions.not;
import static dev.sluice.dsl.Conditions.or;
import static dev.sluice.dsl.Conditions.unsafeCondition;
import static dev.sluice.dsl.Dsl.deleteFrom;
import static dev.sluice.dsl.Dsl.from;
import static dev.sluice.dsl.Dsl.insertInto;
import static dev.sluice.dsl.Dsl.select;
import static dev.sluice.dsl.Dsl.selectFrom;
import static dev.sluice.dsl.Dsl.selectOne;
import static dev.sluice.dsl.Dsl.update;
import static dev.sluice.dsl.Dsl.with;
import static dev.sluice.dsl.Expressions.unsafeSql;
import static dev.sluice.dsl.Expressions.value;
import static dev.sluice.dsl.Tables.cte;
import static dev.sluice.dsl.Tables.recursiveCte;
import static dev.sluice.dsl.Tables.recursiveCteDistinct;
import static dev.sluice.pagila.ActorTable.ACTOR;
import static dev.sluice.pagila.CategoryTreeTable.CATEGORY_TREE;
import static dev.sluice.pagila.FilmActorTable.FILM_ACTOR;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.InventoryTable.INVENTORY;
import static dev.sluice.pagila.LanguageTable.LANGUAGE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.dsl.Condition;
import dev.sluice.dsl.Cte;
import dev.sluice.dsl.DeleteWhereStep;
import dev.sluice.dsl.Expression;
import dev.sluice.dsl.FetchStep;
import dev.sluice.dsl.SelectField;
import dev.sluice.dsl.Table;
import dev.sluice.dsl.UpdateWhereStep;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Snapshots of the SQL the DSL renders (detached statements: no server needed). */
class DslSqlTest {
  private static final String FILM_COLUMNS =
      "film.film_id, film.title, film.description, film.release_year, film.language_id,"
          + " film.original_language_id, film.rental_duration, film.rental_rate, film.length,"
          + " film.replacement_cost, film.rating, film.last_update, film.special_features,"
          + " film.fulltext";

  @Test
  void selectWithWhereOrderByLimit() {
    FetchStep<Film> q =
        selectFrom(FILM)
            .where(FILM.rating.eq(Rating.PG_13).and(FILM.length.gt((short) 100)))
            .orderBy(FILM.title.asc())
            .limit(10);
    assertThat(q.toSql())
        .isEqualTo(
            "SELECT "
                + FILM_COLUMNS
                + " FROM film WHERE film.rating = $1 AND film.length > $2"
                + " ORDER BY film.title LIMIT $3");
    assertThat(q.bindValues()).containsExactly(Rating.PG_13, (short) 100, 10L);
  }

  @Test
  void joinsWithAliasesGroupByAndSubqueries() {
    FilmTable f = FILM.as("f");
    String sql =
        from(f)
            .join(FILM_ACTOR)
            .on((x, fa) -> x.filmId.eq(fa.filmId))
            .join(ACTOR)
            .using(ACTOR.actorId)
            .where(
                (x, fa, a) ->
                    a.lastName
                        .ilike("%son")
                        .and(x.filmId.in(List.of(1, 2, 3)))
                        .or(x.title.isNull()))
            .select(TitleCount.class, f.title, count().as("rentals"))
            .where(exists(selectOne().from(INVENTORY).where(INVENTORY.filmId.eq(f.filmId))))
            .groupBy(f.title)
            .having(count().ge(2L))
            .orderBy(f.title.desc().nullsLast())
            .toSql();
    assertThat(sql)
        .isEqualTo(
            "SELECT f.title, count(*) AS rentals FROM film AS f"
                + " JOIN film_actor ON f.film_id = film_actor.film_id"
                + " JOIN public.actor USING (actor_id)"
                + " WHERE ((actor.last_name ILIKE $1 AND f.film_id = ANY($2)) OR f.title IS NULL)"
                + " AND EXISTS (SELECT $3 FROM inventory WHERE inventory.film_id = f.film_id)"
                + " GROUP BY f.title HAVING count(*) >= $4 ORDER BY f.title DESC NULLS LAST");
  }

  @Test
  void identifiersAreQuotedOnlyWhenNeeded() {
    assertThat(from(FILM.as("Order")).where(f -> f.filmId.eq(1)).select(f -> f.title).toSql())
        .isEqualTo("SELECT \"Order\".title FROM film AS \"Order\" WHERE \"Order\".film_id = $1");
    assertThat(from(FILM.as("select")).select(f -> f.title).toSql())
        .isEqualTo("SELECT \"select\".title FROM film AS \"select\"");
    assertThat(from(FILM.as("a\"b")).select(f -> f.title).toSql())
        .isEqualTo("SELECT \"a\"\"b\".title FROM film AS \"a\"\"b\"");
    // selectFrom writes the table's select list, made once per table object: each alias its own.
    assertThat(selectFrom(FILM.as("Order")).toSql())
        .isEqualTo(
            "SELECT " + FILM_COLUMNS.replace("film.", "\"Order\".") + " FROM film AS \"Order\"");
    assertThat(selectFrom(FILM).toSql()).isEqualTo("SELECT " + FILM_COLUMNS + " FROM film");
  }

  @Test
  void insertUpsertUpdateDelete() {
    Film film =
        new Film(
            0,
            "T",
            null,
            null,
            1,
            null,
            (short) 3,
            BigDecimal.ONE,
            null,
            BigDecimal.TEN,
            null,
            Instant.EPOCH,
            null,
            "");
    assertThat(insertInto(FILM).values(film).returning(FILM.filmId).toSql())
        .isEqualTo(
            "INSERT INTO film (title, description, release_year, language_id,"
                + " original_language_id, rental_duration, rental_rate, length, replacement_cost,"
                + " rating, last_update, special_features, fulltext)"
                + " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
                + " RETURNING film.film_id");
    assertThat(
            insertInto(FILM_ACTOR)
                .values(new FilmActor(1, 2, Instant.EPOCH))
                .onConflict(FILM_ACTOR.actorId, FILM_ACTOR.filmId)
                .doUpdateSetAll()
                .toSql())
        .isEqualTo(
            "INSERT INTO film_actor (actor_id, film_id, last_update) VALUES ($1, $2, $3)"
                + " ON CONFLICT (actor_id, film_id) DO UPDATE SET last_update = excluded.last_update");
    assertThat(
            update(FILM)
                .set(FILM.title, "x")
                .set(FILM.length, FILM.rentalDuration)
                .where(f -> f.filmId.eq(7))
                .returning(FILM.title)
                .toSql())
        .isEqualTo(
            "UPDATE film SET title = $1, length = film.rental_duration WHERE film.film_id = $2"
                + " RETURNING film.title");
    assertThat(deleteFrom(FILM).where(FILM.specialFeatures.any("Trailers")).toSql())
        .isEqualTo("DELETE FROM film WHERE $1 = ANY(film.special_features)");
    assertThat(deleteFrom(FILM).allRows().toSql()).isEqualTo("DELETE FROM film");
  }

  @Test
  void anEmptyWhereOfAnUpdateOrDeleteFailsNamingTheStatement() {
    Condition none = noCondition();
    assertThatThrownBy(() -> deleteFrom(FILM).where(none).toSql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "DELETE FROM film: the WHERE condition is empty (noCondition() with nothing added);"
                + " call allRows() to mean every row");
    assertThatThrownBy(
            () ->
                update(FILM)
                    .set(FILM.title, "x")
                    .where(f -> noCondition())
                    .returning(FILM.filmId)
                    .toSql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "UPDATE film: the WHERE condition is empty (noCondition() with nothing added);"
                + " call allRows() to mean every row");
    // Whatever it is combined into, nothing added is still nothing.
    for (Condition empty : List.of(and(), and(none, none), none.and(none), not(none))) {
      assertThatThrownBy(() -> deleteFrom(ACTOR).where(empty).toSql())
          .as(empty.toString())
          .hasMessageStartingWith("DELETE FROM public.actor: the WHERE condition is empty");
    }

    // allRows() is the word for every row; it is not a condition and does not mix with where(…).
    assertThat(deleteFrom(FILM).allRows().toSql()).isEqualTo("DELETE FROM film");
    assertThat(update(FILM).set(FILM.length, (short) 1).allRows().toSql())
        .isEqualTo("UPDATE film SET length = $1");
    DeleteWhereStep<FilmTable, Film> delete = deleteFrom(FILM);
    delete.where(FILM.filmId.eq(1));
    assertThatThrownBy(delete::allRows)
        .hasMessage("DELETE FROM film: both where(…) and allRows() were called; say one of them");
    // A second where(…) is ANDed to the first, as in a SELECT: it never widens it.
    assertThat(delete.where(FILM.length.gt((short) 100)).toSql())
        .isEqualTo("DELETE FROM film WHERE film.film_id = $1 AND film.length > $2");
    DeleteWhereStep<FilmTable, Film> everything = deleteFrom(FILM);
    everything.allRows();
    assertThatThrownBy(() -> everything.where(FILM.filmId.eq(1)))
        .hasMessage("DELETE FROM film: both where(…) and allRows() were called; say one of them");
  }

  @Test
  void anUpdateWithoutSetFailsInsteadOfRenderingBrokenSql() {
    // The types lead through set(…) first; a cast past that step must not render "SET  WHERE".
    UpdateWhereStep<FilmTable, Film> noSet = (UpdateWhereStep<FilmTable, Film>) update(FILM);
    assertThatThrownBy(() -> noSet.where(FILM.filmId.eq(1)).toSql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("UPDATE film: no SET clause; call set(…) or setNull(…) before where(…)");
  }

  @Test
  void orOfNothingIsFalseAndNoConditionIsDroppedFromAndAndOr() {
    Condition pg = FILM.rating.eq(Rating.PG);
    String titles = "SELECT film.title FROM film";
    assertThat(select(FILM.title).from(FILM).where(or()).toSql())
        .isEqualTo(titles + " WHERE FALSE");
    assertThat(select(FILM.title).from(FILM).where(or(noCondition(), noCondition())).toSql())
        .isEqualTo(titles + " WHERE FALSE");
    assertThat(select(FILM.title).from(FILM).where(noCondition().or(noCondition())).toSql())
        .isEqualTo(titles + " WHERE FALSE");
    // noCondition() is not TRUE: OR-ed with a condition it is that condition, not every row.
    assertThat(select(FILM.title).from(FILM).where(noCondition().or(pg)).toSql())
        .isEqualTo(titles + " WHERE film.rating = $1");
    assertThat(select(FILM.title).from(FILM).where(or(noCondition(), pg, noCondition())).toSql())
        .isEqualTo(titles + " WHERE film.rating = $1");
    assertThat(select(FILM.title).from(FILM).where(pg.and(or())).toSql())
        .isEqualTo(titles + " WHERE film.rating = $1 AND FALSE");
    // An AND of nothing is no condition, which a SELECT leaves out (WHERE and HAVING) ...
    assertThat(select(FILM.title).from(FILM).where(and()).toSql()).isEqualTo(titles);
    assertThat(
            select(FILM.title)
                .from(FILM)
                .where(and(noCondition(), noCondition()))
                .groupBy(FILM.title)
                .having(noCondition())
                .toSql())
        .isEqualTo(titles + " GROUP BY film.title");
    // ... and an OR of nothing, in a DELETE, deletes nothing.
    assertThat(deleteFrom(FILM).where(or()).toSql()).isEqualTo("DELETE FROM film WHERE FALSE");
  }

  @Test
  void noConditionHasNoSqlInAJoinOrAnUnsafeFragment() {
    assertThatThrownBy(() -> selectFrom(FILM).join(LANGUAGE).on(noCondition()).toSql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "JOIN language ON: the condition is empty (noCondition() with nothing added);"
                + " give the join a condition, or crossJoin(language) for every pair of rows");
    assertThatThrownBy(
            () -> from(FILM).leftJoin(LANGUAGE).on((f, l) -> noCondition()).selectAll().toSql())
        .hasMessageStartingWith("LEFT JOIN language ON: the condition is empty");
    assertThatThrownBy(
            () ->
                deleteFrom(FILM)
                    .where(unsafeCondition("? OR film.film_id = ?", noCondition(), 1))
                    .toSql())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "unsafeSql \"? OR film.film_id = ?\": argument 1 is noCondition(), which has no SQL"
                + " of its own (TRUE would widen the statement); pass a condition, or leave the"
                + " fragment out");
    assertThat(noCondition().toString()).isEqualTo("noCondition()");
    // An OR of nothing is a condition like any other: ON FALSE joins no row.
    assertThat(select(FILM.title).from(FILM).leftJoin(LANGUAGE).on(or()).toSql())
        .isEqualTo("SELECT film.title FROM film LEFT JOIN language ON FALSE");
  }

  @Test
  void inAndNotInOfAnEmptyListBindAnEmptyArray() {
    FetchStep<String> none = select(FILM.title).from(FILM).where(FILM.filmId.in(List.of()));
    assertThat(none.toSql()).isEqualTo("SELECT film.title FROM film WHERE film.film_id = ANY($1)");
    assertThat(none.bindValues()).containsExactly(List.of());
    // The same text as for any number of values: one prepared statement for every size.
    assertThat(select(FILM.title).from(FILM).where(FILM.filmId.in()).toSql())
        .isEqualTo(select(FILM.title).from(FILM).where(FILM.filmId.in(1, 2)).toSql())
        .isEqualTo(none.toSql());
    FetchStep<String> all = select(FILM.title).from(FILM).where(FILM.filmId.notIn(List.of()));
    assertThat(all.toSql()).isEqualTo("SELECT film.title FROM film WHERE film.film_id <> ALL($1)");
    assertThat(all.bindValues()).containsExactly(List.of());
    assertThat(deleteFrom(FILM).where(FILM.filmId.in(List.of())).toSql())
        .isEqualTo("DELETE FROM film WHERE film.film_id = ANY($1)");
  }

  @Test
  void aColumnOfAnotherTableFailsAtRenderTime() {
    assertThatThrownBy(() -> update(FILM).set(FILM.title, "x").where(ACTOR.actorId.eq(1)).toSql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("column actor.actor_id belongs to table public.actor")
        .hasMessageContaining("(its tables: film)");
    assertThatThrownBy(() -> update(FILM).set(FILM.as("f").title, "x"))
        .hasMessageContaining("f.title: the column is not of the updated table film");
  }

  @Test
  void withCtesGoFirstAndParametersAreNumberedAcrossThem() {
    Cte<FilmTable> lf = cte("long_films", from(FILM).where(f -> f.length.gt((short) 150)));
    FetchStep<String> q =
        with(lf)
            .from(lf.table())
            .where(f -> f.rating.eq(Rating.PG_13))
            .select(f -> f.title)
            .orderBy(lf.table().title.asc())
            .limit(5);
    assertThat(q.toSql())
        .isEqualTo(
            "WITH long_films AS (SELECT "
                + FILM_COLUMNS
                + " FROM film WHERE film.length > $1)"
                + " SELECT long_films.title FROM long_films WHERE long_films.rating = $2"
                + " ORDER BY long_films.title LIMIT $3");
    assertThat(q.bindValues()).containsExactly((short) 150, Rating.PG_13, 5L);

    // Aliases of a CTE's table keep reading the CTE: a self-join.
    FilmTable a = lf.table().as("a");
    FilmTable b = lf.table().as("b");
    assertThat(
            with(lf)
                .select(b.filmId)
                .from(a)
                .join(b)
                .on(a.length.eq(b.length))
                .where(a.filmId.eq(1))
                .toSql())
        .endsWith(
            ") SELECT b.film_id FROM long_films AS a JOIN long_films AS b ON a.length = b.length"
                + " WHERE a.film_id = $2");
  }

  @Test
  void aCteOfAProjectionExposesItsItemsByName() {
    SelectField<Long> rentals = count().as("rentals");
    Cte<Table<TitleCount>> counts =
        cte(
            "counts",
            select(TitleCount.class, FILM.title, rentals)
                .from(FILM)
                .join(INVENTORY)
                .using(FILM.filmId)
                .where(FILM.rating.eq(Rating.G))
                .groupBy(FILM.title));
    Expression<Long> n = counts.field(rentals);
    Cte<Table<TitleCount>> top =
        cte(
            "Top",
            select(TitleCount.class, counts.field(FILM.title), n)
                .from(counts.table())
                .where(n.gt(3L)));
    FetchStep<TitleCount> q =
        with(counts).with(top).selectFrom(top.table()).orderBy(top.field(n).desc()).limit(3);
    assertThat(q.toSql())
        .isEqualTo(
            "WITH counts AS (SELECT film.title, count(*) AS rentals FROM film"
                + " JOIN inventory USING (film_id) WHERE film.rating = $1 GROUP BY film.title),"
                + " \"Top\" AS (SELECT counts.title, counts.rentals FROM counts"
                + " WHERE counts.rentals > $2)"
                + " SELECT \"Top\".title, \"Top\".rentals FROM \"Top\""
                + " ORDER BY \"Top\".rentals DESC LIMIT $3");
    assertThat(q.bindValues()).containsExactly(Rating.G, 3L, 3L);
    assertThat(top.field("title", String.class)).isSameAs(top.field(counts.field(FILM.title)));
  }

  @Test
  void cteMistakesFailNamingTheColumn() {
    Cte<FilmTable> lf =
        cte("long_films", FILM, selectFrom(FILM).where(FILM.length.gt((short) 150)));
    assertThatThrownBy(
            () -> with(lf).selectFrom(lf.table()).where(FILM.length.gt((short) 1)).toSql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("column film.length belongs to table film")
        .hasMessageContaining("(its tables: long_films)");
    assertThatThrownBy(() -> with(lf, lf).selectFrom(lf.table()).toSql())
        .hasMessageContaining("two CTEs named \"long_films\"");

    Cte<Table<String>> titles = cte("titles", select(FILM.title).from(FILM));
    assertThat(titles.field(FILM.as("f").title).toString()).isEqualTo("titles.title");
    assertThatThrownBy(() -> titles.field(ACTOR.lastName))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("CTE titles has no column for actor.last_name (its columns: title)");
    assertThatThrownBy(() -> titles.field("name", String.class))
        .hasMessage("CTE titles has no column name (its columns: title)");
    assertThatThrownBy(() -> titles.field("title", Integer.class))
        .hasMessage("CTE column titles.title is a java.lang.String, not a java.lang.Integer");
    assertThatThrownBy(() -> cte("n", select(count()).from(FILM)))
        .hasMessageContaining("select list item count(*) has no name")
        .hasMessageContaining("as(\"name\")");
    // A String select does not compile as FILM's rows; a Film projection lacking columns fails.
    assertThatThrownBy(() -> cte("t", FILM, select(Film.class, FILM.title).from(FILM)))
        .hasMessage(
            "CTE t cannot read as film: its select list has no column film_id (it gives title)");
  }

  @Test
  void setOperationsParenthesizeWhatPostgresqlNeedsAndNumberParametersAcrossOperands() {
    FetchStep<String> q =
        select(FILM.title)
            .from(FILM)
            .where(FILM.length.gt((short) 180))
            .union(select(ACTOR.lastName).from(ACTOR).where(ACTOR.firstName.eq("ED")))
            .intersect(
                select(ACTOR.firstName)
                    .from(ACTOR)
                    .orderBy(ACTOR.firstName.asc())
                    .limit(5)
                    .unionAll(select(FILM.title).from(FILM).where(FILM.filmId.lt(3))))
            .except(select(ACTOR.lastName).from(ACTOR).where(ACTOR.lastName.like("Z%")))
            .orderBy(FILM.title.desc())
            .limit(10)
            .offset(20);
    assertThat(q.toSql())
        .isEqualTo(
            "(SELECT film.title FROM film WHERE film.length > $1"
                + " UNION SELECT actor.last_name FROM public.actor WHERE actor.first_name = $2)"
                + " INTERSECT ((SELECT actor.first_name FROM public.actor"
                + " ORDER BY actor.first_name LIMIT $3)"
                + " UNION ALL SELECT film.title FROM film WHERE film.film_id < $4)"
                + " EXCEPT SELECT actor.last_name FROM public.actor"
                + " WHERE actor.last_name LIKE $5"
                + " ORDER BY title DESC LIMIT $6 OFFSET $7");
    assertThat(q.bindValues()).containsExactly((short) 180, "ED", 5L, 3, "Z%", 10L, 20L);

    // INTERSECT binds tighter, so the left one needs no parentheses; neither does a left WITH.
    Cte<FilmTable> lf =
        cte("long_films", FILM, selectFrom(FILM).where(FILM.length.gt((short) 150)));
    assertThat(
            with(lf)
                .select(lf.table().filmId)
                .from(lf.table())
                .intersect(select(INVENTORY.filmId).from(INVENTORY))
                .union(with(lf).select(lf.table().filmId).from(lf.table()))
                .toSql())
        .isEqualTo(
            "WITH long_films AS (SELECT "
                + FILM_COLUMNS
                + " FROM film WHERE film.length > $1)"
                + " SELECT long_films.film_id FROM long_films"
                + " INTERSECT SELECT inventory.film_id FROM inventory"
                + " UNION (WITH long_films AS (SELECT "
                + FILM_COLUMNS
                + " FROM film WHERE film.length > $2)"
                + " SELECT long_films.film_id FROM long_films)");
  }

  @Test
  void setOperationsCheckTheirSelectListsAndOrderByResultColumns() {
    assertThatThrownBy(
            () ->
                select(TitleCount.class, FILM.title, count().as("rentals"))
                    .from(FILM)
                    .union(select(TitleCount.class, FILM.title).from(FILM))
                    .toSql())
        .hasMessage(
            "UNION of selects of 2 and 1 columns: [film.title, count(*)] and [film.title];"
                + " each operand must select the same number of columns");
    assertThatThrownBy(
            () ->
                select(TitleCount.class, FILM.title, count().as("rentals"))
                    .from(FILM)
                    .exceptAll(select(TitleCount.class, FILM.title, FILM.filmId).from(FILM))
                    .toSql())
        .hasMessage(
            "EXCEPT ALL: column 2 is count(*), a java.lang.Long, on the left but film.film_id,"
                + " a java.lang.Integer, on the right; the rows are read as the left's,"
                + " so select the same type");
    assertThatThrownBy(
            () ->
                selectFrom(INVENTORY)
                    .unionAll(selectFrom(INVENTORY))
                    .orderBy(FILM.title.asc())
                    .toSql())
        .hasMessage(
            "ORDER BY of a UNION ALL takes the result's columns, by name: film.title is not one"
                + " of them (they are: [inventory_id, film_id, store_id, last_update])");
  }

  @Test
  void recursiveCtesRenderWithRecursiveOnceForTheWholeList() {
    SelectField<Integer> x = value(1).as("x");
    Cte<Table<Integer>> n =
        recursiveCte(
            "n",
            select(x),
            self ->
                select(unsafeSql(Integer.class, "? + 1", self.field(x)))
                    .from(self.table())
                    .where(self.field(x).lt(10)));
    Cte<FilmTable> lf =
        cte("long_films", FILM, selectFrom(FILM).where(FILM.length.gt((short) 150)));
    FetchStep<Integer> q =
        with(lf, n)
            .select(n.field(x))
            .from(n.table())
            .where(n.field(x).notIn(select(lf.table().filmId).from(lf.table())));
    assertThat(q.toSql())
        .isEqualTo(
            "WITH RECURSIVE long_films AS (SELECT "
                + FILM_COLUMNS
                + " FROM film WHERE film.length > $1),"
                + " n AS (SELECT $2 AS x UNION ALL SELECT n.x + 1 FROM n WHERE n.x < $3)"
                + " SELECT n.x FROM n WHERE n.x NOT IN (SELECT long_films.film_id FROM long_films)");
    assertThat(q.bindValues()).containsExactly((short) 150, 1, 10);
    assertThat(n.isRecursive()).isTrue();
    assertThat(lf.isRecursive()).isFalse();

    Cte<CategoryTreeTable> walk =
        recursiveCteDistinct(
            "walk",
            CATEGORY_TREE,
            selectFrom(CATEGORY_TREE).where(CATEGORY_TREE.id.eq(7)),
            self ->
                selectFrom(CATEGORY_TREE)
                    .join(self.table())
                    .on(CATEGORY_TREE.parent.eq(self.table().id)));
    assertThat(with(walk).select(walk.table().name).from(walk.table()).toSql())
        .isEqualTo(
            "WITH RECURSIVE walk AS (SELECT category_tree.id, category_tree.parent,"
                + " category_tree.name FROM category_tree WHERE category_tree.id = $1"
                + " UNION SELECT category_tree.id, category_tree.parent, category_tree.name"
                + " FROM category_tree JOIN walk ON category_tree.parent = walk.id)"
                + " SELECT walk.name FROM walk");
  }

  @Test
  void aRecursiveTermKeepsTheRenderTimeChecks() {
    // The CTE the term receives is only to read from.
    List<Cte<?>> self = new ArrayList<>();
    Cte<CategoryTreeTable> walk =
        recursiveCte(
            "walk",
            CATEGORY_TREE,
            selectFrom(CATEGORY_TREE),
            s -> {
              self.add(s);
              return selectFrom(CATEGORY_TREE)
                  .join(s.table())
                  .on(CATEGORY_TREE.parent.eq(s.table().id));
            });
    assertThatThrownBy(() -> with(self.get(0)).selectFrom(walk.table()).toSql())
        .hasMessage(
            "CTE walk as its recursive term reads it is only to read from (table(), field(…));"
                + " declare the Cte that recursiveCte returns");
    // A column of a table the term does not have fails naming it.
    Cte<CategoryTreeTable> wrong =
        recursiveCte(
            "wrong",
            CATEGORY_TREE,
            selectFrom(CATEGORY_TREE),
            s -> selectFrom(CATEGORY_TREE).where(CATEGORY_TREE.parent.eq(FILM.filmId)));
    assertThatThrownBy(() -> with(wrong).selectFrom(wrong.table()).toSql())
        .hasMessageStartingWith(
            "column film.film_id belongs to table film, which is not in the query"
                + " (its tables: category_tree)");
  }
}
