package dev.sluice.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgServer;
import dev.sluice.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * {@link GenericPlan}'s path for servers before 16 (PREPARE, EXPLAIN EXECUTE), on an embedded
 * PostgreSQL 15 of its own: the generic plan with its {@code $n}, every partition kept, nothing
 * executed, and the connection left as it was, whether PostgreSQL plans the statement or refuses
 * it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GenericPlanTest {
  private PgServer server;
  private TestDatabase db;
  private Connection c;

  @BeforeAll
  void start() throws SQLException {
    server = PgServer.builder().postgresVersion("15").start();
    db = server.createPagilaDatabase();
    c = db.jdbc();
  }

  @AfterAll
  void stop() throws SQLException {
    c.close();
    db.close();
    server.close();
  }

  @Test
  void theServerHasNoGenericPlanOption() throws SQLException {
    assertThat(c.getMetaData().getDatabaseMajorVersion()).isEqualTo(15);
  }

  @Test
  void theGenericPlanShowsTheParameters() throws SQLException {
    String json =
        GenericPlan.explain(
            c,
            "SELECT title FROM film WHERE film_id = $1 AND title <> $2",
            Arrays.asList("int4", null));
    assertThat(json).contains("\"Output\"").contains("$1").contains("$2");
    assertClean();
  }

  @Test
  void everyPartitionStaysInThePlan() throws SQLException {
    String json =
        GenericPlan.explain(c, "SELECT amount FROM payment WHERE customer_id = $1", List.of());
    assertThat(json).doesNotContainPattern("\"Subplans Removed\": [1-9]");
    assertThat(partitions()).allSatisfy(partition -> assertThat(json).contains(partition));
    assertClean();
  }

  @Test
  void aRefusedStatementLeavesNothingBehind() throws SQLException {
    assertThat(
            GenericPlan.explain(c, "SELECT no_such_column FROM film WHERE film_id = $1", List.of()))
        .isNull();
    assertClean();
    assertThat(GenericPlan.explain(c, "SHOW search_path", List.of())).isNull();
    assertClean();
  }

  @Test
  void nothingIsExecuted() throws SQLException {
    int before = count("SELECT count(*) FROM language");
    String json =
        GenericPlan.explain(
            c, "INSERT INTO language (name) VALUES ($1) RETURNING language_id", List.of("bpchar"));
    assertThat(json).contains("\"Operation\": \"Insert\"");
    assertThat(count("SELECT count(*) FROM language")).isEqualTo(before);
    assertClean();
  }

  @Test
  void theParameterCountIsTheHighestNumber() {
    assertThat(GenericPlan.parameterCount("SELECT $2, '$9', $1 -- $7")).isEqualTo(2);
    assertThat(GenericPlan.parameterCount("SELECT 1")).isZero();
  }

  @Test
  void initPlanValuesReadAsSeventeenPrintsThem() throws SQLException {
    // 15 prints "InitPlan 1 (returns $0)" and $0 where 17 prints (InitPlan 1).col1.
    String json = GenericPlan.explain(c, "SELECT EXISTS (SELECT 1 FROM film) AS flag", List.of());
    assertThat(json).contains("\"Subplan Name\": \"InitPlan 1\"").contains("(InitPlan 1).col1");
    assertThat(json).doesNotContain("$0").doesNotContain("returns");
  }

  @Test
  void anInitPlanNumberThatIsAlsoAParameterStaysUndecided() {
    String old = "{\"Output\": [\"$1\", \"$2\"], \"Subplan Name\": \"InitPlan 2 (returns $1,$2)\"}";
    assertThat(GenericPlan.withInitPlanColumns(old, 1))
        .isEqualTo(
            "{\"Output\": [\"$1\", \"(InitPlan 2).col2\"], \"Subplan Name\": \"InitPlan 2\"}");
    assertThat(GenericPlan.withInitPlanColumns("{\"Output\": [\"$1\"]}", 0))
        .isEqualTo("{\"Output\": [\"$1\"]}");
  }

  /** No prepared statement left, no transaction open, the settings as they were. */
  private void assertClean() throws SQLException {
    assertThat(c.unwrap(BaseConnection.class).getTransactionState())
        .isEqualTo(TransactionState.IDLE);
    assertThat(count("SELECT count(*) FROM pg_prepared_statements")).isZero();
    assertThat(show("plan_cache_mode")).isEqualTo("auto");
    assertThat(show("enable_partition_pruning")).isEqualTo("on");
  }

  private List<String> partitions() throws SQLException {
    List<String> names = new java.util.ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT inhrelid::regclass::text FROM pg_inherits"
                    + " WHERE inhparent = 'payment'::regclass")) {
      while (r.next()) {
        names.add(r.getString(1));
      }
    }
    assertThat(names).hasSizeGreaterThan(1);
    return names;
  }

  private int count(String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery(sql)) {
      r.next();
      return r.getInt(1);
    }
  }

  private String show(String setting) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SHOW " + setting)) {
      r.next();
      return r.getString(1);
    }
  }
}
