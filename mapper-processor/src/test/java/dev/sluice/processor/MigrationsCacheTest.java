package dev.sluice.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Migrations mode's cached data directory ({@code -Asluice.schema.cache}): the first build keeps
 * the migrated directory, the next with the same files starts a copy of it (no initdb, no
 * migrations) and checks as the first did; changed files make a new entry; two builds at once leave
 * one whole entry and no temporary directory.
 */
class MigrationsCacheTest {
  @TempDir Path temp;

  private static final String[] PROGRAM = {
    "@Table(\"item\") record Item(@Id @Generated int id, String title) {}",
    "@Dao interface Shop {",
    "  @Query(\"SELECT title FROM item WHERE id = :id\") List<String> titles(int id);",
    "  @Query(\"SELECT nope FROM item\") List<String> broken();",
    "}",
  };

  private Path migrations(String name, String sql) throws IOException {
    Path dir = temp.resolve(name);
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("V1__init.sql"), sql, StandardCharsets.UTF_8);
    return dir;
  }

  /** Compiles in migrations mode; returns the description of the source the rounds saw. */
  private static String compile(Path dir, Path cache, List<Compilation> out) {
    SluiceProcessor sluice = new SluiceProcessor();
    MigrationsModeTest.RoundProbe probe = new MigrationsModeTest.RoundProbe(sluice);
    Compilation c =
        javac()
            .withProcessors(probe, sluice)
            .withOptions("-Asluice.schema.migrations=" + dir, "-Asluice.schema.cache=" + cache)
            .compile(SchemaChecksTest.source(PROGRAM));
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.bad-sql] PostgreSQL rejects the SQL of broken: column \"nope\" does"
                + " not exist")
        .inFile(SchemaChecksTest.source(PROGRAM))
        .onLine(6);
    assertThat(c).hadErrorCount(1);
    out.add(c);
    return probe.rounds.get(1).description;
  }

  private static List<String> entries(Path cache) throws IOException {
    List<String> out = new ArrayList<>();
    try (Stream<Path> list = Files.list(cache)) {
      list.forEach(p -> out.add(p.getFileName().toString()));
    }
    return out;
  }

  @Test
  void theSecondBuildStartsACopyOfTheMigratedDirectory() throws IOException {
    Path dir =
        migrations(
            "m", "CREATE TABLE item (id int GENERATED ALWAYS AS IDENTITY, title text NOT NULL);\n");
    Path cache = temp.resolve("cache");
    List<Compilation> out = new ArrayList<>();
    assertThat(compile(dir, cache, out)).doesNotContain("migrated data directory from");
    List<String> first = entries(cache);
    assertThat(first).hasSize(1);
    assertThat(first.get(0)).matches("pg17\\.[0-9.]+-[0-9a-f]{32}");
    assertThat(cache.resolve(first.get(0)).resolve("data/PG_VERSION")).hasContent("17");
    assertThat(cache.resolve(first.get(0)).resolve("data/postmaster.pid")).doesNotExist();

    assertThat(compile(dir, cache, out))
        .endsWith(
            "1 migrations in "
                + dir.toAbsolutePath()
                + " (migrated data directory from "
                + cache
                + ")");
    assertThat(entries(cache)).isEqualTo(first);

    // Other files, another schema: a second entry, never the first one reused.
    Files.writeString(dir.resolve("V2__more.sql"), "ALTER TABLE item ADD COLUMN price numeric;\n");
    assertThat(compile(dir, cache, out)).doesNotContain("migrated data directory from");
    assertThat(entries(cache)).hasSize(2).containsAll(first);
  }

  @Test
  void notesSayWhetherTheServerWasMigratedOrReusedAndHowLongItTook() throws IOException {
    Path dir =
        migrations(
            "n", "CREATE TABLE item (id int GENERATED ALWAYS AS IDENTITY, title text NOT NULL);\n");
    Path cache = temp.resolve("cache-notes");
    List<Compilation> out = new ArrayList<>();
    compile(dir, cache, out);
    compile(dir, cache, out);

    String checked =
        "\\[sluice\\.schema\\.progress] checked 2 statements and 1 table against 1 migrations in"
            + " \\Q"
            + dir.toAbsolutePath()
            + "\\E.* in \\d+ ms \\(\\d+ ms since the checks began, opening the schema source"
            + " included\\)";
    assertThat(ProgressNotes.messages(out.get(0)))
        .satisfiesExactly(
            started ->
                assertThat(started)
                    .matches(
                        "\\[sluice\\.schema\\.progress] started an embedded PostgreSQL and applied"
                            + " 1 migration from \\Q"
                            + dir.toAbsolutePath()
                            + "\\E in \\d+ ms; its data directory goes into \\Q"
                            + cache
                            + "\\E"),
            summary -> assertThat(summary).matches(checked));
    assertThat(ProgressNotes.messages(out.get(1)))
        .satisfiesExactly(
            reused ->
                assertThat(reused)
                    .matches(
                        "\\[sluice\\.schema\\.progress] started an embedded PostgreSQL on the"
                            + " migrated data directory cached in \\Q"
                            + cache
                            + "\\E \\(no migrations run\\) in \\d+ ms"),
            summary -> assertThat(summary).matches(checked));
  }

  @Test
  void twoBuildsAtOnceLeaveOneWholeEntry() throws Exception {
    Path dir =
        migrations(
            "m", "CREATE TABLE item (id int GENERATED ALWAYS AS IDENTITY, title text NOT NULL);\n");
    Path cache = temp.resolve("cache");
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<String>> builds = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        builds.add(pool.submit(() -> compile(dir, cache, new ArrayList<>())));
      }
      for (Future<String> b : builds) {
        b.get();
      }
    } finally {
      pool.shutdown();
    }
    List<String> entries = entries(cache);
    assertThat(entries).hasSize(1);
    assertThat(entries.get(0)).doesNotContain(".tmp-");
    assertThat(compile(dir, cache, new ArrayList<>())).contains("migrated data directory from");
  }
}
