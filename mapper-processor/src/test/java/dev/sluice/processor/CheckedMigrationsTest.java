package dev.sluice.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.testing.compile.Compilation;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compilation in migrations mode leaves {@link CheckedMigrations#RESOURCE} in its class output,
 * and {@link CheckedMigrations#main} fails once a migration changed after it: what keeps a Maven
 * build, which does not recompile for an edited migration, from passing on stale checks.
 */
class CheckedMigrationsTest {
  @Test
  void aRenamedColumnAfterTheChecksMakesThemStale(@TempDir Path temp) throws Exception {
    Path migrations = Files.createDirectories(temp.resolve("migration"));
    Path v1 = migrations.resolve("V1__item.sql");
    Files.writeString(v1, "CREATE TABLE item (id int PRIMARY KEY, title text NOT NULL);\n");
    Compilation c =
        javac()
            .withProcessors(new SluiceProcessor())
            .withOptions("-Asluice.schema.migrations=" + migrations)
            .compile(
                SchemaChecksTest.source(
                    "@Table(\"item\") public record Item(@Id int id, String title) {}"));
    assertThat(c).succeeded();
    JavaFileObject record =
        c.generatedFile(StandardLocation.CLASS_OUTPUT, "", CheckedMigrations.RESOURCE)
            .orElseThrow();
    Path classes = temp.resolve("classes");
    Path copy = classes.resolve(CheckedMigrations.RESOURCE);
    Files.createDirectories(copy.getParent());
    try (InputStream in = record.openInputStream()) {
      Files.copy(in, copy);
    }
    String text = Files.readString(copy, StandardCharsets.UTF_8);
    assertThat(text)
        .contains("directory=" + migrations.toAbsolutePath().normalize())
        .contains("digest=" + Migrations.scan(migrations).digest());

    // Unchanged migrations: the checks stand.
    CheckedMigrations.main(new String[] {classes.toString()});

    Files.writeString(v1, "CREATE TABLE item (id int PRIMARY KEY, name text NOT NULL);\n");
    assertThatThrownBy(() -> CheckedMigrations.main(new String[] {classes.toString()}))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "[sluice.schema.stale] the migrations in "
                + migrations.toAbsolutePath().normalize()
                + " changed since the classes in "
                + classes
                + " were checked against them")
        .hasMessageEndingWith(
            "run `mvn clean compile` to check every @Table record and @Query against the new"
                + " schema");
  }

  @Test
  void aVerifiedSnapshotAnswersForTheMigrationsItWasWrittenFrom(@TempDir Path temp)
      throws Exception {
    Path migrations = Files.createDirectories(temp.resolve("migration"));
    Files.writeString(
        migrations.resolve("V1__item.sql"),
        "CREATE TABLE item (id int PRIMARY KEY, title text NOT NULL);\n");
    Path snapshot = temp.resolve("schema.snapshot");
    JavaFileObject program =
        SchemaChecksTest.source("@Table(\"item\") public record Item(@Id int id, String title) {}");
    assertThat(
            javac()
                .withProcessors(new SluiceProcessor())
                .withOptions(
                    "-Asluice.schema.migrations=" + migrations,
                    "-Asluice.schema.snapshot=" + snapshot)
                .compile(program))
        .succeeded();
    Compilation fromSnapshot =
        javac()
            .withProcessors(new SluiceProcessor())
            .withOptions(
                "-Asluice.schema.snapshot=" + snapshot, "-Asluice.schema.verifySnapshot=true")
            .compile(program);
    assertThat(fromSnapshot).succeeded();
    JavaFileObject record =
        fromSnapshot
            .generatedFile(StandardLocation.CLASS_OUTPUT, "", CheckedMigrations.RESOURCE)
            .orElseThrow();
    try (InputStream in = record.openInputStream()) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
          .isEqualTo(
              "directory="
                  + migrations.toAbsolutePath().normalize()
                  + "\ndigest="
                  + Migrations.scan(migrations).digest()
                  + "\n");
    }
  }

  @Test
  void classesCheckedAgainstNoMigrationsAreNeverStale(@TempDir Path temp) throws Exception {
    Compilation c =
        javac()
            .withProcessors(new SluiceProcessor())
            .compile(
                SchemaChecksTest.source(
                    "@Table(\"item\") public record Item(@Id int id, String title) {}"));
    assertThat(c).succeeded();
    assertThat(c.generatedFile(StandardLocation.CLASS_OUTPUT, "", CheckedMigrations.RESOURCE))
        .isEmpty();
    CheckedMigrations.main(new String[] {temp.toString()});
  }
}
