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
 * Correct programs the checks once refused (issue 27, "False alarms on correct code"): each
 * compiles with no diagnostic under {@code -Xlint:all -Werror}; beside them, the broken twins that
 * keep each rule from reaching too far pin tag, message and line (programs start on line 3, as in
 * {@link SchemaChecksTest}). The project's own cases; syntax of PostgreSQL 13 (WITH ORDINALITY,
 * materialized views, EXCLUDE in frames, jsonb_path_query: all 12 or older).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NullabilityFalseAlarmsTest {
  static final String EXTRA_SCHEMA =
      "CREATE MATERIALIZED VIEW film_lengths AS SELECT film_id, title,"
          + " coalesce(length, 0::smallint) AS length, description FROM film;";

  private TestDatabase db;

  @BeforeAll
  void createDatabase() throws SQLException {
    db = PgServer.shared().createPagilaDatabase();
    db.execute(EXTRA_SCHEMA);
  }

  @AfterAll
  void dropDatabase() {
    db.close();
  }

  private Compilation compile(String... lines) {
    return javac()
        .withProcessors(new SluiceProcessor())
        .withOptions("-Asluice.schema.url=" + db.url(), "-Xlint:all,-processing", "-Werror")
        .compile(SchemaChecksTest.source(lines));
  }

  static final String[] CORRECT = {
    "@Row record Counted(String firstName, long films) {}",
    "@Row record Numbered(@Nullable String feature, long n) {}",
    "@Row record Step(int g) {}",
    "@Row record StepAt(int g, long ordinality) {}",
    "@Row record Running(int filmId, BigDecimal running, BigDecimal recent) {}",
    "@Row record Lengths(int filmId, String title, short length) {}",
    "@Row record Element(String value) {}",
    "@Row record Entry(String key, String value) {}",
    "@Row record Described(String title, String description) {}",
    "@Row record Ranked(int filmId, String title, int doubled, long rn) {}",
    "@Row record Membership(String firstName, boolean manager, @Nullable Integer lastRental) {}",
    "@Table(\"film_lengths\") record FilmLength(int filmId, String title, short length,",
    "    @Nullable String description) {}",
    "@Dao interface Correct {",
    "  @Query(\"SELECT a.first_name, (SELECT count(*) FROM film_actor fa WHERE fa.actor_id = a.actor_id)\"",
    "      + \" AS films FROM actor a\") List<Counted> countSubquery();",
    "  @Query(\"SELECT x AS feature, n FROM unnest(ARRAY['a', 'b']) WITH ORDINALITY AS u(x, n)\")",
    "  List<Numbered> ordinality();",
    "  @Query(\"SELECT g FROM generate_series(1, :n) g\") List<Step> series(int n);",
    "  @Query(\"SELECT generate_series(1, :n) AS g\") List<Step> seriesInTheSelectList(int n);",
    "  @Query(\"SELECT g, ordinality FROM generate_series(1, :n) WITH ORDINALITY g\")",
    "  List<StepAt> seriesWithOrdinality(int n);",
    "  @Query(\"SELECT film_id, sum(rental_rate) OVER (ORDER BY film_id ROWS BETWEEN UNBOUNDED\"",
    "      + \" PRECEDING AND CURRENT ROW) AS running, sum(rental_rate) OVER (ORDER BY film_id\"",
    "      + \" ROWS 2 PRECEDING EXCLUDE TIES) AS recent FROM film\") List<Running> frames();",
    "  @Query(\"SELECT film_id, title, length FROM film_lengths\") List<Lengths> materializedView();",
    "  @Query(\"SELECT value::text AS value FROM jsonb_array_elements('[1, null]')\")",
    "  List<Element> jsonElements();",
    "  @Query(\"SELECT key, value::text AS value FROM jsonb_each('{\\\"a\\\": null}')\")",
    "  List<Entry> jsonEntries();",
    "  @Query(\"SELECT k AS value FROM json_object_keys('{\\\"a\\\": 1}') k\") List<Element> jsonKeys();",
    "  @Query(\"SELECT k AS value FROM jsonb_each_text('{\\\"a\\\": null}') AS e(k, v)\")",
    "  List<Element> textKeys();",
    "  @Query(\"SELECT title, description FROM film WHERE description IS NOT NULL\")",
    "  List<Described> isNotNull();",
    "  @Query(\"SELECT * FROM (SELECT film_id, title, rental_duration * 2 AS doubled,\"",
    "      + \" row_number() OVER (PARTITION BY rating ORDER BY length) AS rn FROM film) s\"",
    "      + \" WHERE rn = 1\") List<Ranked> firstOfEachRating();",
    "  @Query(\"SELECT s.rn, s.film_id, s.doubled, s.title FROM (SELECT film_id, title, length AS l,\"",
    "      + \" coalesce(length, 0) * 2 AS doubled, row_number() OVER (ORDER BY length) rn\"",
    "      + \" FROM film) s WHERE rn <= 3 ORDER BY s.l\") List<Ranked> shortestThree();",
    "  @Query(\"SELECT c.first_name, c.store_id IN (SELECT s.store_id FROM store s\"",
    "      + \" WHERE s.manager_staff_id = c.customer_id) AS manager, (SELECT r.rental_id\"",
    "      + \" FROM rental r WHERE r.customer_id = c.customer_id ORDER BY r.rental_date DESC\"",
    "      + \" LIMIT 1) AS last_rental FROM customer c\") List<Membership> membership();",
    "}",
  };

  /**
   * A record {@code row} (line 3) and a DAO whose one method (line 5) is {@code method}: the one
   * error says column {@code column} (from {@code why}) is nullable but {@code component} is not.
   */
  private void assertNullable(
      String column, String why, String component, String row, String method) {
    String message =
        "[sluice.schema.nullable-column] column "
            + column
            + " of the result of m ("
            + why
            + " is nullable but component Program.R."
            + component
            + " is not @Nullable; annotate it @Nullable";
    String[] lines = {row, "@Dao interface D {", "  " + method, "}"};
    Compilation c = compile(lines);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(message).inFile(SchemaChecksTest.source(lines)).onLine(5);
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void theTextVariantYieldsNullForAJsonNull() {
    assertNullable(
        "value",
        "jsonb_array_elements_text(…), NULL for each JSON null)",
        "value",
        "@Row record R(String value) {}",
        "@Query(\"SELECT e AS value FROM jsonb_array_elements_text('[null]') e\") List<R> m();");
  }

  /**
   * Before 17 the IN and the scalar subquery both print as {@code (SubPlan n)}: told apart by their
   * numbers, the IN is not NULL here (its operand and the store ids are not), the scalar subquery
   * is, and the message names it.
   */
  @Test
  void aScalarSubqueryBesideAnInIsNamed() {
    assertNullable(
        "last_rental",
        "a scalar subquery, which may return no row or NULL)",
        "lastRental",
        "@Row record R(String firstName, boolean manager, Integer lastRental) {}",
        "@Query(\"SELECT c.first_name, c.store_id IN (SELECT s.store_id FROM store s WHERE"
            + " s.manager_staff_id = c.customer_id) AS manager, (SELECT r.rental_id FROM rental r"
            + " WHERE r.customer_id = c.customer_id LIMIT 1) AS last_rental FROM customer c\")"
            + " List<R> m();");
  }

  @Test
  void aSubqueryScansNullableComputedColumn() {
    assertNullable(
        "doubled",
        "the nullable column film.length)",
        "doubled",
        "@Row record R(int filmId, Integer doubled) {}",
        "@Query(\"SELECT film_id, doubled FROM (SELECT film_id, length * 2 AS doubled,"
            + " row_number() OVER (ORDER BY film_id) AS rn FROM film) s WHERE rn = 1\") List<R> m();");
  }

  @Test
  void anAggregateSubqueryWithHavingMayFindNoRow() {
    assertNullable(
        "n",
        "a scalar subquery, which may return no row or NULL)",
        "n",
        "@Row record R(Long n) {}",
        "@Query(\"SELECT (SELECT count(*) FROM film HAVING count(*) > 3) AS n\") List<R> m();");
  }

  @Test
  void isNotNullUnderOrDoesNotHold() {
    assertNullable(
        "description",
        "film.description)",
        "description",
        "@Row record R(String title, String description) {}",
        "@Query(\"SELECT title, description FROM film WHERE description IS NOT NULL OR length > 3\")"
            + " List<R> m();");
  }

  @Test
  void aMaterializedViewsNullableColumn() {
    assertNullable(
        "description",
        "film_lengths.description)",
        "description",
        "@Row record R(String title, String description) {}",
        "@Query(\"SELECT title, description FROM film_lengths\") List<R> m();");
  }

  /**
   * A FROM subquery's unaliased expression, which PostgreSQL names {@code ?column?}: the column
   * above is followed to it, where the other inner outputs (an unused nullable column) differ.
   */
  @Test
  void anUnaliasedExpressionOfASubquery() {
    Compilation c =
        compile(
            "@Row record R(String title, int next) {}",
            "@Dao interface D {",
            "  @Query(\"SELECT s.title, s.\\\"?column?\\\" AS next FROM (SELECT f.title, f.film_id + 1,\"",
            "      + \" f.length FROM film f OFFSET 0) s\") List<R> m();",
            "}");
    assertThat(c).succeeded();
    org.assertj.core.api.Assertions.assertThat(ProgressNotes.others(c)).isEmpty();
  }

  /**
   * A FROM subquery whose select list holds {@code *}: its columns are had from the server (a probe
   * of the subquery alone), so a column above is followed to its place, NOT NULL here.
   */
  @Test
  void aStarInASubquerysSelectList() {
    Compilation c =
        compile(
            "@Row record R(String title, long rn) {}",
            "@Dao interface D {",
            "  @Query(\"SELECT s.title, s.rn FROM (SELECT *, row_number() OVER (ORDER BY film_id)\"",
            "      + \" AS rn FROM film) s WHERE s.rn <= 3\") List<R> m();",
            "}");
    assertThat(c).succeeded();
    org.assertj.core.api.Assertions.assertThat(ProgressNotes.others(c)).isEmpty();
  }

  /**
   * As above, a NOT NULL column behind the {@code *} on the nullable side of a LEFT JOIN inside the
   * subquery: nullable, for that cause (line 5).
   */
  @Test
  void aStarInASubquerysSelectListOverALeftJoin() {
    assertNullable(
        "name",
        "language.name, the nullable side of the outer join with language l)",
        "name",
        "@Row record R(String title, String name) {}",
        "@Query(\"SELECT s.title, s.name FROM (SELECT f.title, l.*, rank() OVER (ORDER BY"
            + " f.film_id) AS r FROM film f LEFT JOIN language l"
            + " ON l.language_id = f.original_language_id) s WHERE s.r < 5\") List<R> m();");
  }

  @Test
  void correctQueriesCompileWithoutAnyDiagnostic() {
    Compilation c = compile(CORRECT);
    assertThat(c).succeeded();
    org.assertj.core.api.Assertions.assertThat(ProgressNotes.others(c)).isEmpty();
  }
}
