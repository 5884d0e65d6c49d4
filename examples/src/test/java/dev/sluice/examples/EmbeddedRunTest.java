package dev.sluice.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * With no database given, the application starts its own embedded server, migrates it with
 * MigrationRunner and, once it is done, leaves nothing of it behind (under {@code mvn exec:java} a
 * server left to the JVM's shutdown outlived the command). That close() also ends the postmaster is
 * sluice-embedded's EmbeddedServerCloseTest.
 */
class EmbeddedRunTest {
  @Test
  void noDatabaseGivenRunsOnAnEmbeddedServerAndDeletesIt() {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    RentalStore.start(new String[0], Map.of(), new PrintStream(text, true, StandardCharsets.UTF_8));

    String output = text.toString(StandardCharsets.UTF_8);
    Matcher started = Pattern.compile("(?m)^Started it in (.+)$").matcher(output);
    assertThat(started.find()).as(output).isTrue();
    Path directory = Path.of(started.group(1));
    assertThat(directory).doesNotExist();
    assertThat(output)
        .contains(
            "Migrated it with MigrationRunner: V1__rental_store.sql, V2__film_stats.sql"
                + " (history in sluice_example.sluice_schema_history)")
        .contains("Schema sluice_example built from V1__rental_store.sql, V2__film_stats.sql")
        .contains("Most rented film of each genre")
        .endsWith("Stopped it and deleted " + directory + System.lineSeparator());
  }
}
