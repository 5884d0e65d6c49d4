package dev.sluice.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import dev.sluice.testkit.PgServer;
import dev.sluice.testkit.TestDatabase;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The nullability of {@code @Query} results as the processor infers it from PostgreSQL's plan
 * ({@link NullabilityInference}), in live mode against Pagila plus a view over an outer join.
 * Broken programs pin tag, message and line (each program starts on line 3, as in {@link
 * SchemaChecksTest}); the correct queries must compile with no diagnostic at all under {@code
 * -Xlint:all -Werror}: outer joins, aggregates, subqueries, CTEs, views and RETURNING where
 * PostgreSQL never yields NULL.
 *
 * <p>Oldest server each case's syntax needs: PostgreSQL 13 for all (WITH … AS MATERIALIZED is 12);
 * the project's own cases, none derived from another project's tests.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NullabilityChecksTest {
  static final String EXTRA_SCHEMA =
      "CREATE VIEW film_language AS SELECT f.film_id, f.title, l.name AS original_language"
          + " FROM film f LEFT JOIN language l ON l.language_id = f.original_language_id;";

  /** What follows the column in the message of a column the plan finds nullable. */
  static final String BY_THE_PLAN =
      "NULL in some rows by the plan: a nullable base column, the nullable side of an outer join,"
          + " an aggregate over no rows, a scalar subquery, CASE without ELSE, nullif, lag/lead or"
          + " unnest)";

  TestDatabase db;

  @BeforeAll
  void createDatabase() throws SQLException {
    db = PgServer.shared().createPagilaDatabase();
    db.execute(EXTRA_SCHEMA);
  }

  @AfterAll
  void dropDatabase() {
    db.close();
  }

  Compilation compile(String... lines) {
    return javac()
        .withProcessors(new SluiceProcessor())
        .withOptions("-Asluice.schema.url=" + db.url(), "-Xlint:all,-processing", "-Werror")
        .compile(SchemaChecksTest.source(lines));
  }

  /**
   * Compiles a record {@code row} (line 3) and a DAO whose one method (line 5) runs {@code sql},
   * and asserts the one error: column {@code column}, from {@code from} (a base column, or null),
   * into component {@code component} of {@code row}'s record, which is a primitive or not.
   */
  private void assertNullable(
      String column, String from, String component, boolean primitive, String row, String method) {
    assertNullableBecause(
        column, (from == null ? "" : from + ", ") + BY_THE_PLAN, component, primitive, row, method);
  }

  /**
   * As {@link #assertNullable}, where the message names the one cause: {@code why} is what the
   * parentheses after the column hold, with the closing one.
   */
  private void assertNullableBecause(
      String column, String why, String component, boolean primitive, String row, String method) {
    String message =
        "[sluice.schema.nullable-column] column "
            + column
            + " of the result of m ("
            + why
            + " is nullable but component Program.R."
            + component
            + (primitive ? " is primitive; use " : " is not @Nullable; annotate it @Nullable");
    String[] lines = {row, "@Dao interface D {", "  " + method, "}"};
    Compilation c = compile(lines);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(message).inFile(SchemaChecksTest.source(lines)).onLine(5);
  }

  // -------------------------------------------------------------------------------------------
  // Broken: each outer-join side

  @Test
  void leftJoinInnerSide() {
    assertNullableBecause(
        "name",
        "category.name, the nullable side of the outer join with category c)",
        "name",
        false,
        "@Row record R(String title, String name) {}",
        "@Query(\"SELECT f.title, c.name FROM film f LEFT JOIN film_category fc USING (film_id)"
            + " LEFT JOIN category c USING (category_id)\") List<R> m();");
  }

  @Test
  void leftJoinInnerSideIntoPrimitive() {
    assertNullableBecause(
        "inventory_id",
        "inventory.inventory_id, the nullable side of the outer join with inventory i)",
        "inventoryId",
        true,
        "@Row record R(int filmId, int inventoryId) {}",
        "@Query(\"SELECT f.film_id, i.inventory_id FROM film f LEFT JOIN inventory i USING (film_id)\")"
            + " List<R> m();");
  }

  @Test
  void rightJoinOuterSide() {
    assertNullableBecause(
        "name",
        "language.name, the nullable side of the outer join with language l)",
        "name",
        false,
        "@Row record R(String title, String name) {}",
        "@Query(\"SELECT f.title, l.name FROM language l RIGHT JOIN film f"
            + " ON f.original_language_id = l.language_id\") List<R> m();");
  }

  @Test
  void fullJoinLeftSide() {
    assertNullableBecause(
        "first_name",
        "actor.first_name, a side of the FULL JOIN with actor a)",
        "firstName",
        false,
        "@Row record R(String firstName, @Nullable String staffName) {}",
        "@Query(\"SELECT a.first_name, s.first_name AS staff_name FROM actor a"
            + " FULL JOIN staff s ON s.first_name = a.first_name\") List<R> m();");
  }

  @Test
  void fullJoinRightSide() {
    assertNullableBecause(
        "staff_name",
        "staff.first_name, a side of the FULL JOIN with staff s)",
        "staffName",
        false,
        "@Row record R(@Nullable String firstName, String staffName) {}",
        "@Query(\"SELECT a.first_name, s.first_name AS staff_name FROM actor a"
            + " FULL JOIN staff s ON s.first_name = a.first_name\") List<R> m();");
  }

  @Test
  void leftJoinOfAGroupedSubquery() {
    assertNullableBecause(
        "copies",
        "the nullable side of the outer join with the subquery s)",
        "copies",
        true,
        "@Row record R(String title, long copies) {}",
        "@Query(\"SELECT f.title, s.copies FROM film f LEFT JOIN (SELECT film_id, count(*) AS copies"
            + " FROM inventory GROUP BY film_id) s USING (film_id)\") List<R> m();");
  }

  @Test
  void leftJoinOfAPartitionedTable() {
    // payment is partitioned by month: EXPLAIN scans payment_p2022_01 p_1, … under one Append,
    // and the join is named by the alias written.
    assertNullableBecause(
        "amount",
        "payment.amount, the nullable side of the outer join with p)",
        "amount",
        false,
        "@Row record R(String firstName, BigDecimal amount) {}",
        "@Query(\"SELECT c.first_name, p.amount FROM customer c LEFT JOIN payment p USING (customer_id)\")"
            + " List<R> m();");
  }

  // Broken: aggregates over possibly empty input

  @Test
  void maxWithoutGroupBy() {
    assertNullableBecause(
        "longest",
        "max(…) over no rows: an aggregate without GROUP BY yields NULL when no row matches)",
        "longest",
        true,
        "@Row record R(short longest) {}",
        "@Query(\"SELECT max(length) AS longest FROM film WHERE rating = 'G'\") List<R> m();");
  }

  @Test
  void sumWithoutGroupBy() {
    assertNullableBecause(
        "total",
        "sum(…) over no rows: an aggregate without GROUP BY yields NULL when no row matches)",
        "total",
        false,
        "@Row record R(BigDecimal total) {}",
        "@Query(\"SELECT sum(amount) AS total FROM payment WHERE customer_id = :c\") Optional<R> m(int c);");
  }

  @Test
  void arrayAggWithoutGroupBy() {
    assertNullableBecause(
        "titles",
        "array_agg(…) over no rows: an aggregate without GROUP BY yields NULL when no row matches)",
        "titles",
        false,
        "@Row record R(List<String> titles) {}",
        "@Query(\"SELECT array_agg(title) AS titles FROM film WHERE length > :n\") Optional<R> m(int n);");
  }

  @Test
  void avgOfANullableColumnWithGroupBy() {
    assertNullableBecause(
        "avg_length",
        "avg(…) of the nullable column film.length, NULL where every value is)",
        "avgLength",
        false,
        "@Row record R(int languageId, BigDecimal avgLength) {}",
        "@Query(\"SELECT language_id, avg(length) AS avg_length FROM film GROUP BY language_id\")"
            + " List<R> m();");
  }

  @Test
  void filteredAggregateWithGroupBy() {
    assertNullableBecause(
        "top",
        "max(…) FILTER (…), NULL where no row passes the filter)",
        "top",
        false,
        "@Row record R(int languageId, BigDecimal top) {}",
        "@Query(\"SELECT language_id, max(rental_rate) FILTER (WHERE length > 100) AS top FROM film"
            + " GROUP BY language_id\") List<R> m();");
  }

  @Test
  void rollupKey() {
    assertNullableBecause(
        "film_id",
        "film.film_id, GROUP BY ROLLUP, CUBE or GROUPING SETS, NULL in the rows of a grouping set without the column)",
        "filmId",
        true,
        "@Row record R(int filmId, long n) {}",
        "@Query(\"SELECT film_id, count(*) AS n FROM film GROUP BY ROLLUP (film_id)\") List<R> m();");
  }

  // Broken: scalar subqueries, expressions, window functions, set-returning functions

  @Test
  void correlatedScalarSubquery() {
    assertNullableBecause(
        "last_rental",
        "a scalar subquery, which may return no row or NULL)",
        "lastRental",
        false,
        "@Row record R(String firstName, Instant lastRental) {}",
        "@Query(\"SELECT c.first_name, (SELECT max(r.rental_date) FROM rental r"
            + " WHERE r.customer_id = c.customer_id) AS last_rental FROM customer c\") List<R> m();");
  }

  @Test
  void scalarSubqueryOfANotNullColumn() {
    assertNullableBecause(
        "title",
        "a scalar subquery, which may return no row or NULL)",
        "title",
        false,
        "@Row record R(String title) {}",
        "@Query(\"SELECT (SELECT title FROM film WHERE film_id = :id) AS title\") R m(int id);");
  }

  @Test
  void caseWithoutElse() {
    assertNullableBecause(
        "size",
        "CASE without ELSE (or with ELSE NULL), NULL where no WHEN matches)",
        "size",
        false,
        "@Row record R(String title, String size) {}",
        "@Query(\"SELECT title, CASE WHEN length > 120 THEN 'long' END AS size FROM film\")"
            + " List<R> m();");
  }

  @Test
  void nullif() {
    assertNullableBecause(
        "title",
        "nullif(…), NULL where its two arguments are equal)",
        "title",
        false,
        "@Row record R(String title) {}",
        "@Query(\"SELECT nullif(title, '') AS title FROM film\") List<R> m();");
  }

  @Test
  void lagOfANotNullColumn() {
    assertNullableBecause(
        "previous",
        "lag(…), NULL where the row it reads lies outside the partition)",
        "previous",
        true,
        "@Row record R(int filmId, int previous) {}",
        "@Query(\"SELECT film_id, lag(film_id) OVER (ORDER BY film_id) AS previous FROM film\")"
            + " List<R> m();");
  }

  @Test
  void unnestOfAnArray() {
    assertNullableBecause(
        "feature",
        "unnest(…), NULL for each NULL element)",
        "feature",
        false,
        "@Row record R(String feature) {}",
        "@Query(\"SELECT unnest(special_features) AS feature FROM film\") List<R> m();");
  }

  @Test
  void strictFunctionOfANullableColumn() {
    assertNullableBecause(
        "d",
        "the nullable column film.description)",
        "d",
        false,
        "@Row record R(String d) {}",
        "@Query(\"SELECT lower(description) AS d FROM film\") List<R> m();");
  }

  @Test
  void unionWithNull() {
    assertNullableBecause(
        "title",
        "branch 2 of the UNION, a NULL constant)",
        "title",
        false,
        "@Row record R(String title) {}",
        "@Query(\"SELECT title FROM film UNION SELECT NULL\") List<R> m();");
  }

  // Broken: the one cause a computed column names, and only a cause that decides

  @Test
  void coalesceOfNullablesOnly() {
    assertNullableBecause(
        "note",
        "coalesce(…), NULL where all its arguments are)",
        "note",
        false,
        "@Row record R(String note) {}",
        "@Query(\"SELECT coalesce(description, nullif(title, '')) AS note FROM film\") List<R> m();");
  }

  @Test
  void caseWithElseNullWritten() {
    assertNullableBecause(
        "size",
        "CASE without ELSE (or with ELSE NULL), NULL where no WHEN matches)",
        "size",
        false,
        "@Row record R(String size) {}",
        "@Query(\"SELECT CASE WHEN length > 120 THEN 'long' ELSE NULL END AS size FROM film\")"
            + " List<R> m();");
  }

  @Test
  void caseBranchOfANullableColumn() {
    assertNullableBecause(
        "d",
        "the nullable column film.description)",
        "d",
        false,
        "@Row record R(String d) {}",
        "@Query(\"SELECT CASE WHEN length > 120 THEN 'long' ELSE description END AS d FROM film\")"
            + " List<R> m();");
  }

  @Test
  void maskedCauseIsNotNamed() {
    // nullif is masked by coalesce's non-null fallback; the NULL the plan finds is the union's.
    assertNullableBecause(
        "t",
        "branch 2 of the UNION, sum(…) over no rows: an aggregate without GROUP BY yields NULL"
            + " when no row matches)",
        "t",
        false,
        "@Row record R(String t) {}",
        "@Query(\"SELECT coalesce(nullif(title, ''), '-') AS t FROM film"
            + " UNION ALL SELECT sum(length)::text FROM film WHERE length > :n\") List<R> m(int n);");
  }

  @Test
  void maxTheIndexAnswers() {
    // The planner reads max(film_id) from the primary key's index, as a subquery of its own.
    assertNullableBecause(
        "top",
        "max(…) over no rows: an aggregate without GROUP BY yields NULL when no row matches)",
        "top",
        true,
        "@Row record R(int top) {}",
        "@Query(\"SELECT max(film_id) AS top FROM film WHERE film_id > :n\") List<R> m(int n);");
  }

  @Test
  void stringToTableYieldsNullForItsNullString() {
    assertNullableBecause(
        "part",
        "string_to_table(…), NULL for each field equal to its null string)",
        "part",
        false,
        "@Row record R(String part) {}",
        "@Query(\"SELECT string_to_table(title, ' ', 'A') AS part FROM film\") List<R> m();");
  }

  @Test
  void windowAggregateWithFilter() {
    assertNullableBecause(
        "top",
        "max(…) FILTER (…), NULL where no row passes the filter)",
        "top",
        false,
        "@Row record R(int filmId, BigDecimal top) {}",
        "@Query(\"SELECT film_id, max(rental_rate) FILTER (WHERE length > 100)"
            + " OVER (ORDER BY film_id) AS top FROM film\") List<R> m();");
  }

  // Broken: CTE columns and views

  @Test
  void cteOverALeftJoin() {
    assertNullableBecause(
        "name",
        "language.name, the nullable side of the outer join with language l)",
        "name",
        false,
        "@Row record R(String title, String name) {}",
        "@Query(\"WITH langs AS (SELECT f.title, l.name FROM film f LEFT JOIN language l"
            + " ON l.language_id = f.original_language_id) SELECT title, name FROM langs\") List<R> m();");
  }

  @Test
  void recursiveCteWhoseRecursiveTermYieldsNull() {
    assertNullableBecause(
        "n",
        "the recursive term of the recursive CTE t, a NULL constant)",
        "n",
        true,
        "@Row record R(int n) {}",
        "@Query(\"WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT CASE WHEN n > 3 THEN NULL"
            + " ELSE n + 1 END FROM t WHERE n < 5) SELECT n FROM t\") List<R> m();");
  }

  @Test
  void recursiveCteWhoseNonRecursiveTermYieldsNull() {
    assertNullableBecause(
        "n",
        "the non-recursive term of the recursive CTE t, max(…) over no rows: an aggregate without"
            + " GROUP BY yields NULL when no row matches)",
        "n",
        true,
        "@Row record R(int n) {}",
        "@Query(\"WITH RECURSIVE t(n) AS (SELECT max(length)::int FROM film WHERE length > 1000"
            + " UNION ALL SELECT n + 1 FROM t WHERE n < 5) SELECT n FROM t\") List<R> m();");
  }

  @Test
  void pulledUpSubqueryOnTheNullableSideIsNamedAsWritten() {
    // The planner pulls the subquery up: the plan shows only language l; the text names s.
    assertNullableBecause(
        "name",
        "language.name, the nullable side of the outer join with the subquery s (language l))",
        "name",
        false,
        "@Row record R(String title, String name) {}",
        "@Query(\"SELECT f.title, s.name FROM film f LEFT JOIN (SELECT l.language_id, l.name"
            + " FROM language l) s ON s.language_id = f.original_language_id\") List<R> m();");
  }

  @Test
  void pulledUpSubqueryAmongSeveralOuterJoinsIsNamedByWhatItReads() {
    // Two outer joins: the one LEFT JOINed subquery that reads language l is named.
    assertNullableBecause(
        "name",
        "language.name, the nullable side of the outer join with the subquery s (language l))",
        "name",
        false,
        "@Row record R(String title, String name) {}",
        "@Query(\"SELECT f.title, s.name FROM film f LEFT JOIN (SELECT l.language_id, l.name"
            + " FROM language l) s ON s.language_id = f.original_language_id"
            + " LEFT JOIN film_actor fa ON fa.film_id = f.film_id\") List<R> m();");
  }

  @Test
  void materializedCteOfAnAggregate() {
    assertNullableBecause(
        "longest",
        "max(…) over no rows: an aggregate without GROUP BY yields NULL when no row matches)",
        "longest",
        true,
        "@Row record R(short longest) {}",
        "@Query(\"WITH m AS MATERIALIZED (SELECT max(length) AS longest FROM film)"
            + " SELECT longest FROM m\") List<R> m();");
  }

  @Test
  void viewOverALeftJoin() {
    assertNullableBecause(
        "original_language",
        "film_language.original_language, the nullable side of the outer join with language l)",
        "originalLanguage",
        false,
        "@Row record R(String title, String originalLanguage) {}",
        "@Query(\"SELECT title, original_language FROM film_language\") List<R> m();");
  }

  @Test
  void viewOfANullableColumn() {
    assertNullableBecause(
        "zip",
        "customer_list.zip code, the nullable column address.postal_code)",
        "zip",
        false,
        "@Row record R(String name, String zip) {}",
        "@Query(\"SELECT name, \\\"zip code\\\" AS zip FROM customer_list\") List<R> m();");
  }

  // -------------------------------------------------------------------------------------------
  // Correct: not one diagnostic

  static final String[] CORRECT = {
    "@Row record Named(String title, String name) {}",
    "@Row record Ids(int filmId, String title) {}",
    "@Row record Count(long n) {}",
    "@Row record Copies(String title, long copies) {}",
    "@Row record Longest(short longest) {}",
    "@Row record Acts(String firstName, boolean acts) {}",
    "@Row record AnyLong(boolean anyLong) {}",
    "@Row record Renamed(int actorId, String lastName, Instant lastUpdate) {}",
    "@Row record Link(int actorId, int filmId) {}",
    "@Row record Total(int customerId, BigDecimal total, Instant latest) {}",
    "@Row record Ranked(String title, long n, long r, BigDecimal running) {}",
    "@Row record Texts(String lowerName, String fullName, Instant month, int len) {}",
    "@Row record Literals(String tag, int one, boolean isFirst, int nextId, Instant at) {}",
    "@Row record Name(String name) {}",
    "@Row record Person(String firstName, String lastName) {}",
    "@Row record Size(String size) {}",
    "@Row record Undescribed(boolean undescribed) {}",
    "@Row record Paid(int paymentId, BigDecimal amount) {}",
    "@Row record Asserted(String title, @NonNull String name) {}",
    "@Row record Listed(String title, String category, BigDecimal price) {}",
    "@Dao interface Nullability {",
    "  @Query(\"SELECT f.title, l.name FROM film f JOIN language l USING (language_id)\") List<Named> inner();",
    "  @Query(\"SELECT f.title, l.name FROM film f LEFT JOIN language l ON l.language_id = f.original_language_id\"",
    "      + \" WHERE l.name = :n\") List<Named> reducedLeftJoin(String n);",
    "  @Query(\"SELECT f.title, l.name FROM language l RIGHT JOIN film f ON f.language_id = l.language_id\"",
    "      + \" WHERE l.language_id > 0\") List<Named> reducedRightJoin();",
    "  @Query(\"SELECT DISTINCT f.film_id, f.title FROM film f LEFT JOIN inventory i USING (film_id)\") List<Ids> outerSide();",
    "  @Query(\"SELECT count(*) AS n FROM film WHERE length > :l\") Count count(int l);",
    "  @Query(\"SELECT f.title, count(i.inventory_id) AS copies FROM film f LEFT JOIN inventory i USING (film_id)\"",
    "      + \" GROUP BY f.film_id, f.title\") List<Copies> countOfTheNullableSide();",
    "  @Query(\"SELECT coalesce(max(length), 0::smallint) AS longest FROM film\") Longest coalesced();",
    "  @Query(\"SELECT f.title, coalesce(l.name, 'none') AS name FROM film f\"",
    "      + \" LEFT JOIN language l ON l.language_id = f.original_language_id\") List<Named> coalescedJoin();",
    "  @Query(\"SELECT a.first_name, EXISTS (SELECT 1 FROM film_actor fa WHERE fa.actor_id = a.actor_id) AS acts\"",
    "      + \" FROM actor a\") List<Acts> exists();",
    "  @Query(\"SELECT EXISTS (SELECT 1 FROM film WHERE length > :l) AS any_long\") AnyLong uncorrelatedExists(int l);",
    "  @Query(\"UPDATE actor SET last_name = :n WHERE actor_id = :id RETURNING actor_id, last_name, last_update\")",
    "  Optional<Renamed> rename(int id, String n);",
    "  @Query(\"INSERT INTO actor (first_name, last_name) VALUES (:f, :l) RETURNING actor_id, last_name, last_update\")",
    "  Renamed insert(String f, String l);",
    "  @Query(\"DELETE FROM film_actor WHERE film_id = :id RETURNING actor_id, film_id\") List<Link> unlink(int id);",
    "  @Query(\"SELECT customer_id, sum(amount) AS total, max(payment_date) AS latest FROM payment\"",
    "      + \" GROUP BY customer_id\") List<Total> totals();",
    "  @Query(\"SELECT title, row_number() OVER (ORDER BY title) AS n, rank() OVER (ORDER BY length) AS r,\"",
    "      + \" sum(rental_rate) OVER (ORDER BY film_id) AS running FROM film\") List<Ranked> windows();",
    "  @Query(\"SELECT lower(first_name) AS lower_name, first_name || ' ' || last_name AS full_name,\"",
    "      + \" date_trunc('month', last_update) AS month, length(last_name) AS len FROM actor\") List<Texts> strict();",
    "  @Query(\"SELECT 'x' AS tag, 1 AS one, title = 'ACADEMY DINOSAUR' AS is_first, film_id + 1 AS next_id,\"",
    "      + \" now() AS at FROM film\") List<Literals> literals();",
    "  @Query(\"WITH t AS (SELECT film_id, title FROM film WHERE length > 100) SELECT t.title, t.film_id FROM t\")",
    "  List<Ids> cte();",
    "  @Query(\"WITH r AS MATERIALIZED (SELECT rating, count(*) AS n FROM film GROUP BY rating) SELECT n FROM r\")",
    "  List<Count> materializedCte();",
    "  @Query(\"SELECT f.title, s.copies FROM film f JOIN (SELECT film_id, count(*) AS copies FROM inventory\"",
    "      + \" GROUP BY film_id) s USING (film_id)\") List<Copies> groupedSubquery();",
    "  @Query(\"SELECT title AS name FROM film UNION SELECT first_name FROM actor\") List<Name> union();",
    "  @Query(\"SELECT first_name, last_name FROM actor_info\") List<Person> groupedView();",
    "  @Query(\"SELECT title, category, price FROM film_list\") List<Listed> viewByItsColumnNames();",
    "  @Query(\"SELECT name FROM customer_list\") List<Name> simpleView();",
    "  @Query(\"SELECT CASE WHEN length > 120 THEN 'long' ELSE 'short' END AS size FROM film\") List<Size> caseWithElse();",
    "  @Query(\"SELECT description IS NULL AS undescribed FROM film\") List<Undescribed> isNull();",
    "  @Query(\"SELECT payment_id, amount FROM payment WHERE customer_id = :c\") List<Paid> partitioned(int c);",
    "  @Query(\"SELECT f.title, c.name FROM film f LEFT JOIN film_category fc USING (film_id)\"",
    "      + \" LEFT JOIN category c USING (category_id)\") List<Asserted> assertedNonNull();",
    "}",
  };

  @Test
  void correctQueriesCompileWithoutAnyDiagnostic() {
    Compilation c = compile(CORRECT);
    assertThat(c).succeeded();
    org.assertj.core.api.Assertions.assertThat(ProgressNotes.others(c)).isEmpty();
  }
}
