package dev.sluice.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.sluice.testkit.PgServer;
import dev.sluice.testkit.TestDatabase;
import java.sql.SQLException;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The schema checks in live mode ({@code -Asluice.schema.url}) against a copy of Pagila on the
 * testkit's server, plus a table {@code gadget} with an identity, a generated and a timestamp
 * column and an enum {@code mood}. Broken programs pin tag, message, file and line (lines count
 * from 1 at the {@code package} line; each program starts on line 3); correct ones must compile
 * with no diagnostic at all under {@code -Xlint:all -Werror}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SchemaChecksTest {
  static final String IMPORTS =
      "import dev.sluice.annotations.*; import java.math.*; import java.time.*; import java.util.*;";

  static final String EXTRA_SCHEMA =
      "CREATE TYPE mood AS ENUM ('happy', 'sad', 'so-so');"
          + " CREATE TABLE gadget (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
          + " name text NOT NULL, upper_name text GENERATED ALWAYS AS (upper(name)) STORED,"
          + " made timestamp NOT NULL DEFAULT now(), serial_no text NOT NULL, mood mood,"
          + " weight bigint NOT NULL DEFAULT 0, price numeric(6,2));"
          + " CREATE TABLE doc (id int PRIMARY KEY, tags jsonb[] NOT NULL, blobs bytea[] NOT NULL);";

  /** The Pagila copy; {@link SnapshotChecksTest} records its snapshots from it. */
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

  static JavaFileObject source(String... lines) {
    // Everything nested in a public class, so that -Xlint:auxiliaryclass has nothing to say.
    String[] all = new String[lines.length + 3];
    all[0] = "package test;";
    all[1] = IMPORTS + " public class Program {";
    System.arraycopy(lines, 0, all, 2, lines.length);
    all[all.length - 1] = "}";
    return JavaFileObjects.forSourceLines("test.Program", all);
  }

  /** Compiles a program in live mode; {@link SnapshotChecksTest} compiles it from a snapshot. */
  Compilation compile(String... lines) {
    return javac()
        .withProcessors(new SluiceProcessor())
        .withOptions("-Asluice.schema.url=" + db.url(), "-Xlint:all,-processing", "-Werror")
        .compile(source(lines));
  }

  private void assertError(String tag, String message, int line, String... lines) {
    Compilation c = compile(lines);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining("[" + tag + "] " + message).inFile(source(lines)).onLine(line);
  }

  private static final String FILM =
      "@Table(\"film\") record Film(@Id @Generated int filmId, String title,"
          + " @Nullable String description, @Nullable Integer releaseYear, int languageId,"
          + " short rentalDuration, BigDecimal rentalRate, @Nullable Short length,"
          + " @Nullable Rating rating, Instant lastUpdate, @Nullable List<String> specialFeatures) {}";

  private static final String RATING =
      "enum Rating { G, PG, @Label(\"PG-13\") PG_13, R, @Label(\"NC-17\") NC_17 }";

  // -------------------------------------------------------------------------------------------
  // Broken programs

  @Test
  void unknownTableWithSuggestion() {
    assertError(
        "sluice.schema.unknown-table",
        "table \"flim\" of Program.Flim does not exist (did you mean \"film\"?)",
        3,
        "@Table(\"flim\") record Flim(int filmId) {}");
  }

  @Test
  void unknownTableInSchema() {
    assertError(
        "sluice.schema.unknown-table",
        "table \"nowhere.film\" of Program.Film does not exist",
        3,
        "@Table(value = \"film\", schema = \"nowhere\") record Film(int filmId) {}");
  }

  @Test
  void unknownColumnWithSuggestion() {
    assertError(
        "sluice.schema.unknown-column",
        "column \"titel\" does not exist in public.film (did you mean \"title\"?)",
        4,
        "@Table(\"film\") record Film(int filmId,",
        "    String titel) {}");
  }

  @Test
  void unknownColumnByColumnAnnotation() {
    assertError(
        "sluice.schema.unknown-column",
        "column \"lenght\" does not exist in public.film (did you mean \"length\"?)",
        4,
        "@Table(\"film\") record Film(int filmId,",
        "    @Column(\"lenght\") @Nullable Short length) {}");
  }

  @Test
  void intForBigint() {
    assertError(
        "sluice.schema.type-mismatch",
        "public.gadget.weight is bigint, which component weight (int) cannot hold without loss;"
            + " use long",
        4,
        "@Table(\"gadget\") record Gadget(@Id @Generated int id,",
        "    int weight) {}");
  }

  @Test
  void floatForNumeric() {
    assertError(
        "sluice.schema.type-mismatch",
        "public.film.rental_rate is numeric(4,2), which component rentalRate (float) cannot hold without loss; use java.math.BigDecimal",
        4,
        "@Table(\"film\") record Film(int filmId,",
        "    float rentalRate) {}");
  }

  @Test
  void doubleForNumeric() {
    assertError(
        "sluice.schema.type-mismatch",
        "public.film.replacement_cost is numeric(5,2), which component replacementCost (double) cannot hold without loss; use java.math.BigDecimal",
        4,
        "@Table(\"film\") record Film(int filmId,",
        "    double replacementCost) {}");
  }

  @Test
  void instantForTimestampWithoutTimeZone() {
    assertError(
        "sluice.schema.type-mismatch",
        "public.gadget.made is timestamp without time zone, which component made (java.time.Instant) cannot hold without loss; use java.time.LocalDateTime",
        4,
        "@Table(\"gadget\") record Gadget(@Id @Generated int id,",
        "    Instant made) {}");
  }

  @Test
  void listOfIntegerForTextArray() {
    assertError(
        "sluice.schema.type-mismatch",
        "public.film.special_features is text[], which component specialFeatures (java.util.List<java.lang.Integer>) cannot hold without loss",
        4,
        "@Table(\"film\") record Film(int filmId,",
        "    @Nullable List<Integer> specialFeatures) {}");
  }

  /**
   * A two-dimensional component takes an array column of its element type: PostgreSQL's array types
   * do not fix dimensions, so the decoder checks them on each value.
   */
  @Test
  void listsOfListsAndTwoDimensionalArraysForAnArrayOfTheirElement() {
    assertThat(
            compile(
                "@Table(\"film\") record Film(int filmId,",
                "    @Nullable List<List<String>> specialFeatures) {}"))
        .succeededWithoutWarnings();
    assertThat(
            compile(
                "@Table(\"film\") record Film(int filmId,",
                "    @Nullable String[][] specialFeatures) {}"))
        .succeededWithoutWarnings();
    assertError(
        "sluice.schema.type-mismatch",
        "public.film.special_features is text[], which component specialFeatures (java.util.List<java.util.List<java.lang.Integer>>) cannot hold without loss",
        4,
        "@Table(\"film\") record Film(int filmId,",
        "    @Nullable List<List<Integer>> specialFeatures) {}");
    assertError(
        "sluice.schema.type-mismatch",
        "public.film.special_features is text[], which component specialFeatures (int[][]) cannot hold without loss",
        4,
        "@Table(\"film\") record Film(int filmId,",
        "    @Nullable int[][] specialFeatures) {}");
  }

  /** As RowView.getList and the generated decoder's bind check: any array but bytea[]. */
  @Test
  void listOfStringForAnyArrayButBytea() {
    assertThat(compile("@Table(\"doc\") record Doc(@Id int id,", "    List<String> tags) {}"))
        .succeededWithoutWarnings();
    assertError(
        "sluice.schema.type-mismatch",
        "public.doc.blobs is bytea[], which component blobs (java.util.List<java.lang.String>) cannot hold without loss",
        4,
        "@Table(\"doc\") record Doc(@Id int id,",
        "    List<String> blobs) {}");
  }

  @Test
  void nullableColumnIntoPrimitive() {
    assertError(
        "sluice.schema.nullable-column",
        "public.film.length is nullable but component length is primitive; use java.lang.Short with @Nullable, or Optional",
        4,
        "@Table(\"film\") record Film(int filmId,",
        "    short length) {}");
  }

  @Test
  void nullableColumnIntoNonNullable() {
    assertError(
        "sluice.schema.nullable-column",
        "public.film.description is nullable but component description is not @Nullable; annotate it @Nullable or use Optional",
        4,
        "@Table(\"film\") record Film(int filmId,",
        "    String description) {}");
  }

  @Test
  void identityWithoutGenerated() {
    assertError(
        "sluice.schema.generated-column",
        "public.gadget.id is an identity column GENERATED ALWAYS, which an INSERT or UPDATE may not set; mark component id @Generated",
        3,
        "@Table(\"gadget\") record Gadget(@Id int id, String name) {}");
  }

  @Test
  void storedGeneratedWithoutGenerated() {
    assertError(
        "sluice.schema.generated-column",
        "public.gadget.upper_name is a generated column (GENERATED ALWAYS AS … STORED), which an INSERT or UPDATE may not set; mark component upperName @Generated",
        4,
        "@Table(\"gadget\") record Gadget(@Id @Generated int id,",
        "    @Nullable String upperName) {}");
  }

  @Test
  void enumConstantsThatAreNoLabelsAreReportedOnTheConstant() {
    String[] program = {
      "enum Rating {",
      "  G, PG, R,",
      "  PG13,",
      "  @Label(\"PG-13\") PG_13,",
      "  @Label(\"NC17\") NC_17 }",
      "@Table(\"film\") record Film(int filmId, @Nullable Rating rating) {}"
    };
    Compilation c = compile(program);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.enum-mismatch] Rating.PG13 is no label of the PostgreSQL enum"
                + " mpaa_rating (G, PG, PG-13, R, NC-17); rename it or give @Label the label")
        .inFile(source(program))
        .onLine(5);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.enum-mismatch] @Label(\"NC17\") of Rating.NC_17 is no label of the"
                + " PostgreSQL enum mpaa_rating (G, PG, PG-13, R, NC-17); correct the label")
        .inFile(source(program))
        .onLine(7);
  }

  @Test
  void enumLabelsWithoutConstant() {
    assertError(
        "sluice.schema.enum-mismatch",
        "the PostgreSQL enum mpaa_rating has labels PG-13, NC-17, which Rating has no constant for; add them (with @Label if the label is no Java name)",
        3,
        "enum Rating { G, PG, R }",
        "@Table(\"film\") record Film(int filmId, @Nullable Rating rating) {}");
  }

  @Test
  void enumForIntegerColumn() {
    assertError(
        "sluice.schema.type-mismatch",
        "column film_id of the result of ids is integer, which component Program.Id.filmId (test.Program.Rating) cannot hold: enums read PostgreSQL enums or text",
        5,
        "enum Rating { G }",
        "@Row record Id(Rating filmId) {}",
        "@Dao interface D { @Query(\"SELECT film_id FROM film\") List<Id> ids(); }");
  }

  @Test
  void insertWithoutNotNullColumn() {
    assertError(
        "sluice.schema.missing-column",
        "insert inserts Program.Gadget into public.gadget without column serial_no, which is NOT NULL and has no default; add a component for it (or give the column a default)",
        5,
        "@Table(\"gadget\") record Gadget(@Id @Generated int id, String name) {}",
        "@Dao interface D {",
        "  @Insert void insert(Gadget g);",
        "}");
  }

  @Test
  void insertLeavingOutAGeneratedMarkedColumn() {
    assertError(
        "sluice.schema.missing-column",
        "insertAll inserts Program.Gadget into public.gadget without column serial_no",
        5,
        "@Table(\"gadget\") record Gadget(@Id @Generated int id, String name, @Generated @Nullable String serialNo) {}",
        "@Dao interface D {",
        "  @Insert void insertAll(List<Gadget> g);",
        "}");
  }

  @Test
  void syntaxErrorWithPosition() {
    assertError(
        "sluice.schema.bad-sql",
        "PostgreSQL rejects the SQL of byId: syntax error at or near \"FORM\" at \"FORM film WHERE film_id = :id\" (character 10) [SQLSTATE 42601]",
        4,
        "@Dao interface D {",
        "  @Query(\"SELECT * FORM film WHERE film_id = :id\") List<String> byId(int id);",
        "}");
  }

  @Test
  void unknownColumnInQueryWithHint() {
    assertError(
        "sluice.schema.bad-sql",
        "PostgreSQL rejects the SQL of byId: column \"titel\" does not exist at \"titel FROM film WHERE film_id \" (character 8) [SQLSTATE 42703]; hint: Perhaps you meant to reference the column \"film.title\".",
        4,
        "@Dao interface D {",
        "  @Query(\"SELECT titel FROM film WHERE film_id = :id\") List<String> byId(int id);",
        "}");
  }

  @Test
  void positionAfterParametersMapsBackToTheNames() {
    assertError(
        "sluice.schema.bad-sql",
        "PostgreSQL rejects the SQL of t: column \"nope\" does not exist at \"nope = 1\" (character 60)",
        4,
        "@Dao interface D {",
        "  @Query(\"SELECT title FROM film WHERE film_id = :filmIdentifier AND nope = 1\") List<String> t(int filmIdentifier);",
        "}");
  }

  @Test
  void unknownTableInQuery() {
    assertError(
        "sluice.schema.bad-sql",
        "PostgreSQL rejects the SQL of all: relation \"flim\" does not exist at \"flim\" (character 15)",
        4,
        "@Dao interface D {",
        "  @Query(\"SELECT * FROM flim\") List<String> all();",
        "}");
  }

  @Test
  void declaredParameterTypePostgresRefuses() {
    assertError(
        "sluice.schema.bad-sql",
        "PostgreSQL rejects the SQL of byTitle: operator does not exist: text = integer",
        4,
        "@Dao interface D {",
        "  @Query(\"SELECT film_id FROM film WHERE title = :t\") List<Integer> byTitle(int t);",
        "}");
  }

  @Test
  void stringParameterForInteger() {
    assertError(
        "sluice.schema.parameter-type",
        "$1 (:id) is integer but parameter id of byId is String; declare it int, or cast it in the SQL (:id::integer)",
        4,
        "@Dao interface D {",
        "  @Query(\"SELECT title FROM film WHERE film_id = :id\") List<String> byId(String id);",
        "}");
  }

  @Test
  void enumParameterForInteger() {
    assertError(
        "sluice.schema.parameter-type",
        "$1 (:r) is integer but parameter r of f is Rating",
        5,
        "enum Rating { G }",
        "@Dao interface D {",
        "  @Query(\"SELECT title FROM film WHERE film_id = :r\") List<String> f(Rating r);",
        "}");
  }

  @Test
  void enumParameterWithUnknownLabel() {
    assertError(
        "sluice.schema.enum-mismatch",
        "$1 (:r) is mpaa_rating, whose labels (G, PG, PG-13, R, NC-17) lack X of Rating",
        5,
        "enum Rating { G, X }",
        "@Dao interface D {",
        "  @Query(\"SELECT title FROM film WHERE rating = :r\") List<String> f(Rating r);",
        "}");
  }

  @Test
  void countTypeForRows() {
    assertError(
        "sluice.schema.result-kind",
        "the SQL of n returns rows, but int stands for its row count",
        4,
        "@Dao interface D {",
        "  @Query(\"(SELECT film_id FROM film)\") int n();",
        "}");
  }

  @Test
  void voidForRows() {
    assertError(
        "sluice.schema.result-kind",
        "the SQL of ping returns rows, but void stands for its row count",
        4,
        "@Dao interface D {",
        "  @Query(\"SELECT 1\") void ping();",
        "}");
  }

  @Test
  void rowTypeWithoutRows() {
    assertError(
        "sluice.schema.result-kind",
        "the SQL of set returns no rows, so there is no java.util.List<java.lang.String> to read",
        4,
        "@Dao interface D {",
        "  @Query(\"SET search_path = public\") List<String> set();",
        "}");
  }

  @Test
  void resultMissingAColumn() {
    assertError(
        "sluice.schema.unknown-column",
        "the result of top has no column \"rentals\" for component Program.Top.rentals; select it (with AS rentals if it is computed)",
        5,
        "@Row record Top(String title, long rentals) {}",
        "@Dao interface D {",
        "  @Query(\"SELECT title FROM film\") List<Top> top();",
        "}");
  }

  @Test
  void resultColumnMisspelt() {
    assertError(
        "sluice.schema.unknown-column",
        "the result of t has no column \"titel\" for component Program.T.titel (did you mean \"title\"?)",
        5,
        "@Row record T(String titel) {}",
        "@Dao interface D {",
        "  @Query(\"SELECT title FROM film\") List<T> t();",
        "}");
  }

  @Test
  void resultBigintIntoInt() {
    assertError(
        "sluice.schema.type-mismatch",
        "column n of the result of count is bigint, which component Program.N.n (int) cannot hold without loss; use long",
        5,
        "@Row record N(int n) {}",
        "@Dao interface D {",
        "  @Query(\"SELECT count(*) AS n FROM film\") List<N> count();",
        "}");
  }

  @Test
  void resultNullableBaseColumnIntoPrimitive() {
    assertError(
        "sluice.schema.nullable-column",
        "column length of the result of lengths (film.length) is nullable but component Program.L.length is primitive",
        5,
        "@Row record L(short length) {}",
        "@Dao interface D {",
        "  @Query(\"SELECT length FROM film\") List<L> lengths();",
        "}");
  }

  /** The cause is recorded in a snapshot, so {@link SnapshotChecksTest} gives the same message. */
  @Test
  void resultOuterJoinCauseNamed() {
    assertError(
        "sluice.schema.nullable-column",
        "column city of the result of cities (city.city, the nullable side of the outer join with"
            + " city c) is nullable but component Program.C.city is not @Nullable",
        5,
        "@Row record C(String address, String city) {}",
        "@Dao interface D {",
        "  @Query(\"SELECT a.address, c.city FROM address a LEFT JOIN city c USING (city_id)\")"
            + " List<C> cities();",
        "}");
  }

  /** The cause inside a subquery is followed to the join that makes it nullable, offline too. */
  @Test
  void resultOuterJoinCauseInASubquery() {
    assertError(
        "sluice.schema.nullable-column",
        "column city of the result of cities (city.city, the nullable side of the outer join with"
            + " city c) is nullable but component Program.C.city is not @Nullable",
        5,
        "@Row record C(String address, String city) {}",
        "@Dao interface D {",
        "  @Query(\"SELECT s.address, s.city FROM (SELECT a.address, c.city FROM address a LEFT JOIN"
            + " city c USING (city_id) OFFSET 0) s\") List<C> cities();",
        "}");
  }

  @Test
  void scalarResultLossy() {
    assertError(
        "sluice.schema.type-mismatch",
        "column rental_rate of the result is numeric, which the result java.lang.Double cannot hold without loss; use java.math.BigDecimal",
        4,
        "@Dao interface D {",
        "  @Query(\"SELECT rental_rate FROM film WHERE film_id = :id\") double rate(int id);",
        "}");
  }

  @Test
  void insertOfFilmWarnsAboutTheTriggerFilledFulltext() {
    String[] lines = {FILM, RATING, "@Dao interface D {", "  @Insert void insert(Film f);", "}"};
    Compilation c = compile(lines);
    assertThat(c)
        .hadWarningContaining(
            "[sluice.schema.missing-column] insert inserts Program.Film into public.film without column"
                + " fulltext, which is NOT NULL and has no default; only a BEFORE INSERT trigger"
                + " (film_fulltext_trigger) may fill it")
        .inFile(source(lines))
        .onLine(6);
  }

  @Test
  void anUnreachableDatabaseIsOneError() {
    Compilation c =
        javac()
            .withProcessors(new SluiceProcessor())
            .withOptions("-Asluice.schema.url=postgresql://postgres:secret@127.0.0.1:1/none")
            .compile(source("@Row record T(String title) {}"));
    assertThat(c).hadErrorContaining("[sluice.schema.unavailable] could not connect to");
    assertThat(c).hadErrorContaining("postgres:***@127.0.0.1:1/none");
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void aMalformedUrlIsReportedWithoutItsPassword() {
    Compilation c =
        javac()
            .withProcessors(new SluiceProcessor())
            .withOptions("-Asluice.schema.url=postgresql://postgres:s3cret pass@127.0.0.1:1/none")
            .compile(source("@Row record T(String title) {}"));
    assertThat(c)
        .hadErrorContaining("-Asluice.schema.url is no URL (Illegal character in authority");
    assertThat(c).hadErrorCount(1);
    com.google.common.truth.Truth.assertThat(c.errors().get(0).getMessage(java.util.Locale.ROOT))
        .doesNotContain("s3cret");
  }

  @Test
  void liveModeNotesTheConnectionAndHowLongTheChecksTook() {
    // Live mode itself, not compile(): SnapshotChecksTest runs these tests from a snapshot.
    Compilation c =
        javac()
            .withProcessors(new SluiceProcessor())
            .withOptions("-Asluice.schema.url=" + db.url())
            .compile(
                source(
                    "@Table(\"actor\") record Actor(@Id @Generated int actorId, String firstName,"
                        + " String lastName, Instant lastUpdate) {}",
                    "@Dao interface Actors {",
                    "  @Query(\"SELECT * FROM actor WHERE actor_id = :id\") Optional<Actor> byId(int id);",
                    "  @Insert int insert(Actor actor);",
                    "}"));
    assertThat(c).succeededWithoutWarnings();
    java.util.List<String> progress = ProgressNotes.messages(c);
    org.assertj.core.api.Assertions.assertThat(progress)
        .hasSize(2)
        .satisfiesExactly(
            first ->
                org.assertj.core.api.Assertions.assertThat(first)
                    .matches(
                        "\\[sluice\\.schema\\.progress] connected to postgresql://\\S+ in \\d+ ms"),
            last ->
                org.assertj.core.api.Assertions.assertThat(last)
                    .matches(
                        "\\[sluice\\.schema\\.progress] checked 2 statements and 1 table against"
                            + " postgresql://\\S+ in \\d+ ms \\(\\d+ ms since the checks began, opening the"
                            + " schema source included\\)"));
  }

  @Test
  void withoutASchemaSourceOneNoteAndNoWarning() {
    Compilation c =
        javac()
            .withProcessors(new SluiceProcessor())
            .withOptions("-Xlint:all,-processing", "-Werror")
            .compile(source("@Row record T(String title) {}", "@Row record U(String title) {}"));
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).hadNoteContaining("[sluice.schema.skipped] Sluice checked structure only");
    org.assertj.core.api.Assertions.assertThat(
            c.notes().stream().filter(n -> n.getMessage(null).contains("sluice.schema")).count())
        .isEqualTo(1);
  }

  // -------------------------------------------------------------------------------------------
  // Correct programs: not one diagnostic

  static final String[] CORRECT = {
    FILM,
    RATING,
    "@Table(\"actor\") record Actor(@Id @Generated int actorId, String firstName, String lastName,"
        + " Instant lastUpdate) {}",
    "@Table(\"payment\") record Payment(@Id @Generated int paymentId, int customerId, int staffId,"
        + " int rentalId, BigDecimal amount, Instant paymentDate) {}",
    "@Table(\"gadget\") record Gadget(@Id @Generated int id, String name,"
        + " @Generated @Nullable String upperName, LocalDateTime made, String serialNo,"
        + " @Nullable Mood mood, long weight, @Nullable BigDecimal price) {}",
    "enum Mood { @Label(\"happy\") HAPPY, @Label(\"sad\") SAD, @Label(\"so-so\") SO_SO }",
    "@Row record TitleCount(String title, long rentals) {}",
    "@Row record Named(String name, long films) {}",
    "@Row record Ranked(String title, BigDecimal rentalRate, long rank) {}",
    "@Row record Listed(@Nullable String title, @Nullable String category) {}",
    "@Row record Described(@NonNull String description) {}",
    "@Row record Total(int customerId, BigDecimal total) {}",
    "@Row record Depth(int n) {}",
    "@Row record Years(@Nullable Integer releaseYear) {}",
    "@Row record Features(@Nullable List<String> specialFeatures) {}",
    "@Dao interface Pagila {",
    "  @Query(\"SELECT * FROM film WHERE film_id = :id\") Optional<Film> byId(int id);",
    "  @Query(\"SELECT * FROM film WHERE rating = :r::mpaa_rating\") List<Film> rated(Rating r);",
    "  @Query(\"SELECT * FROM film WHERE rating = :r\") List<Film> ratedInferred(Rating r);",
    "  @Query(\"SELECT * FROM film WHERE title = :t\") Optional<Film> byTitle(String t);",
    "  @Query(\"SELECT * FROM film WHERE length > :n ORDER BY film_id LIMIT 5\") List<Film> longer(short n);",
    "  @Query(\"SELECT count(*) FROM film\") long count();",
    "  @Query(\"SELECT count(*)::int FROM film\") int countInt();",
    "  @Query(\"SELECT title FROM film ORDER BY title\") List<String> titles();",
    "  @Query(\"SELECT f.title, count(*) AS rentals FROM film f JOIN inventory i USING (film_id)\"",
    "      + \" JOIN rental r USING (inventory_id) GROUP BY f.title ORDER BY rentals DESC LIMIT :n\")",
    "  List<TitleCount> topRented(int n);",
    "  @Query(\"SELECT c.name, count(*) AS films FROM category c JOIN film_category fc\"",
    "      + \" USING (category_id) GROUP BY c.name HAVING count(*) > :min\") List<Named> categories(long min);",
    "  @Query(\"WITH rated AS (SELECT * FROM film WHERE rating = 'PG') SELECT title FROM rated\") List<String> cte();",
    "  @Query(\"WITH RECURSIVE n(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM n WHERE n < :max)\"",
    "      + \" SELECT n FROM n\") List<Depth> recursive(int max);",
    "  @Query(\"SELECT title, rental_rate, rank() OVER (ORDER BY rental_rate DESC) AS rank FROM film\")",
    "  List<Ranked> ranked();",
    "  @Query(\"SELECT customer_id, sum(amount) AS total FROM payment\"",
    "      + \" WHERE payment_date >= :since GROUP BY customer_id\") List<Total> totals(OffsetDateTime since);",
    "  @Query(\"SELECT * FROM payment WHERE payment_date < :before LIMIT 3\") List<Payment> payments(Instant before);",
    "  @Query(\"SELECT * FROM payment_p2022_01 LIMIT 3\") List<Payment> january();",
    "  @Query(\"SELECT * FROM film WHERE :f = ANY (special_features)\") List<Film> withFeature(String f);",
    "  @Query(\"SELECT special_features FROM film WHERE film_id = :id\") Optional<Features> features(int id);",
    "  @Query(\"SELECT rating FROM film WHERE film_id = :id\") Optional<Rating> rating(int id);",
    "  @Query(\"SELECT release_year FROM film\") List<Years> years();",
    "  @Query(\"SELECT release_year FROM film WHERE release_year = :y\") List<Integer> inYear(int y);",
    "  @Query(\"SELECT title, category FROM film_list\") List<Listed> filmList();",
    "  @Query(\"SELECT first_name FROM actor_info WHERE actor_id = :id\") Optional<String> actorInfo(int id);",
    "  @Query(\"SELECT description FROM film WHERE description IS NOT NULL\") List<Described> described();",
    "  @Query(\"SELECT * FROM actor a WHERE EXISTS (SELECT 1 FROM film_actor fa WHERE fa.actor_id = a.actor_id\"",
    "      + \" AND fa.film_id = :film)\") List<Actor> actorsOf(int film);",
    "  @Query(\"SELECT f.title, c.name AS category FROM film f LEFT JOIN film_category fc USING (film_id)\"",
    "      + \" LEFT JOIN category c USING (category_id)\") List<Listed> leftJoin();",
    "  @Query(\"UPDATE film SET rental_rate = :rate WHERE film_id = :id\") int setRate(int id, BigDecimal rate);",
    "  @Query(\"DELETE FROM film_actor WHERE film_id = :id\") void unlink(int id);",
    "  @Query(\"UPDATE actor SET last_name = :n WHERE actor_id = :id RETURNING *\") Optional<Actor> rename(int id, String n);",
    "  @Query(\"SELECT * FROM actor WHERE last_update > :t::timestamptz\") List<Actor> since(String t);",
    "  @Query(\"SELECT * FROM actor WHERE actor_id = ANY (:ids)\") List<Actor> many(int[] ids);",
    "  @Query(\"SELECT title FROM film WHERE title ILIKE :p UNION SELECT first_name FROM actor\") List<String> union(String p);",
    "  @Query(\"SELECT * FROM gadget WHERE mood = :m\") List<Gadget> gadgets(String m);",
    "  @Query(\"SELECT now()\") Instant now();",
    "  @Query(\"SELECT coalesce(max(length), 0::smallint) FROM film\") short longest();",
    "  @Query(\"VALUES (1), (2)\") List<Integer> values();",
    "  @Insert Actor insert(Actor a);",
    "  @Insert void insertGadgets(List<Gadget> g);",
    "  @Update Actor update(Actor a);",
    "  @Delete int delete(Actor a);",
    "}",
  };

  @Test
  void correctPagilaProgramsCompileWithoutAnyDiagnostic() {
    Compilation c = compile(CORRECT);
    assertThat(c).succeeded();
    org.assertj.core.api.Assertions.assertThat(ProgressNotes.others(c)).isEmpty();
  }
}
