package dev.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReportTest {
  private static CellResult cell(
      Client c, Workload w, long wallMs, long cpuMs, long bytes, long units) {
    Sample s = new Sample(wallMs * 1_000_000, cpuMs * 1_000_000, bytes, cpuMs / 2, units);
    return new CellResult(
        c, w, List.of(s, s, s), w.isLookup() ? 40_000 : -1, w.isLookup() ? 900_000 : -1, null);
  }

  @Test
  void tableAlignsNamesLeftAndNumbersRight() {
    String text =
        new Table(1, List.of("client", "ms"))
            .row(List.of("sluice", "3.5"))
            .row(List.of("pgjdbc-binary", "120"))
            .render();
    assertThat(text)
        .isEqualTo(
            "| client        |  ms |\n"
                + "|:--------------|----:|\n"
                + "| sluice        | 3.5 |\n"
                + "| pgjdbc-binary | 120 |\n");
  }

  @Test
  void tableRejectsARowOfTheWrongWidth() {
    assertThatThrownBy(() -> new Table(1, List.of("a", "b")).row(List.of("x")))
        .hasMessageContaining("1 cells for 2 columns");
  }

  @Test
  void resultsTableHasRatiosAgainstEachWorkloadsReference() {
    Results results = new Results();
    results.add(cell(Client.SLUICE, Workload.W1, 300, 200, 150_000_000, 1_000_000));
    results.add(cell(Client.PGJDBC_BINARY, Workload.W1, 600, 800, 350_000_000, 1_000_000));
    results.add(cell(Client.DRAIN, Workload.W1, 250, 100, 0, 1_000_000));
    String text = Report.resultsTable(results).render();
    // sluice: wall 300 ÷ drain 250 = 1.20×; CPU 200 ÷ 800 = 0.25×; 150 B/row.
    assertThat(text)
        .containsPattern(
            "\\| W1 +\\| sluice +\\| +300 \\| +200 \\| +100 \\| +150 \\|.*\\| +1\\.20× \\| +0\\.25× \\|");
    assertThat(Report.footnotes(results)).contains("W1 wall ÷ drain's wall");
  }

  @Test
  void theJitColumnShowsTheCompilerThreadsPartOfCpu() {
    Sample jit = new Sample(700_000_000, 260_000_000, 3_680_000, 0, 10_000, 21_000_000);
    Sample line = Sample.parse(("iter 1 " + jit.toLine()).split(" "), 2);
    assertThat(line).isEqualTo(jit);
    Results results = new Results();
    results.add(new CellResult(Client.SLUICE_DSL, Workload.W3, List.of(line, line), 1, 2, null));
    results.add(cell(Client.SLUICE, Workload.W3, 700, 250, 2_320_000, 10_000));
    String text = Report.resultsTable(results).render();
    assertThat(text).containsPattern("\\| W3 +\\| sluice-dsl +\\|.*\\| +21\\.0 \\| +0% \\|");
    // Without the compiler threads' figure (a line of an older cell, no schedstat): left blank.
    assertThat(text).containsPattern("\\| W3 +\\| sluice +\\|.*\\| +\\| +0% \\|");
  }

  @Test
  void thePairedTargetIsTheMedianOfTheIterationsDslToSqlRatios() {
    Sample plain = new Sample(700_000_000, 260_000_000, 3_680_000, 0, 10_000, 21_000_000);
    // DSL ÷ SQL halves: 1.10, 0.98, 1.02: the median is 1.02, whatever the means of the halves.
    Sample a = plain.withPair(110_000_000, 100_000_000);
    Sample b = plain.withPair(98_000_000, 100_000_000);
    Sample c = plain.withPair(102_000_000, 100_000_000);
    assertThat(Sample.parse(("iter 1 " + a.toLine()).split(" "), 2)).isEqualTo(a);
    assertThat(Sample.parse(("iter 1 " + plain.toLine()).split(" "), 2).paired()).isFalse();

    Results results = new Results();
    results.add(new CellResult(Client.SLUICE_PAIRED, Workload.W3, List.of(a, b, c), 1, 2, null));
    Targets.Verdict paired =
        find(Targets.evaluate(results, false), Workload.W3, "paired in one JVM");
    assertThat(paired.status()).isEqualTo(Targets.Status.MET);
    assertThat(paired.measured()).isEqualTo("1.02× (median of 3 iterations' DSL ÷ SQL halves)");
    assertThat(paired.margin()).isEqualTo("3% to spare");

    Results over = new Results();
    over.add(new CellResult(Client.SLUICE_PAIRED, Workload.W3, List.of(a, a, c), 1, 2, null));
    Targets.Verdict missed = find(Targets.evaluate(over, false), Workload.W3, "paired in one JVM");
    assertThat(missed.status()).isEqualTo(Targets.Status.MISSED);
    assertThat(missed.margin()).isEqualTo("by 5% (1.10 > 1.05)");

    // A cell without the halves (an unpaired line) cannot speak for the target.
    Results unpaired = new Results();
    unpaired.add(new CellResult(Client.SLUICE_PAIRED, Workload.W3, List.of(plain, a), 1, 2, null));
    assertThat(find(Targets.evaluate(unpaired, false), Workload.W3, "paired in one JVM").status())
        .isEqualTo(Targets.Status.NOT_MEASURED);
  }

  @Test
  void thePairedPipelinedTargetIsTheMedianOfTheIterationsSluiceToHikariRatios() {
    Sample plain = new Sample(1_200_000_000, 1_100_000_000, 16_000_000, 0, 50_000, 21_000_000);
    // Sluice ÷ HikariCP halves: 0.45, 0.62, 0.48: the median is 0.48. Per query (25,000 a half):
    // Sluice 18.0, 24.8, 19.2 µs (median 19.2); HikariCP 40.0 µs each time.
    Sample a = plain.withPair(450_000_000, 1_000_000_000);
    Sample b = plain.withPair(620_000_000, 1_000_000_000);
    Sample c = plain.withPair(480_000_000, 1_000_000_000);
    Results results = new Results();
    results.add(
        new CellResult(Client.PIPELINED_PAIRED, Workload.W3C, List.of(a, b, c), 1, 2, null));
    Targets.Verdict paired =
        find(Targets.evaluate(results, false), Workload.W3C, "HikariCP's, paired in one JVM");
    assertThat(paired.status()).isEqualTo(Targets.Status.MET);
    assertThat(paired.measured())
        .isEqualTo(
            "0.48× (median of 3 iterations' Sluice ÷ HikariCP halves; 19.2 ÷ 40.0 µs a query)");
    assertThat(paired.margin()).isEqualTo("4% to spare");

    Results over = new Results();
    over.add(new CellResult(Client.PIPELINED_PAIRED, Workload.W3C, List.of(b, b, c), 1, 2, null));
    Targets.Verdict missed =
        find(Targets.evaluate(over, false), Workload.W3C, "HikariCP's, paired in one JVM");
    assertThat(missed.status()).isEqualTo(Targets.Status.MISSED);
    assertThat(missed.margin()).isEqualTo("by 24% (0.62 > 0.50)");

    // Without the cell, the separate cells' verdict stands alone and this one is not measured.
    assertThat(
            find(Targets.evaluate(new Results(), false), Workload.W3C, "paired in one JVM")
                .status())
        .isEqualTo(Targets.Status.NOT_MEASURED);
  }

  @Test
  void targetsSayMetOrMissedAndByHowMuch() {
    Results results = new Results();
    results.add(cell(Client.SLUICE, Workload.W1, 300, 200, 150_000_000, 1_000_000));
    results.add(cell(Client.DRAIN, Workload.W1, 250, 100, 0, 1_000_000));
    results.add(cell(Client.PGJDBC_BINARY, Workload.W1, 600, 800, 350_000_000, 1_000_000));
    List<Targets.Verdict> verdicts = Targets.evaluate(results, false);

    Targets.Verdict wall = find(verdicts, Workload.W1, "wall ≤ 1.15× the raw drain");
    assertThat(wall.status()).isEqualTo(Targets.Status.MISSED);
    assertThat(wall.margin()).isEqualTo("by 4% (1.20 > 1.15)");

    Targets.Verdict cpu = find(verdicts, Workload.W1, "CPU ≤ 0.3× pgjdbc");
    assertThat(cpu.status()).isEqualTo(Targets.Status.MET);
    assertThat(cpu.margin()).isEqualTo("17% to spare");

    Targets.Verdict ideal = find(verdicts, Workload.W1, "wall ≤ 1.1× the ideal");
    assertThat(ideal.status()).isEqualTo(Targets.Status.NOT_MEASURED);
    assertThat(verdicts).noneMatch(v -> v.target().contains("over TLS"));
  }

  @Test
  void aTlsRunIsHeldToTheTlsTarget() {
    Results results = new Results();
    results.add(cell(Client.SLUICE, Workload.W1, 390, 200, 150_000_000, 1_000_000));
    results.add(cell(Client.PGJDBC_BINARY, Workload.W1, 600, 800, 350_000_000, 1_000_000));
    Targets.Verdict tls =
        find(Targets.evaluate(results, true), Workload.W1, "0.6× pgjdbc binary's wall");
    // 390 ÷ 600 = 0.65.
    assertThat(tls.status()).isEqualTo(Targets.Status.MISSED);
    assertThat(tls.margin()).isEqualTo("by 8% (0.65 > 0.60)");
  }

  @Test
  void lookupTargetsUseQueriesPerSecondAndP99() {
    Results results = new Results();
    results.add(cell(Client.SLUICE, Workload.W3C, 400, 400, 3_000_000, 10_000));
    results.add(cell(Client.PGJDBC_BINARY, Workload.W3C, 500, 500, 10_000_000, 10_000));
    List<Targets.Verdict> verdicts = Targets.evaluate(results, false);
    assertThat(find(verdicts, Workload.W3C, "q/s ≥ 1.0× pgjdbc").status())
        .isEqualTo(Targets.Status.MET);
    Targets.Verdict p99 = find(verdicts, Workload.W3C, "p99 ≤ 2 ms");
    assertThat(p99.status()).isEqualTo(Targets.Status.MET);
    assertThat(p99.measured()).isEqualTo("0.90 ms");
  }

  @Test
  void svgEscapesTextAndDrawsABarPerCell() {
    Results results = new Results();
    results.add(cell(Client.SLUICE, Workload.W2, 200, 100, 50_000_000, 1_000_000));
    results.add(cell(Client.DRAIN, Workload.W2, 180, 60, 0, 1_000_000));
    String svg = SvgChart.render(results, "a < b & c", List.of("Smoke-size run"));
    assertThat(svg)
        .startsWith("<svg")
        .contains("a &lt; b &amp; c", "fill=\"#c92a2a\">Smoke-size run<");
    // Two clients, wall and CPU bars each, plus the background.
    assertThat(svg.split("<rect ", -1)).hasSize(1 + 1 + 4);
  }

  private static Targets.Verdict find(List<Targets.Verdict> verdicts, Workload w, String text) {
    return verdicts.stream()
        .filter(v -> v.workload() == w && v.target().contains(text))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no target containing " + text));
  }
}
