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
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Spans and the duration histogram, from statements run on the embedded server. */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SluiceTelemetryTest {
  @RegisterExtension static final OpenTelemetryExtension otel = OpenTelemetryExtension.create();

  private static final RowDecoder<Integer> INT = columns -> row -> row.getInt(0);

  private static Database open(TestDatabase tdb) {
    return Database.builder()
        .url(tdb.url())
        .maxPoolSize(1)
        .listener(SluiceTelemetry.create(otel.getOpenTelemetry()))
        .build();
  }

  private static SpanData span(String queryText) {
    List<SpanData> spans =
        otel.getSpans().stream()
            .filter(
                s ->
                    queryText.equals(
                        s.getAttributes().get(AttributeKey.stringKey("db.query.text"))))
            .toList();
    assertThat(spans).hasSize(1);
    return spans.get(0);
  }

  @Test
  void aStatementIsAClientSpanWithTheStableDatabaseAttributes(TestDatabase tdb) {
    Span parent = otel.getOpenTelemetry().getTracer("test").spanBuilder("request").startSpan();
    try (Database db = open(tdb);
        Scope ignored = parent.makeCurrent()) {
      assertThat(db.query("SELECT $1::int + 1", INT, 41)).containsExactly(42);
    } finally {
      parent.end();
    }

    SpanData s = span("SELECT $1::int + 1");
    assertThat(s.getName()).isEqualTo("SELECT " + tdb.name());
    assertThat(s.getKind()).isEqualTo(SpanKind.CLIENT);
    assertThat(s.getParentSpanId()).isEqualTo(parent.getSpanContext().getSpanId());
    assertThat(s.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
    assertThat(s.getEndEpochNanos()).isGreaterThan(s.getStartEpochNanos());
    Attributes a = s.getAttributes();
    assertThat(a.get(AttributeKey.stringKey("db.system.name"))).isEqualTo("postgresql");
    assertThat(a.get(AttributeKey.stringKey("db.namespace"))).isEqualTo(tdb.name());
    assertThat(a.get(AttributeKey.stringKey("db.operation.name"))).isEqualTo("SELECT");
    assertThat(a.get(AttributeKey.stringKey("server.address"))).isEqualTo(tdb.host());
    assertThat(a.get(AttributeKey.longKey("server.port"))).isEqualTo((long) tdb.port());
    assertThat(a.get(AttributeKey.stringKey("db.response.status_code"))).isNull();
    // Nothing else: in particular no bound value.
    assertThat(a.asMap().keySet())
        .extracting(AttributeKey::getKey)
        .containsExactlyInAnyOrder(
            "db.system.name",
            "db.namespace",
            "db.operation.name",
            "db.query.text",
            "server.address",
            "server.port");
  }

  @Test
  void aFailedStatementsSpanHasItsSqlState(TestDatabase tdb) {
    try (Database db = open(tdb)) {
      assertThatThrownBy(() -> db.execute("SELECT * FROM no_such_table WHERE id = $1", 7))
          .isInstanceOf(PgException.class);
    }

    SpanData s = span("SELECT * FROM no_such_table WHERE id = $1");
    assertThat(s.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(s.getStatus().getDescription()).contains("no_such_table");
    assertThat(s.getAttributes().get(AttributeKey.stringKey("db.response.status_code")))
        .isEqualTo("42P01");
    assertThat(s.getAttributes().get(AttributeKey.stringKey("error.type"))).isEqualTo("42P01");
    assertThat(s.getEvents()).extracting(e -> e.getName()).containsExactly("exception");
  }

  @Test
  void theDurationHistogramIsInSecondsWithoutTheQueryText(TestDatabase tdb) {
    try (Database db = open(tdb)) {
      db.execute("SELECT pg_sleep(0.05)");
      db.execute("SELECT pg_sleep(0.05)");
      assertThatThrownBy(() -> db.execute("SELECT 1 / 0")).isInstanceOf(PgException.class);
    }

    MetricData metric =
        otel.getMetrics().stream()
            .filter(m -> m.getName().equals("db.client.operation.duration"))
            .findFirst()
            .orElseThrow();
    assertThat(metric.getUnit()).isEqualTo("s");
    List<HistogramPointData> points = List.copyOf(metric.getHistogramData().getPoints());
    assertThat(points).hasSize(2); // the successes share their attributes; the failure has its own
    HistogramPointData ok =
        points.stream()
            .filter(p -> p.getAttributes().get(AttributeKey.stringKey("error.type")) == null)
            .findFirst()
            .orElseThrow();
    assertThat(ok.getCount()).isEqualTo(2);
    assertThat(ok.getSum()).isGreaterThanOrEqualTo(0.1).isLessThan(10);
    assertThat(ok.getAttributes().get(AttributeKey.stringKey("db.operation.name")))
        .isEqualTo("SELECT");
    assertThat(ok.getAttributes().get(AttributeKey.stringKey("db.query.text"))).isNull();
    HistogramPointData failed = points.stream().filter(p -> p != ok).findFirst().orElseThrow();
    assertThat(failed.getAttributes().get(AttributeKey.stringKey("db.response.status_code")))
        .isEqualTo("22012");
  }

  @Test
  void theTextCanBeLeftOutAndAPipelineIsNamedByItsDatabase(TestDatabase tdb) {
    try (Database db =
        Database.builder()
            .url(tdb.url())
            .maxPoolSize(1)
            .listener(
                SluiceTelemetry.builder(otel.getOpenTelemetry()).captureQueryText(false).build())
            .build()) {
      db.pipeline(
          p -> {
            p.execute("SELECT 1");
            p.execute("SELECT 2");
            return null;
          });
    }

    assertThat(otel.getSpans()).hasSize(1);
    SpanData s = otel.getSpans().get(0);
    assertThat(s.getName()).isEqualTo(tdb.name());
    assertThat(s.getAttributes().get(AttributeKey.stringKey("db.query.text"))).isNull();
    assertThat(s.getAttributes().get(AttributeKey.stringKey("db.operation.name"))).isNull();
  }

  @Test
  void operationNames() {
    assertThat(OpenTelemetryListener.operationName("  insert INTO t VALUES ($1)"))
        .isEqualTo("INSERT");
    assertThat(OpenTelemetryListener.operationName("(SELECT 1) UNION (SELECT 2)"))
        .isEqualTo("SELECT");
    assertThat(OpenTelemetryListener.operationName("COMMIT")).isEqualTo("COMMIT");
    assertThat(OpenTelemetryListener.operationName("a pipeline of 2 statements")).isNull();
    assertThat(OpenTelemetryListener.operationName("SELECT1")).isNull();
  }
}
