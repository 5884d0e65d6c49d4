package dev.sluice.examples;

import dev.sluice.Database;
import dev.sluice.Scalars;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The application's own schema, {@value #NAME}: dropped and built again from the migrations in
 * {@code db/migration} on every run, so the example runs any number of times and changes nothing
 * outside it. The migrations are the same files the annotation processor checks the queries against
 * while compiling.
 *
 * <p>A real application would hand its migrations to Flyway; this small runner applies the
 * versioned ones ({@code V<version>__<description>.sql}) in Flyway's order, each as one script.
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
  private static final Pattern VERSIONED = Pattern.compile("V(\\d+(?:[._]\\d+)*)__.+\\.sql");

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
    for (Migration m : migrations()) {
      db.executeScript(m.sql());
      applied.add(m.file());
    }
    return applied;
  }

  /** A versioned migration: its file name, version parts and text. */
  record Migration(String file, long[] version, String sql) {}

  /** The migrations on the class path, in Flyway's order (V1 < V1_1 < V2 < V10). */
  static List<Migration> migrations() {
    List<Migration> found = new ArrayList<>();
    for (Path file : listMigrationFiles()) {
      String name = file.getFileName().toString();
      Matcher m = VERSIONED.matcher(name);
      if (!m.matches()) {
        continue; // not a versioned migration (a README, say)
      }
      String[] parts = m.group(1).split("[._]");
      long[] version = new long[parts.length];
      for (int i = 0; i < parts.length; i++) {
        version[i] = Long.parseLong(parts[i]);
      }
      try {
        found.add(new Migration(name, version, Files.readString(file, StandardCharsets.UTF_8)));
      } catch (IOException e) {
        throw new UncheckedIOException("could not read the migration " + file, e);
      }
    }
    found.sort(Comparator.comparing(Migration::version, Arrays::compare));
    for (int i = 1; i < found.size(); i++) {
      if (Arrays.equals(found.get(i - 1).version(), found.get(i).version())) {
        throw new IllegalStateException(
            "two migrations have one version, as Flyway refuses too: "
                + found.get(i - 1).file()
                + " and "
                + found.get(i).file());
      }
    }
    return found;
  }

  /** The files of {@value #LOCATION}, from a directory (an IDE, exec:java) or a jar. */
  private static List<Path> listMigrationFiles() {
    URL url = StoreSchema.class.getClassLoader().getResource(LOCATION);
    if (url == null) {
      throw new IllegalStateException(LOCATION + " is not on the class path");
    }
    try {
      URI uri = url.toURI();
      if (uri.getScheme().equals("jar")) {
        FileSystem jar = jarFileSystem(uri);
        return list(jar.getPath(LOCATION));
      }
      return list(Path.of(uri));
    } catch (URISyntaxException | IOException e) {
      throw new IllegalStateException("could not list the migrations at " + url, e);
    }
  }

  private static FileSystem jarFileSystem(URI uri) throws IOException {
    try {
      return FileSystems.getFileSystem(uri);
    } catch (FileSystemNotFoundException notOpenYet) {
      return FileSystems.newFileSystem(uri, Map.of());
    }
  }

  private static List<Path> list(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.filter(Files::isRegularFile).toList();
    }
  }
}
