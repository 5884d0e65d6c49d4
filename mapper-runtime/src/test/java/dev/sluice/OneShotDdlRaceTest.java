package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A text's first use is described, then parsed again with its Bind (so a transaction-pooling proxy
 * cannot hand the Bind another session's unnamed statement). DDL that lands between the two changes
 * what the second Parse returns: the portal is described too, and rows in columns other than those
 * the decoder was bound to are never decoded as if they were the old ones.
 */
@PgTest
class OneShotDdlRaceTest {

  @Test
  void aColumnRetypedBetweenDescribeAndExecutionIsNeverReadAsTheOldType(TestDatabase tdb)
      throws Exception {
    tdb.execute(
        "DROP TABLE IF EXISTS race; CREATE TABLE race (a int8); INSERT INTO race VALUES (1)");
    String sql = "SELECT a FROM race";
    try (FaultProxy proxy = new FaultProxy(tdb.host(), tdb.port());
        Database db = Database.builder().url(proxy.url(tdb)).maxPoolSize(1).build()) {
      assertThat(db.query("SELECT 1", TestDecoders.INT)).containsExactly(1); // connected
      // The text goes out twice: in the Parse + Describe, then in the Parse before the Bind.
      proxy.beforeClientSends(
          sql,
          2,
          () -> {
            try {
              tdb.execute("ALTER TABLE race ALTER COLUMN a TYPE float8 USING a + 0.5");
            } catch (SQLException e) {
              throw new IllegalStateException(e);
            }
          });
      List<String> read;
      try {
        read = db.query(sql, columns -> row -> row.getString(0));
      } catch (PgException e) {
        // Refused is fine; decoding float8 bytes as int8 (4609434218613702656) is not.
        assertThat(e.sqlState()).isEqualTo("0A000");
        read = db.query(sql, columns -> row -> row.getString(0));
      }
      assertThat(read).containsExactly("1.5");
    }
  }

  @Test
  void aStreamOfAColumnRetypedBetweenDescribeAndExecutionIsRefused(TestDatabase tdb)
      throws Exception {
    tdb.execute(
        "DROP TABLE IF EXISTS race_stream; CREATE TABLE race_stream (a int8);"
            + " INSERT INTO race_stream VALUES (1)");
    String sql = "SELECT a FROM race_stream";
    try (FaultProxy proxy = new FaultProxy(tdb.host(), tdb.port());
        Database db = Database.builder().url(proxy.url(tdb)).maxPoolSize(1).build()) {
      assertThat(db.query("SELECT 1", TestDecoders.INT)).containsExactly(1);
      proxy.beforeClientSends(
          sql,
          2,
          () -> {
            try {
              tdb.execute("ALTER TABLE race_stream ALTER COLUMN a TYPE float8 USING a + 0.5");
            } catch (SQLException e) {
              throw new IllegalStateException(e);
            }
          });
      List<String> read = new java.util.ArrayList<>();
      try (java.util.stream.Stream<String> s = db.stream(sql, columns -> row -> row.getString(0))) {
        s.forEach(read::add);
      } catch (PgException e) {
        assertThat(e.sqlState()).isEqualTo("0A000");
        assertThat(e.getMessage()).contains("the result's columns changed");
      }
      assertThat(read).isEmpty();
      try (java.util.stream.Stream<String> s = db.stream(sql, columns -> row -> row.getString(0))) {
        assertThat(s.toList()).containsExactly("1.5");
      }
    }
  }
}
