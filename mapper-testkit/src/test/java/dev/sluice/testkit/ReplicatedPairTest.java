package dev.sluice.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The synchronous pair: a row committed on the primary is on the standby, the standby is in
 * recovery and refuses writes, and after promotion it takes them. The tests run in order on one
 * pair (the last promotes the standby and kills the primary).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReplicatedPairTest {
  private static ReplicatedPair pair;

  @BeforeAll
  static void start() {
    pair = ReplicatedPair.startSynchronous();
  }

  @AfterAll
  static void stop() {
    if (pair != null) {
      pair.close();
    }
  }

  @Test
  @Order(1)
  void theStandbyIsSynchronousAndStreamsFromTheSlot() throws SQLException {
    assertThat(
            text(
                pair.jdbcPrimary(),
                "SELECT sync_state || ' ' || state FROM pg_stat_replication"
                    + " WHERE application_name = '"
                    + ReplicatedPair.STANDBY_NAME
                    + "'"))
        .isEqualTo("sync streaming");
    assertThat(
            text(
                pair.jdbcPrimary(),
                "SELECT active::text FROM pg_replication_slots WHERE slot_name = '"
                    + ReplicatedPair.SLOT_NAME
                    + "'"))
        .isEqualTo("true");
    // The standby holds no copy of the slot.
    assertThat(text(pair.jdbcStandby(), "SELECT count(*)::text FROM pg_replication_slots"))
        .isEqualTo("0");
  }

  @Test
  @Order(2)
  void aCommittedRowIsOnTheStandbyAtOnce() throws SQLException {
    pair.executeOnPrimary("CREATE TABLE pair_t (id int PRIMARY KEY, v text)");
    pair.executeOnPrimary("INSERT INTO pair_t VALUES (1, 'one')");
    // Synchronous commit waits for the flush, not the replay: wait for the replay here.
    pair.awaitReplay();
    assertThat(text(pair.jdbcStandby(), "SELECT v FROM pair_t WHERE id = 1")).isEqualTo("one");
  }

  @Test
  @Order(3)
  void theStandbyIsInRecoveryAndReadOnly() throws SQLException {
    assertThat(text(pair.jdbcStandby(), "SELECT pg_is_in_recovery()::text")).isEqualTo("true");
    assertThat(text(pair.jdbcPrimary(), "SELECT pg_is_in_recovery()::text")).isEqualTo("false");
    assertThatThrownBy(
            () -> text(pair.jdbcStandby(), "INSERT INTO pair_t VALUES (2, 'x') RETURNING v"))
        .isInstanceOf(SQLException.class)
        .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("25006"));
  }

  @Test
  @Order(4)
  void afterPromotionTheStandbyTakesWritesAndTheKilledPrimaryIsGone() throws SQLException {
    pair.killPrimary();
    assertThat(pair.isPrimaryRunning()).isFalse();
    assertThatThrownBy(pair::jdbcPrimary).isInstanceOf(SQLException.class);
    pair.promoteStandby();
    assertThat(text(pair.jdbcStandby(), "SELECT pg_is_in_recovery()::text")).isEqualTo("false");
    assertThat(text(pair.jdbcStandby(), "INSERT INTO pair_t VALUES (3, 'three') RETURNING v"))
        .isEqualTo("three");
  }

  @Test
  @Order(5)
  void closingLeavesNoProcessNorFile() throws Exception {
    ReplicatedPair other = ReplicatedPair.startAsynchronous();
    Path base;
    try {
      assertThat(other.isSynchronous()).isFalse();
      base = Path.of(text(other.jdbcStandby(), "SHOW data_directory")).getParent().getParent();
      other.stopStandby();
      assertThatThrownBy(other::jdbcStandby).isInstanceOf(SQLException.class);
      other.startStandby();
      assertThat(text(other.jdbcStandby(), "SELECT pg_is_in_recovery()::text")).isEqualTo("true");
    } finally {
      other.close();
    }
    assertThat(Files.exists(base)).as(base.toString()).isFalse();
    // A postmaster's command line names its data directory (an exited one, not yet reaped by its
    // adoptive parent, has none).
    assertThat(
            ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains(base.toString())))
        .isEmpty();
    assertThatThrownBy(other::jdbcStandby).isInstanceOf(SQLException.class);
    assertThatThrownBy(other::jdbcPrimary).isInstanceOf(SQLException.class);
  }

  /** The one value of a query; closes the connection. */
  static String text(Connection connection, String sql) throws SQLException {
    try (Connection c = connection;
        Statement s = c.createStatement();
        ResultSet rows = s.executeQuery(sql)) {
      assertThat(rows.next()).as(sql).isTrue();
      return rows.getString(1);
    }
  }
}
