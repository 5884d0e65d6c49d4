package dev.sluice.pagila;

import static dev.sluice.pagila.JdbcRows.rows;
import static dev.sluice.pagila.JdbcRows.texts;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.Database;
import dev.sluice.Queries;
import dev.sluice.dsl.FetchStep;
import dev.sluice.dsl.ReturningStep;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * What the render cache's collision tests share ({@link DslRenderCacheTest}, {@link
 * DslRenderCacheSourcesTest}): a Pagila database with the balance tables, and the pairs of queries
 * built alike but differing in one thing, run a, b, a again, each compared with its SQL through
 * pgjdbc, so that a cache keyed on anything less than the whole text would hand the second the
 * first's SQL.
 */
@PgTest(pagila = true)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RenderCachePairs {
  Database db;
  Connection jdbc;

  @BeforeAll
  void connect(TestDatabase tdb) throws SQLException {
    db = Database.connect(tdb.url());
    jdbc = tdb.jdbc();
    Balances.create(jdbc);
  }

  @AfterAll
  void close() throws SQLException {
    Balances.drop(jdbc);
    jdbc.close();
    db.close();
  }

  /** Runs a, b, a again: each must give its own SQL's rows, and the two texts must differ. */
  final void pair(Supplier<FetchStep<?>> a, String sqlA, Supplier<FetchStep<?>> b, String sqlB)
      throws SQLException {
    List<String> expectedA = rows(jdbc, sqlA);
    List<String> expectedB = rows(jdbc, sqlB);
    assertThat(expectedA).as("the pair must differ in its answer").isNotEqualTo(expectedB);
    assertThat(texts(a.get().fetch())).as(sqlA).isEqualTo(expectedA);
    assertThat(texts(b.get().fetch())).as(sqlB).isEqualTo(expectedB);
    assertThat(texts(a.get().fetch())).as(sqlA + ", again").isEqualTo(expectedA);
    assertThat(a.get().toSql()).isNotEqualTo(b.get().toSql());
  }

  /**
   * The write statements' pair: a, b, a again, each in a transaction rolled back afterwards, must
   * each leave the balance rows its SQL leaves (run first through pgjdbc, also rolled back).
   */
  final void dmlPair(
      Function<Queries, ReturningStep<?>> a,
      String sqlA,
      Function<Queries, ReturningStep<?>> b,
      String sqlB)
      throws SQLException {
    List<String> expectedA = Balances.reference(jdbc, sqlA).rows();
    List<String> expectedB = Balances.reference(jdbc, sqlB).rows();
    assertThat(expectedA).as("the pair must differ in its effect").isNotEqualTo(expectedB);
    assertThat(effect(a)).as(sqlA).isEqualTo(expectedA);
    assertThat(effect(b)).as(sqlB).isEqualTo(expectedB);
    assertThat(effect(a)).as(sqlA + ", again").isEqualTo(expectedA);
    assertThat(a.apply(db).toSql()).isNotEqualTo(b.apply(db).toSql());
  }

  private List<String> effect(Function<Queries, ReturningStep<?>> statement) {
    return Balances.rolledBack(
        db,
        tx -> {
          statement.apply(tx).execute();
          return Balances.state(tx);
        });
  }
}
