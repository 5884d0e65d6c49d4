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
 * Values the checks once let through as non-null though PostgreSQL can yield NULL for them (issue
 * 27, "Misses"): an expression computed below an outer join or in a member of a UNION, which an
 * upper node shows as {@code (expr)}. Each broken program pins tag, message and line (programs
 * start on line 3, as in {@link SchemaChecksTest}); the correct twins compile with no diagnostic
 * under {@code -Xlint:all -Werror}. All cases are the project's own (none derived from another
 * project's tests); their syntax needs nothing newer than PostgreSQL 13.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NullabilityMissesTest {
  TestDatabase db;

  @BeforeAll
  void createDatabase() throws SQLException {
    db = PgServer.shared().createPagilaDatabase();
    db.execute(NullabilityChecksTest.EXTRA_SCHEMA);
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
   * A record {@code row} (line 3) and a DAO whose one method (line 5) is {@code method}: the one
   * error says computed column {@code column} is nullable, for the one cause {@code why} (what the
   * parentheses after the column hold, with the closing one), but {@code component} is not
   * {@code @Nullable}.
   */
  private void assertNullableBecause(
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
  void constantOfALeftJoinedSubquery() {
    assertNullableBecause(
        "present",
        "true, computed on the nullable side of the outer join with the subquery s (inventory))",
        "present",
        "@Row record R(String title, Boolean present) {}",
        "@Query(\"SELECT f.title, s.present FROM film f LEFT JOIN (SELECT DISTINCT film_id,"
            + " true AS present FROM inventory) s USING (film_id)\") List<R> m();");
  }

  @Test
  void coalesceInsideALeftJoinedSubquery() {
    assertNullableBecause(
        "features",
        "COALESCE(film.special_features, '{}'::text[]), computed on the nullable side of the outer join with the subquery s (film))",
        "features",
        "@Row record R(String title, String[] features) {}",
        "@Query(\"SELECT f.title, s.features FROM film f LEFT JOIN (SELECT film_id,"
            + " coalesce(special_features, '{}') AS features FROM film WHERE length > 100) s"
            + " USING (film_id)\") List<R> m();");
  }

  @Test
  void unionUnderOrderByAndLimit() {
    assertNullableBecause(
        "k",
        "branch 2 of the UNION, a NULL constant)",
        "k",
        "@Row record R(String title, Integer k) {}",
        "@Query(\"SELECT title, 1 AS k FROM film UNION ALL SELECT first_name, NULL FROM actor"
            + " ORDER BY 1 LIMIT 5\") List<R> m();");
  }

  @Test
  void computedUnionMemberUnderOrderBy() {
    assertNullableBecause(
        "x",
        "branch 2 of the UNION, a NULL constant)",
        "x",
        "@Row record R(String x) {}",
        "@Query(\"SELECT x FROM (SELECT 'a' AS x UNION ALL SELECT NULL) u ORDER BY x LIMIT 1\")"
            + " List<R> m();");
  }

  @Test
  void constantOfALeftJoinedCteAmongSeveralOuterJoins() {
    assertNullableBecause(
        "one",
        // Two outer joins: c is the one LEFT JOINed item that reads no relation.
        "1, computed on the nullable side of the outer join with c)",
        "one",
        "@Row record R(String title, Integer one) {}",
        "@Query(\"WITH c AS (SELECT 1 AS one) SELECT f.title, c.one FROM film f"
            + " LEFT JOIN c ON f.film_id = c.one"
            + " LEFT JOIN film_actor fa ON fa.film_id = f.film_id\") List<R> m();");
  }

  @Test
  void constantOfALeftJoinedCte() {
    assertNullableBecause(
        "one",
        // Inlined, c has no node in the plan; the statement's one outer join names it.
        "1, computed on the nullable side of the outer join with c)",
        "one",
        "@Row record R(String title, Integer one) {}",
        "@Query(\"WITH c AS (SELECT 1 AS one) SELECT f.title, c.one FROM film f"
            + " LEFT JOIN c ON f.film_id = c.one\") List<R> m();");
  }

  @Test
  void constantOfALeftJoinedMaterializedCte() {
    assertNullableBecause(
        "one",
        "the nullable side of the outer join with the CTE c)",
        "one",
        "@Row record R(String title, Integer one) {}",
        "@Query(\"WITH c AS MATERIALIZED (SELECT 1 AS one) SELECT f.title, c.one FROM film f"
            + " LEFT JOIN c ON f.film_id = c.one\") List<R> m();");
  }

  @Test
  void tableOverAViewOfALeftJoin() {
    String[] lines = {
      "@Table(\"film_language\") record FilmLanguage(int filmId, String title,",
      "    String originalLanguage) {}"
    };
    Compilation c = compile(lines);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.nullable-column] public.film_language.original_language (the nullable"
                + " side of the outer join with language l) is nullable but component"
                + " originalLanguage is not @Nullable; annotate it @Nullable or use Optional (or"
                + " @NonNull if the view never yields NULL there)")
        .inFile(SchemaChecksTest.source(lines))
        .onLine(4);
    assertThat(c).hadErrorCount(1);
  }

  /**
   * A {@code @Table} over a view whose column follows a nullable base column (customer_list's "zip
   * code" is address.postal_code): the message names the view's column and the base column, on the
   * component (line 4).
   */
  @Test
  void tableOverAViewOfANullableBaseColumn() {
    String[] lines = {
      "@Table(\"customer_list\") record CustomerList(int id,",
      "    @Column(\"zip code\") String zip) {}"
    };
    Compilation c = compile(lines);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.nullable-column] public.customer_list.zip code (the nullable column"
                + " address.postal_code) is nullable but component zip is not @Nullable; annotate it"
                + " @Nullable or use Optional (or @NonNull if the view never yields NULL there)")
        .inFile(SchemaChecksTest.source(lines))
        .onLine(4);
    assertThat(c).hadErrorCount(1);
  }

  static final String[] CORRECT = {
    "@Table(\"film_language\") record FilmLanguage(int filmId, String title,",
    "    @Nullable String originalLanguage) {}",
    "@Table(\"actor_info\") record ActorInfo(int actorId, String firstName, String lastName,",
    "    @Nullable String filmInfo) {}",
    "@Row record Present(String title, boolean present) {}",
    "@Row record Features(String title, String[] features) {}",
    "@Row record Keyed(String title, int k) {}",
    "@Dao interface Passed {",
    "  @Query(\"SELECT f.title, s.present FROM film f JOIN (SELECT DISTINCT film_id, true AS present\"",
    "      + \" FROM inventory) s USING (film_id)\") List<Present> innerJoinedConstant();",
    "  @Query(\"SELECT f.title, coalesce(s.present, false) AS present FROM film f LEFT JOIN\"",
    "      + \" (SELECT DISTINCT film_id, true AS present FROM inventory) s USING (film_id)\")",
    "  List<Present> coalescedAbove();",
    "  @Query(\"SELECT f.title, s.features FROM film f JOIN (SELECT film_id,\"",
    "      + \" coalesce(special_features, '{}') AS features FROM film) s USING (film_id)\")",
    "  List<Features> innerJoinedCoalesce();",
    "  @Query(\"SELECT title, 1 AS k FROM film UNION ALL SELECT first_name, 2 FROM actor\"",
    "      + \" ORDER BY 1 LIMIT 5\") List<Keyed> unionOfConstants();",
    "  @Query(\"WITH c AS (SELECT 1 AS k) SELECT f.title, c.k FROM film f CROSS JOIN c\")",
    "  List<Keyed> cteConstant();",
    "}",
  };

  @Test
  void correctQueriesCompileWithoutAnyDiagnostic() {
    Compilation c = compile(CORRECT);
    assertThat(c).succeeded();
    org.assertj.core.api.Assertions.assertThat(ProgressNotes.others(c)).isEmpty();
  }
}
