package dev.sluice.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgServer;
import org.junit.jupiter.api.Test;

/**
 * The server the tests of this JVM run on is the one the build asked for: each corpus run on
 * another version (the surefire executions corpus-pg15 and corpus-pg18) includes this test, so a
 * run that silently fell back to 17 fails here.
 */
class ServerVersionTest {
  @Test
  void theSharedServerIsTheRequestedVersion() {
    String requested = System.getProperty(PgServer.VERSION_PROPERTY, "17");
    int major = Integer.parseInt(requested.split("\\.")[0]);
    assertThat(PgServer.shared().serverVersionNum() / 10000).isEqualTo(major);
  }
}
