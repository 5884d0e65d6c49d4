package dev.sluice.embedded;

import dev.sluice.embedded.MigrationFiles.Kind;
import dev.sluice.embedded.MigrationFiles.Migration;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Brings a database up to date with a location's {@link MigrationFiles}, over a pgjdbc connection:
 * an embedded server's ({@link EmbeddedServer#jdbc}) or a real server's. The files are those the
 * annotation processor checks the queries against, in the same order.
 *
 * <p>What it guarantees:
 *
 * <ul>
 *   <li>It records each migration it applied in a history table ({@value #DEFAULT_HISTORY_TABLE}
 *       unless told otherwise), with its checksum, and applies each file once: a second run with
 *       the same files applies nothing.
 *   <li>Each migration runs in a transaction of its own with its history row: a failing one leaves
 *       nothing of itself behind, the ones before it stay applied, and the error names the file,
 *       line, statement and PostgreSQL's message. Statements that cannot run in a transaction
 *       ({@code CREATE INDEX CONCURRENTLY}, {@code VACUUM}) therefore fail here with 25001.
 *   <li>Before applying anything it refuses, changing nothing: an applied migration whose text
 *       changed (its checksum differs), an applied one whose file is gone, and a new versioned or
 *       plain file that sorts before one already applied. Repeatable ones ({@code R__}) are applied
 *       again when their text changes, as Flyway does.
 *   <li>Runners on one database at once wait for each other (an advisory lock keyed by the history
 *       table), so each migration is applied once.
 * </ul>
 *
 * <p>After each migration the session's settings are reset ({@code RESET ALL}), so what one file
 * sets for its session ({@code SET search_path}) does not reach the next one, as in the processor,
 * which gives each file a connection of its own. The connection is handed back in auto-commit mode.
 *
 * <p>Not Flyway: no placeholders (refused), no undo, baseline or Java migrations, and its history
 * table is its own (Flyway's {@code flyway_schema_history} is left alone).
 */
public final class MigrationRunner {
  /**
   * The history table's name when none is given, created in the session's current schema (the first
   * of its search_path that exists) as it is when the runner starts.
   */
  public static final String DEFAULT_HISTORY_TABLE = "sluice_schema_history";

  /** The first half of the advisory lock's key: "sluice" in ASCII. */
  private static final int LOCK_CLASS = 0x736c7563;

  private final MigrationFiles files;
  private final String schema;
  private final String table;

  private MigrationRunner(MigrationFiles files, String schema, String table) {
    this.files = files;
    this.schema = schema;
    this.table = table;
  }

  /**
   * A runner of {@code files} keeping its history in {@value #DEFAULT_HISTORY_TABLE}.
   *
   * @param files the migrations to apply, as found in their location
   * @return a runner that has not touched any database yet
   */
  public static MigrationRunner of(MigrationFiles files) {
    return new MigrationRunner(files, null, DEFAULT_HISTORY_TABLE);
  }

  /**
   * This runner with its history in {@code schema.table} (schema null: the session's current
   * schema); both are identifiers, quoted as given.
   *
   * @param schema the history table's schema, or null for the session's current schema
   * @param table the history table's name, exactly as PostgreSQL spells it
   * @return a new runner; this one is unchanged
   * @throws IllegalArgumentException if {@code table} is null or empty
   */
  public MigrationRunner historyTable(String schema, String table) {
    if (table == null || table.isEmpty()) {
      throw new IllegalArgumentException("the history table needs a name, got '" + table + "'");
    }
    return new MigrationRunner(files, schema, table);
  }

  /**
   * Applies the pending migrations, each in its own transaction; returns the scripts applied (empty
   * when the database was up to date). Throws {@link MigrationException} when a migration fails
   * (after rolling it back) or when the history and the files disagree (before applying anything).
   *
   * @param connection the JDBC connection to migrate through; it is left in auto-commit mode
   * @return the scripts applied, in the order they ran, relative to the location
   * @throws MigrationException when a migration fails or the history disagrees with the files; its
   *     {@link MigrationException#script()} names the script at fault
   * @throws SQLException when the runner's own statements fail (taking the advisory lock, creating
   *     or reading the history table, recording a migration), with PostgreSQL's SQLState
   */
  public List<String> migrate(Connection connection) throws SQLException {
    connection.setAutoCommit(true);
    String history = qualifiedTable(connection);
    long lockKey = ((long) LOCK_CLASS << 32) | (history.hashCode() & 0xffffffffL);
    try (Statement st = connection.createStatement()) {
      st.execute("SELECT pg_advisory_lock(" + lockKey + ")");
    }
    try {
      createHistoryTable(connection, history);
      List<Migration> pending = pending(readHistory(connection, history));
      List<String> applied = new ArrayList<>();
      for (Migration m : pending) {
        apply(connection, history, m);
        applied.add(m.script());
      }
      return applied;
    } finally {
      if (!connection.getAutoCommit()) {
        connection.rollback();
        connection.setAutoCommit(true);
      }
      try (Statement st = connection.createStatement()) {
        st.execute("SELECT pg_advisory_unlock(" + lockKey + ")");
      }
    }
  }

  /** One row of the history table. */
  private record Applied(
      int rank, String version, String description, Kind kind, String script, String checksum) {}

  /**
   * What to apply, in order; refuses a changed or vanished applied migration and a new one that
   * sorts before an applied one.
   */
  private List<Migration> pending(List<Applied> history) {
    Map<String, Migration> byIdentity = new HashMap<>();
    for (Migration m : files.list()) {
      byIdentity.put(identity(m.kind(), m.versionText(), m.script(), m.description()), m);
    }
    Map<String, Applied> done = new HashMap<>();
    for (Applied a : history) {
      String id = identity(a.kind(), a.version(), a.script(), a.description());
      done.put(id, a); // later rows win: a repeatable's latest application counts
      Migration m = byIdentity.get(id);
      if (a.kind() == Kind.REPEATABLE) {
        continue; // a repeatable may change or go; it is compared below
      }
      if (m == null) {
        throw new MigrationException(
            "migration "
                + a.script()
                + " was applied (history row "
                + a.rank()
                + ") but is no longer in "
                + files.location()
                + "; put it back: an applied migration stays in place",
            a.script(),
            null);
      }
      if (!m.checksum().equals(a.checksum())) {
        throw new MigrationException(
            "migration "
                + m.script()
                + " in "
                + files.location()
                + " was changed after it was applied (checksum then "
                + a.checksum()
                + ", now "
                + m.checksum()
                + "); undo the change and put it in a new migration",
            m.script(),
            null);
      }
    }
    List<Migration> pending = new ArrayList<>();
    Migration lastApplied = null;
    for (Migration m : files.list()) {
      Applied a = done.get(identity(m.kind(), m.versionText(), m.script(), m.description()));
      if (m.kind() == Kind.REPEATABLE) {
        if (a == null || !a.checksum().equals(m.checksum())) {
          pending.add(m);
        }
      } else if (a != null) {
        lastApplied = m;
      } else {
        pending.add(m);
      }
    }
    for (Migration m : pending) {
      if (m.kind() != Kind.REPEATABLE
          && lastApplied != null
          && MigrationFiles.ORDER.compare(m, lastApplied) < 0) {
        throw new MigrationException(
            "migration "
                + m.script()
                + " in "
                + files.location()
                + " is new but sorts before "
                + lastApplied.script()
                + ", which is applied; give it a version after "
                + (lastApplied.kind() == Kind.VERSIONED ? lastApplied.versionText() : "that one"),
            m.script(),
            null);
      }
    }
    return pending;
  }

  private void apply(Connection connection, String history, Migration m) throws SQLException {
    long start = System.nanoTime();
    connection.setAutoCommit(false);
    try {
      new PsqlScript(files.location() + "/" + m.script(), m.text()).run(connection);
      try (PreparedStatement insert =
          connection.prepareStatement(
              "INSERT INTO "
                  + history
                  + " (installed_rank, version, description, kind, script, checksum,"
                  + " execution_time_ms)"
                  + " SELECT coalesce(max(installed_rank), 0) + 1, ?, ?, ?, ?, ?, ? FROM "
                  + history)) {
        insert.setString(1, m.versionText());
        insert.setString(2, m.description());
        insert.setString(3, m.kind().name());
        insert.setString(4, m.script());
        insert.setString(5, m.checksum());
        insert.setLong(6, (System.nanoTime() - start) / 1_000_000);
        insert.executeUpdate();
      }
      connection.commit();
    } catch (SQLException | RuntimeException e) {
      connection.rollback();
      connection.setAutoCommit(true);
      throw new MigrationException(
          "migration "
              + m.script()
              + " failed and was rolled back"
              + (e instanceof SQLException sql && sql.getSQLState() != null
                  ? " (SQLSTATE " + sql.getSQLState() + ")"
                  : "")
              + ": "
              + e.getMessage(),
          m.script(),
          e);
    }
    connection.setAutoCommit(true);
    try (Statement st = connection.createStatement()) {
      st.execute("RESET ALL");
    }
  }

  private static void createHistoryTable(Connection connection, String history)
      throws SQLException {
    try (Statement st = connection.createStatement()) {
      st.execute(
          "CREATE TABLE IF NOT EXISTS "
              + history
              + " (installed_rank int PRIMARY KEY,"
              + " version text,"
              + " description text NOT NULL,"
              + " kind text NOT NULL,"
              + " script text NOT NULL,"
              + " checksum text NOT NULL,"
              + " installed_by text NOT NULL DEFAULT current_user,"
              + " installed_on timestamptz NOT NULL DEFAULT now(),"
              + " execution_time_ms bigint NOT NULL)");
    }
  }

  private static List<Applied> readHistory(Connection connection, String history)
      throws SQLException {
    List<Applied> out = new ArrayList<>();
    try (Statement st = connection.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT installed_rank, version, description, kind, script, checksum FROM "
                    + history
                    + " ORDER BY installed_rank")) {
      while (rs.next()) {
        out.add(
            new Applied(
                rs.getInt(1),
                rs.getString(2),
                rs.getString(3),
                Kind.valueOf(rs.getString(4)),
                rs.getString(5),
                rs.getString(6)));
      }
    }
    return out;
  }

  /** What makes two migrations the same one: the version, the plain name, the repeatable's name. */
  private static String identity(Kind kind, String version, String script, String description) {
    return switch (kind) {
      case VERSIONED -> "V" + version;
      case PLAIN -> "P" + script;
      case REPEATABLE -> "R" + description;
    };
  }

  /**
   * The history table, always schema-qualified: a migration that changes its session's search_path
   * must not move the table its row goes to.
   */
  private String qualifiedTable(Connection connection) throws SQLException {
    if (schema != null) {
      return quote(schema) + "." + quote(table);
    }
    try (Statement st = connection.createStatement();
        ResultSet rs = st.executeQuery("SELECT current_schema()")) {
      String current = rs.next() ? rs.getString(1) : null;
      if (current == null) {
        throw new MigrationException(
            "the session has no current schema for the history table (search_path is "
                + "empty or names no schema that exists); name one with historyTable(schema, table)",
            null,
            null);
      }
      return quote(current) + "." + quote(table);
    }
  }

  private static String quote(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }

  /** A migration that failed, or files that disagree with what the database has applied. */
  public static final class MigrationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The script at fault, relative to the location. */
    private final String script;

    MigrationException(String message, String script, Throwable cause) {
      super(message, cause);
      this.script = script;
    }

    /**
     * The script at fault, relative to the location ({@code V2__add_index.sql}).
     *
     * @return the script's path relative to the migrations' location
     */
    public String script() {
      return script;
    }
  }
}
