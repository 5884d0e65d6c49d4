package dev.sluice.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import dev.sluice.testkit.PgServer;
import dev.sluice.testkit.TestDatabase;
import java.sql.SQLException;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Where the inference cannot decide, nullable is the answer: what the plan leaves undecided (a
 * function the rules do not know) is an error of its own message into a component that rejects
 * NULL, a statement EXPLAIN cannot take a warning; around that rule, EXISTS in each plan form,
 * {@code x IN (subquery)} and recursive CTEs, broken and correct. Programs start on line 3 as in
 * {@link SchemaChecksTest}; the correct ones compile with no diagnostic under {@code -Xlint:all
 * -Werror}.
 *
 * <p>Oldest server each case's syntax needs: PostgreSQL 13 for all (WITH … AS MATERIALIZED is 12);
 * the project's own cases, none derived from another project's tests.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UndecidedNullabilityTest {
  /** A PL/pgSQL function: not strict, and its body is nothing the plan shows. */
  static final String EXTRA_SCHEMA =
      "CREATE FUNCTION film_score(id int) RETURNS int LANGUAGE plpgsql"
          + " AS $$ BEGIN RETURN id * 2; END $$";

  private TestDatabase db;

  @BeforeAll
  void createDatabase() throws SQLException {
    db = PgServer.shared().createPagilaDatabase();
    db.execute(EXTRA_SCHEMA);
    // Vacuumed as well as analyzed, so an autovacuum cannot change the plans under the test.
    db.execute("VACUUM ANALYZE actor, film_actor, film");
  }

  @AfterAll
  void dropDatabase() {
    db.close();
  }

  private Compilation compile(JavaFileObject source) {
    return javac()
        .withProcessors(new SluiceProcessor())
        .withOptions("-Asluice.schema.url=" + db.url(), "-Xlint:all,-processing", "-Werror")
        .compile(source);
  }

  /** A record {@code row} on line 3 and a DAO whose one method, on line 5, is {@code method}. */
  private static JavaFileObject program(String row, String method) {
    return SchemaChecksTest.source(row, "@Dao interface D {", "  " + method, "}");
  }

  private static String undecided(String column, String component, String rejection) {
    return "[sluice.schema.nullable-column] column "
        + column
        + " of the result of m may be NULL: the checks could not prove it non-null from the plan"
        + " (an expression the rules do not decide, such as a function's result), and where they"
        + " cannot decide, nullable is the answer; but component Program.R."
        + component
        + rejection
        + ", or @NonNull on it to assert that the query never yields NULL there";
  }

  private static String byThePlan(String column, String component, String rejection) {
    return because(column, NullabilityChecksTest.BY_THE_PLAN, component, rejection);
  }

  /** The message of a column the plan finds nullable for the one cause {@code why} names. */
  private static String because(String column, String why, String component, String rejection) {
    return "[sluice.schema.nullable-column] column "
        + column
        + " of the result of m ("
        + why
        + " is nullable but component Program.R."
        + component
        + rejection;
  }

  private static final String NOT_NULLABLE = " is not @Nullable; annotate it @Nullable";

  private void assertError(String message, String row, String method) {
    JavaFileObject source = program(row, method);
    Compilation c = compile(source);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(message).inFile(source).onLine(5);
  }

  // -------------------------------------------------------------------------------------------
  // Broken

  @Test
  void plpgsqlFunctionIntoAnInteger() {
    assertError(
        undecided("score", "score", " is not @Nullable; annotate it @Nullable or use Optional"),
        "@Row record R(String title, Integer score) {}",
        "@Query(\"SELECT title, film_score(film_id) AS score FROM film\") List<R> m();");
  }

  @Test
  void plpgsqlFunctionIntoAPrimitive() {
    assertError(
        undecided(
            "score", "score", " is primitive; use java.lang.Integer with @Nullable, or Optional"),
        "@Row record R(int score) {}",
        "@Query(\"SELECT film_score(film_id) AS score FROM film\") List<R> m();");
  }

  @Test
  void strictOperatorOverAnUndecidedOperand() {
    assertError(
        undecided(
            "next", "next", " is primitive; use java.lang.Integer with @Nullable, or Optional"),
        "@Row record R(int next) {}",
        "@Query(\"SELECT film_score(film_id) + 1 AS next FROM film\") List<R> m();");
  }

  @Test
  void aParameterInTheSelectList() {
    assertError(
        undecided("n", "n", " is primitive; use java.lang.Integer with @Nullable, or Optional"),
        "@Row record R(int n) {}",
        "@Query(\"SELECT :n AS n FROM film\") List<R> m(Integer n);");
  }

  @Test
  void recursiveCteColumnThatBecomesNull() {
    assertError(
        byThePlan("a", "a", " is primitive; use java.lang.Integer with @Nullable, or Optional"),
        "@Row record R(int a) {}",
        "@Query(\"WITH RECURSIVE t(a, b) AS (SELECT 1, 2 UNION SELECT b, NULL::int FROM t"
            + " WHERE a < 5) SELECT a FROM t\") List<R> m();");
  }

  @Test
  void recursiveCteThroughAnOuterJoin() {
    assertError(
        because(
            "id",
            "the recursive term of the recursive CTE t, the nullable side of the outer join with"
                + " category c)",
            "id",
            NOT_NULLABLE),
        "@Row record R(Integer id, int n) {}",
        "@Query(\"WITH RECURSIVE t(id, n) AS (SELECT 1, 0 UNION ALL SELECT c.category_id, t.n + 1"
            + " FROM t LEFT JOIN category c ON c.category_id = t.id + 1 WHERE t.n < 3)"
            + " SELECT id, n FROM t\") List<R> m();");
  }

  @Test
  void inOfANullableSubqueryColumnIntoABoolean() {
    assertError(
        because(
            "spoken",
            "an IN, ANY or ALL subquery, NULL where no row matches and a comparison is NULL)",
            "spoken",
            " is primitive; use java.lang.Boolean with @Nullable, or Optional"),
        "@Row record R(boolean spoken) {}",
        "@Query(\"SELECT a.actor_id IN (SELECT f.original_language_id FROM film f) AS spoken"
            + " FROM actor a\") List<R> m();");
  }

  @Test
  void notInOfANullableLeftSide() {
    assertError(
        because(
            "known",
            "an IN, ANY or ALL subquery, NULL where no row matches and a comparison is NULL)",
            "known",
            NOT_NULLABLE),
        "@Row record R(Boolean known) {}",
        "@Query(\"SELECT f.original_language_id NOT IN (SELECT l.language_id FROM language l)"
            + " AS known FROM film f\") List<R> m();");
  }

  @Test
  void aStatementExplainCannotTakeIsAWarning() {
    JavaFileObject source =
        program("@Row record R(String searchPath) {}", "@Query(\"SHOW search_path\") List<R> m();");
    Compilation c = compile(source);
    assertThat(c)
        .hadWarningContaining(
            "[sluice.schema.unplanned] column search_path of the result of m was not proven"
                + " non-null: PostgreSQL could not plan the statement (more than one statement,"
                + " or one EXPLAIN or PREPARE does not take), so only its base column is"
                + " known, which does not see outer joins; component Program.R.searchPath is not"
                + " @Nullable; annotate it @Nullable or use Optional, or @NonNull on it to assert"
                + " that the query never yields NULL there")
        .inFile(source)
        .onLine(5);
  }

  // -------------------------------------------------------------------------------------------
  // Correct

  static final String[] CORRECT = {
    "@Row record Acts(String firstName, boolean acts) {}",
    "@Row record Flag(boolean flag) {}",
    "@Row record Tree(int id, @Nullable Integer parent, String name, int depth) {}",
    "@Row record Depth(int n) {}",
    "@Row record Scored(String title, @NonNull Integer score) {}",
    "@Row record MaybeScored(String title, @Nullable Integer score) {}",
    "@Row record Path(@NonNull String searchPath) {}",
    "@Row record Series(int g) {}",
    "@Dao interface Undecided {",
    "  @Query(\"SELECT a.first_name, EXISTS (SELECT 1 FROM film f WHERE f.length = a.actor_id) AS acts\"",
    "      + \" FROM actor a\") List<Acts> hashedExists();",
    "  @Query(\"SELECT a.first_name, NOT EXISTS (SELECT 1 FROM film f WHERE f.length = a.actor_id) AS acts\"",
    "      + \" FROM actor a\") List<Acts> hashedNotExists();",
    "  @Query(\"SELECT a.first_name, EXISTS (SELECT 1 FROM film_actor fa WHERE fa.actor_id = a.actor_id) AS acts\"",
    "      + \" FROM actor a WHERE a.actor_id < 3\") List<Acts> probedExists();",
    "  @Query(\"SELECT EXISTS (SELECT 1 FROM film WHERE length > 100) AS flag\") Flag initPlanExists();",
    "  @Query(\"SELECT a.actor_id IN (SELECT fa.actor_id FROM film_actor fa) AS flag FROM actor a\")",
    "  List<Flag> inOfNonNullColumns();",
    "  @Query(\"SELECT a.actor_id > ALL (SELECT fa.film_id FROM film_actor fa WHERE fa.actor_id = a.actor_id)\"",
    "      + \" AS flag FROM actor a\") List<Flag> correlatedAll();",
    "  @Query(\"WITH RECURSIVE t(id, parent, name, depth) AS (SELECT category_id, NULL::int, name, 0\"",
    "      + \" FROM category UNION ALL SELECT c.category_id, t.id, c.name, t.depth + 1 FROM category c\"",
    "      + \" JOIN t ON c.category_id = t.id + 100) SELECT id, parent, name, depth FROM t\") List<Tree> tree();",
    "  @Query(\"WITH RECURSIVE n(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM n WHERE n < :max)\"",
    "      + \" SELECT n FROM n\") List<Depth> counter(int max);",
    "  @Query(\"SELECT title, film_score(film_id) AS score FROM film\") List<Scored> assertedNonNull();",
    "  @Query(\"SELECT title, film_score(film_id) AS score FROM film\") List<MaybeScored> acceptedNull();",
    "  @Query(\"SHOW search_path\") Path assertedShow();",
    "  @Query(\"SELECT g FROM generate_series(1, 10) AS g\") List<Series> series();",
    "}",
  };

  @Test
  void correctQueriesCompileWithoutAnyDiagnostic() {
    Compilation c = compile(SchemaChecksTest.source(CORRECT));
    assertThat(c).succeeded();
    org.assertj.core.api.Assertions.assertThat(ProgressNotes.others(c)).isEmpty();
  }
}
