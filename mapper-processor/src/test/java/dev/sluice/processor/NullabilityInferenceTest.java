package dev.sluice.processor;

import static dev.sluice.processor.ColumnNullness.NON_NULL;
import static dev.sluice.processor.ColumnNullness.NULLABLE;
import static dev.sluice.processor.ColumnNullness.UNKNOWN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.testkit.PgServer;
import dev.sluice.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@link NullabilityInference} on plans of the testkit's PostgreSQL 17 with Pagila: each case pins
 * the answer for every result column, so a rule that changes shows here first (the compile-testing
 * programs of {@code NullabilityChecksTest} pin the diagnostics).
 *
 * <p>Oldest server each case's syntax needs: PostgreSQL 13 for all (WITH … AS MATERIALIZED is 12);
 * the project's own cases, none derived from another project's tests.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NullabilityInferenceTest {
  private TestDatabase db;
  private Connection c;

  @BeforeAll
  void createDatabase() throws SQLException {
    db = PgServer.shared().createPagilaDatabase();
    c = db.jdbc();
  }

  @AfterAll
  void dropDatabase() throws SQLException {
    c.close();
    db.close();
  }

  private List<ColumnNullness> infer(String sql) throws SQLException {
    return NullabilityInference.infer(c, sql, List.of());
  }

  private void assertColumns(String sql, ColumnNullness... expected) throws SQLException {
    List<ColumnNullness> got = infer(sql);
    assertThat(got.subList(0, Math.min(got.size(), expected.length)))
        .as(sql)
        .containsExactly(expected);
  }

  @Test
  void baseColumnsByNotNull() throws SQLException {
    assertColumns(
        "SELECT film_id, title, description, length FROM film",
        NON_NULL,
        NON_NULL,
        NULLABLE,
        NULLABLE);
  }

  @Test
  void outerJoinSidesFromThePlan() throws SQLException {
    assertColumns(
        "SELECT f.title, c.name FROM film f LEFT JOIN film_category fc USING (film_id)"
            + " LEFT JOIN category c USING (category_id)",
        NON_NULL,
        NULLABLE);
    assertColumns(
        "SELECT f.title, c.name FROM category c RIGHT JOIN film_category fc USING (category_id)"
            + " RIGHT JOIN film f USING (film_id)",
        NON_NULL,
        NULLABLE);
    assertColumns(
        "SELECT a.first_name, s.first_name FROM actor a FULL JOIN staff s ON s.first_name = a.first_name",
        NULLABLE,
        NULLABLE);
    // The planner reduces a left join whose inner side a WHERE condition requires to an inner one.
    assertColumns(
        "SELECT f.title, l.name FROM film f LEFT JOIN language l USING (language_id)"
            + " WHERE l.name = 'English'",
        NON_NULL,
        NON_NULL);
    assertColumns(
        "SELECT f.title, l.name FROM film f JOIN language l USING (language_id)",
        NON_NULL,
        NON_NULL);
  }

  @Test
  void aggregates() throws SQLException {
    assertColumns(
        "SELECT count(*), count(length), max(length), sum(rental_rate) FROM film",
        NON_NULL,
        NON_NULL,
        NULLABLE,
        NULLABLE);
    assertColumns(
        "SELECT rating, count(*), max(rental_rate), avg(length), max(length) FILTER (WHERE length > 100)"
            + " FROM film GROUP BY rating",
        NULLABLE,
        NON_NULL,
        NON_NULL,
        NULLABLE,
        NULLABLE);
    assertColumns(
        "SELECT customer_id, sum(amount) FROM payment GROUP BY customer_id ORDER BY 2",
        NON_NULL,
        NON_NULL);
    assertColumns("SELECT coalesce(max(length), 0::smallint) FROM film", NON_NULL);
    // Grouping sets: the rows of a set without the key have NULL for it.
    assertColumns(
        "SELECT film_id, count(*) FROM film GROUP BY ROLLUP (film_id)", NULLABLE, NON_NULL);
  }

  @Test
  void expressions() throws SQLException {
    assertColumns(
        "SELECT lower(title), title || '!', length + 1, rental_rate * 2, date_trunc('month', last_update),"
            + " 'x', 1, NULL::text, CASE WHEN length > 100 THEN 'long' END,"
            + " CASE WHEN length > 100 THEN 'long' ELSE 'short' END, nullif(title, 'x'),"
            + " title = 'x', film_id IN (1, 2), now(), $1::int, EXISTS (SELECT 1 FROM actor),"
            + " (SELECT max(actor_id) FROM actor), description IS NULL"
            + " FROM film",
        NON_NULL,
        NON_NULL,
        NULLABLE,
        NON_NULL,
        NON_NULL,
        NON_NULL,
        NON_NULL,
        NULLABLE,
        NULLABLE,
        NON_NULL,
        NULLABLE,
        NON_NULL,
        NON_NULL,
        NON_NULL,
        UNKNOWN,
        NON_NULL,
        NULLABLE,
        NON_NULL);
  }

  @Test
  void windowFunctions() throws SQLException {
    assertColumns(
        "SELECT row_number() OVER w, rank() OVER w, dense_rank() OVER w, sum(length) OVER w,"
            + " sum(rental_rate) OVER w, lag(title) OVER w, count(*) OVER ()"
            + " FROM film WINDOW w AS (ORDER BY film_id)",
        NON_NULL,
        NON_NULL,
        NON_NULL,
        NULLABLE,
        NON_NULL,
        NULLABLE,
        NON_NULL);
    // A frame that may not hold the current row leaves a window aggregate undecided.
    assertColumns(
        "SELECT sum(rental_rate) OVER (ORDER BY film_id ROWS BETWEEN 1 FOLLOWING AND 2 FOLLOWING)"
            + " FROM film",
        UNKNOWN);
    assertColumns(
        "SELECT sum(rental_rate) OVER (ORDER BY film_id ROWS BETWEEN 2 PRECEDING AND 1 PRECEDING)"
            + " FROM film",
        UNKNOWN);
    assertColumns(
        "SELECT sum(rental_rate) OVER (ORDER BY film_id ROWS UNBOUNDED PRECEDING"
            + " EXCLUDE CURRENT ROW) FROM film",
        UNKNOWN);
    // One that always holds it does not.
    assertColumns(
        "SELECT sum(rental_rate) OVER (ORDER BY film_id ROWS BETWEEN UNBOUNDED PRECEDING AND"
            + " CURRENT ROW), sum(rental_rate) OVER (ORDER BY film_id RANGE BETWEEN CURRENT ROW"
            + " AND UNBOUNDED FOLLOWING EXCLUDE TIES), max(rental_rate) OVER (ORDER BY film_id"
            + " GROUPS 2 PRECEDING) FROM film",
        NON_NULL,
        NON_NULL,
        NON_NULL);
  }

  @Test
  void ctesSubqueriesAndUnions() throws SQLException {
    assertColumns(
        "WITH m AS MATERIALIZED (SELECT rating, max(length) AS longest, count(*) AS n FROM film"
            + " GROUP BY rating) SELECT longest, n FROM m",
        NULLABLE,
        NON_NULL);
    // Its columns are named by a probe of the WITH list: SELECT m.* FROM m, m AS sluice_probe.
    assertColumns(
        "WITH m (r, highest) AS MATERIALIZED (SELECT rating, max(rental_rate) FROM film"
            + " GROUP BY rating), x AS (SELECT 1) SELECT highest, r FROM m",
        NON_NULL,
        NULLABLE);
    assertColumns(
        "WITH m AS (SELECT title, original_language_id FROM film WHERE length > $1::int)"
            + " SELECT a.title, b.original_language_id FROM m a JOIN m b USING (title)",
        NON_NULL,
        NULLABLE);
    assertColumns(
        "WITH m AS (SELECT max(length) AS longest FROM film) SELECT longest FROM m", NULLABLE);
    assertColumns(
        "SELECT f.title, s.n FROM film f LEFT JOIN"
            + " (SELECT film_id, count(*) n FROM inventory GROUP BY film_id) s USING (film_id)",
        NON_NULL,
        NULLABLE);
    assertColumns(
        "SELECT s.film_id, s.n FROM (SELECT film_id, count(*) n FROM inventory GROUP BY film_id) s",
        NON_NULL,
        NON_NULL);
    assertColumns("SELECT title FROM film UNION SELECT first_name FROM actor", NON_NULL);
    assertColumns("SELECT title FROM film UNION SELECT NULL FROM actor", NULLABLE);
    assertColumns(
        "SELECT title, 1 FROM film UNION ALL SELECT NULL, 2 FROM actor", NULLABLE, NON_NULL);
  }

  /**
   * What the plan prints: {@code on17} on PostgreSQL 17 and later, {@code before17} on older
   * servers, which print a sublink as its subplan alone and an InitPlan's value as {@code $0} (the
   * inference reads the test from the SQL there, and GenericPlan renames the InitPlan).
   */
  private String printed(String on17, String before17) throws SQLException {
    return c.getMetaData().getDatabaseMajorVersion() >= 17 ? on17 : before17;
  }

  private String plan(String sql) throws SQLException {
    StringBuilder out = new StringBuilder();
    try (java.sql.Statement s = c.createStatement();
        java.sql.ResultSet r = s.executeQuery("EXPLAIN (VERBOSE, COSTS OFF) " + sql)) {
      while (r.next()) {
        out.append(r.getString(1)).append('\n');
      }
    }
    return out.toString();
  }

  @Test
  void recursiveCtesAsAFixpoint() throws SQLException {
    assertColumns(
        "WITH RECURSIVE n(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM n WHERE n < 5) SELECT n FROM n",
        NON_NULL);
    // b is NULL from the second step on, and a takes b's value in the third.
    assertColumns(
        "WITH RECURSIVE t(a, b) AS (SELECT 1, 2 UNION SELECT b, NULL::int FROM t WHERE a < 5)"
            + " SELECT a, b FROM t",
        NULLABLE,
        NULLABLE);
    assertColumns(
        "WITH RECURSIVE t(id, parent, name, depth) AS (SELECT category_id, NULL::int, name, 0"
            + " FROM category UNION ALL SELECT c.category_id, t.id, c.name, t.depth + 1"
            + " FROM category c JOIN t ON c.category_id = t.id + 100)"
            + " SELECT id, parent, name, depth FROM t",
        NON_NULL,
        NULLABLE,
        NON_NULL,
        NON_NULL);
    // The work table on the nullable side of an outer join in the recursive term.
    assertColumns(
        "WITH RECURSIVE t(id, n) AS (SELECT 1, 0 UNION ALL SELECT c.category_id, t.n + 1"
            + " FROM t LEFT JOIN category c ON c.category_id = t.id + 1 WHERE t.n < 3)"
            + " SELECT id, n FROM t",
        NULLABLE,
        NON_NULL);
  }

  @Test
  void setReturningFunctions() throws SQLException {
    assertColumns("SELECT g FROM generate_series(1, 10) g", NON_NULL);
    assertColumns("SELECT generate_series(1, film_id) FROM film", NON_NULL);
    // Strict: a NULL argument (a parameter, a LATERAL column) yields no row, never a NULL value.
    assertColumns("SELECT g FROM generate_series(1, $1::int) g", NON_NULL);
    assertColumns("SELECT g FROM film f, generate_series(1, f.length) g", NON_NULL);
    assertColumns("SELECT generate_series(1, $1::int)", NON_NULL);
    // Two in one select list run in step, the shorter padded with NULL.
    assertColumns("SELECT generate_series(1, 3), generate_series(1, 2)", UNKNOWN, UNKNOWN);
    assertColumns("SELECT x FROM unnest(ARRAY[1, 2]) x", NULLABLE);
    assertColumns(
        "SELECT x, n FROM unnest(ARRAY['a', NULL]) WITH ORDINALITY AS u(x, n)", NULLABLE, NON_NULL);
    assertColumns(
        "SELECT unnest, ordinality FROM unnest(ARRAY['a', NULL]) WITH ORDINALITY",
        NULLABLE,
        NON_NULL);
    // Of several arrays (or a composite element) the columns are not counted: undecided.
    assertColumns(
        "SELECT n FROM unnest(ARRAY['a'], ARRAY[1]) WITH ORDINALITY AS u(x, y, n)", UNKNOWN);
    assertColumns("SELECT e FROM json_array_elements('[1, null]') e", NON_NULL);
    assertColumns("SELECT key, value FROM jsonb_each('{\"a\": null}')", NON_NULL, NON_NULL);
    assertColumns("SELECT e FROM jsonb_array_elements_text('[null]') e", NULLABLE);
    // A _text variant's key is never NULL (its first column, by whatever name), its value may be.
    assertColumns("SELECT key, value FROM json_each_text('{\"a\": null}')", NON_NULL, NULLABLE);
    assertColumns(
        "SELECT e.v, e.k FROM film f, jsonb_each_text(to_jsonb(f)) AS e(k, v)", NULLABLE, NON_NULL);
    assertColumns("SELECT e.key FROM jsonb_each_text('{}') AS e(value, key)", NULLABLE);
  }

  @Test
  void existsInEveryPlanFormAndInOfASubquery() throws SQLException {
    // VACUUM too: the visibility map decides what an index-only scan costs, and an autovacuum
    // between ANALYZE and EXPLAIN changed this plan once (probing film_actor's index per row
    // instead of hashing it). Vacuumed, the tables keep one plan.
    db.execute("VACUUM ANALYZE actor, film_actor, film, payment, rental");
    String hashed =
        "SELECT a.first_name, EXISTS (SELECT 1 FROM film f WHERE f.length = a.actor_id)"
            + " FROM actor a";
    assertThat(plan(hashed))
        .contains(printed("(ANY (a.actor_id = (hashed SubPlan 2).col1))", "(hashed SubPlan 2)"));
    assertColumns(hashed, NON_NULL, NON_NULL);
    assertColumns(hashed.replace("EXISTS", "NOT EXISTS"), NON_NULL, NON_NULL);
    String probed = hashed + " WHERE a.actor_id < 3";
    assertThat(plan(probed)).contains(printed("EXISTS(SubPlan 1)", "(SubPlan 1)"));
    assertColumns(probed, NON_NULL, NON_NULL);
    String initPlan = "SELECT EXISTS (SELECT 1 FROM film WHERE length > 100)";
    assertThat(plan(initPlan)).contains(printed("(InitPlan 1).col1", "InitPlan 1 (returns $0)"));
    assertColumns(initPlan, NON_NULL);
    // x IN (subquery): NULL when x or a row is NULL and nothing matches.
    String in = "SELECT a.actor_id IN (SELECT fa.actor_id FROM film_actor fa) FROM actor a";
    assertThat(plan(in))
        .contains(printed("(ANY (a.actor_id = (hashed SubPlan 1).col1))", "(hashed SubPlan 1)"));
    assertColumns(in, NON_NULL);
    assertColumns(
        "SELECT a.actor_id IN (SELECT f.original_language_id FROM film f) FROM actor a", NULLABLE);
    assertColumns(
        "SELECT a.actor_id NOT IN (SELECT f.original_language_id FROM film f) FROM actor a",
        NULLABLE);
    assertColumns(
        "SELECT f.original_language_id IN (SELECT l.language_id FROM language l) FROM film f",
        NULLABLE);
    // An EXISTS probed per row (1; its hashed twin 2 dropped) before a hashed IN (3): 3's
    // predecessor is missing too, but the IN is no EXISTS.
    String probedThenIn =
        "SELECT EXISTS (SELECT 1 FROM film_actor fa WHERE fa.actor_id = a.actor_id),"
            + " a.actor_id IN (SELECT f.original_language_id FROM film f) FROM actor a"
            + " WHERE a.actor_id < 3";
    assertThat(plan(probedThenIn))
        .contains(
            printed("EXISTS(SubPlan 1)", "(SubPlan 1)"),
            printed("(ANY (a.actor_id = (hashed SubPlan 3).col1))", "(hashed SubPlan 3)"));
    assertColumns(probedThenIn, NON_NULL, NULLABLE);
    // The statement's own CTE takes number 1: the hashed EXISTS is 3 (2 dropped), an IN 2.
    String besideACte =
        "WITH c AS MATERIALIZED (SELECT 1 AS one) SELECT p.payment_id, EXISTS (SELECT 1 FROM"
            + " rental r WHERE r.customer_id = p.customer_id) FROM payment p, c";
    assertThat(plan(besideACte))
        .contains(printed("(ANY (p.customer_id = (hashed SubPlan 3).col1))", "(hashed SubPlan 3)"));
    assertColumns(besideACte, NON_NULL, NON_NULL);
    String inBesideACte =
        "WITH c AS MATERIALIZED (SELECT 1 AS one) SELECT a.actor_id IN (SELECT"
            + " f.original_language_id FROM film f) FROM actor a, c";
    assertThat(plan(inBesideACte))
        .contains(printed("(ANY (a.actor_id = (hashed SubPlan 2).col1))", "(hashed SubPlan 2)"));
    assertColumns(inBesideACte, NULLABLE);
    String correlated =
        "SELECT a.actor_id > ALL (SELECT fa.film_id FROM film_actor fa WHERE fa.actor_id ="
            + " a.actor_id) FROM actor a";
    assertThat(plan(correlated))
        .contains(printed("(ALL (a.actor_id > (SubPlan 1).col1))", "(SubPlan 1)"));
    assertColumns(correlated, NON_NULL);
    assertColumns(
        "SELECT (a.actor_id, a.first_name) IN (SELECT fa.actor_id, NULL::text FROM film_actor fa)"
            + " FROM actor a",
        NULLABLE);
  }

  @Test
  void viewsPartitionsAndReturning() throws SQLException {
    // actor_info groups, so it stays a subquery: its columns are found by the view's names.
    assertColumns("SELECT first_name, last_name FROM actor_info", NON_NULL, NON_NULL);
    assertColumns("SELECT title, category, price FROM film_list", NON_NULL, NON_NULL, NON_NULL);
    // Renamed, or a subquery of the SQL's own named like a view, it is not taken for the view: the
    // SQL's own select list places title (the view's is non-null, description is not).
    assertColumns("SELECT title, length FROM film_list fl", UNKNOWN, UNKNOWN);
    assertColumns(
        "SELECT title FROM (SELECT DISTINCT description AS title, film_id AS fid, 3, 4, 5, 6, 7, 8"
            + " FROM film) AS film_list",
        NULLABLE);
    assertColumns(
        "WITH film_list AS (SELECT DISTINCT description AS title, film_id AS fid, 3, 4, 5, 6, 7, 8"
            + " FROM film) SELECT title FROM film_list",
        UNKNOWN);
    assertColumns("SELECT amount, payment_date FROM payment", NON_NULL, NON_NULL);
    assertColumns(
        "INSERT INTO actor (first_name, last_name) VALUES ($1, $2) RETURNING actor_id, last_update",
        NON_NULL,
        NON_NULL);
    assertColumns(
        "UPDATE film SET length = 3 WHERE film_id = $1::int RETURNING title, original_language_id",
        NON_NULL,
        NULLABLE);
    assertColumns("SELECT unnest(special_features) FROM film", NULLABLE);
  }

  @Test
  void whatEXPLAINRefusesIsUnknown() throws SQLException {
    assertThat(infer("SHOW search_path")).isEmpty();
    assertThat(infer("SELECT nosuchcolumn FROM film")).isEmpty();
    // A second statement is never sent: the simple query protocol would run it.
    assertThat(infer("SELECT title FROM film; CREATE TABLE sluice_was_here (x int)")).isEmpty();
    assertThat(infer("SELECT to_regclass('sluice_was_here') IS NULL")).containsExactly(NON_NULL);
    try (java.sql.Statement s = c.createStatement();
        java.sql.ResultSet r = s.executeQuery("SELECT to_regclass('sluice_was_here') IS NULL")) {
      r.next();
      assertThat(r.getBoolean(1)).isTrue();
    }
    // ... and the connection is left clean for the next statement.
    assertColumns("SELECT title FROM film", NON_NULL);
  }

  @Test
  void aStarInAFromSubquerysSelectList() throws SQLException {
    // Kept as a scan of its own by the window function; the columns are followed by name.
    assertColumns(
        "SELECT s.title, s.description, s.rn FROM (SELECT *, row_number() OVER (ORDER BY film_id)"
            + " AS rn FROM film) s WHERE s.rn <= 3",
        NON_NULL,
        NULLABLE,
        NON_NULL);
    assertColumns(
        "SELECT s.title, s.name FROM (SELECT f.*, l.*, rank() OVER (ORDER BY f.film_id) AS r"
            + " FROM film f LEFT JOIN language l ON l.language_id = f.original_language_id) s"
            + " WHERE s.r < 5",
        NON_NULL,
        NULLABLE);
  }

  /**
   * An IN whose left operand names an alias that an inner query level gives again, hiding the outer
   * one. Before 17 the operand is read from the SQL (the plan prints the sublink as its subplan
   * alone), and EXPLAIN renames one of the two ({@code s_1}): the operand must be read at the level
   * it belongs to, or the answer must stay undecided, never the other table's.
   */
  @Test
  void anInOperandWhoseAliasAnInnerLevelHides() throws SQLException {
    db.execute(
        "CREATE TABLE IF NOT EXISTS sluice_nn (x int NOT NULL);"
            + " CREATE TABLE IF NOT EXISTS sluice_null (x int);"
            + " CREATE TABLE IF NOT EXISTS sluice_y (y int NOT NULL)");
    // The IN's own subquery reuses the outer alias.
    assertColumns("SELECT s.x IN (SELECT s.y FROM sluice_y s) AS v FROM sluice_nn s", NON_NULL);
    assertColumns("SELECT s.x IN (SELECT s.y FROM sluice_y s) AS v FROM sluice_null s", NULLABLE);
    // A FROM subquery's own s hides the outer s, whose x has the other nullability.
    assertColumns(
        "SELECT q.v FROM sluice_null s, (SELECT s.x IN (SELECT y FROM sluice_y) AS v"
            + " FROM sluice_nn s OFFSET 0) q",
        NON_NULL);
    assertColumns(
        "SELECT q.v FROM sluice_nn s, (SELECT s.x IN (SELECT y FROM sluice_y) AS v"
            + " FROM sluice_null s OFFSET 0) q",
        NULLABLE);
  }

  /**
   * Before 17 a scalar subquery, an ARRAY(SELECT …) and an IN probed per row all print as {@code
   * (SubPlan n)}; which one a number is follows from the order the planner numbers them in
   * (SublinkOrder): the select list first, then ON and WHERE, the IN and EXISTS it makes joins left
   * out, a hashable one taking two numbers. Each answer here is 17's, which prints the tests.
   */
  @Test
  void scalarArrayAndInSubqueriesTogetherAreToldApartByTheirNumbers() throws SQLException {
    String in =
        "c.store_id IN (SELECT store_id FROM store s WHERE s.manager_staff_id = c.customer_id)";
    String scalar =
        "(SELECT r.rental_id FROM rental r WHERE r.customer_id = c.customer_id LIMIT 1)";
    String array = "ARRAY(SELECT r.rental_id FROM rental r WHERE r.customer_id = c.customer_id)";
    String both = "SELECT " + in + " AS m, " + scalar + " AS n FROM customer c";
    assertThat(plan(both))
        .contains(
            printed(
                "(ANY (c.store_id = (SubPlan 1).col1)), (SubPlan 2)", "(SubPlan 1), (SubPlan 2)"));
    assertColumns(both, NON_NULL, NULLABLE);
    assertColumns(
        "SELECT " + scalar + " AS n, " + array + " AS a, " + in + " AS m FROM customer c",
        NULLABLE,
        NON_NULL,
        NON_NULL);
    // A count(*) without GROUP BY has its one row; max() over an index makes an InitPlan inside
    // the subquery, which takes a number of its own.
    assertColumns(
        "SELECT (SELECT count(*) FROM rental r WHERE r.customer_id = c.customer_id) AS n, "
            + in
            + " AS m FROM customer c",
        NON_NULL,
        NON_NULL);
    assertColumns(
        "SELECT "
            + in
            + " AS m, (SELECT max(r.rental_id) FROM rental r WHERE r.customer_id = c.customer_id)"
            + " AS n FROM customer c",
        NON_NULL,
        NULLABLE);
    // An EXISTS the planner could hash (two numbers, one kept), and an IN of each nullability:
    // each test reads its own left operand, not the other's.
    assertColumns(
        "SELECT EXISTS (SELECT 1 FROM rental r WHERE r.customer_id = c.customer_id) AS e,"
            + " a.address2 IN (SELECT s.address FROM address s WHERE s.address_id = c.store_id) AS x, "
            + in
            + " AS m, "
            + scalar
            + " AS n FROM customer c JOIN address a ON a.address_id = c.address_id",
        NON_NULL,
        NULLABLE,
        NON_NULL,
        NULLABLE);
    // An IN over a VALUES list is a sublink too: its test reads its own operand, the nullable
    // address2, not the IN made a join in WHERE.
    assertColumns(
        "SELECT a.address2 IN (VALUES ('x'), ('y')) AS v, "
            + scalar
            + " AS n FROM customer c JOIN address a ON a.address_id = c.address_id"
            + " WHERE c.store_id IN (SELECT store_id FROM store)",
        NULLABLE,
        NULLABLE);
    // Sublinks in ON and WHERE come after the select list's; an IN or EXISTS made a join takes
    // no number, one under OR does.
    String tail =
        " FROM customer c JOIN address a ON a.address_id = c.address_id"
            + " AND a.city_id IN (SELECT city_id FROM city)";
    assertColumns(
        both.replace(" FROM customer c", tail)
            + " WHERE EXISTS (SELECT 1 FROM payment p WHERE p.customer_id = c.customer_id)",
        NON_NULL,
        NULLABLE);
    assertColumns(
        both.replace(" FROM customer c", tail)
            + " WHERE c.address_id IN (SELECT address_id FROM address) OR (SELECT count(*)"
            + " FROM payment p WHERE p.customer_id = c.customer_id) > 3",
        NON_NULL,
        NULLABLE);
  }

  /**
   * A view's own subquery joins the statement when the planner pulls the view up, and before 17
   * prints as {@code (SubPlan n)} like the statement's IN: the text does not show it. It reads a
   * relation the statement does not name (rental), so it is taken for none of the text's sublinks,
   * and never judged as the IN's test.
   */
  @Test
  void aViewsSubqueryIsNoneOfTheStatementsSublinks() throws SQLException {
    db.execute(
        "CREATE OR REPLACE VIEW sluice_last_rental AS SELECT c.customer_id, (SELECT r.rental_id"
            + " FROM rental r WHERE r.customer_id = c.customer_id ORDER BY r.rental_date DESC"
            + " LIMIT 1) AS last_rental FROM customer c");
    String sql =
        "SELECT v.last_rental, c.store_id IN (SELECT store_id FROM store s"
            + " WHERE s.manager_staff_id = c.customer_id) AS m"
            + " FROM customer c JOIN sluice_last_rental v USING (customer_id)";
    List<ColumnNullness> got = infer(sql);
    // NULL for a customer without rentals; undecided is the answer where the plan cannot tell.
    assertThat(got.get(0)).as(sql).isIn(NULLABLE, UNKNOWN);
    assertThat(got.get(1)).as(sql).isEqualTo(NON_NULL);
  }

  @Test
  void expressionsItCannotReadAreUnknown() {
    ExpressionContext none =
        new ExpressionContext() {
          @Override
          public ColumnNullness column(String qualifier, String name) {
            return NON_NULL;
          }

          @Override
          public boolean grouped() {
            return true;
          }

          @Override
          public boolean groupingSets() {
            return false;
          }

          @Override
          public ColumnNullness subplan(String name) {
            return NULLABLE;
          }

          @Override
          public ColumnNullness subplanColumn(String name, int index) {
            return index == 0 ? NON_NULL : NULLABLE;
          }

          @Override
          public boolean existsAlternative(String name) {
            return name.equals("SubPlan 2");
          }

          @Override
          public ColumnNullness hashedSublink(String name) {
            return UNKNOWN;
          }

          @Override
          public boolean framesHoldCurrentRow() {
            return true;
          }

          @Override
          public Boolean strictFunction(String name) {
            return true;
          }

          @Override
          public boolean setReturning(String name) {
            return false;
          }

          @Override
          public boolean strictOperator(String name) {
            return true;
          }
        };
    for (String s :
        Arrays.asList(
            "(a.x",
            "f(a.x) WITHIN GROUP (ORDER BY a.y)",
            "a.x ->> 'k'::text",
            "EXTRACT(year FROM a.d)",
            "a.arr[1]",
            "(a.x IS JSON)",
            "'unterminated")) {
      assertThat(ExpressionNullness.of(s, none)).as(s).isEqualTo(UNKNOWN);
    }
    assertThat(ExpressionNullness.of("COALESCE(a.x, 'n'::text)", none)).isEqualTo(NON_NULL);
    // Subplans as servers before 17 print them: an EXISTS, hashed or left to choose, and an IN.
    assertThat(ExpressionNullness.of("(hashed SubPlan 2)", none)).isEqualTo(NON_NULL);
    assertThat(ExpressionNullness.of("(hashed SubPlan 1)", none)).isEqualTo(UNKNOWN);
    assertThat(ExpressionNullness.of("(NOT (alternatives: SubPlan 1 or hashed SubPlan 2))", none))
        .isEqualTo(NON_NULL);
    // As 17 prints them: the test's columns are the subquery's (col2 NULLABLE here).
    assertThat(ExpressionNullness.of("(ANY (a.x = (SubPlan 1).col1))", none)).isEqualTo(NON_NULL);
    assertThat(ExpressionNullness.of("(ALL (a.x <> (SubPlan 1).col2))", none)).isEqualTo(NULLABLE);
    assertThat(ExpressionNullness.of("(ANY (a.x = (hashed SubPlan 2).col2))", none))
        .isEqualTo(NON_NULL);
    assertThat(ExpressionNullness.of("(a.x = ANY ('{1,2}'::integer[]))", none)).isEqualTo(NON_NULL);
    assertThat(ExpressionNullness.of("((a.x)::text ~~ 'a%'::text)", none)).isEqualTo(NON_NULL);
    assertThatThrownBy(() -> PlanJson.parse("{\"a\": [1,}"))
        .hasMessageContaining("malformed plan JSON at offset");
  }
}
