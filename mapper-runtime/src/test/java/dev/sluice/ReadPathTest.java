package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Invariants of the read path, notices, and COPY FROM STDIN. */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ReadPathTest {
  private static final Object[] NONE = new Object[0];

  @Test
  void manyRowsTakeFewSocketReads(TestDatabase tdb) {
    try (PgConnection c = PgConnection.connect(ConnectionConfig.parse(tdb.url()), null)) {
      List<Integer> rows = new ArrayList<>();
      c.query("SELECT 1", NONE, TestDecoders.INT, rows); // warm: prepare and first execution
      rows.clear();
      long before = c.socketReads();
      c.query("SELECT n FROM generate_series(1, 100000) n", NONE, TestDecoders.INT, rows);
      long reads = c.socketReads() - before;
      assertThat(rows).hasSize(100_000);
      assertThat(rows.get(99_999)).isEqualTo(100_000);
      assertThat(reads).isPositive().isLessThan(100_000 / 20);
    }
  }

  @Test
  void noticesReachTheListener(TestDatabase tdb) {
    List<Notice> notices = new CopyOnWriteArrayList<>();
    try (Database db = Database.builder().url(tdb.url()).noticeListener(notices::add).build()) {
      db.executeScript("DO $$ BEGIN RAISE NOTICE 'hi'; END $$");
      db.execute("DO $$ BEGIN RAISE WARNING 'careful' USING HINT = 'h'; END $$");
      assertThat(notices).hasSize(2);
      assertThat(notices.get(0).message()).isEqualTo("hi");
      assertThat(notices.get(0).severity()).isEqualTo("NOTICE");
      assertThat(notices.get(0).sqlState()).isEqualTo("00000");
      assertThat(notices.get(1).severity()).isEqualTo("WARNING");
      assertThat(notices.get(1).hint()).isEqualTo("h");
    }
  }

  @Test
  void copyInInsertsTextRows(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE TABLE copied (id int PRIMARY KEY, name text)");
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      StringBuilder data = new StringBuilder();
      for (int i = 1; i <= 20_000; i++) {
        data.append(i).append('\t').append(i % 7 == 0 ? "\\N" : "name " + i).append('\n');
      }
      long n = db.copyIn("COPY copied (id, name) FROM STDIN", stream(data.toString()));
      assertThat(n).isEqualTo(20_000);
      assertThat(db.query("SELECT count(*) FROM copied WHERE name IS NULL", TestDecoders.LONG))
          .containsExactly(20_000L / 7);
      assertThat(db.query("SELECT name FROM copied WHERE id = 19998", TestDecoders.STRING))
          .containsExactly("name 19998");
    }
  }

  @Test
  void aBadCopyRowFailsWithTheServersErrorAndInsertsNothing(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE TABLE copied_bad (id int, name text)");
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      StringBuilder data = new StringBuilder();
      for (int i = 1; i <= 50_000; i++) {
        data.append(i == 40_000 ? "forty thousand" : Integer.toString(i)).append("\tx\n");
      }
      PgException e =
          catchThrowableOfType(
              () -> db.copyIn("COPY copied_bad FROM STDIN", stream(data.toString())),
              PgException.class);
      assertThat(e.sqlState()).isEqualTo("22P02");
      assertThat(e.getMessage()).contains("forty thousand");
      assertThat(e.where()).contains("line 40000");
      assertThat(db.query("SELECT count(*) FROM copied_bad", TestDecoders.LONG))
          .containsExactly(0L);
      assertThat(db.poolSize()).isEqualTo(1);
    }
  }

  private static ByteArrayInputStream stream(String s) {
    return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
  }
}
