package dev.sluice.opentelemetry;

import dev.sluice.Database;
import dev.sluice.PoolEvent;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.metrics.ObservableLongUpDownCounter;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pool's metrics, named as in OpenTelemetry's database client connection conventions (still in
 * development there): from the listener's {@link PoolEvent}s, the wait for a connection ({@code
 * db.client.connection.wait_time}) and the connections opened, closed and discarded broken ({@code
 * sluice.pool.connection.changes}: the conventions have no such counter, so it is named in Sluice's
 * namespace); from {@link SluiceTelemetry#observePool}, the connections in use and idle ({@code
 * db.client.connection.count} by {@code db.client.connection.state}) and the most the pool opens
 * ({@code db.client.connection.max}), read from the {@link Database} when the SDK collects.
 *
 * <p>Every measurement carries {@code db.client.connection.pool.name}: the name given to the
 * builder, or else {@code host:port} of the event's server, as the conventions suggest for a pool
 * without a name. Give {@code observePool} the same name, so both halves describe one pool.
 */
final class PoolMetrics {
  static final AttributeKey<String> POOL_NAME =
      AttributeKey.stringKey("db.client.connection.pool.name");
  static final AttributeKey<String> STATE = AttributeKey.stringKey("db.client.connection.state");
  static final AttributeKey<String> CHANGE = AttributeKey.stringKey("sluice.pool.change");

  /** The conventions' advice for db.client.connection.wait_time, in seconds. */
  private static final List<Double> WAIT_BUCKETS =
      List.of(0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 10.0);

  private final DoubleHistogram waitTime;
  private final LongCounter changes;

  /** The pool name given, or null to name each server's pool {@code host:port}. */
  private final String poolName;

  /** Attributes per pool name, so an event allocates none once its pool has been seen. */
  private final ConcurrentHashMap<String, Attributes> byPool = new ConcurrentHashMap<>();

  PoolMetrics(Meter meter, String poolName) {
    this.poolName = poolName;
    this.waitTime =
        meter
            .histogramBuilder("db.client.connection.wait_time")
            .setUnit("s")
            .setDescription("The time it took to obtain an open connection from the pool.")
            .setExplicitBucketBoundariesAdvice(WAIT_BUCKETS)
            .build();
    this.changes =
        meter
            .counterBuilder("sluice.pool.connection.changes")
            .setUnit("{connection}")
            .setDescription("Connections the pool opened, closed, or discarded broken.")
            .build();
  }

  void record(PoolEvent event) {
    String name = poolName != null ? poolName : event.host() + ":" + event.port();
    Attributes pool = byPool.computeIfAbsent(name, n -> Attributes.of(POOL_NAME, n));
    switch (event.kind()) {
      case ACQUIRED -> waitTime.record(event.waitNanos() / 1e9, pool);
      case OPENED -> changes.add(1, pool.toBuilder().put(CHANGE, "opened").build());
      case CLOSED -> changes.add(1, pool.toBuilder().put(CHANGE, "closed").build());
      case BROKEN -> changes.add(1, pool.toBuilder().put(CHANGE, "broken").build());
    }
  }

  /**
   * Observes {@code db}'s connections in use and idle, and its maximum, under {@code poolName};
   * closing the result stops observing.
   */
  static AutoCloseable observe(OpenTelemetry openTelemetry, Database db, String poolName) {
    Meter meter = openTelemetry.getMeter(OpenTelemetryListener.SCOPE);
    Attributes pool = Attributes.of(POOL_NAME, poolName);
    Attributes used = Attributes.of(POOL_NAME, poolName, STATE, "used");
    Attributes idle = Attributes.of(POOL_NAME, poolName, STATE, "idle");
    ObservableLongUpDownCounter count =
        meter
            .upDownCounterBuilder("db.client.connection.count")
            .setUnit("{connection}")
            .setDescription(
                "The number of connections that are currently in state described by the state"
                    + " attribute.")
            .buildWithCallback(
                m -> {
                  // Two reads of a live pool: clamp, so a release between them never shows -1.
                  int open = db.poolSize();
                  int idleNow = Math.min(db.idleConnections(), open);
                  m.record(open - idleNow, used);
                  m.record(idleNow, idle);
                });
    ObservableLongUpDownCounter max =
        meter
            .upDownCounterBuilder("db.client.connection.max")
            .setUnit("{connection}")
            .setDescription("The maximum number of open connections allowed.")
            .buildWithCallback(m -> m.record(db.maxPoolSize(), pool));
    return () -> {
      count.close();
      max.close();
    };
  }
}
