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
 * DAO methods that return one value a row rather than a record (issue 27, "Misses"): a primitive
 * result ({@code int}, {@code long}) must be proven non-null as a primitive component must, and a
 * scalar of any container cannot read a result of several columns. Broken programs pin tag, message
 * and line (line 4 is the method: the DAO opens on line 3); the correct ones compile with no
 * diagnostic under {@code -Xlint:all -Werror}. The project's own cases; syntax of PostgreSQL 13.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScalarResultChecksTest {
  private TestDatabase db;

  @BeforeAll
  void createDatabase() throws SQLException {
    db = PgServer.shared().createPagilaDatabase();
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

  /**
   * A DAO (line 3) whose one method (line 4) is {@code method}: the one error is {@code message}.
   */
  private void assertError(String message, String method) {
    String[] lines = {"@Dao interface D {", "  " + method, "}"};
    Compilation c = compile(lines);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(message).inFile(SchemaChecksTest.source(lines)).onLine(4);
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void maxWithoutGroupByIntoInt() {
    assertError(
        "[sluice.schema.nullable-column] column longest of the result of m ("
            + "max(…) over no rows: an aggregate without GROUP BY yields NULL when no row matches)"
            + " is nullable but m returns int, a primitive; return java.lang.Integer or"
            + " Optional<java.lang.Integer> (or @NonNull on the method if the query never yields"
            + " NULL there)",
        "@Query(\"SELECT max(length) AS longest FROM film\") int m();");
  }

  @Test
  void nullifIntoLong() {
    assertError(
        "[sluice.schema.nullable-column] column n of the result of m ("
            + "nullif(…), NULL where its two arguments are equal)"
            + " is nullable but m returns long, a primitive; return java.lang.Long or"
            + " Optional<java.lang.Long>",
        "@Query(\"SELECT nullif(count(*), 0) AS n FROM film\") long m();");
  }

  @Test
  void nullableBaseColumnIntoShort() {
    assertError(
        "[sluice.schema.nullable-column] column length of the result of m (film.length) is"
            + " nullable but m returns short, a primitive; return java.lang.Short",
        "@Query(\"SELECT length FROM film WHERE film_id = :id\") short m(int id);");
  }

  @Test
  void undecidedIntoInt() {
    assertError(
        "[sluice.schema.nullable-column] column doubled of the result of m may be NULL: the checks"
            + " could not prove it non-null from the plan, and where they cannot decide, nullable"
            + " is the answer; but m returns int, a primitive; return java.lang.Integer or"
            + " Optional<java.lang.Integer>, or @NonNull on the method to assert that the query"
            + " never yields NULL there",
        "@Query(\"SELECT :x::int * 2 AS doubled\") int m(int x);");
  }

  @Test
  void severalColumnsIntoAScalar() {
    assertError(
        "[sluice.schema.result-kind] the SQL of m returns 14 columns (film_id, title, description,"
            + " release_year, …), but int reads one value a row; select the one column, or read the"
            + " rows into a @Row record",
        "@Query(\"SELECT * FROM film\") int m();");
  }

  @Test
  void severalColumnsIntoAListOfScalars() {
    assertError(
        "[sluice.schema.result-kind] the SQL of m returns 2 columns (title, length), but"
            + " java.util.List<java.lang.String> reads one value a row",
        "@Query(\"SELECT title, length FROM film\") List<String> m();");
  }

  static final String[] CORRECT = {
    "@Dao interface Scalars {",
    "  @Query(\"SELECT count(*) FROM film WHERE length > :l\") long count(int l);",
    "  @Query(\"SELECT max(length) FROM film\") Short boxedMax();",
    "  @Query(\"SELECT max(length) FROM film\") Optional<Short> optionalMax();",
    "  @NonNull @Query(\"SELECT max(length) FROM film\") short assertedMax();",
    "  @Query(\"SELECT coalesce(max(length), 0::smallint) FROM film\") short coalescedMax();",
    "  @Query(\"SELECT length FROM film\") List<Short> nullableElements();",
    "  @Query(\"SELECT film_id FROM film WHERE title = :t\") int idOf(String t);",
    "}",
  };

  @Test
  void correctScalarsCompileWithoutAnyDiagnostic() {
    Compilation c = compile(CORRECT);
    assertThat(c).succeeded();
    org.assertj.core.api.Assertions.assertThat(ProgressNotes.others(c)).isEmpty();
  }
}
