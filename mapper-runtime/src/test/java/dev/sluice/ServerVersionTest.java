package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * Which server the driver suite runs on: the version the build asked for with {@code
 * sluice.test.postgres.version} (18 in the driver-pg18 run), else the default, 17. A run that meant
 * to test 18 and ran on 17 fails here.
 */
@PgTest
class ServerVersionTest {
  @Test
  void theSuiteRunsOnTheServerItAskedFor(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      String version = db.query("SHOW server_version", TestDecoders.STRING).get(0);
      String asked = System.getProperty("sluice.test.postgres.version");
      if (asked == null && System.getenv("SLUICE_TEST_URL") != null) {
        assertThat(version).isNotBlank(); // a server of the user's choosing
        return;
      }
      String major = (asked == null ? "17" : asked).split("\\.")[0];
      assertThat(version).startsWith(major + ".");
    }
  }
}
