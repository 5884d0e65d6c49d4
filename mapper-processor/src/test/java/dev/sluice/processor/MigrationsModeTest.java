package dev.sluice.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.sluice.embedded.EmbeddedServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schema checks in migrations mode ({@code -Asluice.schema.migrations}): directories of
 * migration files that only succeed when applied in Flyway's order, each compiled against the
 * schema they leave. Every compilation runs beside a probe processor that sees, round by round, the
 * schema source the Sluice processor holds, so each test also asserts that one server served all
 * rounds and that it was stopped (its directory gone, no process left running in it).
 *
 * <p>Programs are laid out as in {@link SchemaChecksTest}: they start on line 3.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MigrationsModeTest {
  /** Holds every directory of migrations the tests write; JUnit deletes it after the class. */
  private Path temp;

  /**
   * Flyway-named files that fail in any other order: lexically V10 would run first (tag does not
   * exist yet), and V1_1 read as 11 would run after V2 (price does not exist yet); R__views needs
   * the function R__base creates, and V10 lives in a subdirectory. V1 empties its session's
   * search_path, as pg_dump output does: the later files and the checks name tables unqualified.
   */
  private Path flyway;

  /** Plain names in name order, with a COPY block and CREATE INDEX CONCURRENTLY. */
  private Path plain;

  @BeforeAll
  void writeMigrations(@TempDir Path temp) throws IOException {
    this.temp = temp;
    flyway =
        directory(
            "flyway",
            "V1__init.sql",
            "SELECT pg_catalog.set_config('search_path', '', false);\n"
                + "CREATE TABLE public.item (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
                + " title text NOT NULL);\n",
            "V1_1__patch.sql",
            "ALTER TABLE item ADD COLUMN price numeric(8,2);\n",
            "V2__more.sql",
            "CREATE TABLE tag (item_id int NOT NULL REFERENCES item, label text NOT NULL,"
                + " weight int);\n"
                + "UPDATE item SET price = 0 WHERE price IS NULL;\n"
                + "ALTER TABLE item ALTER COLUMN price SET NOT NULL;\n",
            "later/V10__later.sql",
            "ALTER TABLE tag RENAME COLUMN label TO name;\n",
            "R__views.sql",
            "CREATE OR REPLACE VIEW tagged AS\n"
                + "  SELECT i.title, t.name, item_label(i) AS label FROM item i JOIN tag t ON"
                + " t.item_id = i.id;\n",
            "R__base.sql",
            "CREATE OR REPLACE FUNCTION item_label(i item) RETURNS text LANGUAGE sql\n"
                + "  AS $$ SELECT i.title || ' (' || i.price || ')'; $$;\n");
    plain =
        directory(
            "plain",
            "001_schema.sql",
            "CREATE TABLE person (id int PRIMARY KEY, name text NOT NULL);\n",
            "002_data.sql",
            "-- rows as pg_dump writes them; a quote and a semicolon in them are data, not SQL\n"
                + "COPY person (id, name) FROM stdin;\n"
                + "1\tO'Brien; the first\n"
                + "2\tZoë\n"
                + "\\.\n"
                + "CREATE INDEX CONCURRENTLY person_name_idx ON person (name);\n",
            "010_check.sql",
            "DO $$\n"
                + "BEGIN\n"
                + "  IF (SELECT count(*) FROM person) <> 2 THEN\n"
                + "    RAISE EXCEPTION 'COPY loaded % rows', (SELECT count(*) FROM person);\n"
                + "  END IF;\n"
                + "  IF NOT EXISTS (SELECT 1 FROM pg_index x JOIN pg_class c ON c.oid ="
                + " x.indexrelid\n"
                + "      WHERE c.relname = 'person_name_idx' AND x.indisvalid) THEN\n"
                + "    RAISE EXCEPTION 'no valid index person_name_idx';\n"
                + "  END IF;\n"
                + "END $$;\n"
                + "ALTER TABLE person RENAME COLUMN name TO full_name;\n");
  }

  /** Writes {@code name, text, name, text, …} into a new directory under {@link #temp}. */
  private Path directory(String directory, String... namesAndTexts) throws IOException {
    Path dir = temp.resolve(directory);
    for (int i = 0; i < namesAndTexts.length; i += 2) {
      Path file = dir.resolve(namesAndTexts[i]);
      Files.createDirectories(file.getParent());
      Files.writeString(file, namesAndTexts[i + 1], StandardCharsets.UTF_8);
    }
    Files.createDirectories(dir);
    return dir;
  }

  /**
   * Runs before the Sluice processor in every round and notes the schema source it holds then, and
   * whether a process runs in that source's server directory.
   */
  static final class RoundProbe extends AbstractProcessor {
    private final SluiceProcessor sluice;

    /** The source the Sluice processor held at the start of each round (null before the first). */
    final List<SchemaSource> rounds = new ArrayList<>();

    /** For each source seen, whether a process was found running in its server's directory. */
    final Map<SchemaSource, Boolean> running = new IdentityHashMap<>();

    RoundProbe(SluiceProcessor sluice) {
      this.sluice = sluice;
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      SchemaSource source = sluice.schemaSource();
      rounds.add(source);
      if (source != null) {
        running.put(source, processesIn(source.server().baseDirectory()) > 0);
      }
      return false;
    }
  }

  /** Processes whose command line names a path in {@code directory} (a postgres -D …/data). */
  static long processesIn(Path directory) {
    String path = directory.toString();
    return ProcessHandle.allProcesses()
        .filter(p -> p.info().commandLine().map(line -> line.contains(path)).orElse(false))
        .count();
  }

  private RoundProbe lastProbe;

  /**
   * Compiles the program in migrations mode and asserts that at most one server served every round
   * and that it is stopped once javac returns.
   */
  private Compilation compile(Path migrations, String... lines) {
    SluiceProcessor sluice = new SluiceProcessor();
    RoundProbe probe = new RoundProbe(sluice);
    Compilation c =
        javac()
            .withProcessors(probe, sluice)
            .withOptions(
                "-Asluice.schema.migrations=" + migrations, "-Xlint:all,-processing", "-Werror")
            .compile(SchemaChecksTest.source(lines));
    assertThat(probe.running).hasSizeLessThanOrEqualTo(1);
    for (Map.Entry<SchemaSource, Boolean> seen : probe.running.entrySet()) {
      EmbeddedServer server = seen.getKey().server();
      assertThat(seen.getValue()).as("postgres ran in %s during processing", server).isTrue();
      assertThat(server.baseDirectory()).doesNotExist();
      assertThat(processesIn(server.baseDirectory())).as("processes left in %s", server).isZero();
    }
    lastProbe = probe;
    return c;
  }

  private static JavaFileObject source(String... lines) {
    return SchemaChecksTest.source(lines);
  }

  // -------------------------------------------------------------------------------------------
  // Order

  @Test
  void flywayOrderThenRepeatablesWithPlainFilesFirst() throws Exception {
    Path dir = temp.resolve("names");
    Files.createDirectories(dir.resolve("sub"));
    for (String name :
        List.of(
            "R__views.sql",
            "V10__later.sql",
            "V2__more.sql",
            "sub/V1_1__patch.sql",
            "V1__init.sql",
            "002_y.sql",
            "001_x.sql",
            "R__base.sql",
            "notes.txt")) {
      Files.writeString(dir.resolve(name), "");
    }
    assertThat(Migrations.scan(dir).order())
        .containsExactly(
            "001_x.sql",
            "002_y.sql",
            "V1__init.sql",
            "V1_1__patch.sql",
            "V2__more.sql",
            "V10__later.sql",
            "R__base.sql",
            "R__views.sql");
  }

  @Test
  void flywayMigrationsAppliedInOrderLeaveTheSchemaTheProgramNeeds() {
    Compilation c =
        compile(
            flyway,
            "@Table(\"item\") record Item(@Id @Generated int id, String title, BigDecimal price) {}",
            "@Table(\"tag\") record Tag(int itemId, String name, @Nullable Integer weight) {}",
            "@Row record Tagged(String title, String name, String label) {}",
            "@Dao interface Shop {",
            "  @Query(\"SELECT * FROM item WHERE id = :id\") Optional<Item> byId(int id);",
            "  @Query(\"SELECT title, name, label FROM tagged WHERE name = :n\") List<Tagged> tagged(String n);",
            "  @Insert Item insert(Item item);",
            "  @Insert void tag(Tag tag);",
            "}");
    assertThat(c).succeeded();
    assertThat(ProgressNotes.others(c)).isEmpty();
    // Round 1 opens the source; every later round, the last included, sees that same one.
    List<SchemaSource> rounds = lastProbe.rounds;
    assertThat(rounds).hasSizeGreaterThanOrEqualTo(3);
    assertThat(rounds.get(0)).isNull();
    for (SchemaSource later : rounds.subList(1, rounds.size())) {
      assertThat(later).isNotNull().isSameAs(rounds.get(1));
    }
  }

  @Test
  void plainFilesInNameOrderWithCopyRowsAndConcurrentIndex() {
    Compilation c =
        compile(
            plain,
            "@Table(\"person\") record Person(@Id int id, String fullName) {}",
            "@Dao interface People {",
            "  @Query(\"SELECT full_name FROM person WHERE full_name LIKE :p\") List<String> named(String p);",
            "}");
    assertThat(c).succeeded();
    assertThat(ProgressNotes.others(c)).isEmpty();
  }

  // -------------------------------------------------------------------------------------------
  // Broken programs, caught as in live mode

  @Test
  void brokenProgramsAgainstTheMigratedSchema() {
    String[] lines = {
      "@Table(\"item\") record Item(@Id @Generated int id,",
      "    String titel) {}",
      "@Table(\"tag\") record Tag(int itemId, String name,",
      "    int weight) {}",
      "@Dao interface D {",
      "  @Query(\"SELECT title FROM item WHERE id = :id AND nope = 1\") List<String> t(int id);",
      "  @Query(\"SELECT label FROM tag\") List<String> labels();",
      "}",
    };
    Compilation c = compile(flyway, lines);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.unknown-column] column \"titel\" does not exist in public.item (did"
                + " you mean \"title\"?)")
        .inFile(source(lines))
        .onLine(4);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.nullable-column] public.tag.weight is nullable but component weight"
                + " is primitive; use java.lang.Integer with @Nullable, or Optional")
        .inFile(source(lines))
        .onLine(6);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.bad-sql] PostgreSQL rejects the SQL of t: column \"nope\" does not"
                + " exist at \"nope = 1\" (character 43) [SQLSTATE 42703]")
        .inFile(source(lines))
        .onLine(8);
    // V10 renamed the column: the check runs against the schema after every migration.
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.bad-sql] PostgreSQL rejects the SQL of labels: column \"label\" does"
                + " not exist at \"label FROM tag\" (character 8) [SQLSTATE 42703]")
        .inFile(source(lines))
        .onLine(9);
    assertThat(c).hadErrorCount(4);
  }

  // -------------------------------------------------------------------------------------------
  // Migrations that cannot be applied

  @Test
  void aFlywayPlaceholderIsRefusedWithFileAndLine() throws IOException {
    Path dir =
        directory(
            "placeholder",
            "V1__init.sql",
            "CREATE TABLE a (id int);\n",
            "V2__schema.sql",
            "-- the schema is chosen at deploy time\nCREATE TABLE ${schema}.b (id int);\n");
    Compilation c = compile(dir, "@Row record T(String title) {}");
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.bad-migration] migration "
                + dir.resolve("V2__schema.sql")
                + ":2 holds the Flyway placeholder ${schema}, which Sluice does not expand;"
                + " write its value instead");
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void aFailingMigrationNamesFileLineAndPostgresMessage() throws IOException {
    Path dir =
        directory(
            "failing",
            "V1__init.sql",
            "CREATE TABLE a (id int);\n",
            "V2__broken.sql",
            "-- a table that was never created\nCREATE TABLE b (id int);\n"
                + "ALTER TABLE nope\n  ADD COLUMN x int;\n",
            "V3__never.sql",
            "CREATE TABLE c (id int);\n");
    Compilation c = compile(dir, "@Table(\"a\") record A(int id) {}");
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.bad-migration] migration failed: "
                + dir.resolve("V2__broken.sql")
                + ":3: ERROR: relation \"nope\" does not exist");
    // javac indents the message's further lines; the statement follows on them.
    assertThat(c).hadErrorContaining("statement: ALTER TABLE nope");
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void twoFilesOfOneVersionAreRefused() throws IOException {
    Path dir =
        directory(
            "duplicate", "V1__a.sql", "CREATE TABLE a (id int);\n", "V1_0__b.sql", "SELECT 1;\n");
    Compilation c = compile(dir, "@Row record T(String title) {}");
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.bad-migration] migrations V1__a.sql and V1_0__b.sql in "
                + dir
                + " have the same version; give one another version");
    assertThat(c).hadErrorCount(1);
  }
}
