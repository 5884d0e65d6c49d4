package dev.sluice.pagila;

import static dev.sluice.dsl.Dsl.select;
import static dev.sluice.dsl.Dsl.selectFrom;
import static dev.sluice.dsl.Expressions.cast;
import static dev.sluice.dsl.Expressions.concat;
import static dev.sluice.dsl.Expressions.value;
import static dev.sluice.dsl.Tables.cte;
import static dev.sluice.dsl.Tables.recursiveCte;
import static dev.sluice.dsl.Tables.recursiveCteDistinct;
import static dev.sluice.pagila.CategoryTreeTable.CATEGORY_TREE;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.JdbcRows.rows;
import static dev.sluice.pagila.JdbcRows.texts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.dsl.Cte;
import dev.sluice.dsl.Expression;
import dev.sluice.dsl.FetchStep;
import dev.sluice.dsl.SqlType;
import dev.sluice.dsl.Table;
import dev.sluice.dsl.Tuple2;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A CTE's explicit column list ({@code WITH RECURSIVE n(x) AS …}) and a recursive CTE's {@code
 * SEARCH DEPTH|BREADTH FIRST} and {@code CYCLE} clauses (PostgreSQL 14+; issue 14), on the category
 * graph of {@link CategoryGraph}, where each changes the answer: the order of a walk, and a walk
 * that ends on a loop with the row that closes it marked. Each SQL is pinned and each answer
 * compared with the statement written by hand through pgjdbc.
 */
class DslRecursiveClausesTest extends PagilaSession {
  @BeforeAll
  void createGraph() throws SQLException {
    CategoryGraph.create(jdbc);
  }

  @AfterAll
  void dropGraph() throws SQLException {
    CategoryGraph.drop(jdbc);
  }

  /** Movies and everything under it, as category_tree rows. */
  private static Cte<CategoryTreeTable> movies() {
    return recursiveCte(
        "tree",
        CATEGORY_TREE,
        selectFrom(CATEGORY_TREE).where(CATEGORY_TREE.name.eq("Movies")),
        self ->
            selectFrom(CATEGORY_TREE)
                .join(self.table())
                .on(CATEGORY_TREE.parent.eq(self.table().id)));
  }

  @Test
  void aColumnListNamesWhatTheSelectListLeavesUnnamed() throws SQLException {
    Expression<Integer> one = value(1);
    // Without the list, the anchor's $1 has no name to read it by.
    assertThatThrownBy(() -> recursiveCte("n", select(one), self -> select(one).from(self.table())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "CTE n: select list item $1 has no name to read it by; name it with as(\"name\")");
    Cte<Table<Integer>> n =
        recursiveCte(
            "n",
            List.of("x"),
            select(one),
            self ->
                select(self.field("x", Integer.class).plus(1))
                    .from(self.table())
                    .where(self.field(one).lt(12)));
    FetchStep<Integer> q = db.with(n).select(n.field("x", Integer.class)).from(n.table());
    assertThat(q.toSql())
        .isEqualTo(
            "WITH RECURSIVE n(x) AS (SELECT $1 UNION ALL SELECT (n.x + $2) FROM n WHERE n.x < $3)"
                + " SELECT n.x FROM n");
    assertThat(texts(q.fetch()))
        .hasSize(12)
        .isEqualTo(
            rows(
                jdbc,
                "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 12)"
                    + " SELECT x FROM n"));
    // A plain CTE takes a list too; it renames the select list's columns in order.
    Cte<Table<Tuple2<Integer, String>>> pair =
        cte("pair", List.of("id", "title"), select(FILM.filmId, FILM.title).from(FILM));
    FetchStep<String> titles =
        db.with(pair)
            .select(pair.field("title", String.class))
            .from(pair.table())
            .where(pair.field(FILM.filmId).lt(4))
            .orderBy(pair.field("id", Integer.class).asc());
    assertThat(titles.toSql())
        .isEqualTo(
            "WITH pair(id, title) AS (SELECT film.film_id, film.title FROM film) SELECT pair.title"
                + " FROM pair WHERE pair.id < $1 ORDER BY pair.id");
    assertThat(titles.fetch())
        .isEqualTo(rows(jdbc, "SELECT title FROM film WHERE film_id < 4 ORDER BY film_id"));
    assertThatThrownBy(() -> cte("pair", List.of("id"), select(FILM.filmId, FILM.title)))
        .hasMessage("CTE pair lists 1 columns [id], but its select list has 2 items");
  }

  @Test
  void searchDepthFirstAndBreadthFirstOrderTheWalk() throws SQLException {
    Cte<CategoryTreeTable> tree = movies();
    Cte<CategoryTreeTable> depth = tree.searchDepthFirst("ord", tree.table().id);
    Cte<CategoryTreeTable> breadth = tree.searchBreadthFirst("ord", tree.table().id);
    String walk =
        "WITH RECURSIVE tree AS (SELECT category_tree.id, category_tree.parent,"
            + " category_tree.name FROM category_tree WHERE category_tree.name = $1 UNION ALL"
            + " SELECT category_tree.id, category_tree.parent, category_tree.name FROM"
            + " category_tree JOIN tree ON category_tree.parent = tree.id)";
    FetchStep<String> byDepth =
        db.with(depth)
            .select(
                concat(depth.table().name, value("|"), cast(depth.searchSequence(), SqlType.TEXT)))
            .from(depth.table())
            .orderBy(depth.searchSequence().asc());
    assertThat(byDepth.toSql())
        .isEqualTo(
            walk
                + " SEARCH DEPTH FIRST BY id SET ord SELECT (tree.name || $2 || CAST(tree.ord AS text))"
                + " FROM tree"
                + " ORDER BY tree.ord");
    String sql =
        "WITH RECURSIVE tree AS (SELECT * FROM category_tree WHERE name = 'Movies'"
            + " UNION ALL SELECT c.* FROM category_tree c JOIN tree t ON c.parent = t.id)"
            + " SEARCH %s FIRST BY id SET ord SELECT %s FROM tree ORDER BY ord";
    List<String> depthFirst = byDepth.fetch();
    assertThat(depthFirst)
        .isEqualTo(rows(jdbc, String.format(sql, "DEPTH", "name || '|' || ord::text")))
        .extracting(r -> r.substring(0, r.indexOf('|')))
        .containsExactly("Movies", "Drama", "Period", "Noir", "Comedy", "Satire");
    FetchStep<String> byBreadth =
        db.with(breadth)
            .select(
                concat(
                    breadth.table().name, value("|"), cast(breadth.searchSequence(), SqlType.TEXT)))
            .from(breadth.table())
            .orderBy(breadth.searchSequence().asc());
    assertThat(byBreadth.toSql()).contains(" SEARCH BREADTH FIRST BY id SET ord SELECT");
    assertThat(byBreadth.fetch())
        .isEqualTo(rows(jdbc, String.format(sql, "BREADTH", "name || '|' || ord::text")))
        .extracting(r -> r.substring(0, r.indexOf('|')))
        .containsExactly("Movies", "Drama", "Comedy", "Period", "Satire", "Noir");
    // Read alone, the sequence is its text, as pgjdbc's getString gives it.
    assertThat(
            db.with(breadth)
                .select(breadth.searchSequence())
                .from(breadth.table())
                .orderBy(breadth.searchSequence().asc())
                .fetch())
        .isEqualTo(rows(jdbc, String.format(sql, "BREADTH", "ord")))
        .startsWith("(0,1)", "(1,2)");
    // The sequence column is the CTE's only in the statement that declares it with SEARCH.
    assertThatThrownBy(tree::searchSequence)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("CTE tree has no SEARCH clause");
  }

  @Test
  void cycleEndsAWalkOfALoopAndMarksTheRowThatClosesIt() throws SQLException {
    Cte<CategoryTreeTable> loop =
        recursiveCte(
                "loop",
                CATEGORY_TREE,
                selectFrom(CATEGORY_TREE).where(CATEGORY_TREE.id.eq(7)),
                self ->
                    selectFrom(CATEGORY_TREE)
                        .join(self.table())
                        .on(CATEGORY_TREE.parent.eq(self.table().id)))
            .cycle("is_cycle", "path", CATEGORY_TREE.as("loop").id);
    CategoryTreeTable l = loop.table();
    FetchStep<String> q =
        db.with(loop)
            .select(
                concat(
                    l.id,
                    value("|"),
                    loop.cycleMark(),
                    value("|"),
                    cast(loop.cyclePath(), SqlType.TEXT)))
            .from(l)
            .orderBy(loop.cyclePath().asc());
    assertThat(q.toSql())
        .endsWith(
            " JOIN loop ON category_tree.parent = loop.id) CYCLE id SET is_cycle USING path"
                + " SELECT (loop.id || $2 || loop.is_cycle || $3 || CAST(loop.path AS text)) FROM loop"
                + " ORDER BY loop.path");
    assertThat(q.fetch())
        .isEqualTo(
            rows(
                jdbc,
                "WITH RECURSIVE loop AS (SELECT * FROM category_tree WHERE id = 7 UNION ALL"
                    + " SELECT c.* FROM category_tree c JOIN loop l ON c.parent = l.id)"
                    + " CYCLE id SET is_cycle USING path"
                    + " SELECT id || '|' || is_cycle || '|' || path::text FROM loop ORDER BY path"))
        .containsExactly(
            "7|false|{(7)}", "8|false|{(7),(8)}", "7|true|{(7),(8),(7)}", "9|false|{(7),(8),(9)}");
    // Read as typed tuples after the WITH: the mark is a boolean.
    assertThat(
            db.with(loop)
                .select(l.id, loop.cycleMark())
                .from(l)
                .where(loop.cycleMark().eq(true))
                .fetch())
        .containsExactly(new Tuple2<>(7, true));
    // UNION instead stops at the repeated row itself: no mark, one row fewer.
    Cte<CategoryTreeTable> distinct =
        recursiveCteDistinct(
            "loop",
            CATEGORY_TREE,
            selectFrom(CATEGORY_TREE).where(CATEGORY_TREE.id.eq(7)),
            self ->
                selectFrom(CATEGORY_TREE)
                    .join(self.table())
                    .on(CATEGORY_TREE.parent.eq(self.table().id)));
    assertThat(
            texts(
                db.with(distinct)
                    .select(distinct.table().id)
                    .from(distinct.table())
                    .orderBy(distinct.table().id.asc())
                    .fetch()))
        .containsExactly("7", "8", "9");
  }

  @Test
  void searchAndCycleTakeTheCtesOwnNewColumnsInOrder() {
    Cte<CategoryTreeTable> tree = movies();
    assertThatThrownBy(() -> tree.searchDepthFirst("ord", CATEGORY_TREE.id))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "CTE tree: SEARCH takes its own columns (field(…) or table()'s), not"
                + " category_tree.id (its columns: id, parent, name)");
    assertThatThrownBy(() -> tree.searchDepthFirst("name", tree.table().id))
        .hasMessage(
            "CTE tree: column name 'name' is empty or taken (names [name], the CTE's columns"
                + " [id, parent, name])");
    assertThatThrownBy(() -> tree.searchBreadthFirst("ord"))
        .hasMessage("CTE tree: SEARCH of no column; name the columns it goes by");
    Cte<CategoryTreeTable> cycled = tree.cycle("seen", "path", tree.table().id);
    assertThatThrownBy(() -> cycled.searchDepthFirst("ord", tree.table().id))
        .hasMessage("CTE tree: say SEARCH before CYCLE, as PostgreSQL writes them");
    assertThatThrownBy(
            () -> tree.searchDepthFirst("ord", tree.table().id).cycle("ord", "p", tree.table().id))
        .hasMessage(
            "CTE tree: column name 'ord' is empty or taken (names [ord, p], the CTE's columns"
                + " [id, parent, name, ord])");
    Cte<FilmTable> plain = cte("f", FILM, selectFrom(FILM));
    assertThatThrownBy(() -> plain.cycle("seen", "path", plain.table().filmId))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("CTE f: CYCLE is for the recursive CTE recursiveCte returns");
  }
}
