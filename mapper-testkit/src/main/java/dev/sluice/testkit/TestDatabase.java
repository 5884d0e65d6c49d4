package dev.sluice.testkit;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A database created for tests on a {@link PgServer}, owned by the server's superuser; closing it
 * drops it (ending any sessions still connected). Get one from {@link PgServer#createDatabase()},
 * {@link PgServer#createPagilaDatabase()} or by injection in a {@link PgTest} class.
 */
public final class TestDatabase implements AutoCloseable {
  private final PgServer server;
  private final String name;
  private final AtomicBoolean dropped = new AtomicBoolean();

  TestDatabase(PgServer server, String name) {
    this.server = server;
    this.name = name;
  }

  public String name() {
    return name;
  }

  public PgServer server() {
    return server;
  }

  public String host() {
    return server.host();
  }

  public int port() {
    return server.port();
  }

  /** The user tests connect as: the server's superuser. */
  public String user() {
    return server.superuser();
  }

  /** The user's password, or null when the server needs none (embedded servers). */
  public String password() {
    return server.superuserPassword();
  }

  /** {@code postgresql://user[:password]@host:port/name}, the URL format of Sluice's driver. */
  public String url() {
    return server.url(name);
  }

  /** A pgjdbc URL for this database, with the credentials as parameters. */
  public String jdbcUrl() {
    return server.jdbcUrl(name);
  }

  /** A new pgjdbc connection to this database; the caller closes it. */
  public Connection jdbc() throws SQLException {
    return server.jdbc(name);
  }

  /** Runs SQL, possibly several statements separated by semicolons, in this database. */
  public void execute(String sql) throws SQLException {
    server.execute(name, sql);
  }

  /** Drops the database; idempotent. */
  @Override
  public void close() {
    if (dropped.compareAndSet(false, true)) {
      server.dropDatabase(name);
    }
  }

  @Override
  public String toString() {
    return "TestDatabase(" + server.url(name, server.superuser(), null) + ")";
  }
}
