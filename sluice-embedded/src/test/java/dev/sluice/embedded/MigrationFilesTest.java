package dev.sluice.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.embedded.MigrationFiles.Kind;
import dev.sluice.embedded.MigrationFiles.Migration;
import dev.sluice.embedded.MigrationFiles.MigrationFilesException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The order of migration files. The annotation processor reads its migrations through this class
 * too (its MigrationsModeTest orders the same names the same way), so the runner and the checks
 * build one schema.
 */
class MigrationFilesTest {
  @TempDir Path temp;

  @Test
  void plainFilesFirstThenVersionsAsNumbersThenRepeatablesByDescription() throws Exception {
    Files.createDirectories(temp.resolve("sub"));
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
      Files.writeString(temp.resolve(name), "");
    }
    List<Migration> files = MigrationFiles.scan(temp).list();
    assertThat(files)
        .extracting(Migration::script)
        .containsExactly(
            "001_x.sql",
            "002_y.sql",
            "V1__init.sql",
            "sub/V1_1__patch.sql",
            "V2__more.sql",
            "V10__later.sql",
            "R__base.sql",
            "R__views.sql");
    assertThat(files)
        .extracting(Migration::kind)
        .containsExactly(
            Kind.PLAIN,
            Kind.PLAIN,
            Kind.VERSIONED,
            Kind.VERSIONED,
            Kind.VERSIONED,
            Kind.VERSIONED,
            Kind.REPEATABLE,
            Kind.REPEATABLE);
    assertThat(files)
        .extracting(Migration::versionText)
        .containsExactly(null, null, "1", "1.1", "2", "10", null, null);
  }

  @Test
  void aChecksumIgnoresLineEndingsButNotText() throws Exception {
    Files.writeString(temp.resolve("V1__a.sql"), "CREATE TABLE a (id int);\r\nSELECT 1;\r\n");
    Files.writeString(temp.resolve("V2__a.sql"), "CREATE TABLE a (id int);\nSELECT 1;\n");
    Files.writeString(temp.resolve("V3__a.sql"), "CREATE TABLE a (id int);\nSELECT 2;\n");
    List<Migration> files = MigrationFiles.scan(temp).list();
    assertThat(files.get(0).checksum()).isEqualTo(files.get(1).checksum());
    assertThat(files.get(2).checksum()).isNotEqualTo(files.get(1).checksum());
  }

  @Test
  void twoFilesOfOneVersionAreRefused() throws Exception {
    Files.writeString(temp.resolve("V1__a.sql"), "");
    Files.writeString(temp.resolve("V1.0__b.sql"), "");
    assertThatThrownBy(() -> MigrationFiles.scan(temp))
        .isInstanceOf(MigrationFilesException.class)
        .hasMessage(
            "migrations V1__a.sql and V1.0__b.sql in "
                + temp
                + " have the same version; give one another version");
  }

  @Test
  void aPlaceholderIsRefusedWithItsLine() throws Exception {
    Files.writeString(temp.resolve("V1__a.sql"), "-- x\n\nCREATE TABLE ${schema}.a (id int);\n");
    assertThatThrownBy(() -> MigrationFiles.scan(temp))
        .isInstanceOf(MigrationFilesException.class)
        .hasMessage(
            "migration "
                + temp.resolve("V1__a.sql")
                + ":3 holds the Flyway placeholder ${schema}, which Sluice does not expand;"
                + " write its value instead")
        .satisfies(
            e -> assertThat(((MigrationFilesException) e).fileName()).isEqualTo("V1__a.sql"));
  }
}
