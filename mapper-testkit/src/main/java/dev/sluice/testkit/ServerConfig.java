package dev.sluice.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Changes to a running embedded server's configuration: pg_hba.conf rewritten and checked, and
 * reloads that only return once new connections see them. {@link PgServer.Builder#hba} and {@link
 * TestTls#use} go through here; all of it talks to the server as its superuser over pgjdbc.
 */
final class ServerConfig {
  private ServerConfig() {}

  /**
   * Writes pg_hba.conf, lets PostgreSQL check it through pg_hba_file_rules (which parses the file
   * on disk, not the loaded rules), and only then reloads, waiting until new connections see it.
   */
  static void replaceHba(PgServer server, List<String> lines) {
    Path file = server.dataDirectory().resolve("pg_hba.conf");
    String previous;
    try {
      previous = Files.readString(file, StandardCharsets.UTF_8);
      Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("could not write " + file, e);
    }
    OffsetDateTime loadedBefore;
    try (Connection connection = server.jdbc(server.adminDatabase());
        Statement statement = connection.createStatement()) {
      List<String> errors = new ArrayList<>();
      try (ResultSet rows =
          statement.executeQuery(
              "SELECT line_number, error FROM pg_hba_file_rules"
                  + " WHERE error IS NOT NULL ORDER BY line_number")) {
        while (rows.next()) {
          int lineNumber = rows.getInt(1);
          String line =
              lineNumber >= 1 && lineNumber <= lines.size() ? lines.get(lineNumber - 1) : "?";
          errors.add("line " + lineNumber + " \"" + line + "\": " + rows.getString(2));
        }
      }
      if (!errors.isEmpty()) {
        // Put the rules in force back, so that no later reload picks up the rejected ones.
        Files.writeString(file, previous, StandardCharsets.UTF_8);
        throw new TestkitException(
            "PostgreSQL rejects the hba rules: " + String.join("; ", errors));
      }
      loadedBefore = loadTime(statement);
      statement.execute("SELECT pg_reload_conf()");
    } catch (SQLException e) {
      throw new TestkitException(
          "could not install the hba rules on " + server + server.logTail(), e);
    } catch (IOException e) {
      throw new UncheckedIOException("could not restore " + file, e);
    }
    awaitReload(server, loadedBefore);
  }

  /** The server's pg_conf_load_time(), to pass to {@link #awaitReload} after a change. */
  static OffsetDateTime loadTime(PgServer server) throws SQLException {
    try (Connection connection = server.jdbc(server.adminDatabase());
        Statement statement = connection.createStatement()) {
      return loadTime(statement);
    }
  }

  private static OffsetDateTime loadTime(Statement statement) throws SQLException {
    try (ResultSet rows = statement.executeQuery("SELECT pg_conf_load_time()")) {
      rows.next();
      return rows.getObject(1, OffsetDateTime.class);
    }
  }

  /**
   * pg_reload_conf() only signals the postmaster. A backend forked after the postmaster reloaded
   * reports the new pg_conf_load_time(); a refused connection also means the new rules apply, as
   * the old ones (initdb's) trusted everyone.
   */
  static void awaitReload(PgServer server, OffsetDateTime loadedBefore) {
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (System.nanoTime() < deadline) {
      try (Connection connection = server.jdbc(server.adminDatabase());
          PreparedStatement statement =
              connection.prepareStatement("SELECT pg_conf_load_time() > ?")) {
        statement.setObject(1, loadedBefore);
        try (ResultSet rows = statement.executeQuery()) {
          rows.next();
          if (rows.getBoolean(1)) {
            return;
          }
        }
      } catch (SQLException refused) {
        return;
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TestkitException("interrupted while waiting for PostgreSQL to reload its rules");
      }
    }
    throw new TestkitException(
        "PostgreSQL did not reload its configuration within 5 s" + server.logTail());
  }
}
