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
 * The schema checks of components read from composite columns (issue 25), in live mode against a
 * Pagila copy with composite types of its own: the nested record against the type's attributes
 * (names in order, types, nullability), for a {@code @Query} result and a {@code @Table} column.
 * Broken programs pin tag, message, file and line (each program starts on line 3, as in {@link
 * SchemaChecksTest}); correct ones compile with no diagnostic under {@code -Werror}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CompositeChecksTest {
  TestDatabase db;

  @BeforeAll
  void createDatabase() throws SQLException {
    db = PgServer.shared().createPagilaDatabase();
    db.execute(
        "CREATE TYPE cc_addr AS (street text, zip int4);"
            + " CREATE TYPE cc_person AS (name text, home cc_addr, tags text[]);"
            + " CREATE TABLE cc_house (id int PRIMARY KEY, owner cc_person,"
            + " homes cc_addr[] NOT NULL);"
            + " CREATE DOMAIN cc_posint AS int4 CHECK (VALUE > 0);"
            + " CREATE DOMAIN cc_small AS cc_posint;"
            + " CREATE TABLE cc_counts (id int PRIMARY KEY, counts cc_posint[] NOT NULL,"
            + " smalls cc_small[]);"
            + " CREATE TABLE cc_wal (id int PRIMARY KEY, lsn pg_lsn NOT NULL, flags bit(4) NOT NULL,"
            + " mask varbit, lsns pg_lsn[]);"
            + " CREATE TYPE cc_intspan AS RANGE (subtype = int4);"
            + " CREATE TYPE cc_floatspan AS RANGE (subtype = float8);"
            + " CREATE TABLE cc_spans (id int PRIMARY KEY, span cc_intspan NOT NULL,"
            + " multi cc_intspan_multirange, spans cc_intspan[], f cc_floatspan)");
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

  private void assertError(String tag, String message, int line, String... lines) {
    Compilation c = compile(lines);
    assertThat(c).failed();
    assertThat(c).hadErrorCount(1); // a record nested in several places is reported once
    assertThat(c)
        .hadErrorContaining("[" + tag + "] " + message)
        .inFile(SchemaChecksTest.source(lines))
        .onLine(line);
  }

  private static final String ACTOR =
      "@Row record Actor(int actorId, String firstName, String lastName, Instant lastUpdate) {}";

  private static final String CASTS =
      "@Dao interface Casts { @Query(\"SELECT f.film_id, f.title, array_agg(a ORDER BY"
          + " a.actor_id) AS actors FROM film f JOIN film_actor fa USING (film_id) JOIN actor a"
          + " USING (actor_id) GROUP BY f.film_id\") List<FilmCast> all(); }";

  private static final String ADDR =
      "@Row record Addr(@Nullable String street, @Nullable Integer zip) {}";

  @Test
  void oneToManyAndCompositeColumnsThatFitCompileCleanly() {
    Compilation c =
        compile(
            ACTOR,
            "@Row record FilmCast(int filmId, String title, List<Actor> actors) {}",
            CASTS,
            ADDR,
            "@Row record Person(@Nullable String name, @Nullable Addr home,"
                + " @Nullable List<String> tags) {}",
            "@Table(\"cc_house\") record House(@Id int id, @Nullable Person owner,"
                + " List<Addr> homes) {}");
    assertThat(c).succeededWithoutWarnings();
  }

  /** An array of domains is checked as an array of the base type, as the driver reads it. */
  @Test
  void arraysOfDomainsAreCheckedAsArraysOfTheBaseType() {
    Compilation c =
        compile(
            "@Table(\"cc_counts\") record Counts(@Id int id, List<Integer> counts,",
            "    @Nullable List<Integer> smalls) {}",
            "@Row record Smalls(@Nullable List<Integer> smalls) {}",
            "@Dao interface CountsDao { @Query(\"SELECT smalls FROM cc_counts\")"
                + " List<Smalls> all(); }");
    assertThat(c).succeededWithoutWarnings();
    assertError(
        "sluice.schema.type-mismatch",
        "public.cc_counts.counts is cc_posint[], which component counts"
            + " (java.util.List<java.time.LocalDate>) cannot hold without loss",
        4,
        "@Table(\"cc_counts\") record Counts(@Id int id,",
        "    List<LocalDate> counts) {}");
  }

  /** pg_lsn reads into PgLsn, bit and varbit into BitString; nothing else does. */
  @Test
  void pgLsnAndBitStringColumnsAreChecked() {
    Compilation c =
        compile(
            "@Table(\"cc_wal\") record Wal(@Id int id, dev.sluice.PgLsn lsn,",
            "    dev.sluice.BitString flags, @Nullable dev.sluice.BitString mask,",
            "    @Nullable List<dev.sluice.PgLsn> lsns) {}");
    assertThat(c).succeededWithoutWarnings();
    assertError(
        "sluice.schema.type-mismatch",
        "public.cc_wal.lsn is pg_lsn, which component lsn (dev.sluice.BitString) cannot hold"
            + " without loss",
        4,
        "@Table(\"cc_wal\") record Wal(@Id int id,",
        "    dev.sluice.BitString lsn) {}");
  }

  /**
   * A range created over a built-in range's subtype is checked as that range (the driver reads it
   * in binary as one); a range over float8, which no built-in range has, is read as text only.
   */
  @Test
  void rangesCreatedOverABuiltInSubtypeAreCheckedAsTheBuiltInRange() {
    Compilation c =
        compile(
            "@Table(\"cc_spans\") record Spans(@Id int id, dev.sluice.Range<Integer> span,",
            "    @Nullable List<dev.sluice.Range<Long>> multi,",
            "    @Nullable List<String> spans, @Nullable String f) {}");
    assertThat(c).succeededWithoutWarnings();
    assertError(
        "sluice.schema.type-mismatch",
        "public.cc_spans.span is cc_intspan, which component span"
            + " (dev.sluice.Range<java.time.LocalDate>) cannot hold without loss",
        4,
        "@Table(\"cc_spans\") record Spans(@Id int id,",
        "    dev.sluice.Range<LocalDate> span) {}");
    // A Range parameter is declared as the built-in range of its bounds, at run time and so here:
    // PostgreSQL compares no cc_intspan with an int4range, and says so at compile time. A String
    // (the range's text) cast to the created type binds.
    assertError(
        "sluice.schema.bad-sql",
        "PostgreSQL rejects the SQL of count: operator does not exist: cc_intspan = int4range"
            + " at \"= :s\"",
        4,
        "@Dao interface SpansDao {",
        "  @Query(\"SELECT count(*) FROM cc_spans WHERE span = :s\")",
        "  long count(dev.sluice.Range<Integer> s); }");
    assertThat(
            compile(
                "@Dao interface SpansDao {",
                "  @Query(\"SELECT count(*) FROM cc_spans WHERE span = :s::cc_intspan\")",
                "  long count(String s); }"))
        .succeededWithoutWarnings();
    // No Range<Double> (no built-in range has float8): the range over float8 reads as text
    // (String f above), and the component fails before any schema is asked.
    Compilation floats =
        compile(
            "@Table(\"cc_spans\") record Spans(@Id int id,",
            "    @Nullable dev.sluice.Range<Double> f) {}");
    assertThat(floats)
        .hadErrorContaining(
            "[sluice.unsupported-type] component f of Spans has type"
                + " dev.sluice.Range<java.lang.Double>, which Sluice cannot read from a column");
  }

  @Test
  void aTablesRowTypeWithAComponentMissingFailsNamingTheAttributes() {
    assertError(
        "sluice.schema.type-mismatch",
        "column actors of the result of all is composite type public.actor with attributes"
            + " (actor_id, first_name, last_name, last_update), but Program.Actor, which component"
            + " Program.FilmCast.actors reads it into, has components (actor_id, first_name,"
            + " last_name); a composite value is read by position, so the record's components"
            + " must be the type's attributes, in order (@Column names a component's attribute)",
        4,
        "@Row record Actor(int actorId, String firstName, String lastName) {}",
        "@Row record FilmCast(int filmId, String title, List<Actor> actors) {}",
        CASTS);
  }

  @Test
  void aFieldOfAnotherTypeFailsOnTheNestedComponent() {
    assertError(
        "sluice.schema.type-mismatch",
        "attribute public.cc_addr.zip is integer, which component zip of Program.Addr (java.lang.Short)"
            + " cannot hold without loss; use int",
        4,
        "@Row record Addr(@Nullable String street,",
        "    @Nullable Short zip) {}",
        "@Table(\"cc_house\") record House(@Id int id, @Nullable Person owner, List<Addr> homes)"
            + " {}",
        "@Row record Person(@Nullable String name, @Nullable Addr home,"
            + " @Nullable List<String> tags) {}");
  }

  @Test
  void aNonNullableComponentOfACompositeTypeFails() {
    assertError(
        "sluice.schema.nullable-column",
        "attribute public.cc_person.name is nullable (a composite type's attributes cannot be"
            + " declared NOT NULL), but component name of Program.Person is not @Nullable;"
            + " annotate it @Nullable, or @NonNull if the values never hold NULL there",
        5,
        ADDR,
        "@Table(\"cc_house\") record House(@Id int id, @Nullable Person owner, List<Addr> homes)"
            + " {}",
        "@Row record Person(String name, @Nullable Addr home, @Nullable List<String> tags) {}");
  }

  @Test
  void aCompositeWhereAnArrayIsSelectedFails() {
    assertError(
        "sluice.schema.type-mismatch",
        "public.cc_house.owner is cc_person, but component owners reads an array of composites"
            + " into List<Program.Person>",
        5,
        ADDR,
        "@Row record Person(@Nullable String name, @Nullable Addr home,"
            + " @Nullable List<String> tags) {}",
        "@Table(\"cc_house\") record House(@Id int id, @Column(\"owner\") List<Person> owners,",
        "    List<Addr> homes) {}");
  }

  @Test
  void recordParametersOfTheirCompositeTypeCompileCleanly() {
    Compilation c =
        compile(
            ACTOR,
            ADDR,
            "@Dao interface Actors {",
            "  @Query(\"SELECT count(*) FROM actor a WHERE a = :actor::actor\") long one(Actor actor);",
            "  @Query(\"SELECT count(*) FROM actor a WHERE a = ANY(:all::actor[])\")",
            "  long many(List<Actor> all);",
            "  @Query(\"SELECT count(*) FROM cc_house WHERE (owner).home = :home::cc_addr\")",
            "  long at(Addr home);",
            "  @Query(\"UPDATE cc_house SET homes = :homes WHERE id = :id\")",
            "  long move(int id, List<Addr> homes);",
            "}");
    assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void aRecordParameterInferredAsAnAnonymousRecordFails() {
    assertError(
        "sluice.schema.parameter-type",
        "$1 (:actor) is an anonymous record, which Sluice can read but not write; parameter actor"
            + " of one is Actor, bound as a value of a composite type: cast it in the SQL"
            + " to that type (:actor::a_type)",
        5,
        ACTOR,
        "@Dao interface Actors {",
        "  @Query(\"SELECT count(*) FROM actor a WHERE a = :actor\") long one(Actor actor);",
        "}");
  }

  @Test
  void aRecordParameterOfAnotherShapeOrKindFails() {
    assertError(
        "sluice.schema.parameter-type",
        "$1 (:homes) is composite type public.cc_addr with 2 attributes, but Addr3 has 3"
            + " components; parameter homes of move is List<Addr3>, bound as a value of a composite"
            + " type: give the record the type's attributes as components, in order",
        5,
        "@Row record Addr3(@Nullable String street, @Nullable Integer zip, int extra) {}",
        "@Dao interface Houses {",
        "  @Query(\"UPDATE cc_house SET homes = :homes WHERE id = 1\")",
        "  long move(List<Addr3> homes);",
        "}");
    assertError(
        "sluice.schema.parameter-type",
        "$1 (:homes) is a single value, but a List binds an array; parameter homes of at is"
            + " List<Addr>",
        5,
        ADDR,
        "@Dao interface Houses {",
        "  @Query(\"SELECT count(*) FROM cc_house WHERE (owner).home = :homes::cc_addr\")",
        "  long at(List<Addr> homes);",
        "}");
    assertError(
        "sluice.schema.parameter-type",
        "$1 (:home) is integer, not a composite type; parameter home of at is Addr, bound as a value"
            + " of a composite type: cast it in the SQL to that type (:home::a_type)",
        5,
        ADDR,
        "@Dao interface Houses {",
        "  @Query(\"SELECT count(*) FROM cc_house WHERE id = :home\")",
        "  long at(Addr home);",
        "}");
  }
}
