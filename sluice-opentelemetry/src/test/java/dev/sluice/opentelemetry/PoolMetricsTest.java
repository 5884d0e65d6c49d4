package dev.sluice.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import java.sql.Connection;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The pool's metrics, from a pool on the embedded server. */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PoolMetricsTest {
  @RegisterExtension static final OpenTelemetryExtension otel = OpenTelemetryExtension.create();

  private static final RowDecoder<Integer> INT = columns -> row -> row.getInt(0);
  private static final AttributeKey<String> POOL =
      AttributeKey.stringKey("db.client.connection.pool.name");

  private static Database open(TestDatabase tdb, int max) {
    return Database.builder()
        .url(tdb.url())
        .maxPoolSize(max)
        .listener(SluiceTelemetry.builder(otel.getOpenTelemetry()).poolName("shop").build())
        .build();
  }

  @Test
  void connectionsInUseAndIdleAndTheMaximumAreObservedWhileThePoolWorks(TestDatabase tdb)
      throws Exception {
    try (Database db = open(tdb, 3);
        AutoCloseable observed = SluiceTelemetry.observePool(otel.getOpenTelemetry(), db, "shop")) {
      db.query("SELECT 1", INT);
      assertThat(counts()).containsEntry("used", 0L).containsEntry("idle", 1L);

      Map<String, Long> inside =
          db.transaction(
              tx -> {
                // The transaction holds one connection; a second query outside it opens another.
                db.query("SELECT 2", INT);
                return counts();
              });
      assertThat(inside).containsEntry("used", 1L).containsEntry("idle", 1L);
      assertThat(counts()).containsEntry("used", 0L).containsEntry("idle", 2L);

      MetricData max = metric("db.client.connection.max");
      assertThat(max.getUnit()).isEqualTo("{connection}");
      assertThat(max.getLongSumData().getPoints())
          .singleElement()
          .satisfies(
              p -> {
                assertThat(p.getValue()).isEqualTo(3);
                assertThat(p.getAttributes()).isEqualTo(Attributes.of(POOL, "shop"));
              });
    }
  }

  @Test
  void everyAcquireIsAWaitAndOpenedClosedAndBrokenConnectionsAreCounted(TestDatabase tdb)
      throws Exception {
    int pid;
    try (Database db = open(tdb, 1)) {
      for (int i = 0; i < 4; i++) {
        db.query("SELECT 1", INT);
      }
      pid = db.queryOne("SELECT pg_backend_pid()", INT).orElseThrow();
      try (Connection c = tdb.jdbc();
          Statement st = c.createStatement()) {
        st.execute("SELECT pg_terminate_backend(" + pid + ", 10000)"); // waits for it to exit
      }
      // The pool's one connection is dead. Whether the pool finds that out before handing it over
      // (the server's FATAL message is already in its socket) or the call fails on it, the pool
      // drops it as broken and opens another.
      try {
        db.query("SELECT 1", INT);
      } catch (PgException e) {
        assertThat(e.sqlState()).isIn("57P01", "08006");
      }
      assertThat(db.query("SELECT 3", INT)).containsExactly(3);
    }

    MetricData wait = metric("db.client.connection.wait_time");
    assertThat(wait.getUnit()).isEqualTo("s");
    HistogramPointData point = wait.getHistogramData().getPoints().iterator().next();
    assertThat(point.getAttributes()).isEqualTo(Attributes.of(POOL, "shop"));
    // Four queries, the pid, the call on the dead connection and the one after it: seven acquires.
    assertThat(point.getCount()).isEqualTo(7);
    assertThat(point.getMin()).isGreaterThanOrEqualTo(0.0);

    Map<String, Long> changes = new HashMap<>();
    for (LongPointData p : metric("sluice.pool.connection.changes").getLongSumData().getPoints()) {
      assertThat(p.getAttributes().get(POOL)).isEqualTo("shop");
      changes.put(
          p.getAttributes().get(AttributeKey.stringKey("sluice.pool.change")), p.getValue());
    }
    // Opened twice (the first and its replacement); one broken; the replacement closed with the
    // pool.
    assertThat(changes)
        .containsExactlyInAnyOrderEntriesOf(Map.of("opened", 2L, "broken", 1L, "closed", 1L));
  }

  @Test
  void withoutAPoolNameThePoolIsNamedByItsServer(TestDatabase tdb) {
    try (Database db =
        Database.builder()
            .url(tdb.url())
            .listener(SluiceTelemetry.create(otel.getOpenTelemetry()))
            .build()) {
      db.query("SELECT 1", INT);
    }
    assertThat(metric("db.client.connection.wait_time").getHistogramData().getPoints())
        .singleElement()
        .satisfies(
            p -> assertThat(p.getAttributes().get(POOL)).isEqualTo(tdb.host() + ":" + tdb.port()));
  }

  @Test
  void observePoolRefusesAMissingName(TestDatabase tdb) {
    try (Database db = open(tdb, 1)) {
      assertThatThrownBy(() -> SluiceTelemetry.observePool(otel.getOpenTelemetry(), db, ""))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("observePool needs an OpenTelemetry, a Database and a pool name");
    }
  }

  /** db.client.connection.count now, by state. */
  private static Map<String, Long> counts() {
    MetricData count = metric("db.client.connection.count");
    assertThat(count.getUnit()).isEqualTo("{connection}");
    Map<String, Long> out = new HashMap<>();
    for (LongPointData p : count.getLongSumData().getPoints()) {
      assertThat(p.getAttributes().get(POOL)).isEqualTo("shop");
      out.put(
          p.getAttributes().get(AttributeKey.stringKey("db.client.connection.state")),
          p.getValue());
    }
    return out;
  }

  private static MetricData metric(String name) {
    List<MetricData> found =
        otel.getMetrics().stream().filter(m -> m.getName().equals(name)).toList();
    assertThat(found).as(name).hasSize(1);
    return found.get(0);
  }
}
