package dev.sluice.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * main with no argument and no DATABASE_URL, but the libpq variables set: run in a JVM of its own,
 * since a JVM's environment is fixed when it starts.
 */
@PgTest
class LibpqEnvironmentTest {
  @Test
  void takesTheDatabaseFromThePgVariables(TestDatabase db)
      throws IOException, InterruptedException, SQLException {
    ProcessBuilder java =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                RentalStore.class.getName())
            .redirectErrorStream(true);
    Map<String, String> env = java.environment();
    env.keySet().removeIf(name -> name.startsWith("PG") || name.equals("DATABASE_URL"));
    env.put("PGHOST", db.host());
    env.put("PGPORT", String.valueOf(db.port()));
    env.put("PGUSER", db.user());
    env.put("PGDATABASE", db.name());
    if (db.password() != null) {
      env.put("PGPASSWORD", db.password());
    }
    Process child = java.start();
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(child.waitFor(120, TimeUnit.SECONDS)).as(output).isTrue();

    assertThat(child.exitValue()).as(output).isZero();
    assertThat(output)
        .startsWith("Using the database of the PG* variables, in schema sluice_example")
        .contains("Revenue by store")
        .doesNotContain("embedded");
    try (Connection c = db.jdbc();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT count(*) FROM sluice_example.rental")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getLong(1)).isEqualTo(60_001);
    }
  }
}
