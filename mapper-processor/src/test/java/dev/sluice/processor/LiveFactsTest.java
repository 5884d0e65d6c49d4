package dev.sluice.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgServer;
import dev.sluice.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@link LiveFacts} on the testkit's PostgreSQL with Pagila: which parameter types it asks the
 * server for, whatever kind of list the declared types come in.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LiveFactsTest {
  private TestDatabase db;
  private Connection c;
  private LiveFacts facts;

  @BeforeAll
  void createDatabase() throws SQLException {
    db = PgServer.shared().createPagilaDatabase();
    c = db.jdbc();
    facts = new LiveFacts(c);
  }

  @AfterAll
  void dropDatabase() throws SQLException {
    c.close();
    db.close();
  }

  @Test
  void anImmutableEmptyListOfDeclaredTypes() throws SQLException {
    // List.of().contains(null) throws a NullPointerException: the look-up asked it so once.
    assertThat(facts.parameterTypes("SELECT 1", List.of())).isEmpty();
    SchemaFacts.Description d = facts.describe("SELECT 1 AS one", "SELECT 1 AS one", List.of());
    assertThat(d.parameterTypes).isEmpty();
    assertThat(d.columns).hasSize(1);
    assertThat(d.columns.get(0).label).isEqualTo("one");
  }

  @Test
  void typesLeftToTheServerAreLookedUp() throws SQLException {
    String byId = "SELECT title FROM film WHERE film_id = $1";
    assertThat(facts.parameterTypes(byId, Arrays.asList((String) null))).containsExactly("integer");
    // A parameter past the end of the declared list is left to the server as well.
    assertThat(facts.parameterTypes(byId, List.of())).containsExactly("integer");
    assertThat(facts.parameterTypes("SELECT ($1::int4) + 1", List.of("int4"))).isEmpty();
  }
}
