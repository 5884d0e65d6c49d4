package dev.sluice.pagila;

import static dev.sluice.dsl.Aggregates.count;
import static dev.sluice.dsl.Conditions.noCondition;
import static dev.sluice.dsl.Conditions.or;
import static dev.sluice.dsl.Dsl.selectFrom;
import static dev.sluice.dsl.Tables.cte;
import static dev.sluice.pagila.CategoryTreeTable.CATEGORY_TREE;
import static dev.sluice.pagila.FilmActorTable.FILM_ACTOR;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.JdbcRows.rows;
import static dev.sluice.pagila.LanguageTable.LANGUAGE;
import static dev.sluice.pagila.StaffTable.STAFF;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.dsl.Condition;
import dev.sluice.dsl.InsertValuesStep;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** DSL INSERT, upsert, UPDATE and DELETE on Pagila, each result checked through pgjdbc. */
class DslWriteTest extends PagilaSession {
  private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");

  private static Film film(String title) {
    return new Film(
        0,
        title,
        "a description",
        2024,
        1,
        null,
        (short) 3,
        new BigDecimal("2.99"),
        (short) 95,
        new BigDecimal("19.99"),
        Rating.NC_17,
        NOW,
        List.of("Trailers", "Deleted Scenes"),
        "");
  }

  @Test
  void aRecordWhoseEveryColumnIsGeneratedIsInsertedWithDefaultValues() throws SQLException {
    try (Statement s = jdbc.createStatement()) {
      s.execute("DROP TABLE IF EXISTS ticket");
      s.execute("CREATE TABLE ticket (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY)");
    }
    assertThat(db.insertInto(TicketTable.TICKET).values(new Ticket(0)).toSql())
        .isEqualTo("INSERT INTO ticket DEFAULT VALUES");
    assertThat(db.insertInto(TicketTable.TICKET).values(new Ticket(0)).execute()).isEqualTo(1);
    assertThat(
            db.insertInto(TicketTable.TICKET)
                .values(List.of(new Ticket(0), new Ticket(0), new Ticket(0)))
                .execute())
        .isEqualTo(3);
    List<Ticket> returned =
        db.insertInto(TicketTable.TICKET)
            .values(List.of(new Ticket(0), new Ticket(0)))
            .returning()
            .fetch();
    assertThat(returned).extracting(Ticket::id).containsExactly(5L, 6L);
    assertThat(rows(jdbc, "SELECT count(*) FROM ticket")).containsExactly("6");
  }

  @Test
  void insertOneReturningItsGeneratedId() throws SQLException {
    int id =
        db.insertInto(FILM).values(film("DSL ONE")).returning(FILM.filmId).fetchOne().orElseThrow();
    assertThat(id).isGreaterThan(1000);
    assertThat(
            rows(
                jdbc,
                "SELECT title, description, release_year, rating, length, rental_rate,"
                    + " special_features FROM film WHERE film_id = ?",
                id))
        .containsExactly("DSL ONE|a description|2024|NC-17|95|2.99|{Trailers,\"Deleted Scenes\"}");
  }

  @Test
  void insertAListAsOneBatchAndReturningRows() throws SQLException {
    List<Film> films = List.of(film("DSL BATCH A"), film("DSL BATCH B"), film("DSL BATCH C"));
    assertThat(db.insertInto(FILM).values(films).execute()).isEqualTo(3);
    assertThat(rows(jdbc, "SELECT title FROM film WHERE title LIKE 'DSL BATCH %' ORDER BY title"))
        .containsExactly("DSL BATCH A", "DSL BATCH B", "DSL BATCH C");

    List<Film> returned =
        db.insertInto(FILM)
            .values(List.of(film("DSL RET A"), film("DSL RET B")))
            .returning()
            .fetch();
    assertThat(returned).extracting(Film::title).containsExactly("DSL RET A", "DSL RET B");
    assertThat(returned).allSatisfy(f -> assertThat(f.filmId()).isGreaterThan(1000));
    // The trigger filled fulltext, and the returned records are the stored rows.
    assertThat(returned.get(0).fulltext()).contains("'ret'");
    assertThat(db.insertInto(FILM).values(List.of()).execute()).isZero();
  }

  @Test
  void upsertDoNothingAndDoUpdateSetExcluded() throws SQLException {
    FilmActor existing = new FilmActor(1, 1, NOW);
    assertThat(
            db.insertInto(FILM_ACTOR)
                .values(existing)
                .onConflict(FILM_ACTOR.actorId, FILM_ACTOR.filmId)
                .doNothing()
                .execute())
        .isZero();
    assertThat(db.insertInto(FILM_ACTOR).values(existing).onConflictDoNothing().execute()).isZero();
    List<FilmActor> updated =
        db.insertInto(FILM_ACTOR)
            .values(existing)
            .onConflict(FILM_ACTOR.actorId, FILM_ACTOR.filmId)
            .doUpdateSet(FILM_ACTOR.lastUpdate)
            .returning()
            .fetch();
    // DO UPDATE returns the row (DO NOTHING returned none); Pagila's trigger sets last_update.
    assertThat(updated)
        .extracting(FilmActor::actorId, FilmActor::filmId)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(1, 1));
    assertThat(rows(jdbc, "SELECT count(*) FROM film_actor WHERE actor_id = 1 AND film_id = 1"))
        .containsExactly("1");

    Language klingon = new Language(1, "Klingon", NOW);
    assertThat(
            db.insertInto(LANGUAGE)
                .values(klingon)
                .onConflict(LANGUAGE.languageId)
                .doUpdateSetAll()
                .returning(LANGUAGE.name)
                .fetchOne())
        .map(String::trim)
        .contains("Klingon");
    assertThat(rows(jdbc, "SELECT trim(name) FROM language WHERE language_id = 1"))
        .containsExactly("Klingon");
  }

  @Test
  void updateSetWhereReturning() throws SQLException {
    int id =
        db.insertInto(FILM)
            .values(film("DSL TO UPDATE"))
            .returning(FILM.filmId)
            .fetchOne()
            .orElseThrow();
    Optional<Film> updated =
        db.update(FILM)
            .set(FILM.title, "DSL UPDATED")
            .set(FILM.rentalRate, new BigDecimal("0.49"))
            .setNull(FILM.description)
            .set(FILM.length, FILM.rentalDuration)
            .where(f -> f.filmId.eq(id))
            .returning()
            .fetchOne();
    assertThat(updated).map(Film::title).contains("DSL UPDATED");
    assertThat(updated).map(Film::description).isEmpty();
    assertThat(
            rows(
                jdbc,
                "SELECT title, rental_rate, description, length FROM film WHERE film_id = ?",
                id))
        .containsExactly("DSL UPDATED|0.49|null|3");
    assertThat(db.update(FILM).set(FILM.length, (short) 1).where(FILM.filmId.eq(-1)).execute())
        .isZero();
  }

  @Test
  void deleteWhereReturning() throws SQLException {
    db.insertInto(FILM).values(List.of(film("DSL DEL 1"), film("DSL DEL 2"))).execute();
    List<String> deleted =
        db.deleteFrom(FILM).where(f -> f.title.like("DSL DEL %")).returning(FILM.title).fetch();
    assertThat(deleted).containsExactlyInAnyOrder("DSL DEL 1", "DSL DEL 2");
    assertThat(rows(jdbc, "SELECT count(*) FROM film WHERE title LIKE 'DSL DEL %'"))
        .containsExactly("0");
    assertThat(db.deleteFrom(FILM).where(FILM.title.eq("DSL DEL 1")).execute()).isZero();
  }

  /**
   * (Re)creates category_tree, which no other table refers to: a table a widened DELETE or UPDATE
   * would change without any constraint stopping it.
   */
  private void createCategoryTree() throws SQLException {
    try (Statement s = jdbc.createStatement()) {
      s.execute("DROP TABLE IF EXISTS category_tree");
      s.execute("CREATE TABLE category_tree(id int PRIMARY KEY, parent int, name text NOT NULL)");
      s.execute(
          "INSERT INTO category_tree VALUES"
              + " (1, NULL, 'Movies'), (2, 1, 'Drama'), (3, 1, 'Comedy'), (4, NULL, 'Music')");
    }
  }

  /** The dynamic-filter pattern of docs/DSL.md: a condition for each filter given. */
  private static Condition treeFilter(String name, Integer parent) {
    Condition c = noCondition();
    if (name != null) {
      c = c.and(CATEGORY_TREE.name.eq(name));
    }
    if (parent != null) {
      c = c.and(CATEGORY_TREE.parent.eq(parent));
    }
    return c;
  }

  @Test
  void aDynamicFilterWithNothingAddedDeletesAndUpdatesNothing() throws SQLException {
    createCategoryTree();
    Condition none = treeFilter(null, null);
    assertThatThrownBy(() -> db.deleteFrom(CATEGORY_TREE).where(none).execute())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "DELETE FROM category_tree: the WHERE condition is empty (noCondition() with nothing"
                + " added); call allRows() to mean every row");
    assertThatThrownBy(
            () -> db.deleteFrom(CATEGORY_TREE).where(none).returning(CATEGORY_TREE.name).fetch())
        .hasMessageStartingWith("DELETE FROM category_tree: the WHERE condition is empty");
    assertThatThrownBy(
            () ->
                db.transaction(
                    tx ->
                        tx.update(CATEGORY_TREE)
                            .set(CATEGORY_TREE.name, "gone")
                            .where(t -> none)
                            .execute()))
        .hasMessageStartingWith("UPDATE category_tree: the WHERE condition is empty");
    assertThat(rows(jdbc, "SELECT id, name FROM category_tree ORDER BY id"))
        .containsExactly("1|Movies", "2|Drama", "3|Comedy", "4|Music");

    // Pagila's films, whose titles nothing would stop an UPDATE from overwriting.
    Condition noFilmFilter = noCondition();
    assertThatThrownBy(
            () -> db.update(FILM).set(FILM.title, "EVERY FILM").where(noFilmFilter).execute())
        .hasMessageStartingWith("UPDATE film: the WHERE condition is empty");
    assertThat(rows(jdbc, "SELECT count(*) FROM film WHERE title = 'EVERY FILM'"))
        .containsExactly("0");

    // With a filter added, the same code deletes what it says.
    assertThat(db.deleteFrom(CATEGORY_TREE).where(treeFilter(null, 1)).execute()).isEqualTo(2);
    assertThat(rows(jdbc, "SELECT id FROM category_tree ORDER BY id")).containsExactly("1", "4");
  }

  @Test
  void allRowsStillMeansEveryRow() throws SQLException {
    createCategoryTree();
    assertThat(db.deleteFrom(CATEGORY_TREE).allRows().execute()).isEqualTo(4);
    assertThat(rows(jdbc, "SELECT count(*) FROM category_tree")).containsExactly("0");

    // Every film, in a transaction rolled back by the exception thrown at its end.
    long films = Long.parseLong(rows(jdbc, "SELECT count(*) FROM film").get(0));
    assertThatThrownBy(
            () ->
                db.useTransaction(
                    tx -> {
                      assertThat(
                              tx.update(FILM)
                                  .set(FILM.rentalDuration, (short) 9)
                                  .allRows()
                                  .execute())
                          .isEqualTo(films);
                      assertThat(
                              tx.from(FILM)
                                  .select(count())
                                  .where(FILM.rentalDuration.ne((short) 9))
                                  .fetchOne())
                          .contains(0L);
                      throw new IllegalStateException("roll back");
                    }))
        .hasMessage("roll back");
    assertThat(rows(jdbc, "SELECT count(*) FROM film WHERE rental_duration = 9"))
        .containsExactly("0");
  }

  @Test
  void inOfAnEmptyListAndOrOfNothingDeleteNothing() throws SQLException {
    createCategoryTree();
    assertThat(db.deleteFrom(CATEGORY_TREE).where(CATEGORY_TREE.id.in(List.of())).execute())
        .isZero();
    assertThat(db.deleteFrom(CATEGORY_TREE).where(or()).execute()).isZero();
    assertThat(
            db.update(CATEGORY_TREE)
                .set(CATEGORY_TREE.name, "renamed")
                .where(CATEGORY_TREE.name.in(List.of()))
                .execute())
        .isZero();
    assertThat(rows(jdbc, "SELECT id, name FROM category_tree ORDER BY id"))
        .containsExactly("1|Movies", "2|Drama", "3|Comedy", "4|Music");

    // The rows not in an empty list are every row, those with a NULL parent too: as it says.
    assertThat(
            db.deleteFrom(CATEGORY_TREE)
                .where(CATEGORY_TREE.parent.notIn(List.of()))
                .returning(CATEGORY_TREE.id)
                .fetch())
        .containsExactlyInAnyOrder(1, 2, 3, 4);
    assertThat(rows(jdbc, "SELECT count(*) FROM category_tree")).containsExactly("0");
  }

  @Test
  void insertOfAnEmptyListIsANoOpThatSendsNothing() {
    // After a statement fails, PostgreSQL answers anything else sent in the transaction with an
    // error (25P02) until it rolls back: these come back with 0 rows and no round trip.
    assertThatThrownBy(
            () ->
                db.useTransaction(
                    tx -> {
                      assertThatThrownBy(() -> tx.execute("SELECT 1 / 0"))
                          .hasMessageContaining("division by zero");
                      assertThat(tx.insertInto(FILM).values(List.of()).execute()).isZero();
                      assertThat(tx.insertInto(FILM).values(List.of()).returning().fetch())
                          .isEmpty();
                      assertThat(
                              tx.insertInto(FILM_ACTOR)
                                  .values(List.of())
                                  .onConflictDoNothing()
                                  .execute())
                          .isZero();
                      assertThat(tx.isFailed()).isTrue();
                    }))
        .hasMessageContaining("rolled back");
  }

  @Test
  void injectionStringsAreStoredAndReadLiterally() throws SQLException {
    List<String> nasty =
        List.of(
            "'; DROP TABLE film; --",
            "Robert'); DROP TABLE film;--",
            "O'Brien's \"quoted\" title",
            "back\\slash \\' \\\\ end\\",
            "$1 $$ dollar $tag$ ? ?? :name",
            "percent % under _ star *",
            "tab\tnew\nline\rreturn",
            "unicode é ☃ 𝄞",
            "-- comment /* block */");
    List<Film> films = new ArrayList<>();
    for (String s : nasty) {
      films.add(film(s));
    }
    assertThat(db.insertInto(FILM).values(films).execute()).isEqualTo(nasty.size());
    for (String s : nasty) {
      assertThat(db.from(FILM).select(FILM.title).where(FILM.title.eq(s)).fetch())
          .as(s)
          .containsExactly(s);
      assertThat(rows(jdbc, "SELECT title FROM film WHERE title = ?", s)).containsExactly(s);
      assertThat(db.from(FILM).select(FILM.description).where(FILM.title.like(s)).fetch())
          .as("LIKE %s", s)
          .isNotNull();
    }
    int id = db.insertInto(FILM).values(film("x")).returning(FILM.filmId).fetchOne().orElseThrow();
    for (String s : nasty) {
      db.update(FILM).set(FILM.description, s).where(FILM.filmId.eq(id)).execute();
      assertThat(rows(jdbc, "SELECT description FROM film WHERE film_id = ?", id))
          .containsExactly(s);
    }
    assertThat(rows(jdbc, "SELECT count(*) FROM film WHERE film_id <= 1000"))
        .containsExactly("1000");
    assertThat(rows(jdbc, "SELECT to_regclass('film') IS NOT NULL")).containsExactly("t");
  }

  @Test
  void binaryStringsAreStoredAndReadBackByteForByte() throws SQLException {
    byte[] everyByte = new byte[256];
    for (int i = 0; i < everyByte.length; i++) {
      everyByte[i] = (byte) i;
    }
    List<byte[]> nasty =
        List.of(
            everyByte,
            bytes("'; DROP TABLE staff; --"),
            bytes("quote ' double \" backslash \\ two \\\\ end\\"),
            bytes("\\x41424344"),
            bytes("E'\\000' \\377 $1 ?"),
            new byte[] {0},
            new byte[] {'\'', 0, '\\', 0, '"', 0, (byte) 0xff},
            new byte[0]);
    List<String> before = rows(jdbc, STAFF_DIGEST);
    List<Staff> staff = new ArrayList<>();
    for (int i = 0; i < nasty.size(); i++) {
      staff.add(staff("dsl-bytes-" + i, nasty.get(i)));
    }
    // A list goes as one pipelined batch; RETURNING as multi-row VALUES.
    assertThat(db.insertInto(STAFF).values(staff.subList(0, 4)).execute()).isEqualTo(4);
    List<Staff> returned =
        db.insertInto(STAFF).values(staff.subList(4, nasty.size())).returning().fetch();
    for (int i = 4; i < nasty.size(); i++) {
      assertThat(returned.get(i - 4).picture()).as("returned %d", i).isEqualTo(nasty.get(i));
    }
    for (int i = 0; i < nasty.size(); i++) {
      byte[] b = nasty.get(i);
      assertThat(
              db.from(STAFF)
                  .select(STAFF.picture)
                  .where(STAFF.username.eq("dsl-bytes-" + i))
                  .fetchOne()
                  .orElseThrow())
          .as("DSL %d", i)
          .isEqualTo(b);
      assertThat(picture(jdbc, "dsl-bytes-" + i)).as("pgjdbc %d", i).isEqualTo(b);
      // Compared as a bound bytea, the value finds its own row and no other.
      assertThat(db.from(STAFF).select(STAFF.username).where(STAFF.picture.eq(b)).fetch())
          .as("where %d", i)
          .containsExactly("dsl-bytes-" + i);
    }

    int id =
        db.insertInto(STAFF)
            .values(staff("dsl-bytes-update", null))
            .returning(STAFF.staffId)
            .fetchOne()
            .orElseThrow();
    for (byte[] b : nasty) {
      assertThat(
              db.update(STAFF)
                  .set(STAFF.picture, b)
                  .where(STAFF.staffId.eq(id))
                  .returning(STAFF.picture)
                  .fetchOne()
                  .orElseThrow())
          .isEqualTo(b);
      assertThat(picture(jdbc, "dsl-bytes-update")).isEqualTo(b);
    }

    assertThat(rows(jdbc, "SELECT count(*) FROM staff WHERE username LIKE 'dsl-bytes-%'"))
        .containsExactly(String.valueOf(nasty.size() + 1));
    assertThat(rows(jdbc, STAFF_DIGEST + " WHERE username NOT LIKE 'dsl-bytes-%'"))
        .isEqualTo(before);
    assertThat(rows(jdbc, "SELECT to_regclass('staff') IS NOT NULL")).containsExactly("t");
  }

  /** The staff rows' count and a digest of their ids, names and pictures. */
  private static final String STAFF_DIGEST =
      "SELECT count(*), md5(string_agg(staff_id || username || coalesce(encode(picture, 'hex'), ''),"
          + " ',' ORDER BY staff_id)) FROM staff";

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static Staff staff(String username, byte[] picture) {
    return new Staff(0, "Dsl", "Bytes", 3, null, 1, true, username, null, NOW, picture);
  }

  private static byte[] picture(Connection jdbc, String username) throws SQLException {
    try (PreparedStatement s =
        jdbc.prepareStatement("SELECT picture FROM staff WHERE username = ?")) {
      s.setString(1, username);
      try (ResultSet rs = s.executeQuery()) {
        assertThat(rs.next()).as(username).isTrue();
        byte[] out = rs.getBytes(1);
        assertThat(rs.next()).isFalse();
        return out;
      }
    }
  }

  @Test
  void onConflictRefusesAColumnOfAnotherRelationOfTheSameRecord() {
    // A CTE of films has Film columns, which the types accept; the run-time check does not.
    FilmTable longFilms = cte("long_films", FILM, selectFrom(FILM)).table();
    InsertValuesStep<Film> insert = db.insertInto(FILM).values(film("Conflicted"));
    assertThatThrownBy(() -> insert.onConflict(longFilms.filmId))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "onConflict(long_films.film_id): the column is of long_films, not of the inserted"
                + " table film");
    assertThatThrownBy(() -> insert.onConflict(FILM.filmId).doUpdateSet(longFilms.title))
        .hasMessage(
            "doUpdateSet(long_films.title): the column is of long_films, not of the inserted"
                + " table film");
    assertThat(insert.onConflict(FILM.filmId).doUpdateSet(FILM.title).toSql())
        .endsWith(" ON CONFLICT (film_id) DO UPDATE SET title = excluded.title");
  }
}
