package dev.sluice.testkit;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The Pagila template database of one server, built on first need ({@link
 * PgServer#createPagilaDatabase}).
 */
final class PagilaTemplate {
  static final String PAGILA_TEMPLATE = "sluice_pagila_template";

  /** Serializes Pagila template builds of all JVMs sharing one external server ("sluice" + 1). */
  private static final long TEMPLATE_LOCK_KEY = 0x736c_7569_6365_0001L;

  private final PgServer server;

  private final Object lock = new Object();

  /** Set once the template exists on the server; guarded by lock for writes. */
  private volatile boolean ready;

  PagilaTemplate(PgServer server) {
    this.server = server;
  }

  /**
   * Builds the Pagila template once per server. A JVM-level lock keeps this JVM's threads out of
   * each other's way, an advisory lock other JVMs sharing an external server. The template is
   * marked with a comment naming the fixture's fingerprint only once complete, so a half-built or
   * outdated template (left by a crashed run) is rebuilt; it does not accept connections, so a
   * stray session can never make {@code CREATE DATABASE … TEMPLATE} fail.
   */
  void ensure() {
    if (ready) {
      return;
    }
    synchronized (lock) {
      if (ready) {
        return;
      }
      String marker = "sluice pagila " + Pagila.fingerprint();
      String template = PgServer.quoteIdentifier(PAGILA_TEMPLATE);
      try (Connection connection = server.jdbc(server.adminDatabase());
          Statement statement = connection.createStatement()) {
        statement.execute("SELECT pg_advisory_lock(" + TEMPLATE_LOCK_KEY + ")");
        String existing = null;
        boolean exists = false;
        try (ResultSet rows =
            statement.executeQuery(
                "SELECT shobj_description(oid, 'pg_database') FROM pg_database"
                    + " WHERE datname = '"
                    + PAGILA_TEMPLATE
                    + "'")) {
          if (rows.next()) {
            exists = true;
            existing = rows.getString(1);
          }
        }
        if (!marker.equals(existing)) {
          if (exists) {
            statement.execute("ALTER DATABASE " + template + " IS_TEMPLATE false");
            server.dropDatabase(PAGILA_TEMPLATE);
          }
          statement.execute("CREATE DATABASE " + template + " TEMPLATE template0");
          try (Connection load = server.jdbc(PAGILA_TEMPLATE)) {
            Pagila.load(load);
          } catch (SQLException | RuntimeException e) {
            server.dropDatabase(PAGILA_TEMPLATE);
            throw new TestkitException("could not load Pagila into " + PAGILA_TEMPLATE, e);
          }
          statement.execute(
              "ALTER DATABASE " + template + " WITH IS_TEMPLATE true ALLOW_CONNECTIONS false");
          statement.execute("COMMENT ON DATABASE " + template + " IS '" + marker + "'");
        }
        statement.execute("SELECT pg_advisory_unlock(" + TEMPLATE_LOCK_KEY + ")");
      } catch (SQLException e) {
        throw new TestkitException("could not prepare the Pagila template on " + this, e);
      }
      ready = true;
    }
  }
}
