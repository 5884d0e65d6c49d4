package dev.sluice.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.embedded.MigrationRunner.MigrationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner against an embedded server: each test in a database of its own. */
class MigrationRunnerTest {
  private static final AtomicInteger DATABASES = new AtomicInteger();
  private static EmbeddedServer server;

  @TempDir Path temp;
  private Path dir;
  private String database;

  @BeforeAll
  static void startServer() {
    server = EmbeddedServer.start();
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  @BeforeEach
  void newDatabase() throws Exception {
    database = "runner_" + DATABASES.incrementAndGet();
    try (Connection c = server.jdbc(EmbeddedServer.SUPERUSER, "runner-test");
        Statement st = c.createStatement()) {
      st.execute("CREATE DATABASE " + database);
    }
    dir = Files.createDirectories(temp.resolve("migrations"));
  }

  @Test
  void appliesEveryFileInOrderAndRecordsEach() throws Exception {
    write("V2__tag.sql", "CREATE TABLE tag (item_id int REFERENCES item, name text);\n");
    write("V1__item.sql", "CREATE TABLE item (id int PRIMARY KEY, title text);\n");
    write(
        "R__view.sql",
        "CREATE OR REPLACE VIEW tagged AS SELECT title, name FROM item JOIN tag"
            + " ON tag.item_id = item.id;\n");
    write("000_extensions.sql", "CREATE SCHEMA extra;\n");

    assertThat(migrate())
        .containsExactly("000_extensions.sql", "V1__item.sql", "V2__tag.sql", "R__view.sql");

    assertThat(
            query(
                "SELECT installed_rank || ' ' || coalesce(version, '-') || ' ' || kind || ' '"
                    + " || script || ' ' || left(checksum, 7) FROM sluice_schema_history"
                    + " ORDER BY installed_rank"))
        .containsExactly(
            "1 - PLAIN 000_extensions.sql sha256:",
            "2 1 VERSIONED V1__item.sql sha256:",
            "3 2 VERSIONED V2__tag.sql sha256:",
            "4 - REPEATABLE R__view.sql sha256:");
    assertThat(query("SELECT count(*)::text FROM tagged")).containsExactly("0");
  }

  @Test
  void aSecondRunAppliesNothingAndALaterOneOnlyTheNewFile() throws Exception {
    write("V1__item.sql", "CREATE TABLE item (id int PRIMARY KEY);\n");
    assertThat(migrate()).containsExactly("V1__item.sql");
    assertThat(migrate()).isEmpty();

    write("V1_1__title.sql", "ALTER TABLE item ADD COLUMN title text;\n");
    assertThat(migrate()).containsExactly("V1_1__title.sql");
    assertThat(
            query(
                "SELECT string_agg(version, ',' ORDER BY installed_rank)"
                    + " FROM sluice_schema_history"))
        .containsExactly("1,1.1");
  }

  @Test
  void aChangedAppliedMigrationIsRefusedBeforeAnythingRuns() throws Exception {
    write("V1__item.sql", "CREATE TABLE item (id int PRIMARY KEY);\n");
    migrate();
    write("V1__item.sql", "CREATE TABLE item (id bigint PRIMARY KEY);\n");
    write("V2__tag.sql", "CREATE TABLE tag (name text);\n");

    assertThatThrownBy(this::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessageStartingWith(
            "migration V1__item.sql in "
                + dir
                + " was changed after it was applied (checksum"
                + " then sha256:")
        .hasMessageEndingWith("); undo the change and put it in a new migration");
    assertThat(query("SELECT count(*)::text FROM pg_tables WHERE tablename = 'tag'"))
        .containsExactly("0");
  }

  @Test
  void aFailingMigrationIsRolledBackWithItsFileLineAndSqlstate() throws Exception {
    write("V1__item.sql", "CREATE TABLE item (id int PRIMARY KEY);\n");
    write(
        "V2__broken.sql",
        "CREATE TABLE tag (name text);\n-- then a typo\nALTER TABLE nope ADD COLUMN x int;\n");
    write("V3__later.sql", "CREATE TABLE later (id int);\n");

    assertThatThrownBy(this::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessageStartingWith(
            "migration V2__broken.sql failed and was rolled back (SQLSTATE 42P01): "
                + dir
                + "/V2__broken.sql:3: ERROR: relation \"nope\" does not exist")
        .hasMessageContaining("statement: ALTER TABLE nope ADD COLUMN x int;")
        .satisfies(e -> assertThat(((MigrationException) e).script()).isEqualTo("V2__broken.sql"));
    // V1 stays applied; nothing of V2 (its first table included) nor V3 is there.
    assertThat(
            query(
                "SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables"
                    + " WHERE schemaname = 'public'"))
        .containsExactly("item,sluice_schema_history");
    assertThat(query("SELECT string_agg(script, ',') FROM sluice_schema_history"))
        .containsExactly("V1__item.sql");

    write(
        "V2__broken.sql",
        "CREATE TABLE tag (name text);\n-- then a typo\nALTER TABLE tag ADD COLUMN x int;\n");
    assertThat(migrate()).containsExactly("V2__broken.sql", "V3__later.sql");
  }

  @Test
  void aNewMigrationSortingBeforeAnAppliedOneIsRefused() throws Exception {
    write("V2__item.sql", "CREATE TABLE item (id int);\n");
    migrate();
    write("V1_5__early.sql", "CREATE TABLE early (id int);\n");

    assertThatThrownBy(this::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessage(
            "migration V1_5__early.sql in "
                + dir
                + " is new but sorts before V2__item.sql, which is applied; give it a version"
                + " after 2");
  }

  @Test
  void anAppliedMigrationThatVanishedIsRefused() throws Exception {
    write("V1__item.sql", "CREATE TABLE item (id int);\n");
    write("V2__tag.sql", "CREATE TABLE tag (id int);\n");
    migrate();
    Files.delete(dir.resolve("V2__tag.sql"));

    assertThatThrownBy(this::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessage(
            "migration V2__tag.sql was applied (history row 2) but is no longer in "
                + dir
                + "; put it back: an applied migration stays in place");
  }

  @Test
  void aRepeatableMigrationRunsAgainWhenItChanges() throws Exception {
    write("V1__item.sql", "CREATE TABLE item (id int, title text);\n");
    write("R__titles.sql", "CREATE OR REPLACE VIEW titles AS SELECT title FROM item;\n");
    assertThat(migrate()).containsExactly("V1__item.sql", "R__titles.sql");
    assertThat(migrate()).isEmpty();

    write("R__titles.sql", "CREATE OR REPLACE VIEW titles AS SELECT title, id FROM item;\n");
    assertThat(migrate()).containsExactly("R__titles.sql");
    assertThat(
            query(
                "SELECT count(*)::text FROM information_schema.columns"
                    + " WHERE table_name = 'titles'"))
        .containsExactly("2");
  }

  @Test
  void whatAMigrationSetsForItsSessionDoesNotReachTheNext() throws Exception {
    write(
        "V1__schema.sql",
        "CREATE SCHEMA shop;\nSET search_path = shop;\nCREATE TABLE a (id int);\n");
    write("V2__public.sql", "CREATE TABLE b (id int);\n");
    migrate();
    assertThat(
            query(
                "SELECT string_agg(schemaname || '.' || tablename, ',' ORDER BY tablename)"
                    + " FROM pg_tables WHERE tablename IN ('a', 'b')"))
        .containsExactly("shop.a,public.b");
  }

  @Test
  void theHistoryTableCanBeNamedAndTheConnectionIsHandedBackInAutoCommit() throws Exception {
    write("V1__item.sql", "CREATE SCHEMA app;\nCREATE TABLE app.item (id int);\n");
    try (Connection c = server.jdbc(database, "runner-test")) {
      c.setAutoCommit(false);
      MigrationRunner runner =
          MigrationRunner.of(MigrationFiles.scan(dir)).historyTable(null, "Applied \"here\"");
      assertThat(runner.migrate(c)).containsExactly("V1__item.sql");
      assertThat(c.getAutoCommit()).isTrue();
    }
    assertThat(query("SELECT script FROM \"Applied \"\"here\"\"\""))
        .containsExactly("V1__item.sql");
  }

  @Test
  void runnersAtOnceApplyEachMigrationOnce() throws Exception {
    write("V1__item.sql", "CREATE TABLE item (id int);\nSELECT pg_sleep(0.2);\n");
    write("V2__tag.sql", "CREATE TABLE tag (id int);\n");
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      List<Future<List<String>>> runs = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        runs.add(pool.submit(this::migrate));
      }
      List<String> all = new ArrayList<>();
      for (Future<List<String>> run : runs) {
        all.addAll(run.get());
      }
      assertThat(all).containsExactly("V1__item.sql", "V2__tag.sql");
    } finally {
      pool.shutdownNow();
    }
    assertThat(query("SELECT count(*)::text FROM sluice_schema_history")).containsExactly("2");
  }

  @Test
  void migrationsOnTheClassPathAreFoundAsInADirectory() throws Exception {
    MigrationFiles files =
        MigrationFiles.onClassPath(getClass().getClassLoader(), "dev/sluice/embedded/migrations");
    assertThat(files.location()).isEqualTo("classpath:dev/sluice/embedded/migrations");
    try (Connection c = server.jdbc(database, "runner-test")) {
      assertThat(MigrationRunner.of(files).migrate(c))
          .containsExactly("V1__film.sql", "more/V2__film_title.sql");
    }
    assertThat(
            query(
                "SELECT string_agg(column_name, ',' ORDER BY ordinal_position)"
                    + " FROM information_schema.columns WHERE table_name = 'film'"))
        .containsExactly("id,title");
  }

  private List<String> migrate() throws SQLException {
    try (Connection c = server.jdbc(database, "runner-test")) {
      return MigrationRunner.of(MigrationFiles.scan(dir)).migrate(c);
    }
  }

  private void write(String name, String text) throws IOException {
    Files.writeString(dir.resolve(name), text);
  }

  private List<String> query(String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = server.jdbc(database, "runner-test");
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}
