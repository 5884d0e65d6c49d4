package dev.sluice.examples;

import dev.sluice.Database;
import dev.sluice.Scalars;
import dev.sluice.embedded.EmbeddedServer;
import dev.sluice.embedded.MigrationFiles;
import dev.sluice.embedded.MigrationRunner;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The application's own schema, {@value #NAME}: dropped and built again from the migrations in
 * {@code db/migration} on every run, so the example runs any number of times and changes nothing
 * outside it. The migrations are the same files the annotation processor checks the queries against
 * while compiling.
 *
 * <p>On the embedded server the application starts, sluice-embedded's {@link MigrationRunner}
 * applies them, as an application migrates its own database: with a history table, checksums and a
 * transaction per file. On a server of yours the schema is dropped and built again on every run, so
 * there the files are applied in the same order ({@link MigrationFiles}) through Sluice's own
 * driver, each as one script (one implicit transaction).
 *
 * <p>Misuse it guards against: a schema of that name that this application did not create is never
 * dropped; it is recognised by the comment {@link #recreate} puts on the schema.
 */
public final class StoreSchema {
  /** The schema the application works in; connections get it as their search_path. */
  public static final String NAME = "sluice_example";

  private static final String MARKER =
      "Created by the Sluice example application; dropped and recreated on every run.";
  private static final String LOCATION = "db/migration";

  /** Where {@link #migrate} records what it applied. */
  static final String HISTORY_TABLE = MigrationRunner.DEFAULT_HISTORY_TABLE;

  private StoreSchema() {}

  /** A pool on {@code url} (null: the PG* environment alone) whose sessions work in the schema. */
  public static Database connect(String url) {
    Database.Builder builder = Database.builder().applicationName("sluice-example");
    if (url != null) {
      builder.url(url);
    }
    return builder.serverSetting("search_path", NAME).build();
  }

  /**
   * Drops the schema if this application made it, creates it and applies the migrations to it;
   * returns the files applied. Fails, changing nothing, if a schema of that name was made by anyone
   * else.
   */
  public static List<String> recreate(Database db) {
    Optional<String> comment =
        db.queryOne(
            "SELECT coalesce(obj_description(oid, 'pg_namespace'), '') FROM pg_namespace"
                + " WHERE nspname = $1",
            Scalars.STRING,
            NAME);
    if (comment.isPresent() && !comment.get().equals(MARKER)) {
      throw new IllegalStateException(
          "schema "
              + NAME
              + " exists and was not created by this example (its comment is '"
              + comment.get()
              + "'); the example drops and recreates its schema on every run, so it leaves this"
              + " one alone: drop it yourself or run the example on another database");
    }
    db.executeScript(
        "DROP SCHEMA IF EXISTS "
            + NAME
            + " CASCADE; CREATE SCHEMA "
            + NAME
            + ";"
            + " COMMENT ON SCHEMA "
            + NAME
            + " IS '"
            + MARKER.replace("'", "''")
            + "'");
    List<String> applied = new ArrayList<>();
    for (MigrationFiles.Migration m : migrations().list()) {
      db.executeScript(m.text());
      applied.add(m.script());
    }
    return applied;
  }

  /**
   * Creates the schema on a new embedded server and migrates it with {@link MigrationRunner}, whose
   * history table goes into the schema too; returns the files applied.
   */
  public static List<String> migrate(EmbeddedServer server) {
    Properties properties = new Properties();
    properties.setProperty("user", EmbeddedServer.SUPERUSER);
    properties.setProperty("ApplicationName", "sluice-example-migrations");
    // The migrations name no schema: they run with the schema first on the search_path.
    properties.setProperty("currentSchema", NAME);
    try (Connection c =
        DriverManager.getConnection(server.jdbcUrl(EmbeddedServer.SUPERUSER), properties)) {
      try (Statement st = c.createStatement()) {
        st.execute("CREATE SCHEMA " + NAME);
        st.execute("COMMENT ON SCHEMA " + NAME + " IS '" + MARKER.replace("'", "''") + "'");
      }
      return MigrationRunner.of(migrations()).historyTable(NAME, HISTORY_TABLE).migrate(c);
    } catch (SQLException e) {
      throw new IllegalStateException("could not migrate " + server, e);
    }
  }

  /** The migrations on the class path, in the order the processor's checks applied them. */
  static MigrationFiles migrations() {
    return MigrationFiles.onClassPath(StoreSchema.class.getClassLoader(), LOCATION);
  }
}
