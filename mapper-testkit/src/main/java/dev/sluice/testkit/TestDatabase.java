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

  /**
   * The database's name, unique on its server.
   *
   * @return the name, as given to {@code CREATE DATABASE}
   */
  public String name() {
    return name;
  }

  /**
   * The server the database lives on.
   *
   * @return the server, shared or started by the test
   */
  public PgServer server() {
    return server;
  }

  /**
   * The host clients connect to, that of {@link #server()}.
   *
   * @return a host name or address, e.g. {@code localhost}
   */
  public String host() {
    return server.host();
  }

  /**
   * The TCP port clients connect to, that of {@link #server()}.
   *
   * @return the port
   */
  public int port() {
    return server.port();
  }

  /**
   * The user tests connect as: the server's superuser.
   *
   * @return the user's name
   */
  public String user() {
    return server.superuser();
  }

  /**
   * The password of {@link #user()}.
   *
   * @return the password, or null when the server needs none (embedded servers)
   */
  public String password() {
    return server.superuserPassword();
  }

  /**
   * The database's URL in the format of Sluice's driver, with the superuser's credentials.
   *
   * @return {@code postgresql://user[:password]@host:port/name}, each part percent-encoded
   */
  public String url() {
    return server.url(name);
  }

  /**
   * A pgjdbc URL for this database, for tools that take one (Flyway, Liquibase, a JDBC pool).
   *
   * @return {@code jdbc:postgresql://host:port/name?user=...[&password=...]}
   */
  public String jdbcUrl() {
    return server.jdbcUrl(name);
  }

  /**
   * Opens a new pgjdbc connection to this database as the superuser, to prepare or check data
   * independently of Sluice's driver.
   *
   * @return the open connection, which the caller closes
   * @throws SQLException if the connection fails
   */
  public Connection jdbc() throws SQLException {
    return server.jdbc(name);
  }

  /**
   * Runs SQL in this database on a connection of its own, as the superuser, with autocommit.
   *
   * @param sql one statement or several separated by semicolons; JDBC escapes are not rewritten
   * @throws SQLException if a statement fails; its message also names the database and the SQL
   */
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
