package dev.sluice.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** A schema named sluice_example that the application did not create is never dropped. */
@PgTest
class ForeignSchemaTest {
  @Test
  void leavesASchemaItDidNotCreateAlone(TestDatabase db) throws SQLException {
    db.execute("CREATE SCHEMA sluice_example");
    db.execute("CREATE TABLE sluice_example.precious (id int)");
    db.execute("INSERT INTO sluice_example.precious VALUES (42)");

    PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    assertThatThrownBy(() -> RentalStore.run(db.url(), out))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "schema sluice_example exists and was not created by this example (its comment is"
                + " ''); the example drops and recreates its schema on every run, so it leaves"
                + " this one alone: drop it yourself or run the example on another database");

    try (Connection c = db.jdbc();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT id FROM sluice_example.precious")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getInt(1)).isEqualTo(42);
      assertThat(rs.next()).isFalse();
    }
  }
}
