package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What statements cost the server, seen from its side (pg_prepared_statements and the backend's
 * memory contexts): a text run once leaves no named statement behind, however many distinct ones
 * run; a text is named from its second use, and then runs from the cache; a text over 64 Ki
 * characters is never named.
 */
@PgTest
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class OneShotStatementTest {
  private static final Object[] NONE = new Object[0];

  private static PgConnection connect(TestDatabase tdb) {
    return PgConnection.connect(ConnectionConfig.builder().url(tdb.url()).build(), null);
  }

  private static long count(PgConnection c, String sql, Object... params) {
    List<Long> out = new ArrayList<>();
    c.query(sql, params, TestDecoders.LONG, out);
    return out.get(0);
  }

  private static long named(PgConnection c, String sql) {
    return count(c, "SELECT count(*) FROM pg_prepared_statements WHERE statement = $1", sql);
  }

  /** {@code INSERT INTO one_shot VALUES (…), …}: {@code rows} literal rows, distinct per batch. */
  private static String literalInsert(int batch, int rows) {
    StringBuilder sql = new StringBuilder("INSERT INTO one_shot VALUES ");
    for (int r = 0; r < rows; r++) {
      sql.append(r == 0 ? "(" : ", (")
          .append(batch * rows + r)
          .append(", 'row ")
          .append(r)
          .append(" of batch ")
          .append(batch)
          .append("', ")
          .append(r * 0.5)
          .append(')');
    }
    return sql.toString();
  }

  @Test
  void distinctOneShotStatementsLeaveNothingOnTheServer(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE TABLE one_shot (id int PRIMARY KEY, label text, amount numeric)");
    try (PgConnection c = connect(tdb)) {
      for (int batch = 0; batch < 150; batch++) {
        assertThat(c.execute(literalInsert(batch, 200), NONE)).isEqualTo(200);
      }
      assertThat(count(c, "SELECT count(*) FROM one_shot")).isEqualTo(30_000);
      assertThat(
              count(
                  c,
                  "SELECT count(*) FROM pg_prepared_statements"
                      + " WHERE statement LIKE 'INSERT INTO one_shot%'"))
          .isZero();
      assertThat(c.cachedStatements()).isLessThanOrEqualTo(2); // the two count queries above
      // The backend holds no plan of them: its memory stays near a fresh backend's (~1–2 MB).
      long bytes = count(c, "SELECT sum(total_bytes)::int8 FROM pg_backend_memory_contexts");
      assertThat(bytes).isLessThan(32L << 20);
    }
  }

  @Test
  void aTextIsNamedOnItsSecondUseAndThenRunsFromTheCache(TestDatabase tdb) {
    try (PgConnection c = connect(tdb)) {
      String sql = "SELECT 40 + $1::int AS named_later";
      List<Integer> out = new ArrayList<>();
      c.query(sql, new Object[] {2}, TestDecoders.INT, out);
      assertThat(named(c, sql)).isZero();
      c.query(sql, new Object[] {2}, TestDecoders.INT, out);
      c.query(sql, new Object[] {2}, TestDecoders.INT, out);
      assertThat(out).containsExactly(42, 42, 42);
      // Named once, on the second use, and bound from the cache from then on.
      assertThat(
              count(
                  c,
                  "SELECT sum(generic_plans + custom_plans)::int8 FROM pg_prepared_statements"
                      + " WHERE statement = $1",
                  sql))
          .isEqualTo(2);
    }
  }

  @Test
  void aTextOver64KiCharactersIsNeverNamed(TestDatabase tdb) {
    try (PgConnection c = connect(tdb)) {
      String sql = "SELECT 7 AS long_one /* " + "x".repeat(70_000) + " */";
      for (int i = 0; i < 3; i++) {
        List<Integer> out = new ArrayList<>();
        c.query(sql, NONE, TestDecoders.INT, out);
        assertThat(out).containsExactly(7);
      }
      assertThat(named(c, sql)).isZero();
    }
  }

  @Test
  void aStreamOfAOneShotTextRunsUnnamed(TestDatabase tdb) {
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      String sql = "SELECT g AS streamed_once FROM generate_series(1, 5000) g";
      try (java.util.stream.Stream<Integer> s = db.stream(sql, TestDecoders.INT)) {
        assertThat(s.mapToLong(Integer::longValue).sum()).isEqualTo(5000L * 5001 / 2);
      }
      assertThat(
              db.query(
                  "SELECT count(*) FROM pg_prepared_statements WHERE statement = $1",
                  TestDecoders.LONG,
                  sql))
          .containsExactly(0L);
    }
  }
}
