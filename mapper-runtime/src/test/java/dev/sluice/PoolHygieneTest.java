package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * Session state does not leak from one borrower of a pooled connection to the next: each case
 * leaves something behind on the pool's only connection, and the next call — on the same backend,
 * reset rather than replaced — finds none of it. A borrower that left nothing costs no reset, and
 * Sluice's own prepared statements survive every reset but the one after SQL PREPARE.
 */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PoolHygieneTest {
  private Database db;
  private int pid;

  @BeforeAll
  void open(TestDatabase tdb) {
    db =
        Database.builder()
            .url(tdb.url())
            .maxPoolSize(1)
            .serverSetting("statement_timeout", "5min")
            .build();
    pid = scalar("SELECT pg_backend_pid()");
  }

  @AfterAll
  void close() {
    db.close();
  }

  private int scalar(String sql) {
    return db.query(sql, TestDecoders.INT).get(0);
  }

  private String text(String sql) {
    return db.query(sql, TestDecoders.STRING).get(0);
  }

  private void assertSameBackend() {
    assertThat(scalar("SELECT pg_backend_pid()")).isEqualTo(pid);
  }

  @Test
  void settingsAreResetToTheSessionsStartupValues() {
    String defaultPath = text("SHOW search_path");
    db.execute("SET search_path TO pg_catalog");
    assertThat(text("SHOW search_path")).isEqualTo(defaultPath);
    db.execute("SET statement_timeout TO '1s'");
    assertThat(text("SHOW statement_timeout")).isEqualTo("5min"); // the startup setting, kept
    db.query("SELECT set_config('application_name', 'leaked', false)", TestDecoders.STRING);
    assertThat(text("SHOW application_name")).isNotEqualTo("leaked");
    assertSameBackend();
  }

  @Test
  void listenersCursorsTemporaryTablesAndAdvisoryLocksAreGone() {
    db.execute("LISTEN leaked_channel");
    assertThat(scalar("SELECT count(*)::int FROM pg_listening_channels()")).isZero();

    db.useTransaction(tx -> tx.execute("DECLARE leaked CURSOR WITH HOLD FOR SELECT 1"));
    assertThat(scalar("SELECT count(*)::int FROM pg_cursors WHERE name = 'leaked'")).isZero();

    db.execute("CREATE TEMP TABLE leaked_temp (id int)");
    assertThat(scalar("SELECT count(*)::int FROM pg_class WHERE relpersistence = 't'")).isZero();

    db.query("SELECT pg_advisory_lock(4242)::text", TestDecoders.STRING);
    assertThat(
            scalar(
                "SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory'"
                    + " AND pid = pg_backend_pid()"))
        .isZero();
    assertSameBackend();
  }

  @Test
  void aCleanBorrowerCostsNoResetAndOurStatementsStay() {
    int before = scalar("SELECT count(*)::int FROM pg_prepared_statements");
    assertThat(scalar("SELECT 1 + 1")).isEqualTo(2);
    assertThat(scalar("SELECT 1 + 1")).isEqualTo(2);
    // The cached statements are all still prepared on the server (one more: SELECT 1 + 1).
    assertThat(scalar("SELECT count(*)::int FROM pg_prepared_statements")).isGreaterThan(before);
    db.execute("SET search_path TO public");
    // A reset after SET keeps them (RESET ALL does not deallocate).
    assertThat(scalar("SELECT count(*)::int FROM pg_prepared_statements")).isGreaterThan(before);
    assertSameBackend();
  }

  @Test
  void aSqlPrepareIsDeallocatedAndTheClientCacheClearedWithIt() {
    db.execute("PREPARE leaked_plan AS SELECT 7");
    assertThat(
            scalar("SELECT count(*)::int FROM pg_prepared_statements WHERE name = 'leaked_plan'"))
        .isZero();
    // DEALLOCATE ALL took Sluice's statements too; the cache knows, and prepares them again.
    assertThat(scalar("SELECT 40 + 2")).isEqualTo(42);
    assertThat(scalar("SELECT 40 + 2")).isEqualTo(42);
    assertSameBackend();
  }
}
