package dev.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole pipeline once, tiny: data on the embedded server, one forked cell (Sluice, W1, 1,000
 * rows), the report files. Asserts that it works, never how fast: speed is measured by running the
 * benchmarks, not by tests.
 */
class SmokeTest {
  /**
   * A tiny run (1,000 rows, no warm-up, 2 iterations) of {@code args}, its output into {@code out}.
   */
  private static Results run(Path out, ByteArrayOutputStream log, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(
        List.of("--rows", "1000", "--warmup", "0", "--iterations", "2", "--out", out.toString()));
    Options options = Options.parse(all.toArray(new String[0]));
    return BenchMain.run(options, new PrintStream(log, true, StandardCharsets.UTF_8));
  }

  @Test
  void runsOneCellEndToEnd(@TempDir Path out) throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Results results = run(out, log, "--only", "W1", "--clients", "sluice");

    CellResult cell = results.of(Workload.W1).get(0);
    assertThat(cell.error()).as(log.toString(StandardCharsets.UTF_8)).isNull();
    assertThat(cell.samples()).hasSize(2);
    assertThat(cell.units()).isEqualTo(1000);
    assertThat(cell.bytesPerUnit()).isPositive();
    assertThat(Files.readString(out.resolve("latest.md"))).contains("| W1 ", "| sluice ");
    assertThat(Files.readString(out.resolve("latest.svg"))).startsWith("<svg").contains(">sluice<");
  }

  /**
   * The paired cell: every iteration reports its DSL and SQL string halves (the calling thread's
   * CPU), from which the DSL target is measured.
   */
  @Test
  void thePairedCellMeasuresBothHalves(@TempDir Path out) throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Results results =
        run(out, log, "--only", "W3", "--clients", "sluice-paired", "--lookups", "2000");

    assertPaired(results.of(Workload.W3).get(0), log, true);
    assertThat(Files.readString(out.resolve("latest.md")))
        .contains("| W3 ", "| sluice-paired ", "paired in one JVM");
  }

  /**
   * The paired W3c cell: the pipelined pool and pgjdbc + HikariCP take turns on the 16 callers, and
   * every iteration reports each half's callers' CPU.
   */
  @Test
  void thePairedPipelinedCellMeasuresBothClients(@TempDir Path out) throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Results results =
        run(out, log, "--only", "W3c", "--clients", "pipelined-paired", "--lookups", "2000");

    assertPaired(results.of(Workload.W3C).get(0), log, false);
    assertThat(Files.readString(out.resolve("latest.md")))
        .contains("| W3c ", "| pipelined-paired ", "HikariCP's, paired in one JVM");
  }

  /**
   * A paired cell's 2 iterations of 2,000 lookups each report both halves' CPU. One thread's CPU
   * ({@code oneThread}: the calling thread's, in W3) is never more than the wall time; 16 callers'
   * is part of the process's.
   */
  private static void assertPaired(CellResult cell, ByteArrayOutputStream log, boolean oneThread) {
    assertThat(cell.error()).as(log.toString(StandardCharsets.UTF_8)).isNull();
    assertThat(cell.units()).isEqualTo(2000);
    assertThat(cell.samples())
        .hasSize(2)
        .allSatisfy(
            s -> {
              assertThat(s.pairDslNanos()).isPositive();
              assertThat(s.pairSqlNanos()).isPositive();
              assertThat(s.pairDslNanos() + s.pairSqlNanos())
                  .isLessThanOrEqualTo(oneThread ? s.wallNanos() : s.cpuNanos());
            });
    assertThat(cell.pairedCpuRatio()).isPositive();
  }

  /** The statement modes for poolers (issue 28) each run W3's lookups and find every row. */
  @Test
  void theStatementModeCellsLookUpEveryRow(@TempDir Path out) throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Results results =
        run(
            out,
            log,
            "--only",
            "W3",
            "--clients",
            "sluice-unnamed,sluice-tracked",
            "--lookups",
            "2000");
    assertThat(results.of(Workload.W3)).hasSize(2);
    for (CellResult cell : results.of(Workload.W3)) {
      assertThat(cell.error()).as(log.toString(StandardCharsets.UTF_8)).isNull();
      assertThat(cell.units()).isEqualTo(2000);
    }
    assertThat(Files.readString(out.resolve("latest.md")))
        .contains("| sluice-unnamed ", "| sluice-tracked ");
  }

  /**
   * The COPY cells of issue 24: records into COPY beside the hand-built stream and CopyManager
   * (W4c), COPY OUT into records beside CopyManager's text (W6); every iteration copies every row,
   * and the server's CPU is read for each.
   */
  @Test
  void theCopyCellsRunAndReadTheServersCpu(@TempDir Path out) throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Results results =
        run(
            out,
            log,
            "--only",
            "W4c,W6",
            "--clients",
            "sluice,sluice-records,pgjdbc-binary",
            "--insert-rows",
            "1000");
    String text = log.toString(StandardCharsets.UTF_8);
    for (Workload w : List.of(Workload.W4C, Workload.W6)) {
      assertThat(results.of(w)).isNotEmpty();
      for (CellResult cell : results.of(w)) {
        assertThat(cell.error()).as(w.id() + " " + cell.client().id() + "\n" + text).isNull();
        assertThat(cell.units()).isEqualTo(1000);
        assertThat(cell.samples()).allSatisfy(s -> assertThat(s.serverCpuNanos()).isNotNegative());
      }
    }
    assertThat(results.of(Workload.W4C)).hasSize(3);
    assertThat(results.of(Workload.W6)).hasSize(2);
    assertThat(Files.readString(out.resolve("latest.md")))
        .contains(
            "## Client and server CPU per row (COPY) or query (W3c)", "| W6 ", "| sluice-records ");
  }

  /** W3c reads the server's CPU beside the client's (issue 23 asks for them apart). */
  @Test
  void theConcurrentCellReadsTheServersCpu(@TempDir Path out) throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Results results =
        run(out, log, "--only", "W3c", "--clients", "sluice-pipelined", "--lookups", "2000");
    assertThat(results.of(Workload.W3C)).hasSize(1);
    CellResult cell = results.of(Workload.W3C).get(0);
    assertThat(cell.error()).as(log.toString(StandardCharsets.UTF_8)).isNull();
    assertThat(cell.samples()).allSatisfy(s -> assertThat(s.serverCpuNanos()).isNotNegative());
    // 2,000 lookups cost the server at least one 10 ms tick over the measured iterations.
    assertThat(cell.samples().stream().mapToLong(Sample::serverCpuNanos).sum()).isPositive();
    assertThat(Files.readString(out.resolve("latest.md")))
        .contains("## Client and server CPU per row (COPY) or query (W3c)", "| W3c ");
  }

  /**
   * One-to-many (W7): Sluice's one query, the two queries stitched in Java, jOOQ's MULTISET and the
   * hand-written ideal decoder each read every film with every one of its actors (the cell checks
   * the actors' total); the drain reads one row per film.
   */
  @Test
  void theOneToManyCellsReadEveryFilmWithItsActors(@TempDir Path out) throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Results results =
        run(out, log, "--only", "W7", "--clients", "sluice,sluice-stitched,jooq,drain,ideal");
    String text = log.toString(StandardCharsets.UTF_8);
    assertThat(results.of(Workload.W7)).hasSize(5);
    for (CellResult cell : results.of(Workload.W7)) {
      assertThat(cell.error()).as(cell.client().id() + "\n" + text).isNull();
      assertThat(cell.units()).isEqualTo((long) CellMain.CAST_RUNS * CellMain.FILMS);
    }
    assertThat(Files.readString(out.resolve("latest.md")))
        .contains("| W7 ", "| sluice-stitched ", "jOOQ MULTISET");
  }
}
