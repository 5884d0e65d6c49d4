package dev.sluice.pagila;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.Database;
import dev.sluice.OptimisticLockException;
import dev.sluice.PgException;
import dev.sluice.Scalars;
import dev.sluice.annotations.Dao;
import dev.sluice.annotations.Query;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The generated DAOs against Pagila on the testkit's server: every return type and CRUD. The
 * database is shared by the class's tests, so each test changes only rows it creates or restores.
 */
@PgTest(pagila = true)
class DaoTest {
  /** A nested DAO: its implementation is DaoTest_NestedDaoImpl. */
  @Dao
  interface NestedDao {
    @Query("SELECT :a::int + :b::int")
    int add(int a, int b);
  }

  private static Film newFilm(String title, Rating rating) {
    return new Film(
        0,
        title,
        "a film made by a test",
        2024,
        1,
        null,
        (short) 5,
        new BigDecimal("2.99"),
        (short) 101,
        new BigDecimal("15.99"),
        rating,
        Instant.parse("2024-05-01T10:00:00Z"),
        List.of("Trailers", "Commentaries"),
        "");
  }

  @Test
  void queriesOfEveryReturnType(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      FilmDao films = db.dao(FilmDao.class);
      assertThat(films).isInstanceOf(FilmDaoImpl.class);

      Film academy = films.byId(1).orElseThrow();
      assertThat(academy.title()).isEqualTo("ACADEMY DINOSAUR");
      assertThat(films.byId(-1)).isEmpty();
      assertThat(films.byIdOrFail(1)).isEqualTo(academy);
      assertThat(films.byTitle("ACADEMY DINOSAUR")).isEqualTo(academy);
      assertThat(films.count())
          .isEqualTo(db.queryOne("SELECT count(*) FROM film", Scalars.LONG).orElseThrow());

      List<Film> pg13 = films.byRating(Rating.PG_13, (short) 180);
      assertThat(pg13)
          .isNotEmpty()
          .allSatisfy(
              f -> {
                assertThat(f.rating()).isEqualTo(Rating.PG_13);
                assertThat(f.length()).isGreaterThan((short) 180);
              });
      assertThat(films.countRated(Rating.NC_17))
          .isEqualTo(
              db.queryOne("SELECT count(*)::int FROM film WHERE rating = 'NC-17'", Scalars.INT)
                  .orElse(-1));

      assertThat(films.titleOf(1)).contains("ACADEMY DINOSAUR");
      assertThat(films.titleOf(-1)).isEmpty();
      assertThat(films.title(2)).isEqualTo("ACE GOLDFINGER");
      assertThat(films.ratingOf(1)).isEqualTo(academy.rating());
      assertThat(films.originalLanguage(1)).isEmpty();
      assertThat(films.idsStartingWith("ACADEMY")).containsExactly(1);
      assertThat(films.existing(List.of(3, 1, -5))).containsExactly(1, 3);
      assertThat(films.byIdOrTitle(1, "ACE GOLDFINGER"))
          .extracting(Film::filmId)
          .containsExactly(1, 2);

      List<TitleCount> top = films.topRented(3);
      assertThat(top).hasSize(3);
      assertThat(top.get(0).rentals()).isGreaterThanOrEqualTo(top.get(2).rentals());

      try (Stream<Film> longer = films.longerThan(180)) {
        assertThat(longer.map(Film::length).collect(Collectors.toList()))
            .isNotEmpty()
            .allSatisfy(l -> assertThat(l).isGreaterThan((short) 180));
      }
    }
  }

  @Test
  void exactlyOneRowAndPrimitivesFailClearly(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      FilmDao films = db.dao(FilmDao.class);
      assertThatThrownBy(() -> films.byTitle("NO SUCH FILM"))
          .isInstanceOf(PgException.class)
          .hasMessageContaining(
              "FilmDao.byTitle expected exactly one row, but the query returned none")
          .extracting(e -> ((PgException) e).sqlState())
          .isEqualTo("P0002");
      films.insert(newFilm("TWIN", Rating.G));
      films.insert(newFilm("TWIN", Rating.G));
      assertThatThrownBy(() -> films.byTitle("TWIN"))
          .hasMessageContaining(
              "FilmDao.byTitle expected exactly one row, but the query returned 2 rows")
          .extracting(e -> ((PgException) e).sqlState())
          .isEqualTo("21000");
      assertThatThrownBy(() -> films.originalLanguageOrFail(1))
          .hasMessageContaining(
              "FilmDao.originalLanguageOrFail returns a primitive, but the"
                  + " query's value is NULL")
          .extracting(e -> ((PgException) e).sqlState())
          .isEqualTo("22004");
    }
  }

  @Test
  void updateCountsAndScalarsFromReturning(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      FilmDao films = db.dao(FilmDao.class);
      assertThat(films.setRate(10, new BigDecimal("0.49"))).isEqualTo(1);
      assertThat(films.setRate(-1, new BigDecimal("0.49"))).isZero();
      assertThat(films.byIdOrFail(10).rentalRate()).isEqualByComparingTo("0.49");

      Film film = films.byIdOrFail(11);
      short duration = film.rentalDuration();
      assertThat(films.bumpRentalDuration(11)).isEqualTo(duration + 1L);
      film = films.byIdOrFail(11);

      Film changed = withRateAndLength(film, new BigDecimal("1.23"), null);
      films.updateRateAndLength(changed);
      Film read = films.byIdOrFail(11);
      assertThat(read.rentalRate()).isEqualByComparingTo("1.23");
      assertThat(read.length()).isNull();

      List<Integer> actors = films.removeActors(12);
      assertThat(actors).isNotEmpty();
      assertThat(films.removeActors(12)).isEmpty();
    }
  }

  private static Film withRateAndLength(Film f, BigDecimal rate, Short length) {
    return new Film(
        f.filmId(),
        f.title(),
        f.description(),
        f.releaseYear(),
        f.languageId(),
        f.originalLanguageId(),
        f.rentalDuration(),
        rate,
        length,
        f.replacementCost(),
        f.rating(),
        f.lastUpdate(),
        f.specialFeatures(),
        f.fulltext());
  }

  @Test
  void insertUpdateDeleteWithGeneratedKeysAndAnEnumColumn(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      FilmDao films = db.dao(FilmDao.class);
      int id = films.insert(newFilm("KEYED", Rating.NC_17));
      assertThat(id).isGreaterThan(1000);
      Film stored = films.byIdOrFail(id);
      assertThat(stored.rating()).isEqualTo(Rating.NC_17);
      assertThat(stored.specialFeatures()).containsExactly("Trailers", "Commentaries");
      // The trigger filled fulltext from the title and description.
      assertThat(stored.fulltext()).contains("'key'");

      Film returned = films.insertReturning(newFilm("RETURNED", Rating.PG_13));
      assertThat(returned.filmId()).isEqualTo(id + 1);
      assertThat(returned.rating()).isEqualTo(Rating.PG_13);
      assertThat(returned).isEqualTo(films.byIdOrFail(returned.filmId()));

      Film updated = films.update(withRateAndLength(returned, new BigDecimal("9.99"), (short) 7));
      assertThat(updated.rentalRate()).isEqualByComparingTo("9.99");
      assertThat(updated.length()).isEqualTo((short) 7);
      assertThat(films.byIdOrFail(returned.filmId())).isEqualTo(updated);

      assertThat(films.delete(updated)).isEqualTo(1);
      assertThat(films.byId(updated.filmId())).isEmpty();
      assertThat(films.delete(updated)).isZero();
      assertThatThrownBy(() -> films.update(updated))
          .hasMessageContaining("FilmDao.update expected exactly one row");
    }
  }

  @Test
  void customersWithAnEmbeddedRecordAConverterAndOptional(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      CustomerDao customers = db.dao(CustomerDao.class);
      Customer mary = customers.byId(1).orElseThrow();
      assertThat(customers.sameName(mary)).containsExactly(mary);
      assertThat(customers.sameEmail(mary)).contains(mary);
      assertThat(customers.emails(1)).contains(mary.email().toString());
      assertThat(customers.newestCreateDate()).isAfter(LocalDate.of(2000, 1, 1));
      assertThat(customers.activeFlag(1)).isEqualTo(mary.activeFlag());

      Customer fresh =
          new Customer(
              10_001,
              1,
              new PersonName("ADA", "LOVELACE"),
              Email.parse("ada@example.org"),
              5,
              true,
              LocalDate.of(2024, 1, 2),
              Instant.parse("2024-01-02T03:04:05Z"),
              Optional.empty());
      customers.insert(fresh);
      assertThat(customers.byId(10_001)).contains(fresh);

      Customer renamed =
          new Customer(
              10_001,
              2,
              new PersonName("AUGUSTA", "KING"),
              null,
              5,
              false,
              fresh.createDate(),
              fresh.lastUpdate(),
              Optional.of(0));
      assertThat(customers.update(renamed)).isEqualTo(1);
      Customer read = customers.byId(10_001).orElseThrow();
      assertThat(read.name()).isEqualTo(renamed.name());
      assertThat(read.email()).isNull();
      assertThat(read.activeFlag()).contains(0);

      assertThat(
              customers.insertAll(
                  List.of(withId(fresh, 10_002), withId(fresh, 10_003), withId(fresh, 10_004))))
          .isEqualTo(3);
      customers.delete(read);
      assertThat(customers.byId(10_001)).isEmpty();
      assertThat(customers.byId(10_004)).isPresent();
    }
  }

  private static Customer withId(Customer c, int id) {
    return new Customer(
        id,
        c.storeId(),
        c.name(),
        c.email(),
        c.addressId(),
        c.active(),
        c.createDate(),
        c.lastUpdate(),
        c.activeFlag());
  }

  @Test
  void rentalsWithTimestamps(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      RentalDao rentals = db.dao(RentalDao.class);
      List<Rental> ofOne = rentals.byCustomer(1);
      assertThat(ofOne).isNotEmpty().allSatisfy(r -> assertThat(r.customerId()).isEqualTo(1));
      long open = rentals.openCount();
      assertThat(open).isPositive();

      long id = rentals.maxId() + 1;
      OffsetDateTime at = OffsetDateTime.of(2024, 3, 4, 5, 6, 7, 0, ZoneOffset.UTC);
      Rental rental = new Rental(id, at, 1, 1, null, 1, Instant.parse("2024-03-04T05:06:07Z"));
      rentals.insert(rental);
      assertThat(rentals.openCount()).isEqualTo(open + 1);
      assertThat(rentals.markReturned(id, at.plusDays(2))).isEqualTo(1);
      assertThat(rentals.markReturned(id, at.plusDays(3))).isZero();
      assertThat(rentals.openCount()).isEqualTo(open);

      rentals.update(new Rental(id, at, 1, 2, null, 1, rental.lastUpdate()));
      assertThat(rentals.byCustomer(2)).extracting(Rental::rentalId).contains(id);
      assertThat(rentals.delete(rental)).isEqualTo(1L);
      assertThat(rentals.byCustomer(2)).extracting(Rental::rentalId).doesNotContain(id);
    }
  }

  @Test
  void generatedStatementsQuoteKeyWordsUsedAsNames(TestDatabase tdb) {
    // "left" and "join" are reserved only as function or type names, "order" everywhere: unquoted,
    // each is a syntax error where a table or column name stands.
    try (Database db = Database.connect(tdb.url())) {
      ClauseDao clauses = db.dao(ClauseDao.class);
      clauses.createTable();
      Clause inserted = clauses.insert(new Clause(0, "west", 1));
      assertThat(inserted.id()).isPositive();
      assertThat(clauses.byId(inserted.id())).contains(inserted);
      assertThat(clauses.update(new Clause(inserted.id(), "east", 2))).isEqualTo(1);
      assertThat(clauses.byId(inserted.id())).contains(new Clause(inserted.id(), "east", 2));
      clauses.delete(new Clause(inserted.id(), "east", 2));
      assertThat(clauses.byId(inserted.id())).isEmpty();
    }
  }

  @Test
  void optimisticLockingWithVersion(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      NoteDao notes = db.dao(NoteDao.class);
      notes.createTable();
      Note note = notes.insert(new Note(0, "first", 0));
      assertThat(note.id()).isPositive();
      assertThat(note.version()).isZero();

      Note second = notes.update(new Note(note.id(), "second", note.version()));
      assertThat(second).isEqualTo(new Note(note.id(), "second", 1));

      // A writer still holding version 0 loses, and nothing changes.
      assertThatThrownBy(() -> notes.update(new Note(note.id(), "stale", 0)))
          .isInstanceOf(OptimisticLockException.class)
          .hasMessageContaining(
              "NoteDao.update changed no row: the row of note with id "
                  + note.id()
                  + " is not at version 0 any more")
          .extracting(e -> ((PgException) e).sqlState())
          .isEqualTo("40001");
      assertThatThrownBy(() -> notes.updateCount(new Note(note.id(), "stale", 0)))
          .isInstanceOf(OptimisticLockException.class);
      assertThatThrownBy(() -> notes.delete(note)).isInstanceOf(OptimisticLockException.class);
      assertThat(notes.byId(note.id())).contains(second);

      assertThat(notes.updateCount(second)).isEqualTo(1);
      notes.delete(new Note(note.id(), "", 2));
      assertThat(notes.byId(note.id())).isEmpty();
    }
  }

  @Test
  void batchInsertIsOnePipelineAndAtomic(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      FilmDao films = db.dao(FilmDao.class);
      List<Film> batch = new ArrayList<>();
      for (int i = 0; i < 10_000; i++) {
        batch.add(newFilm("BATCH " + i, i % 2 == 0 ? Rating.PG_13 : null));
      }
      films.insertAll(batch);
      assertThat(films.idsStartingWith("BATCH ")).hasSize(10_000);
      assertThat(
              db.queryOne(
                  "SELECT count(*) FROM film WHERE title LIKE 'BATCH %' AND" + " rating = 'PG-13'",
                  Scalars.LONG))
          .contains(5_000L);

      // Row 9,999 breaks a constraint (language_id must exist): no row of the batch stays.
      List<Film> failing = new ArrayList<>();
      for (int i = 0; i < 10_000; i++) {
        Film f = newFilm("FAILING " + i, Rating.G);
        failing.add(i == 9_998 ? withLanguage(f, 999) : f);
      }
      assertThatThrownBy(() -> films.insertAll(failing))
          .isInstanceOf(PgException.class)
          .hasMessageContaining("batch row 9999 of 10000")
          .extracting(e -> ((PgException) e).sqlState())
          .isEqualTo("23503");
      assertThat(films.idsStartingWith("FAILING ")).isEmpty();
    }
  }

  private static Film withLanguage(Film f, int languageId) {
    return new Film(
        f.filmId(),
        f.title(),
        f.description(),
        f.releaseYear(),
        languageId,
        f.originalLanguageId(),
        f.rentalDuration(),
        f.rentalRate(),
        f.length(),
        f.replacementCost(),
        f.rating(),
        f.lastUpdate(),
        f.specialFeatures(),
        f.fulltext());
  }

  @Test
  void closingAStreamEarlyReturnsAUsableConnectionToThePool(TestDatabase tdb) {
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      RentalDao rentals = db.dao(RentalDao.class);
      try (Stream<Rental> all = rentals.all()) {
        Iterator<Rental> it = all.iterator();
        assertThat(it.next().rentalId()).isEqualTo(1L);
        assertThat(it.next().rentalId()).isEqualTo(2L);
        assertThat(db.idleConnections()).isZero();
      }
      assertThat(db.idleConnections()).isEqualTo(1);
      // The one connection is usable: the next statements run on it.
      assertThat(rentals.openCount()).isPositive();
      try (Stream<Rental> all = rentals.all()) {
        assertThat(all.limit(5).count()).isEqualTo(5);
      }
      assertThat(db.dao(FilmDao.class).count()).isPositive();
      assertThat(db.poolSize()).isEqualTo(1);
    }
  }

  @Test
  void transactionBoundDaosRollBackTogether(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      FilmDao films = db.dao(FilmDao.class);
      assertThatThrownBy(
              () ->
                  db.useTransaction(
                      tx -> {
                        FilmDao txFilms = tx.dao(FilmDao.class);
                        CustomerDao txCustomers = tx.dao(CustomerDao.class);
                        assertThat(txFilms.setRate(1, new BigDecimal("0.01"))).isEqualTo(1);
                        txFilms.insert(newFilm("IN TX", Rating.R));
                        Customer c = txCustomers.byId(1).orElseThrow();
                        txCustomers.update(withId(c, 1));
                        assertThat(txFilms.idsStartingWith("IN TX")).hasSize(1);
                        throw new IllegalStateException("roll back");
                      }))
          .hasMessage("roll back");
      assertThat(films.byIdOrFail(1).rentalRate()).isNotEqualByComparingTo("0.01");
      assertThat(films.idsStartingWith("IN TX")).isEmpty();

      int id =
          db.transaction(
              tx -> {
                int key = tx.dao(FilmDao.class).insert(newFilm("COMMITTED", Rating.G));
                tx.dao(FilmDao.class).setRate(key, new BigDecimal("0.02"));
                return key;
              });
      assertThat(films.byIdOrFail(id).rentalRate()).isEqualByComparingTo("0.02");
    }
  }

  @Test
  void aTransactionsDaoFailsOnceTheTransactionEnded(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      FilmDao escaped = db.transaction(tx -> tx.dao(FilmDao.class));
      assertThatThrownBy(escaped::count)
          .isInstanceOf(PgException.class)
          .hasMessageContaining("the transaction has ended");
    }
  }

  @Test
  void nestedDaosAndDaosThatAreNotGenerated(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      NestedDao nested = db.dao(NestedDao.class);
      assertThat(nested).isInstanceOf(DaoTest_NestedDaoImpl.class);
      assertThat(nested.add(2, 3)).isEqualTo(5);
      assertThatThrownBy(() -> db.dao(Runnable.class))
          .isInstanceOf(PgException.class)
          .hasMessageContaining("no generated implementation java.lang.RunnableImpl");
    }
  }
}
