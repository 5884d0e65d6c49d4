package dev.sluice.opentelemetry;

import dev.sluice.Database;
import dev.sluice.SluiceListener;
import io.opentelemetry.api.OpenTelemetry;

/**
 * Sluice's statements as OpenTelemetry spans and metrics, with the stable database semantic
 * conventions. One line of setup:
 *
 * <pre>{@code
 * Database db = Database.builder().url(url).listener(SluiceTelemetry.create(openTelemetry)).build();
 * }</pre>
 *
 * <p>Each statement (each call: a query, an execute, a batch, a pipeline, a stream's opening) is a
 * {@code CLIENT} span, a child of the span current on the calling thread, named {@code "<operation>
 * <database>"} ({@code "SELECT shop"}), with {@code db.system.name = "postgresql"}, {@code
 * db.namespace} (the database), {@code db.query.text} (the text with its {@code $n} placeholders;
 * bound values never), {@code db.operation.name} (the statement's first keyword), {@code
 * server.address}, {@code server.port}, and on failure the status ERROR, {@code
 * db.response.status_code} (the SQLSTATE) and {@code error.type} (the SQLSTATE, or the exception's
 * class when there is none). Its duration is also recorded in the histogram {@code
 * db.client.operation.duration} (seconds), with the same attributes but the text.
 *
 * <p>The pool's events become the histogram {@code db.client.connection.wait_time} (seconds a
 * caller waited for a connection) and the counter {@code sluice.pool.connection.changes} (by {@code
 * sluice.pool.change}: {@code opened}, {@code closed}, {@code broken}); {@link #observePool} adds
 * {@code db.client.connection.count} (by {@code db.client.connection.state}: {@code used}, {@code
 * idle}) and {@code db.client.connection.max}. All carry {@code db.client.connection.pool.name}
 * ({@link Builder#poolName}, else {@code host:port}).
 */
public final class SluiceTelemetry {
  private SluiceTelemetry() {}

  /**
   * The listener for {@code openTelemetry}, with the statement text captured.
   *
   * @param openTelemetry where the spans and metrics go (the SDK, or {@code GlobalOpenTelemetry})
   * @return a listener to give the database's builder
   * @throws IllegalArgumentException if {@code openTelemetry} is null
   */
  public static SluiceListener create(OpenTelemetry openTelemetry) {
    return builder(openTelemetry).build();
  }

  /**
   * Observes {@code db}'s connections in use and idle ({@code db.client.connection.count}) and its
   * maximum ({@code db.client.connection.max}), read when the SDK collects, under {@code poolName}
   * (give the listener's {@link Builder#poolName} the same). Closing the result stops observing;
   * close it before or with the database.
   *
   * @param openTelemetry where the metrics go
   * @param db the database whose pool is observed
   * @param poolName the {@code db.client.connection.pool.name} the metrics carry
   * @return the registration; closing it stops observing
   * @throws IllegalArgumentException if an argument is null or the pool name is empty
   */
  public static AutoCloseable observePool(
      OpenTelemetry openTelemetry, Database db, String poolName) {
    if (openTelemetry == null || db == null || poolName == null || poolName.isEmpty()) {
      throw new IllegalArgumentException(
          "observePool needs an OpenTelemetry, a Database and a pool name; got "
              + openTelemetry
              + ", "
              + db
              + ", '"
              + poolName
              + "'");
    }
    return PoolMetrics.observe(openTelemetry, db, poolName);
  }

  /**
   * A builder of the listener, to choose whether the statement text is captured and the pool's
   * name.
   *
   * @param openTelemetry where the spans and metrics go
   * @return a builder with the defaults of {@link #create}
   * @throws IllegalArgumentException if {@code openTelemetry} is null
   */
  public static Builder builder(OpenTelemetry openTelemetry) {
    return new Builder(openTelemetry);
  }

  /** Options of the listener. */
  public static final class Builder {
    private final OpenTelemetry openTelemetry;
    private boolean captureQueryText = true;
    private String poolName;

    private Builder(OpenTelemetry openTelemetry) {
      if (openTelemetry == null) {
        throw new IllegalArgumentException("openTelemetry is null");
      }
      this.openTelemetry = openTelemetry;
    }

    /**
     * Whether spans carry {@code db.query.text} (default true). Bound values are never in it, but
     * literals written into the SQL are: turn it off if those may be sensitive.
     *
     * @param capture false to leave {@code db.query.text} out of the spans
     * @return this builder
     */
    public Builder captureQueryText(boolean capture) {
      this.captureQueryText = capture;
      return this;
    }

    /**
     * The {@code db.client.connection.pool.name} of the pool metrics (default: {@code host:port} of
     * the server each event's connection is on).
     *
     * @param name the pool name; the same as given to {@link #observePool}, if that is used
     * @return this builder
     */
    public Builder poolName(String name) {
      this.poolName = name;
      return this;
    }

    /**
     * The listener with these options.
     *
     * @return a listener to give the database's builder
     */
    public SluiceListener build() {
      return new OpenTelemetryListener(openTelemetry, captureQueryText, poolName);
    }
  }
}
