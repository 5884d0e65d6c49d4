package dev.sluice.pagila;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.Pipelined;
import dev.sluice.annotations.Dao;
import dev.sluice.annotations.Query;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code @Row} records bound as parameters of composite types, in binary (issue 25): the record's
 * components through its generated decoder's {@code fields}, each field written with the exact OID
 * of its attribute, which the connection looks up by the OID the statement's Describe gave. The
 * server's own text output of the value it received decides: it must be what the same value written
 * as a SQL literal gives.
 */
@PgTest(pagila = true)
class CompositeParameterTest {
  /** A DAO whose parameters are records of table row types, checked at compile time. */
  @Dao
  public interface Actors {
    @Query("SELECT count(*) FROM actor a WHERE a = :actor::actor")
    long count(Actor actor);

    @Query("SELECT a.* FROM actor a WHERE a = ANY(:actors::actor[]) ORDER BY a.actor_id")
    List<Actor> among(List<Actor> actors);
  }

  @Test
  void aDaoTakesRecordsOfATablesRowType(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      List<Actor> some =
          db.query(
              "SELECT * FROM actor WHERE actor_id IN (3, 1, 2) ORDER BY actor_id", Actor.class);
      Actors dao = db.dao(Actors.class);
      assertThat(dao.count(some.get(1))).isEqualTo(1);
      Actor renamed = new Actor(2, "NOBODY", "X", some.get(1).lastUpdate());
      assertThat(dao.count(renamed)).isZero();
      assertThat(dao.among(List.of(some.get(2), renamed, some.get(0))))
          .containsExactly(some.get(0), some.get(2));
    }
  }

  private static final Household.Addr MAIN =
      new Household.Addr("Main St", 12, Arrays.asList("a", null, "b \"c\""));
  private static final Household.Person ANN =
      new Household.Person("Ann", MAIN, LocalDate.of(1990, 2, 3), Rating.PG_13);

  private static void createTypes(Database db) {
    db.execute("DROP TABLE IF EXISTS cp_people");
    db.execute("DROP TYPE IF EXISTS cp_person, cp_addr, cp_zip_addr CASCADE");
    db.execute("DROP DOMAIN IF EXISTS cp_zip");
    db.execute("CREATE DOMAIN cp_zip AS int4 CHECK (VALUE > 0)");
    db.execute("CREATE TYPE cp_addr AS (street text, zip int4, tags text[])");
    db.execute("CREATE TYPE cp_zip_addr AS (street text, zip cp_zip, tags text[])");
    db.execute("CREATE TYPE cp_person AS (name text, home cp_addr, born date, rating mpaa_rating)");
  }

  private static String text(Database db, String literal) {
    return db.queryOne("SELECT (" + literal + ")::text", String.class).orElseThrow();
  }

  @Test
  void aRecordBindsAsItsCompositeNestedWithDomainsEnumsAndArrays(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      createTypes(db);
      String expected =
          text(
              db,
              "ROW('Ann', ROW('Main St', 12, ARRAY['a', NULL, 'b \"c\"'])::cp_addr,"
                  + " DATE '1990-02-03', 'PG-13')::cp_person");
      for (int run = 0; run < 3; run++) { // unnamed, then named, then the cached statement
        assertThat(db.queryOne("SELECT $1::cp_person::text", String.class, ANN)).contains(expected);
      }
      assertThat(
              db.queryOne(
                  "SELECT $1::cp_person = ROW('Ann', ROW('Main St', 12,"
                      + " ARRAY['a', NULL, 'b \"c\"'])::cp_addr, DATE '1990-02-03',"
                      + " 'PG-13')::cp_person",
                  Boolean.class,
                  ANN))
          .contains(true);
      // NULL fields, and a NULL nested composite.
      Household.Person bo = new Household.Person("Bo", null, null, Rating.G);
      assertThat(db.queryOne("SELECT $1::cp_person::text", String.class, bo))
          .contains(text(db, "ROW('Bo', NULL, NULL, 'G')::cp_person"));
      Household.Addr empty = new Household.Addr(null, null, List.of());
      assertThat(db.queryOne("SELECT $1::cp_addr::text", String.class, empty))
          .contains(text(db, "ROW(NULL, NULL, '{}')::cp_addr"));
    }
  }

  @Test
  void aDomainFieldTakesItsBaseTypesFormAndTheServerChecksIt(TestDatabase tdb) {
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      createTypes(db);
      assertThat(db.queryOne("SELECT $1::cp_zip_addr::text", String.class, MAIN))
          .contains(text(db, "ROW('Main St', 12, ARRAY['a', NULL, 'b \"c\"'])::cp_zip_addr"));
      PgException check =
          catchThrowableOfType(
              PgException.class,
              () ->
                  db.queryOne(
                      "SELECT $1::cp_zip_addr::text",
                      String.class,
                      new Household.Addr("x", -1, null)));
      assertThat(check.sqlState()).isEqualTo("23514");
      assertThat(check.getMessage()).contains("cp_zip");
      assertThat(db.queryOne("SELECT 1", Integer.class)).contains(1); // the connection is clean
    }
  }

  @Test
  void aRecordReadBackIsTheRecordBound(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      createTypes(db);
      List<Household> back =
          db.query(
              "SELECT 1 AS id, $1::cp_person AS head, $2::cp_addr[] AS addresses,"
                  + " $3::cp_addr AS mailing",
              Household.class,
              ANN,
              Arrays.asList(MAIN, null, new Household.Addr("x", null, null)),
              null);
      assertThat(back)
          .containsExactly(
              new Household(
                  1, ANN, Arrays.asList(MAIN, null, new Household.Addr("x", null, null)), null));
    }
  }

  @Test
  void aListOfRecordsBindsAsAnArrayOfTheComposite(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      createTypes(db);
      List<Household.Addr> addrs =
          Arrays.asList(MAIN, null, new Household.Addr(null, 7, List.of()));
      assertThat(db.queryOne("SELECT $1::cp_addr[]::text", String.class, addrs))
          .contains(
              text(
                  db,
                  "ARRAY[ROW('Main St', 12, ARRAY['a', NULL, 'b \"c\"'])::cp_addr, NULL,"
                      + " ROW(NULL, 7, '{}')::cp_addr]"));
      assertThat(db.query("SELECT (u).zip FROM unnest($1::cp_addr[]) u", Integer.class, addrs))
          .containsExactly(12, null, 7);
      assertThat(
              db.queryOne(
                  "SELECT cardinality($1::cp_addr[])", Integer.class, List.<Household.Addr>of()))
          .contains(0);
    }
  }

  @Test
  void aRecordGoesIntoATableColumnOfItsType(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      createTypes(db);
      db.execute("CREATE TABLE cp_people (id int, p cp_person, homes cp_addr[])");
      db.execute(
          "INSERT INTO cp_people VALUES ($1, $2, $3)", 1, ANN, List.of(MAIN, MAIN)); // inferred
      db.transaction(
          tx ->
              tx.execute(
                  "UPDATE cp_people SET p = $1 WHERE id = $2",
                  new Household.Person("Cy", MAIN, null, Rating.R),
                  1));
      assertThat(db.queryOne("SELECT p::text FROM cp_people", String.class))
          .contains(
              text(
                  db,
                  "ROW('Cy', ROW('Main St', 12, ARRAY['a', NULL, 'b \"c\"'])::cp_addr, NULL,"
                      + " 'R')::cp_person"));
      assertThat(db.queryOne("SELECT (homes[2]).street FROM cp_people", String.class))
          .contains("Main St");
    }
  }

  @Test
  void aValueTheTypeRefusesFailsNamingTheCauseAndLeavesTheConnectionClean(TestDatabase tdb) {
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      createTypes(db);
      PgException notComposite =
          catchThrowableOfType(
              PgException.class, () -> db.queryOne("SELECT $1::int4", Integer.class, MAIN));
      assertThat(notComposite.sqlState()).isEqualTo("42804");
      assertThat(notComposite.getMessage())
          .contains(
              "parameter $1 is a Addr record, but the statement takes it as type integer, OID 23,"
                  + " which is not a composite type: cast the parameter to the composite type"
                  + " ($1::addr, $1::addr[])");
      assertThat(notComposite.statement()).isEqualTo("SELECT $1::int4");

      PgException wrongCount =
          catchThrowableOfType(
              PgException.class, () -> db.queryOne("SELECT $1::cp_person", String.class, MAIN));
      assertThat(wrongCount.sqlState()).isEqualTo("42804");
      assertThat(wrongCount.getMessage())
          .contains("composite type cp_person has 4 attributes, the value 3");

      PgException anonymous =
          catchThrowableOfType(
              PgException.class, () -> db.queryOne("SELECT $1::text", String.class, MAIN));
      assertThat(anonymous.getMessage())
          .contains(
              "parameter $1 is a Addr record, but the statement takes it as type text, OID 25");

      // One connection: each failure left it clean.
      assertThat(db.queryOne("SELECT $1::cp_addr::text", String.class, MAIN)).isPresent();
    }
  }

  @Test
  void aTypeDroppedAndCreatedAgainIsLookedUpAgain(TestDatabase tdb) {
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      createTypes(db);
      String sql = "SELECT $1::cp_addr::text";
      for (int run = 0; run < 3; run++) { // cached by the third run, with the type's OID
        assertThat(db.queryOne(sql, String.class, MAIN)).isPresent();
      }
      db.execute("DROP TYPE cp_addr CASCADE");
      db.execute("CREATE TYPE cp_addr AS (street text, zip int8, tags text[], extra bool)");
      for (int run = 0; run < 2; run++) {
        // The cached statement's parameter type is gone: prepared again, the statement takes the
        // new type, whose four attributes the three-component record does not fit.
        PgException e =
            catchThrowableOfType(PgException.class, () -> db.queryOne(sql, String.class, MAIN));
        assertThat(e.sqlState()).isEqualTo("42804");
        assertThat(e.getMessage()).contains("composite type cp_addr has 4 attributes, the value 3");
      }
      db.execute("DROP TYPE cp_addr CASCADE");
      db.execute("CREATE TYPE cp_addr AS (street text, zip int8, tags text[])");
      assertThat(db.queryOne("SELECT ($1::cp_addr).zip", Long.class, MAIN)).contains(12L);
      assertThat(db.queryOne(sql, String.class, MAIN))
          .contains(text(db, "ROW('Main St', 12, ARRAY['a', NULL, 'b \"c\"'])::cp_addr"));

      // Altered in place (same OID): the registry's attribute types are stale, the server's
      // record_recv refuses the field, and the call is prepared and bound again, transparently...
      db.execute("ALTER TYPE cp_addr ALTER ATTRIBUTE zip TYPE int4");
      assertThat(db.queryOne(sql, String.class, MAIN))
          .contains(text(db, "ROW('Main St', 12, ARRAY['a', NULL, 'b \"c\"'])::cp_addr"));
      // ...except inside a transaction, which the failure aborted: there it is reported, and the
      // next call sees the type as it is.
      db.execute("ALTER TYPE cp_addr ALTER ATTRIBUTE zip TYPE int8");
      PgException inTx =
          catchThrowableOfType(
              PgException.class, () -> db.transaction(tx -> tx.queryOne(sql, String.class, MAIN)));
      assertThat(inTx.sqlState()).isEqualTo("42804");
      assertThat(inTx.getMessage())
          .contains("binary data has type 23 (integer) instead of expected 20 (bigint)");
      assertThat(db.queryOne(sql, String.class, MAIN))
          .contains(text(db, "ROW('Main St', 12, ARRAY['a', NULL, 'b \"c\"'])::cp_addr"));
    }
  }

  @Test
  void recordsBindInPipelinesBatchesAndOnASharedConnection(TestDatabase tdb) {
    String expected;
    try (Database db = Database.connect(tdb.url())) {
      createTypes(db);
      db.execute("CREATE TABLE cp_people (id int, p cp_person, homes cp_addr[])");
      expected = text(db, "ROW('Main St', 12, ARRAY['a', NULL, 'b \"c\"'])::cp_addr");

      for (int run = 0; run < 2; run++) { // new statements and types, then cached ones
        List<Object> results =
            db.pipeline(
                p ->
                    List.of(
                        p.query("SELECT $1::cp_addr::text", String.class, MAIN),
                        p.query(
                            "SELECT cardinality($1::cp_addr[])", Integer.class, List.of(MAIN))));
        assertThat(((Pipelined<?>) results.get(0)).get()).isEqualTo(List.of(expected));
        assertThat(((Pipelined<?>) results.get(1)).get()).isEqualTo(List.of(1));
      }
      db.executeBatch(
          "INSERT INTO cp_people VALUES ($1, $2, $3)",
          List.of(
              new Object[] {1, ANN, List.of(MAIN)},
              new Object[] {2, null, List.of()},
              new Object[] {3, new Household.Person("Bo", null, null, Rating.G), null}));
      assertThat(db.query("SELECT (p).name FROM cp_people ORDER BY id", String.class))
          .containsExactly("Ann", null, "Bo");
    }
    try (Database db =
        Database.builder().url(tdb.url()).rewriteBatchedInserts(true).maxPoolSize(1).build()) {
      db.execute("TRUNCATE cp_people");
      db.executeBatch(
          "INSERT INTO cp_people VALUES ($1, $2, $3)",
          List.of(new Object[] {1, ANN, List.of(MAIN)}, new Object[] {2, ANN, null}));
      assertThat(db.query("SELECT ((p).home).zip FROM cp_people ORDER BY id", Integer.class))
          .containsExactly(12, 12);
    }
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).pipelining(8).build()) {
      for (int run = 0; run < 3; run++) { // the first execution, then the cached statement
        assertThat(db.queryOne("SELECT $1::cp_addr::text", String.class, MAIN)).contains(expected);
        assertThat(db.queryOne("SELECT cardinality($1::cp_addr[])", Integer.class, List.of(MAIN)))
            .contains(1);
      }
    }
  }
}
