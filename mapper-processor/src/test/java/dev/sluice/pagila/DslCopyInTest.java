package dev.sluice.pagila;

import static dev.sluice.pagila.ActorTable.ACTOR;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.MeasureTable.MEASURE;
import static dev.sluice.pagila.RatedNoteTable.RATED_NOTE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.Interval;
import dev.sluice.PgException;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Records into binary COPY from the generated table metadata: every value in its column's exact
 * binary type (integers, numeric, floats, interval, enum, text[], jsonb, NULLs) and read back the
 * same; all or nothing — a value that cannot be encoded, a source that throws, a row the server
 * rejects, a rolled-back transaction each leave the table as it was, with the row named; row
 * triggers fire; a stream and an iterator as sources.
 */
class DslCopyInTest extends PagilaSession {

  @BeforeAll
  void tables() throws SQLException {
    try (Statement s = jdbc.createStatement()) {
      s.execute(
          "CREATE TABLE measure (id int PRIMARY KEY, i2 smallint, i4 int, i8 bigint,"
              + " num numeric, f4 real, f8 double precision, iv interval)");
      s.execute(
          "CREATE TABLE rated_note (id int PRIMARY KEY, rating mpaa_rating, tags text[], doc jsonb)");
      s.execute("CREATE TABLE measure_log (n int)");
      s.execute(
          "CREATE FUNCTION measure_logged() RETURNS trigger LANGUAGE plpgsql AS"
              + " $$ BEGIN INSERT INTO measure_log VALUES (NEW.id); RETURN NEW; END $$");
      s.execute(
          "CREATE TRIGGER measure_logged AFTER INSERT ON measure FOR EACH ROW"
              + " EXECUTE FUNCTION measure_logged()");
    }
  }

  @BeforeEach
  void empty() {
    db.executeScript("TRUNCATE measure, measure_log, rated_note");
  }

  private static Measure measure(int i) {
    boolean nulls = i % 5 == 0;
    return new Measure(
        i,
        nulls ? null : (short) i,
        nulls ? null : i * 1000,
        nulls ? null : i * 10_000_000_000L,
        nulls ? null : new BigDecimal(i + ".125"),
        nulls ? null : i / 4f,
        nulls ? null : i / 3d,
        nulls ? null : new Interval(i % 12, i % 28, i * 1_000_000L));
  }

  private long count(String table) {
    return db.query("SELECT count(*) FROM " + table, dev.sluice.Scalars.LONG).get(0);
  }

  @Test
  void everyValueGoesInItsColumnsTypeAndComesBackTheSame() {
    List<Measure> rows = new ArrayList<>();
    for (int i = 1; i <= 3000; i++) {
      rows.add(measure(i));
    }
    assertThat(db.copyIn(MEASURE, rows)).isEqualTo(3000);
    assertThat(db.selectFrom(MEASURE).orderBy(MEASURE.id.asc()).fetch()).isEqualTo(rows);
    assertThat(count("measure_log")).as("row triggers fire").isEqualTo(3000);
  }

  @Test
  void enumsArraysAndJsonbGoInBinaryToo() {
    List<RatedNote> notes =
        List.of(
            new RatedNote(1, Rating.PG_13, List.of("a", "b,c", "\"q\""), "{\"k\": [1, 2]}"),
            new RatedNote(2, null, null, null),
            new RatedNote(3, Rating.NC_17, List.of(), "[]"));
    assertThat(db.copyIn(RATED_NOTE, notes.stream())).isEqualTo(3);
    assertThat(db.selectFrom(RATED_NOTE).orderBy(RATED_NOTE.id.asc()).fetch()).isEqualTo(notes);
  }

  @Test
  void generatedColumnsAreLeftToTheServer() {
    long before = count("actor");
    List<Actor> actors =
        IntStream.range(0, 500)
            .mapToObj(
                i -> new Actor(0, "Copied", "Actor " + i, Instant.parse("2026-01-01T00:00:00Z")))
            .toList();
    assertThat(db.copyIn(ACTOR, actors.iterator())).isEqualTo(500);
    assertThat(count("actor")).isEqualTo(before + 500);
    assertThat(
            db.query(
                "SELECT count(DISTINCT actor_id) FROM actor WHERE first_name = 'Copied'",
                dev.sluice.Scalars.LONG))
        .containsExactly(500L);
    db.execute("DELETE FROM actor WHERE first_name = 'Copied'");
  }

  @Test
  void aValueThatCannotBeEncodedWritesNothingAndNamesTheRow() {
    Film film = db.selectFrom(FILM).where(FILM.filmId.eq(1)).fetchOne().orElseThrow();
    long before = count("film");
    PgException e =
        catchThrowableOfType(PgException.class, () -> db.copyIn(FILM, List.of(film, film)));
    assertThat(e.getMessage())
        .contains("row 0 of the source, column fulltext")
        .contains("has no binary form for type OID 3614");
    assertThat(e.statement()).startsWith("COPY \"film\" (");
    assertThat(count("film")).isEqualTo(before);
    assertThat(db.query("SELECT 1", dev.sluice.Scalars.INT)).containsExactly(1);
  }

  @Test
  void aSourceThatThrowsAbortsTheCopy() {
    IllegalStateException broken = new IllegalStateException("the source broke");
    Iterator<Measure> source =
        new Iterator<>() {
          int i;

          @Override
          public boolean hasNext() {
            return true;
          }

          @Override
          public Measure next() {
            if (++i == 2500) {
              throw broken;
            }
            return measure(i);
          }
        };
    IllegalStateException e =
        catchThrowableOfType(IllegalStateException.class, () -> db.copyIn(MEASURE, source));
    assertThat(e).isSameAs(broken);
    assertThat(count("measure")).isZero();
    assertThat(count("measure_log")).isZero();
  }

  @Test
  void aRowTheServerRejectsFailsTheWholeCopy() {
    List<Measure> rows = new ArrayList<>();
    for (int i = 1; i <= 2000; i++) {
      rows.add(measure(i == 1500 ? 7 : i)); // a duplicate key at index 1499
    }
    PgException e = catchThrowableOfType(PgException.class, () -> db.copyIn(MEASURE, rows));
    assertThat(e.sqlState()).isEqualTo("23505");
    assertThat(e.where()).contains("COPY measure, line 1500");
    assertThat(count("measure")).isZero();
  }

  @Test
  void aCopyInsideARolledBackTransactionLeavesNothing() {
    RuntimeException undo = new RuntimeException("undo");
    RuntimeException e =
        catchThrowableOfType(
            RuntimeException.class,
            () ->
                db.useTransaction(
                    tx -> {
                      assertThat(tx.copyIn(MEASURE, List.of(measure(1), measure(2)))).isEqualTo(2);
                      throw undo;
                    }));
    assertThat(e).isSameAs(undo);
    assertThat(count("measure")).isZero();
  }
}
