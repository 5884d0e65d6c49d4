package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * The pool's reset against what {@code DISCARD ALL} clears, part by part, for the kinds of residue
 * that RESET ALL alone misses: a role or session authorization (privileges handed to the next
 * borrower), a temporary table named through {@code pg_temp} (read by the next borrower's
 * unqualified name), a custom setting such as a row-level-security tenant, and sequence state. Each
 * borrower runs on the pool's only connection, reset rather than replaced; the reset also has a
 * deadline, so a network that dies during it cannot hang the caller.
 */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SessionResetTest {
  private TestDatabase tdb;
  private Database db;
  private int pid;
  private String member;
  private String login;

  @BeforeAll
  void open(TestDatabase tdb) throws Exception {
    this.tdb = tdb;
    String base = tdb.name().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
    member = base + "_member";
    login = base + "_login";
    tdb.execute(
        "CREATE ROLE "
            + member
            + " NOLOGIN; CREATE ROLE "
            + login
            + " LOGIN PASSWORD 'reset-test'; GRANT "
            + member
            + " TO "
            + login
            + "; GRANT ALL ON SCHEMA public TO "
            + login
            + "; CREATE TABLE shadowed (id int); INSERT INTO shadowed VALUES (1);"
            + " GRANT SELECT ON shadowed TO "
            + login
            + "; CREATE SEQUENCE reset_seq; CREATE TABLE serial_rows (id serial, label text)");
    db = Database.builder().url(tdb.url()).maxPoolSize(1).build();
    pid = scalar(db, "SELECT pg_backend_pid()");
  }

  @AfterAll
  void close() {
    db.close();
  }

  private static int scalar(Database db, String sql) {
    return db.query(sql, TestDecoders.INT).get(0);
  }

  private static String text(Database db, String sql) {
    return db.query(sql, TestDecoders.STRING).get(0);
  }

  private void assertSameBackend() {
    assertThat(scalar(db, "SELECT pg_backend_pid()")).isEqualTo(pid);
  }

  @Test
  void aRoleSetByOneBorrowerIsNotTheNextBorrowersRole() {
    String self = text(db, "SELECT current_user::text");
    db.execute("SET ROLE " + member);
    assertThat(text(db, "SELECT current_user::text")).isEqualTo(self);
    db.query("SELECT set_config('role', '" + member + "', false)", TestDecoders.STRING);
    assertThat(text(db, "SELECT current_user::text")).isEqualTo(self);
    assertSameBackend();
  }

  @Test
  void aSessionAuthorizationIsResetToTheAuthenticatedUser() {
    // The test database's user is a superuser: it may become anyone.
    String self = text(db, "SELECT session_user::text");
    db.execute("SET SESSION AUTHORIZATION " + login);
    assertThat(text(db, "SELECT session_user::text")).isEqualTo(self);
    assertThat(text(db, "SELECT current_user::text")).isEqualTo(self);
    assertSameBackend();
  }

  @Test
  void aRoleIsResetForAUserWhoIsNotASuperuserToo() {
    String url = tdb.url().replaceFirst("//[^@]*@", "//" + login + ":reset-test@");
    try (Database plain = Database.builder().url(url).maxPoolSize(1).build()) {
      int own = scalar(plain, "SELECT pg_backend_pid()");
      plain.execute("SET ROLE " + member);
      assertThat(text(plain, "SELECT current_user::text")).isEqualTo(login);
      assertThat(scalar(plain, "SELECT pg_backend_pid()")).isEqualTo(own);
    }
  }

  @Test
  void aTemporaryTableNamedThroughPgTempIsDropped() {
    db.execute("CREATE TABLE pg_temp.shadowed (id int)");
    assertThat(scalar(db, "SELECT count(*)::int FROM pg_class WHERE relpersistence = 't'"))
        .isZero();
    db.useTransaction(
        tx -> {
          tx.execute("CREATE TABLE pg_temp.shadowed (id int)");
          tx.execute("INSERT INTO pg_temp.shadowed SELECT g FROM generate_series(1, 50) g");
        });
    // The next borrower's unqualified name finds the real table, not the earlier borrower's rows.
    assertThat(scalar(db, "SELECT count(*)::int FROM shadowed")).isEqualTo(1);
    db.execute("SET search_path = pg_temp, public");
    db.execute("CREATE TABLE pg_temp.made_first (id int)");
    assertThat(scalar(db, "SELECT count(*)::int FROM pg_class WHERE relpersistence = 't'"))
        .isZero();
    assertSameBackend();
  }

  @Test
  void aCustomSettingSuchAsATenantIsGone() {
    db.query("SELECT set_config('app.tenant', '42', false)", TestDecoders.STRING);
    assertThat(db.query("SELECT current_setting('app.tenant', true)", TestDecoders.STRING).get(0))
        .isNullOrEmpty();
    assertSameBackend();
  }

  @Test
  void sequenceStateIsNotHandedOn() {
    assertThat(scalar(db, "SELECT nextval('reset_seq')::int")).isPositive();
    PgException e =
        catchThrowableOfType(PgException.class, () -> scalar(db, "SELECT lastval()::int"));
    assertThat(e.sqlState()).isEqualTo("55000"); // lastval is not yet defined in this session
    assertSameBackend();
  }

  @Test
  void sequenceStateAColumnDefaultLeftIsNotHandedOnYetStaysWithinOneBorrow() {
    assertThat(db.execute("INSERT INTO serial_rows (label) VALUES ('a')")).isEqualTo(1);
    PgException e =
        catchThrowableOfType(PgException.class, () -> scalar(db, "SELECT lastval()::int"));
    assertThat(e.sqlState()).isEqualTo("55000"); // the default's nextval is not the next one's
    assertSameBackend();
    // Within one borrower, its own INSERT's value stays readable.
    int id =
        db.transaction(
            tx -> {
              tx.execute("INSERT INTO serial_rows (label) VALUES ('b')");
              return tx.query("SELECT lastval()::int", TestDecoders.INT).get(0);
            });
    assertThat(id).isEqualTo(2);
    PgException after =
        catchThrowableOfType(
            PgException.class, () -> scalar(db, "SELECT currval('serial_rows_id_seq')::int"));
    assertThat(after.sqlState()).isEqualTo("55000");
    assertSameBackend();
  }

  @Test
  void aResetTheNetworkSilencesEndsAtItsDeadlineAndTheConnectionIsReplaced() throws Exception {
    try (FaultProxy proxy = new FaultProxy(tdb.host(), tdb.port());
        Database cut =
            Database.builder()
                .url(proxy.url(tdb))
                .maxPoolSize(1)
                .queryTimeout(Duration.ofMillis(1500))
                .build()) {
      int first = scalar(cut, "SELECT pg_backend_pid()");
      // The statement runs; the reset after it is never answered.
      proxy.cutWhenClientSends("RESET ALL", FaultProxy.Cut.SILENCED_FROM_THE_TRIGGER);
      long start = System.nanoTime();
      assertThat(cut.execute("SET search_path TO public")).isZero();
      long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertThat(proxy.cuts()).isEqualTo(1);
      assertThat(millis).isBetween(1_000L, 20_000L);
      // The silenced connection was discarded: the next caller gets a new backend.
      assertThat(scalar(cut, "SELECT pg_backend_pid()")).isNotEqualTo(first);
    }
  }
}
