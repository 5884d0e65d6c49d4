package dev.sluice.examples;

import dev.sluice.Database;
import dev.sluice.ListenEvent;
import dev.sluice.Listening;
import dev.sluice.Notification;
import dev.sluice.Pipelined;
import dev.sluice.embedded.EmbeddedServer;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The example application: a small film rental store. It builds its schema from its migrations,
 * generates a year of business from a fixed seed, loads it with batch inserts and COPY (announcing
 * the load on a LISTEN/NOTIFY channel), counts it in one pipeline, and prints a report.
 *
 * <p>Where it runs, in this order: the {@code postgresql://} URL given as its argument; else {@code
 * DATABASE_URL}; else, when any of the libpq variables PGHOST, PGHOSTADDR, PGPORT, PGDATABASE,
 * PGUSER or PGSERVICE is set, the server they describe; else an embedded PostgreSQL 17 that it
 * starts, and stops at the end whatever happens. On a server of yours it works in the schema
 * {@value StoreSchema#NAME} only, which it drops and recreates on every run.
 */
public final class RentalStore {
  /** The channel the loader announces on. */
  static final String CHANNEL = "sluice_example_events";

  private static final List<String> LIBPQ_VARIABLES =
      List.of("PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGUSER", "PGSERVICE");

  private RentalStore() {}

  public static void main(String[] args) {
    start(args, System.getenv(), new PrintStream(System.out, true, StandardCharsets.UTF_8));
  }

  /** Picks the database from the arguments and the environment {@code env}, and runs. */
  static void start(String[] args, Map<String, String> env, PrintStream out) {
    String url = args.length > 0 ? args[0] : env.get("DATABASE_URL");
    if (url != null && !url.isBlank()) {
      out.println("Using the database of the URL given, in schema " + StoreSchema.NAME);
      run(url, out);
    } else if (LIBPQ_VARIABLES.stream().anyMatch(env::containsKey)) {
      out.println("Using the database of the PG* variables, in schema " + StoreSchema.NAME);
      run(null, out);
    } else {
      out.println("No database given: starting an embedded PostgreSQL 17");
      // Closed here, whatever happens: under `mvn exec:java` main runs inside Maven's JVM, and a
      // server left to the JVM's shutdown outlived the command, with its data directory.
      Path directory;
      try (EmbeddedServer server = EmbeddedServer.start()) {
        directory = server.baseDirectory();
        out.println("Started it in " + directory);
        List<String> migrations = StoreSchema.migrate(server);
        out.println(
            "Migrated it with MigrationRunner: "
                + String.join(", ", migrations)
                + " (history in "
                + StoreSchema.NAME
                + "."
                + StoreSchema.HISTORY_TABLE
                + ")");
        run(server.url(EmbeddedServer.SUPERUSER), db -> migrations, out);
      }
      out.println("Stopped it and deleted " + directory);
    }
  }

  /** What one run did and found. */
  public record Result(
      List<String> migrations,
      long filmStatsInserted,
      StoreReport.Figures report,
      EndOfDay.Outcome endOfDay,
      long filmStatsRefreshed) {}

  /**
   * Runs the application on {@code url} (null: the PG* environment): schema, data, report, the last
   * day's transactions.
   */
  public static Result run(String url, PrintStream out) {
    return run(url, StoreSchema::recreate, out);
  }

  /** {@link #run(String, PrintStream)} with the schema built by {@code buildSchema}. */
  static Result run(String url, Function<Database, List<String>> buildSchema, PrintStream out) {
    long start = System.nanoTime();
    try (Database db = StoreSchema.connect(url)) {
      List<String> migrations = buildSchema.apply(db);
      out.println("Schema " + StoreSchema.NAME + " built from " + String.join(", ", migrations));

      SampleData data = SampleData.generate(SampleData.SEED);
      out.printf("Loading a year of sample data (seed %d):%n", SampleData.SEED);
      // LISTEN/NOTIFY: a connection of its own hears what is announced once it is committed.
      try (Listening events = db.listen(CHANNEL)) {
        int rows = StoreLoader.load(db, data, out);
        db.notify(CHANNEL, "loaded " + rows + " rows");
        ListenEvent heard = events.poll(Duration.ofSeconds(10));
        out.println(
            heard instanceof Notification n
                ? "Heard on " + n.channel() + ": " + n.payload()
                : "Heard nothing on " + CHANNEL);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while listening", e);
      }
      // A pipeline: three statements sent together, answered in one round trip.
      List<Pipelined<Optional<Long>>> counts =
          db.pipeline(
              p ->
                  List.of(
                      p.queryOne("SELECT count(*) FROM store", Long.class),
                      p.queryOne("SELECT count(*) FROM film", Long.class),
                      p.queryOne("SELECT count(*) FROM rental", Long.class)));
      out.printf(
          "In one round trip: %,d stores, %,d films, %,d rentals%n",
          counts.get(0).get().orElseThrow(),
          counts.get(1).get().orElseThrow(),
          counts.get(2).get().orElseThrow());
      long inserted = StoreReport.refreshFilmStats(db);
      out.printf("film_stats: %s rows upserted%n", StoreReport.number(inserted));

      StoreReport.Figures figures = StoreReport.print(db, out);
      EndOfDay.Outcome outcome = EndOfDay.run(db, out);
      long refreshed = StoreReport.refreshFilmStats(db);
      out.printf("film_stats: %s rows upserted again%n", StoreReport.number(refreshed));
      out.printf("%nDone in %,d ms.%n", (System.nanoTime() - start) / 1_000_000);
      return new Result(migrations, inserted, figures, outcome, refreshed);
    }
  }
}
