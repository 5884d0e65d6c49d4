package dev.sluice.testkit;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Runs a script in psql's dump format over pgjdbc; the work is done by {@link
 * dev.sluice.embedded.PsqlScript}, shared with the annotation processor's migrations mode.
 */
final class PsqlScript {
  private final dev.sluice.embedded.PsqlScript script;

  PsqlScript(String source, String text) {
    this.script = new dev.sluice.embedded.PsqlScript(source, text);
  }

  void run(Connection connection) throws SQLException {
    script.run(connection);
  }
}
