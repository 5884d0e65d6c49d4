package dev.sluice.opentelemetry;

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
 */
public final class SluiceTelemetry {
  private SluiceTelemetry() {}

  /** The listener for {@code openTelemetry}, with the statement text captured. */
  public static SluiceListener create(OpenTelemetry openTelemetry) {
    return builder(openTelemetry).build();
  }

  public static Builder builder(OpenTelemetry openTelemetry) {
    return new Builder(openTelemetry);
  }

  /** Options of the listener. */
  public static final class Builder {
    private final OpenTelemetry openTelemetry;
    private boolean captureQueryText = true;

    private Builder(OpenTelemetry openTelemetry) {
      if (openTelemetry == null) {
        throw new IllegalArgumentException("openTelemetry is null");
      }
      this.openTelemetry = openTelemetry;
    }

    /**
     * Whether spans carry {@code db.query.text} (default true). Bound values are never in it, but
     * literals written into the SQL are: turn it off if those may be sensitive.
     */
    public Builder captureQueryText(boolean capture) {
      this.captureQueryText = capture;
      return this;
    }

    public SluiceListener build() {
      return new OpenTelemetryListener(openTelemetry, captureQueryText);
    }
  }
}
