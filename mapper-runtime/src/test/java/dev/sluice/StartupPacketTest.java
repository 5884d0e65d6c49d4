package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The StartupMessage carries nothing a pooler refuses: no extra_float_digits (PgBouncer answers
 * "unsupported startup parameter" unless ignore_startup_parameters lists it). Floats are read in
 * binary, and since PostgreSQL 12 the text output of a float is already the shortest exact one
 * without it.
 */
@PgTest
class StartupPacketTest {
  @Test
  void theStartupMessageHoldsOnlyWhatEveryPoolerTakes() throws Exception {
    try (FakePgServer server = FakePgServer.start((sync, out) -> true);
        PgConnection c =
            PgConnection.connect(
                ConnectionConfig.parse(
                    "postgresql://someone@127.0.0.1:"
                        + server.port()
                        + "/db?sslmode=disable&application_name=app"),
                null)) {
      assertThat(c.isBroken()).isFalse();
      Map<String, String> sent = server.startupParameters(0);
      assertThat(sent)
          .containsExactly(
              Map.entry("user", "someone"),
              Map.entry("database", "db"),
              Map.entry("client_encoding", "UTF8"),
              Map.entry("DateStyle", "ISO"),
              Map.entry("application_name", "app"));
    }
  }

  @Test
  void floatsRoundTripExactlyInBinaryAndInTheServersText(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      double third = 1.0 / 3;
      assertThat(db.queryOne("SELECT $1::float8", Double.class, third)).contains(third);
      // The server's own text, with extra_float_digits at its default (1): shortest exact.
      String text = db.queryOne("SELECT $1::float8::text", String.class, third).orElseThrow();
      assertThat(Double.parseDouble(text)).isEqualTo(third);
      assertThat(db.queryOne("SHOW extra_float_digits", String.class)).contains("1");
      float tenth = 0.1f;
      String floatText = db.queryOne("SELECT $1::float4::text", String.class, tenth).orElseThrow();
      assertThat(Float.parseFloat(floatText)).isEqualTo(tenth);
    }
  }
}
