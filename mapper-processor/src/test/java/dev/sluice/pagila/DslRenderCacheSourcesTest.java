package dev.sluice.pagila;

import static dev.sluice.dsl.Dsl.deleteFrom;
import static dev.sluice.dsl.Dsl.selectFrom;
import static dev.sluice.dsl.Tables.cte;
import static dev.sluice.dsl.Tables.recursiveCte;
import static dev.sluice.dsl.Tables.recursiveCteDistinct;
import static dev.sluice.dsl.Tables.values;
import static dev.sluice.pagila.BalanceTable.BALANCE;
import static dev.sluice.pagila.CategoryTreeTable.CATEGORY_TREE;
import static dev.sluice.pagila.FilmTable.FILM;

import dev.sluice.Queries;
import dev.sluice.dsl.Condition;
import dev.sluice.dsl.Cte;
import dev.sluice.dsl.Derived;
import dev.sluice.dsl.FetchStep;
import dev.sluice.dsl.ReturningStep;
import dev.sluice.dsl.Tuple2;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The render cache against collisions of the FROM and WITH items {@link DslRenderCacheTest} does
 * not cover: VALUES lists of another number of rows or another column, a MERGE of another VALUES
 * source, a CTE without RETURNING of another condition, a recursive CTE's SEARCH and CYCLE clauses.
 */
class DslRenderCacheSourcesTest extends RenderCachePairs {
  @BeforeAll
  void createGraph() throws SQLException {
    CategoryGraph.create(jdbc);
  }

  @AfterAll
  void dropGraph() throws SQLException {
    CategoryGraph.drop(jdbc);
  }

  /** The titles of the first films joined {@code on} to the VALUES list {@code v}. */
  private FetchStep<String> titlesIn(Derived<?> v, Condition on) {
    return db.select(FILM.title)
        .from(FILM)
        .join(v.table())
        .on(on)
        .where(FILM.filmId.lt(60))
        .orderBy(FILM.filmId.asc());
  }

  @Test
  void aValuesListOfTwoRowsOrThree() throws SQLException {
    pair(
        () -> {
          Derived<Integer> v = values(FILM.filmId).row(1).row(2).as("v");
          return titlesIn(v, FILM.filmId.eq(v.field(FILM.filmId)));
        },
        "SELECT title FROM film WHERE film_id IN (1, 2) ORDER BY film_id",
        () -> {
          Derived<Integer> v = values(FILM.filmId).rows(List.of(1, 2, 3)).as("v");
          return titlesIn(v, FILM.filmId.eq(v.field(FILM.filmId)));
        },
        "SELECT title FROM film WHERE film_id IN (1, 2, 3) ORDER BY film_id");
  }

  @Test
  void aValuesListOfAnotherColumn() throws SQLException {
    // The same numbers, as film ids (integer) or as lengths (smallint): other casts, other rows.
    pair(
        () -> {
          Derived<Integer> v = values(FILM.filmId).row(48).row(50).as("v");
          return titlesIn(v, FILM.filmId.eq(v.field(FILM.filmId)));
        },
        "SELECT title FROM film WHERE film_id IN (48, 50) ORDER BY film_id",
        () -> {
          Derived<Short> v = values(FILM.length).row((short) 48).row((short) 50).as("v");
          return titlesIn(v, FILM.length.eq(v.field(FILM.length)));
        },
        "SELECT title FROM film WHERE length IN (48, 50) AND film_id < 60 ORDER BY film_id");
  }

  @Test
  void aValuesListOfOneColumnOrTwo() throws SQLException {
    // The second column must match too: film 2's title is not 'X', so only film 1 is left.
    pair(
        () -> {
          Derived<Integer> v = values(FILM.filmId).row(1).row(2).as("v");
          return titlesIn(v, FILM.filmId.eq(v.field(FILM.filmId)));
        },
        "SELECT title FROM film WHERE film_id IN (1, 2) ORDER BY film_id",
        () -> {
          Derived<Tuple2<Integer, String>> v =
              values(FILM.filmId, FILM.title)
                  .row(new Tuple2<>(1, "ACADEMY DINOSAUR"))
                  .row(new Tuple2<>(2, "X"))
                  .as("v");
          return titlesIn(
              v, FILM.filmId.eq(v.field(FILM.filmId)).and(FILM.title.eq(v.field(FILM.title))));
        },
        "SELECT title FROM film WHERE film_id = 1 ORDER BY film_id");
  }

  @Test
  void aMergeOfValuesWithAnotherRow() throws SQLException {
    String merge =
        "MERGE INTO balance USING (VALUES %s) AS v (customer_id, amount)"
            + " ON balance.customer_id = v.customer_id AND balance.closed_on IS NULL"
            + " WHEN MATCHED THEN UPDATE SET amount = v.amount";
    dmlPair(
        q -> mergeOfValues(q, List.of(new Tuple2<>(3, BigDecimal.ONE))),
        String.format(merge, "(3, 1)"),
        q ->
            mergeOfValues(
                q, List.of(new Tuple2<>(3, BigDecimal.ONE), new Tuple2<>(4, BigDecimal.TEN))),
        String.format(merge, "(3, 1), (4, 10)"));
  }

  private static ReturningStep<Balance> mergeOfValues(
      Queries q, List<Tuple2<Integer, BigDecimal>> rows) {
    Derived<Tuple2<Integer, BigDecimal>> v =
        values(BALANCE.customerId, BALANCE.amount).rows(rows).as("v");
    return q.mergeInto(BALANCE)
        .using(v.table())
        .on(BALANCE.customerId.eq(v.field(BALANCE.customerId)).and(BALANCE.closedOn.isNull()))
        .whenMatched()
        .thenUpdate()
        .set(BALANCE.amount, v.field(BALANCE.amount));
  }

  @Test
  void aCteWithoutReturningOfAnotherCondition() throws SQLException {
    String update = " UPDATE balance SET amount = 0 WHERE customer_id = 3";
    dmlPair(
        q ->
            q.with(cte("purge", deleteFrom(BALANCE).where(BALANCE.closedOn.isNotNull())))
                .update(BALANCE)
                .set(BALANCE.amount, BigDecimal.ZERO)
                .where(BALANCE.customerId.eq(3)),
        "WITH purge AS (DELETE FROM balance WHERE closed_on IS NOT NULL)" + update,
        q ->
            q.with(cte("purge", deleteFrom(BALANCE).where(BALANCE.amount.lt(new BigDecimal("8")))))
                .update(BALANCE)
                .set(BALANCE.amount, BigDecimal.ZERO)
                .where(BALANCE.customerId.eq(3)),
        "WITH purge AS (DELETE FROM balance WHERE amount < 8)" + update);
  }

  /** The walk down from {@code start}, with UNION ALL or UNION. */
  private static Cte<CategoryTreeTable> walk(int start, boolean distinct) {
    return distinct
        ? recursiveCteDistinct(
            "walk",
            CATEGORY_TREE,
            selectFrom(CATEGORY_TREE).where(CATEGORY_TREE.id.eq(start)),
            self ->
                selectFrom(CATEGORY_TREE)
                    .join(self.table())
                    .on(CATEGORY_TREE.parent.eq(self.table().id)))
        : recursiveCte(
            "walk",
            CATEGORY_TREE,
            selectFrom(CATEGORY_TREE).where(CATEGORY_TREE.id.eq(start)),
            self ->
                selectFrom(CATEGORY_TREE)
                    .join(self.table())
                    .on(CATEGORY_TREE.parent.eq(self.table().id)));
  }

  private FetchStep<String> namesInOrder(Cte<CategoryTreeTable> walk) {
    return db.with(walk)
        .select(walk.table().name)
        .from(walk.table())
        .orderBy(walk.searchSequence().asc());
  }

  private static final String WALK =
      "WITH RECURSIVE walk AS (SELECT * FROM category_tree WHERE id = %d"
          + " UNION%s SELECT c.* FROM category_tree c JOIN walk w ON c.parent = w.id) %s";

  @Test
  void searchDepthFirstOrBreadthFirst() throws SQLException {
    pair(
        () -> {
          Cte<CategoryTreeTable> w = walk(1, false);
          return namesInOrder(w.searchDepthFirst("ord", w.table().id));
        },
        String.format(WALK, 1, " ALL", "SEARCH DEPTH FIRST BY id SET ord")
            + " SELECT name FROM walk ORDER BY ord",
        () -> {
          Cte<CategoryTreeTable> w = walk(1, false);
          return namesInOrder(w.searchBreadthFirst("ord", w.table().id));
        },
        String.format(WALK, 1, " ALL", "SEARCH BREADTH FIRST BY id SET ord")
            + " SELECT name FROM walk ORDER BY ord");
  }

  @Test
  void aCycleClauseOrUnion() throws SQLException {
    pair(
        () -> {
          Cte<CategoryTreeTable> w =
              walk(7, false).cycle("seen", "path", CATEGORY_TREE.as("walk").id);
          return db.with(w).select(w.table().name).from(w.table()).orderBy(w.cyclePath().asc());
        },
        String.format(WALK, 7, " ALL", "CYCLE id SET seen USING path")
            + " SELECT name FROM walk ORDER BY path",
        () -> {
          Cte<CategoryTreeTable> w = walk(7, true);
          return db.with(w).select(w.table().name).from(w.table()).orderBy(w.table().id.asc());
        },
        String.format(WALK, 7, "", "") + " SELECT name FROM walk ORDER BY id");
  }
}
