package dev.sluice.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.Locale;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Every structural diagnostic of {@code @Dao} interfaces, with message, file and line; line numbers
 * count from 1 at the {@code package} line. Each source declares the records it needs on line 3.
 */
class DaoDiagnosticsTest {
  private static final String IMPORTS =
      "import dev.sluice.annotations.*; import java.util.*; import java.util.stream.*;";
  private static final String RECORDS =
      "@Table(\"film\") record Film(@Id @Generated int filmId, String title) {}"
          + " @Row record Title(String title) {} record Plain(int id) {}";

  private static JavaFileObject source(String name, String... lines) {
    String[] all = new String[lines.length + 3];
    all[0] = "package test;";
    all[1] = IMPORTS;
    all[2] = RECORDS;
    System.arraycopy(lines, 0, all, 3, lines.length);
    return JavaFileObjects.forSourceLines("test." + name, all);
  }

  private static Compilation compile(JavaFileObject... sources) {
    return javac().withProcessors(new SluiceProcessor()).compile(sources);
  }

  @Test
  void aCleanDaoCompiles() {
    JavaFileObject file =
        source(
            "FilmDao",
            "@Dao interface FilmDao {",
            "  @Query(\"SELECT * FROM film WHERE film_id = :id\") Optional<Film> byId(int id);",
            "  @Query(\"SELECT title FROM film WHERE title = :f.title\") List<Title> same(Film f);",
            "  @Insert long insert(Film f);",
            "}");
    assertThat(compile(file)).succeededWithoutWarnings();
  }

  /**
   * Parameters named like what the implementation declares: its field {@code queries}, the
   * constants of statements, decoders and converters, {@code FACTORY}, the locals of a batch and
   * the classes it calls ({@code Scalars}, {@code DaoSupport}, {@code Arrays}). None may shadow
   * what the generated code means, which would not compile or would call the wrong thing.
   */
  @Test
  void parametersNamedLikeTheImplementationsFieldsAndLocals() {
    JavaFileObject file =
        source(
            "NamesDao",
            "@Table(\"note\") record Note(@Id int id, @Id int part,",
            "    @Convert(Upper.class) String body, @Version int version) {}",
            "@Table(\"counter\") record Counter(@Id @Generated int id) {}",
            "class Upper implements dev.sluice.Converter<String, String> {",
            "  public String fromColumn(String s) { return s; }",
            "  public String toColumn(String s) { return s.toUpperCase(Locale.ROOT); }",
            "}",
            "enum Mood { HAPPY, SAD }",
            "@Dao interface NamesDao {",
            "  @Query(\"SELECT * FROM film WHERE film_id IN (:queries, :A, :FILM_DECODER, :FACTORY)\"",
            "      + \" OR title IN (:rows, :row, :counts)\")",
            "  List<Film> a(int queries, String rows, String row, String counts, int A,",
            "      int FILM_DECODER, int FACTORY);",
            "  @Query(\"SELECT count(*)::int FROM film WHERE film_id IN (:Scalars, :DaoSupport, :B)\")",
            "  int b(int Scalars, int DaoSupport, int B);",
            "  @Query(\"SELECT 'HAPPY' WHERE :n.body = :UPPER OR :MOOD_DECODER = 1\")",
            "  List<Mood> c(Note n, String UPPER, int MOOD_DECODER);",
            "  @Update int update(Note queries);",
            "  @Update Note updateReturning(Note NOTE_DECODER);",
            "  @Update void updateUpper(Note UPPER);",
            "  @Delete void delete(Note Arrays);",
            "  @Insert void insertOne(Note INSERT_ONE);",
            "  @Insert int insertKey(Film DaoSupport);",
            "  @Insert long insertKeyLong(Film Scalars);",
            "  @Insert void insertAll(List<Note> rows);",
            "  @Insert int insertAllCounted(List<Note> counts);",
            "  @Insert long insertAllLong(List<Note> row);",
            "  @Insert void insertCounters(List<Counter> row);",
            "  @Insert(copy = true) int copyNotes(List<Note> NoteTable);",
            "  @Insert(copy = true) long copyNotesLong(Collection<Note> DaoSupport);",
            "  @Insert(copy = true) void copyNotesVoid(Iterable<Note> COPY_NOTES_VOID);",
            "}");
    // All lint but for the records declared beside the DAO, in its file.
    Compilation c =
        javac()
            .withProcessors(new SluiceProcessor())
            .withOptions("-Xlint:all,-auxiliaryclass,-processing")
            .compile(file);
    assertThat(c).succeededWithoutWarnings();
  }

  /**
   * {@code @Insert(copy = true)} is for many records and returns nothing or the rows copied: COPY
   * has no RETURNING, so neither generated keys nor rows as stored.
   */
  @Test
  void copyInsertsTakeManyRecordsAndReturnOnlyACount() {
    JavaFileObject file =
        source(
            "FilmDao",
            "@Dao interface FilmDao {",
            "  @Insert(copy = true)",
            "  void one(Film f);",
            "  @Insert(copy = true) List<Film> all(List<Film> films);",
            "  @Insert(copy = true)",
            "  long[] keys(List<Film> films);",
            "  @Insert(copy = false) int batch(List<Film> films);",
            "  @Insert(copy = true) void counters(List<Counter> counters);",
            "}",
            "@Table(\"counter\") record Counter(@Id @Generated int id) {}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.bad-dao-method] @Insert(copy = true) method one takes one Film; COPY is for"
                + " many records: take a List, Collection or Iterable of Film, or drop copy = true")
        .inFile(file)
        .onLine(5);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.unsupported-return] method all returns java.util.List<test.Film>; an"
                + " @Insert(copy = true) returns void, or int or long for the rows copied (COPY has"
                + " no RETURNING, so no generated keys or rows come back)")
        .inFile(file)
        .onLine(7);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.unsupported-return] method keys returns long[]; an @Insert(copy")
        .inFile(file)
        .onLine(9);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.bad-dao-method] @Insert(copy = true) method counters copies Counter, whose"
                + " every column is @Generated, so a COPY has no column to write; drop copy = true"
                + " (a batch @Insert inserts DEFAULT VALUES)")
        .inFile(file)
        .onLine(11);
    assertThat(c).hadErrorCount(4);
  }

  @Test
  void aNameWithNoParameter() {
    JavaFileObject file =
        source(
            "FilmDao",
            "@Dao interface FilmDao {",
            "  @Query(",
            "      \"SELECT * FROM film WHERE film_id = :filmId\")",
            "  Optional<Film> byId(int id);",
            "}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.unknown-parameter] :filmId in the SQL of byId names no parameter; the"
                + " method's parameters are id")
        .inFile(file)
        .onLine(6);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.unused-parameter] parameter id of byId is used nowhere in its SQL; refer to"
                + " it as :id or remove it")
        .inFile(file)
        .onLine(7);
  }

  @Test
  void aComponentPathThroughNoRecordOrToNoComponent() {
    JavaFileObject file =
        source(
            "FilmDao",
            "@Dao interface FilmDao {",
            "  @Query(\"SELECT * FROM film WHERE title = :f.titel\")",
            "  List<Film> a(Film f);",
            "  @Query(\"SELECT * FROM film WHERE title = :n.x\")",
            "  List<Film> b(int n);",
            "}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.unknown-parameter] :f.titel in the SQL of a: f is of type test.Film, which"
                + " has no component titel")
        .inFile(file)
        .onLine(5);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.unknown-parameter] :n.x in the SQL of b: n is of type int, which is no"
                + " record")
        .inFile(file)
        .onLine(7);
  }

  @Test
  void unreadableSql() {
    JavaFileObject file =
        source(
            "FilmDao",
            "@Dao interface FilmDao {",
            "  @Query(\"SELECT * FROM film WHERE title = 'open\")",
            "  List<Film> a();",
            "  @Query(\"SELECT * FROM film WHERE film_id = $1\")",
            "  List<Film> b(int id);",
            "}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.bad-query] the SQL of a cannot be read: unterminated string constant at"
                + " offset 33")
        .inFile(file)
        .onLine(5);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.bad-query] the SQL of b cannot be read: positional parameter $1 at offset 35;"
                + " name it (:id)")
        .inFile(file)
        .onLine(7);
  }

  @Test
  void unsupportedReturnTypes() {
    JavaFileObject file =
        source(
            "FilmDao",
            "@Dao interface FilmDao {",
            "  @Query(\"SELECT * FROM film\")",
            "  Map<Integer, Film> a();",
            "  @Query(\"SELECT * FROM film\")",
            "  List<Plain> b();",
            "  @Query(\"UPDATE film SET title = 'x'\")",
            "  List<Film> c();",
            "  @Insert",
            "  String d(Film f);",
            "}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.unsupported-return] method a returns java.util.Map<java.lang.Integer,"
                + " test.Film>, which Sluice cannot produce: java.util.Map<java.lang.Integer,"
                + " test.Film> is neither a @Row or @Table record nor a scalar")
        .inFile(file)
        .onLine(6);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.unsupported-return] method b returns java.util.List<test.Plain>, which Sluice"
                + " cannot produce: Plain is a record without @Row or @Table")
        .inFile(file)
        .onLine(8);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.unsupported-return] the SQL of c returns no rows (no RETURNING), so there is"
                + " no java.util.List<test.Film> to read")
        .inFile(file)
        .onLine(10);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.unsupported-return] method d returns java.lang.String; @Insert returns void,"
                + " Film (the row as stored)")
        .inFile(file)
        .onLine(12);
  }

  @Test
  void crudOfSomethingThatIsNoTable() {
    JavaFileObject file =
        source(
            "FilmDao",
            "@Dao interface FilmDao {",
            "  @Insert void a(",
            "      Title t);",
            "  @Delete void b(String s);",
            "  @Update void c(Film f, int x);",
            "}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.not-a-table] @Insert needs a @Table record, and parameter t of a is a"
                + " test.Title; annotate Title with @Table")
        .inFile(file)
        .onLine(6);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.not-a-table] @Delete needs a @Table record, and parameter s of b is a"
                + " java.lang.String")
        .inFile(file)
        .onLine(7);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.bad-dao-method] @Update method c takes 2 parameters; it takes one @Table"
                + " record")
        .inFile(file)
        .onLine(8);
  }

  @Test
  void updateWithoutIdAndBadVersions() {
    JavaFileObject file =
        source(
            "NoteDao",
            "@Table(\"note\") record Note(String body) {}",
            "@Table(\"v\") record V(@Id int id,",
            "    @Version String version) {}",
            "@Dao interface NoteDao {",
            "  @Update void a(Note n);",
            "  @Delete void b(V v);",
            "}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.no-id] @Update a finds the row of Note by its id, and Note has no @Id"
                + " component")
        .inFile(file)
        .onLine(8);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.bad-version] @Version component version is a java.lang.String; a version is"
                + " a non-null int, long or short")
        .inFile(file)
        .onLine(6);
  }

  @Test
  void inheritedMethodsThatClash() {
    JavaFileObject file =
        source(
            "FilmDao",
            "interface A { @Query(\"SELECT * FROM film\") List<Film> all(); }",
            "interface B {",
            "  @Query(\"SELECT * FROM film ORDER BY title\") List<Film> all();",
            "}",
            "@Dao interface FilmDao extends A, B {}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.method-clash] FilmDao inherits all() from A and from B with different"
                + " statements (@Query(\"SELECT * FROM film\") and @Query(\"SELECT * FROM film"
                + " ORDER BY title\")); override it in FilmDao with the one to use")
        .inFile(file)
        .onLine(8);
  }

  @Test
  void methodsWithoutOrWithSeveralStatements() {
    JavaFileObject file =
        source(
            "FilmDao",
            "@Dao interface FilmDao {",
            "  List<Film> all();",
            "  @Insert",
            "  @Query(\"SELECT 1\") int both(Film f);",
            "  @Query(\"SELECT * FROM film\") <T> List<Film> generic();",
            "}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.bad-dao-method] abstract method all of FilmDao has no statement; annotate it"
                + " with @Query, @Insert, @Update or @Delete, or give it a default body")
        .inFile(file)
        .onLine(5);
    assertThat(c)
        .hadErrorContaining("[sluice.bad-dao-method] method both has 2 statement annotations")
        .inFile(file)
        .onLine(6);
    assertThat(c)
        .hadErrorContaining("[sluice.bad-dao-method] method generic is generic")
        .inFile(file)
        .onLine(8);
  }

  @Test
  void daoOnAClassOrAGenericInterface() {
    JavaFileObject file =
        source(
            "FilmDao",
            "@Dao class FilmDao {}",
            "@Dao interface Generic<T> {}",
            "class Outer { @Dao private interface Hidden {} }");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining("[sluice.bad-dao] @Dao applies to interfaces, and FilmDao is not one")
        .inFile(file)
        .onLine(4);
    assertThat(c).hadErrorContaining("[sluice.bad-dao] Generic is generic").inFile(file).onLine(5);
    assertThat(c).hadErrorContaining("[sluice.bad-dao] Hidden is private").inFile(file).onLine(6);
  }

  /**
   * A DAO referring to a type generated in round 1 is retried in round 2; the errors of the methods
   * its first attempt modelled before it met that type are reported once. The faulty methods stand
   * before and after the one using Mood, whichever order javac lists the members in.
   */
  @Test
  void aDaoRetriedInALaterRoundReportsEachErrorOnce() {
    JavaFileObject file =
        source(
            "FilmDao",
            "@Dao interface FilmDao {",
            "  @Query(\"SELECT * FROM film\") Map<Integer, Film> a();",
            "  @Query(\"SELECT * FROM film WHERE rating = :mood\") List<Film> b(Mood mood);",
            "  @Query(\"SELECT * FROM film\") Set<Film> c();",
            "}");
    Compilation c =
        javac().withProcessors(FirstRoundGenerator.mood(), new SluiceProcessor()).compile(file);
    String a =
        "[sluice.unsupported-return] method a returns java.util.Map<java.lang.Integer,"
            + " test.Film>, which Sluice cannot produce";
    String cc =
        "[sluice.unsupported-return] method c returns java.util.Set<test.Film>, which Sluice"
            + " cannot produce";
    assertThat(c).hadErrorContaining(a).inFile(file).onLine(5);
    assertThat(c).hadErrorContaining(cc).inFile(file).onLine(7);
    assertThat(c.errors().stream().filter(e -> e.getMessage(Locale.ROOT).contains(a))).hasSize(1);
    assertThat(c.errors().stream().filter(e -> e.getMessage(Locale.ROOT).contains(cc))).hasSize(1);
    assertThat(c).hadErrorCount(2);
  }
}
