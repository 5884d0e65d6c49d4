package dev.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResultsTest {
  private static CellResult round(long p50, long p99, long... wallNanos) {
    List<Sample> samples =
        java.util.Arrays.stream(wallNanos).mapToObj(w -> new Sample(w, w / 2, 100, 0, 10)).toList();
    return new CellResult(Client.SLUICE, Workload.W3, samples, p50, p99, null);
  }

  @Test
  void aCellsRoundsPoolTheirIterationsAndTakeTheMedianPercentiles() {
    Results results = new Results();
    results.add(round(70, 100, 10, 20));
    results.add(round(90, 300, 30, 40));
    results.add(round(80, 200, 50, 60));
    CellResult merged = results.ok(Workload.W3, Client.SLUICE);
    assertThat(merged.samples())
        .extracting(Sample::wallNanos)
        .containsExactly(10L, 20L, 30L, 40L, 50L, 60L);
    assertThat(merged.wallMillis()).isEqualTo(35 / 1e6);
    assertThat(merged.p50Nanos()).isEqualTo(80);
    assertThat(merged.p99Nanos()).isEqualTo(200);
    assertThat(results.of(Workload.W3)).hasSize(1);
  }

  @Test
  void aFailedRoundFailsTheCell() {
    Results results = new Results();
    results.add(round(70, 100, 10, 20));
    results.add(CellResult.failed(Client.SLUICE, Workload.W3, "boom"));
    assertThat(results.ok(Workload.W3, Client.SLUICE)).isNull();
    assertThat(results.of(Workload.W3).get(0).error()).isEqualTo("boom");
  }
}
