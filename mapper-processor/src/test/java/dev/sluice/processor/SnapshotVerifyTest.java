package dev.sluice.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.sluice.testkit.PgServer;
import dev.sluice.testkit.TestDatabase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writing, reading and verifying schema snapshots ({@code -Asluice.schema.snapshot}, {@code
 * -Asluice.schema.verifySnapshot}): a stable text, a query missing from it, a stale entry against a
 * live database, changed migrations caught by their digest offline and before any server starts,
 * and a snapshot edited by hand to hide a change. Programs start on line 3, as in {@link
 * SchemaChecksTest}.
 */
class SnapshotVerifyTest {
  @TempDir Path temp;

  private static final String V1 =
      "CREATE TABLE item (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, title text NOT NULL,"
          + " price numeric(8,2));\n";

  private static final String[] PROGRAM = {
    "@Table(\"item\") record Item(@Id @Generated int id, String title, @Nullable BigDecimal price) {}",
    "@Dao interface Shop {",
    "  @Query(\"SELECT title FROM item WHERE id = :id\") List<String> titles(int id);",
    "}",
  };

  private Path migrations(String name) throws IOException {
    Path dir = temp.resolve(name);
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("V1__init.sql"), V1, StandardCharsets.UTF_8);
    return dir;
  }

  private static JavaFileObject source(String... lines) {
    return SchemaChecksTest.source(lines);
  }

  /** Compiles with the options and {@code -Xlint:all -Werror}. */
  private static Compilation compile(String[] lines, String... options) {
    List<String> all = new ArrayList<>(List.of(options));
    all.add("-Xlint:all,-processing");
    all.add("-Werror");
    return javac().withProcessors(new SluiceProcessor()).withOptions(all).compile(source(lines));
  }

  private static void assertClean(Compilation c) {
    assertThat(c).succeeded();
    assertThat(ProgressNotes.others(c)).isEmpty();
  }

  private static String[] with(String[] lines, String... more) {
    String[] out = new String[lines.length + more.length];
    System.arraycopy(lines, 0, out, 0, lines.length - 1);
    System.arraycopy(more, 0, out, lines.length - 1, more.length);
    out[out.length - 1] = lines[lines.length - 1];
    return out;
  }

  @Test
  void aRecordedSnapshotIsSortedStableTextWithItsHeader() throws IOException {
    Path dir = migrations("m");
    Path a = temp.resolve("snapshots/a.snapshot");
    Path b = temp.resolve("snapshots/b.snapshot");
    assertClean(
        compile(PROGRAM, "-Asluice.schema.migrations=" + dir, "-Asluice.schema.snapshot=" + a));
    assertClean(
        compile(PROGRAM, "-Asluice.schema.migrations=" + dir, "-Asluice.schema.snapshot=" + b));
    String text = Files.readString(a, StandardCharsets.UTF_8);
    assertThat(Files.readString(b, StandardCharsets.UTF_8)).isEqualTo(text);
    assertThat(text)
        .contains("\nsluice-schema-snapshot 3\nserver-version 17.")
        .contains("\nsource migrations\nmigrations ../m\nmigrations-digest sha256:")
        .contains("\nsearch-path \"\\\"$user\\\", public\"\n")
        .contains(
            "\nstatement \"SELECT title FROM item WHERE id = ($1::int4)\" int4 \"\\\"$user\\\", public\"\n"
                + "  rows\n"
                + "  column title text public item title non-null\n")
        .contains(
            "\nrelation \"\" item \"\\\"$user\\\", public\"\n"
                + "  is public.item table\n"
                + "  column id INT4 integer scalar - not-null identity-always - -\n"
                + "  column title TEXT text scalar - not-null - - -\n"
                + "  column price NUMERIC numeric(8,2) scalar - nullable - - -\n");
    List<String> keys = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int i = 1; i < lines.length; i++) {
      if (lines[i - 1].isEmpty() && !lines[i].isEmpty()) {
        keys.add(lines[i]);
      }
    }
    assertThat(keys).hasSizeGreaterThanOrEqualTo(3).isSorted();
  }

  @Test
  void offlineTheSnapshotAnswersAndAQueryItLacksIsAnError() throws IOException {
    Path dir = migrations("m");
    Path file = temp.resolve("schema.snapshot");
    assertClean(
        compile(PROGRAM, "-Asluice.schema.migrations=" + dir, "-Asluice.schema.snapshot=" + file));
    assertClean(compile(PROGRAM, "-Asluice.schema.snapshot=" + file));
    String[] newer =
        with(PROGRAM, "  @Query(\"SELECT price FROM item\") List<BigDecimal> prices();");
    Compilation c = compile(newer, "-Asluice.schema.snapshot=" + file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.snapshot-missing] the schema snapshot "
                + file
                + " has no entry for the statement SELECT price FROM item, so it cannot be checked"
                + " offline; refresh it by compiling with -Asluice.schema.migrations (or"
                + " -Asluice.schema.url) and -Asluice.schema.snapshot="
                + file)
        .inFile(source(newer))
        .onLine(6);
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void aMissingSnapshotFileIsOneError() {
    Path file = temp.resolve("none.snapshot");
    Compilation c = compile(PROGRAM, "-Asluice.schema.snapshot=" + file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.snapshot-missing] the schema snapshot "
                + file
                + " does not exist; write it by compiling with -Asluice.schema.migrations");
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void verifyingNeedsASnapshot() {
    Compilation c = compile(PROGRAM, "-Asluice.schema.verifySnapshot=true");
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.unavailable] -Asluice.schema.verifySnapshot=true needs"
                + " -Asluice.schema.snapshot=<file> to verify");
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void changedMigrationsFailVerificationOfflineAndBeforeAnyServerStarts() throws IOException {
    Path dir = migrations("m");
    Path file = temp.resolve("schema.snapshot");
    assertClean(
        compile(PROGRAM, "-Asluice.schema.migrations=" + dir, "-Asluice.schema.snapshot=" + file));
    String recorded = Files.readString(file);
    String digest = recorded.replaceAll("(?s).*migrations-digest (sha256:[0-9a-f]+).*", "$1");
    Files.writeString(
        dir.resolve("V2__rename.sql"), "ALTER TABLE item RENAME COLUMN title TO name;\n");

    // Without verification the snapshot answers as it was written: this is what verify is for.
    assertClean(compile(PROGRAM, "-Asluice.schema.snapshot=" + file));

    String stale =
        "[sluice.schema.snapshot-stale] the schema snapshot "
            + file
            + " is stale: it was written from migrations of digest "
            + digest
            + ", but those in "
            + dir
            + " now digest to sha256:";
    Compilation offline =
        compile(PROGRAM, "-Asluice.schema.snapshot=" + file, "-Asluice.schema.verifySnapshot=true");
    assertThat(offline).hadErrorContaining(stale);
    assertThat(offline).hadErrorCount(1);

    SluiceProcessor sluice = new SluiceProcessor();
    MigrationsModeTest.RoundProbe probe = new MigrationsModeTest.RoundProbe(sluice);
    Compilation migrated =
        javac()
            .withProcessors(probe, sluice)
            .withOptions(
                "-Asluice.schema.migrations=" + dir,
                "-Asluice.schema.snapshot=" + file,
                "-Asluice.schema.verifySnapshot=true")
            .compile(source(PROGRAM));
    assertThat(migrated).hadErrorContaining(stale);
    assertThat(migrated).hadErrorCount(1);
    // No round saw a schema source: no server was started to learn what the digest said.
    assertThat(probe.rounds).hasSizeGreaterThanOrEqualTo(2).containsOnlyNulls();
    // Verifying never writes.
    assertThat(Files.readString(file)).isEqualTo(recorded);
  }

  @Test
  void aSnapshotEditedByHandToHideAChangeIsCaughtByTheDigest() throws IOException {
    Path dir = migrations("m");
    Path file = temp.resolve("schema.snapshot");
    assertClean(
        compile(PROGRAM, "-Asluice.schema.migrations=" + dir, "-Asluice.schema.snapshot=" + file));
    // The column is renamed, the code follows, and the snapshot is edited rather than refreshed.
    Files.writeString(
        dir.resolve("V2__rename.sql"), "ALTER TABLE item RENAME COLUMN title TO name;\n");
    String[] renamed = new String[PROGRAM.length];
    for (int i = 0; i < PROGRAM.length; i++) {
      renamed[i] = PROGRAM[i].replace("title", "name");
    }
    Files.writeString(file, Files.readString(file).replace("title", "name"));
    assertClean(compile(renamed, "-Asluice.schema.snapshot=" + file));

    Compilation c =
        compile(renamed, "-Asluice.schema.snapshot=" + file, "-Asluice.schema.verifySnapshot=true");
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.snapshot-stale] the schema snapshot "
                + file
                + " is stale: it was"
                + " written from migrations of digest sha256:");
    assertThat(c).hadErrorCount(1);

    // Refreshed from the migrations, it verifies against them (server started) and offline.
    assertClean(
        compile(renamed, "-Asluice.schema.migrations=" + dir, "-Asluice.schema.snapshot=" + file));
    assertClean(
        compile(
            renamed,
            "-Asluice.schema.migrations=" + dir,
            "-Asluice.schema.snapshot=" + file,
            "-Asluice.schema.verifySnapshot=true"));
    assertClean(
        compile(
            renamed, "-Asluice.schema.snapshot=" + file, "-Asluice.schema.verifySnapshot=true"));
  }

  @Test
  void aLiveSchemaThatChangedMakesItsEntriesStale() throws IOException, SQLException {
    try (TestDatabase db = PgServer.shared().createDatabase()) {
      db.execute(V1);
      Path file = temp.resolve("live.snapshot");
      String url = "-Asluice.schema.url=" + db.url();
      assertClean(compile(PROGRAM, url, "-Asluice.schema.snapshot=" + file));
      String text = Files.readString(file);
      assertThat(text).contains("\nsource live\nmigrations -\nmigrations-digest -\n");
      assertClean(
          compile(
              PROGRAM,
              url,
              "-Asluice.schema.snapshot=" + file,
              "-Asluice.schema.verifySnapshot=true"));

      String[] newer =
          with(PROGRAM, "  @Query(\"SELECT price FROM item\") List<BigDecimal> prices();");
      Compilation missing =
          compile(
              newer,
              url,
              "-Asluice.schema.snapshot=" + file,
              "-Asluice.schema.verifySnapshot=true");
      assertThat(missing)
          .hadErrorContaining(
              "[sluice.schema.snapshot-missing] the schema snapshot "
                  + file
                  + " has no entry for the statement SELECT price FROM item; refresh it")
          .inFile(source(newer))
          .onLine(6);
      assertThat(missing).hadErrorCount(1);

      db.execute("ALTER TABLE item ALTER COLUMN title DROP NOT NULL");
      String[] nullable = PROGRAM.clone();
      nullable[0] = nullable[0].replace("String title", "@Nullable String title");
      Compilation stale =
          compile(
              nullable,
              url,
              "-Asluice.schema.snapshot=" + file,
              "-Asluice.schema.verifySnapshot=true");
      assertThat(stale)
          .hadErrorContaining(
              "[sluice.schema.snapshot-stale] the schema snapshot "
                  + file
                  + " is stale: for relation item it has \"column title TEXT text scalar - not-null"
                  + " - - -\" where the schema now has \"column title TEXT text scalar - nullable -"
                  + " - -\"; refresh it")
          .inFile(source(nullable))
          .onLine(3);
      assertThat(stale)
          .hadErrorContaining(
              "[sluice.schema.snapshot-stale] the schema snapshot "
                  + file
                  + " is stale: for the statement SELECT title FROM item WHERE id = ($1::int4) it has"
                  + " \"column title text public item title non-null\" where the schema now has"
                  + " \"column title text public item title nullable\"")
          .inFile(source(nullable))
          .onLine(5);
      assertThat(stale).hadErrorCount(2);
      assertThat(Files.readString(file)).isEqualTo(text);
    }
  }

  @Test
  void entriesNoQueryUsesAnyMoreAreAWarningWhenVerifying() throws IOException, SQLException {
    try (TestDatabase db = PgServer.shared().createDatabase()) {
      db.execute(V1);
      Path file = temp.resolve("unused.snapshot");
      String url = "-Asluice.schema.url=" + db.url();
      String[] older =
          with(PROGRAM, "  @Query(\"SELECT price FROM item\") List<BigDecimal> prices();");
      assertClean(compile(older, url, "-Asluice.schema.snapshot=" + file));
      // The query is removed from the code (and with it the only question about numeric); without
      // verify the snapshot still just answers.
      assertClean(compile(PROGRAM, "-Asluice.schema.snapshot=" + file));
      String unused =
          "[sluice.schema.snapshot-unused] the schema snapshot "
              + file
              + " has 2 entries that no check of this compilation asked for (statement \"SELECT"
              + " price FROM item\" \"\" \"\\\"$user\\\", public\"; type numeric"
              + " \"\\\"$user\\\", public\"): left by queries or tables removed"
              + " since, unless only part of the module was compiled; refresh it by compiling with"
              + " -Asluice.schema.migrations (or -Asluice.schema.url) and -Asluice.schema.snapshot="
              + file
              + " to drop them";
      Compilation offline =
          compile(
              PROGRAM, "-Asluice.schema.snapshot=" + file, "-Asluice.schema.verifySnapshot=true");
      assertThat(offline).hadWarningContaining(unused);
      assertThat(offline).hadWarningCount(1);
      assertThat(offline).hadErrorCount(1); // -Werror's "warnings found"
      Compilation live =
          compile(
              PROGRAM,
              url,
              "-Asluice.schema.snapshot=" + file,
              "-Asluice.schema.verifySnapshot=true");
      assertThat(live).hadWarningContaining(unused);
      assertThat(live).hadWarningCount(1);
      // A compilation that asks nothing (a @Row, no @Dao, no @Table) says nothing of the entries.
      assertClean(
          compile(
              new String[] {"@Row record Plain(int x) {}"},
              "-Asluice.schema.snapshot=" + file,
              "-Asluice.schema.verifySnapshot=true"));
    }
  }

  /** Format 2 is format 3 without causes: such a file still serves and still verifies. */
  @Test
  void aSnapshotOfFormatTwoIsStillReadAndVerified() throws IOException {
    Path dir = migrations("m");
    Path file = temp.resolve("two.snapshot");
    assertClean(
        compile(PROGRAM, "-Asluice.schema.migrations=" + dir, "-Asluice.schema.snapshot=" + file));
    String text = Files.readString(file);
    assertThat(text).contains("\nsluice-schema-snapshot 3\n");
    Files.writeString(file, text.replace("sluice-schema-snapshot 3", "sluice-schema-snapshot 2"));
    assertClean(compile(PROGRAM, "-Asluice.schema.snapshot=" + file));
    assertClean(
        compile(
            PROGRAM,
            "-Asluice.schema.migrations=" + dir,
            "-Asluice.schema.snapshot=" + file,
            "-Asluice.schema.verifySnapshot=true"));
  }

  @Test
  void aSnapshotOfTheFirstFormatIsRefusedWithWhyAndHowToRefresh() throws IOException {
    Path dir = migrations("m");
    Path file = temp.resolve("old.snapshot");
    assertClean(
        compile(PROGRAM, "-Asluice.schema.migrations=" + dir, "-Asluice.schema.snapshot=" + file));
    Files.writeString(
        file,
        Files.readString(file).replace("sluice-schema-snapshot 3", "sluice-schema-snapshot 1"));
    Compilation c = compile(PROGRAM, "-Asluice.schema.snapshot=" + file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.unavailable] could not read the schema snapshot "
                + file
                + ": "
                + file
                + " is a snapshot of format 1, whose nullability answers this Sluice no longer"
                + " trusts (it took the base column's NOT NULL where the plan could not decide);"
                + " refresh it by compiling with -Asluice.schema.migrations");
    assertThat(c).hadErrorCount(1);
  }
}
