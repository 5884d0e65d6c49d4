package dev.sluice.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the Pagila fixtures come from: the testkit's own classpath, or a directory that is named.
 */
class PagilaFixturesTest {
  @AfterEach
  void clearOverride() {
    System.clearProperty(Pagila.DIRECTORY_PROPERTY);
  }

  @Test
  void builtInCopyComesFromTheClasspathNotFromBesideTheCheckout() {
    assertThat(System.getenv(Pagila.DIRECTORY_ENV)).as("this test needs no override set").isNull();
    assertThat(Pagila.source())
        .endsWith("dev/sluice/testkit/pagila/pagila-schema.sql")
        .doesNotContain("shared/fixtures");
    assertThat(Pagila.schemaScript()).contains("CREATE TABLE public.film (");
    assertThat(Pagila.dataScript()).contains("COPY public.film (");
    // The licence travels with the data.
    assertThat(Pagila.class.getResource("pagila/LICENSE.txt")).isNotNull();
  }

  @Test
  void namedDirectoryIsUsedInsteadOfTheBuiltInCopy(@TempDir Path directory) throws IOException {
    String builtInFingerprint = Pagila.fingerprint();
    Files.writeString(directory.resolve(Pagila.SCHEMA_FILE), "CREATE TABLE t (id int);\n");
    Files.writeString(directory.resolve(Pagila.DATA_FILE), "", StandardCharsets.UTF_8);
    System.setProperty(Pagila.DIRECTORY_PROPERTY, directory.toString());

    assertThat(Pagila.source()).isEqualTo(directory.toAbsolutePath().toString());
    assertThat(Pagila.schemaScript()).isEqualTo("CREATE TABLE t (id int);\n");
    assertThat(Pagila.fingerprint()).isNotEqualTo(builtInFingerprint);
  }

  @Test
  void namedDirectoryWithoutTheDataFileIsAnErrorNotAFallback(@TempDir Path directory)
      throws IOException {
    Files.writeString(directory.resolve(Pagila.SCHEMA_FILE), "SELECT 1;\n");
    System.setProperty(Pagila.DIRECTORY_PROPERTY, directory.toString());

    assertThatThrownBy(Pagila::schemaScript)
        .isInstanceOf(TestkitException.class)
        .hasMessage(
            "system property sluice.pagila.dir names "
                + directory.toAbsolutePath()
                + ", which holds no pagila-data.sql");
  }
}
