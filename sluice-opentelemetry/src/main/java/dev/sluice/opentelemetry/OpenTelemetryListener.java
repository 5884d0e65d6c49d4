package dev.sluice.opentelemetry;

import dev.sluice.PoolEvent;
import dev.sluice.SluiceListener;
import dev.sluice.StatementEvent;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Turns each {@link StatementEvent} into a span and a histogram measurement (see {@link
 * SluiceTelemetry}). The event comes when the statement has ended, on the thread that ran it, so
 * the span is made then with its start set back by the statement's duration, under the context
 * current on that thread: the same parent it would have had if started first.
 */
final class OpenTelemetryListener implements SluiceListener {
  static final String SCOPE = "dev.sluice";

  static final AttributeKey<String> DB_SYSTEM_NAME = AttributeKey.stringKey("db.system.name");
  static final AttributeKey<String> DB_NAMESPACE = AttributeKey.stringKey("db.namespace");
  static final AttributeKey<String> DB_QUERY_TEXT = AttributeKey.stringKey("db.query.text");
  static final AttributeKey<String> DB_OPERATION_NAME = AttributeKey.stringKey("db.operation.name");
  static final AttributeKey<String> DB_RESPONSE_STATUS_CODE =
      AttributeKey.stringKey("db.response.status_code");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
  static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
  static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");

  /** The semantic conventions' advice for db.client.operation.duration, in seconds. */
  private static final List<Double> BUCKETS =
      List.of(0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 10.0);

  private final Tracer tracer;
  private final DoubleHistogram duration;
  private final boolean captureQueryText;
  private final PoolMetrics pool;

  OpenTelemetryListener(OpenTelemetry openTelemetry, boolean captureQueryText, String poolName) {
    this.tracer = openTelemetry.getTracer(SCOPE);
    this.duration =
        openTelemetry
            .getMeter(SCOPE)
            .histogramBuilder("db.client.operation.duration")
            .setUnit("s")
            .setDescription("Duration of database client operations.")
            .setExplicitBucketBoundariesAdvice(BUCKETS)
            .build();
    this.captureQueryText = captureQueryText;
    this.pool = new PoolMetrics(openTelemetry.getMeter(SCOPE), poolName);
  }

  @Override
  public void poolEvent(PoolEvent event) {
    pool.record(event);
  }

  @Override
  public void statementEnded(StatementEvent event) {
    Instant now = Instant.now();
    long endNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    String operation = operationName(event.sql());

    AttributesBuilder common = Attributes.builder().put(DB_SYSTEM_NAME, "postgresql");
    putIfPresent(common, DB_NAMESPACE, event.database());
    putIfPresent(common, DB_OPERATION_NAME, operation);
    putIfPresent(common, SERVER_ADDRESS, event.host());
    common.put(SERVER_PORT, (long) event.port());
    if (event.failed()) {
      String state = event.sqlState();
      putIfPresent(common, DB_RESPONSE_STATUS_CODE, state);
      common.put(ERROR_TYPE, state != null ? state : event.failure().getClass().getName());
    }
    Attributes metricAttributes = common.build();

    AttributesBuilder spanAttributes = metricAttributes.toBuilder();
    if (captureQueryText) {
      spanAttributes.put(DB_QUERY_TEXT, event.sql());
    }
    Span span =
        tracer
            .spanBuilder(spanName(operation, event.database()))
            .setSpanKind(SpanKind.CLIENT)
            .setStartTimestamp(endNanos - event.durationNanos(), TimeUnit.NANOSECONDS)
            .setAllAttributes(spanAttributes.build())
            .startSpan();
    if (event.failed()) {
      span.setStatus(StatusCode.ERROR, event.failure().getMessage());
      span.recordException(event.failure());
    }
    span.end(endNanos, TimeUnit.NANOSECONDS);

    duration.record(event.durationNanos() / 1e9, metricAttributes);
  }

  private static void putIfPresent(AttributesBuilder b, AttributeKey<String> key, String value) {
    if (value != null && !value.isEmpty()) {
      b.put(key, value);
    }
  }

  /**
   * {@code "<operation> <database>"}, else the one known, else {@code "postgresql"}: the
   * conventions' {@code {db.operation.name} {target}} with the database as the target.
   */
  static String spanName(String operation, String database) {
    boolean hasDatabase = database != null && !database.isEmpty();
    if (operation != null) {
      return hasDatabase ? operation + " " + database : operation;
    }
    return hasDatabase ? database : "postgresql";
  }

  /**
   * The statement's first keyword in upper case ({@code SELECT}, {@code INSERT}, {@code WITH},
   * {@code COPY}), after blanks and opening parentheses; null when the text does not start with a
   * word of two or more letters (the description Sluice gives a pipeline of several statements).
   */
  static String operationName(String sql) {
    int i = 0;
    int n = sql.length();
    while (i < n && (Character.isWhitespace(sql.charAt(i)) || sql.charAt(i) == '(')) {
      i++;
    }
    int start = i;
    while (i < n && isAsciiLetter(sql.charAt(i))) {
      i++;
    }
    if (i - start < 2 || (i < n && !isBoundary(sql.charAt(i)))) {
      return null;
    }
    return sql.substring(start, i).toUpperCase(java.util.Locale.ROOT);
  }

  private static boolean isAsciiLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  private static boolean isBoundary(char c) {
    return Character.isWhitespace(c) || c == '(' || c == ';';
  }
}
