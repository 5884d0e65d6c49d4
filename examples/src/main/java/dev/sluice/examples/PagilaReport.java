package dev.sluice.examples;

import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.testkit.PgServer;
import dev.sluice.testkit.TestDatabase;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A small report over the Pagila sample database (a DVD rental store), showing the everyday API:
 * queries into records, a DAO, a join, a transaction, a pipelined batch and an error with its
 * SQLSTATE.
 *
 * <p>Run with no arguments it starts an embedded PostgreSQL 17 and loads Pagila into it; given a
 * {@code postgresql://} URL of a database that holds Pagila, it uses that instead.
 */
public final class PagilaReport {
  private PagilaReport() {}

  public static void main(String[] args) {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    if (args.length > 0) {
      run(args[0], out);
      return;
    }
    out.println("No URL given: starting an embedded PostgreSQL 17 and loading Pagila…");
    // A server of its own, closed here whatever happens: under `mvn exec:java` main runs inside
    // Maven's JVM, and the shared test server (stopped by a shutdown hook) outlived the command.
    try (PgServer server = PgServer.builder().start();
        TestDatabase pagila = server.createPagilaDatabase()) {
      run(pagila.url(), out);
    }
  }

  /** Runs the report against the Pagila database at {@code url}; returns what it found. */
  public static Summary run(String url, PrintStream out) {
    try (Database db = Database.connect(url)) {
      // SELECT *: the generated FilmDecoder maps columns by name, and ignores fulltext.
      List<Film> longFilms =
          db.query(
              "SELECT * FROM film WHERE length > $1 ORDER BY length DESC, title LIMIT $2",
              Film.class,
              (short) 180,
              5);
      out.println("\nThe five longest films:");
      for (Film f : longFilms) {
        out.printf(
            "  %-28s %3d min  %s  rated %s%n", f.title(), f.length(), f.rentalRate(), f.rating());
      }

      FilmDao films = db.dao(FilmDao.class);
      Film first = films.byId(1).orElseThrow();
      out.printf(
          "%nFilm 1 is %s (%s, %s features).%n",
          first.title(), first.rating(), first.specialFeatures().size());
      List<TitleCount> top = films.topRented(3);
      out.println("\nMost rented:");
      for (TitleCount t : top) {
        out.printf("  %-28s %d rentals%n", t.title(), t.rentals());
      }

      // A DAO bound to a transaction: its statements commit or roll back together.
      long updated =
          db.transaction(
              tx -> tx.dao(FilmDao.class).raiseRates(new BigDecimal("0.50"), Rating.NC_17));
      out.printf("%nRaised the rental rate of %d NC-17 films in one transaction.%n", updated);

      db.execute(
          "CREATE TABLE IF NOT EXISTS film_note (film_id int REFERENCES film, note text NOT NULL, UNIQUE (film_id))");
      List<Object[]> notes = new ArrayList<>();
      for (Film f : longFilms) {
        notes.add(new Object[] {f.filmId(), "runs " + f.length() + " minutes"});
      }
      long[] counts =
          db.executeBatch("INSERT INTO film_note (film_id, note) VALUES ($1, $2)", notes);
      out.printf("Inserted %d notes in one pipelined batch.%n", counts.length);

      String sqlState = null;
      try {
        db.execute(
            "INSERT INTO film_note (film_id, note) VALUES ($1, $2)",
            longFilms.get(0).filmId(),
            "again");
      } catch (PgException e) {
        sqlState = e.sqlState();
        out.printf(
            "%nA second note for the same film is refused: SQLSTATE %s, constraint %s%n  %s%n",
            e.sqlState(), e.constraint(), e.serverMessage());
      }
      // A hand-written decoder, for a result that is no record.
      long noteCount =
          db.queryOne(
                  "SELECT count(*) AS n FROM film_note",
                  columns -> {
                    int n = columns.require("n", "the count");
                    return row -> row.getLong(n);
                  })
              .orElseThrow();
      out.printf("Notes stored: %d%n", noteCount);
      return new Summary(longFilms, top, updated, noteCount, sqlState);
    }
  }

  /** What the report found, for its test. */
  public record Summary(
      List<Film> longFilms,
      List<TitleCount> topRented,
      long ratesRaised,
      long notes,
      String duplicateSqlState) {}
}
