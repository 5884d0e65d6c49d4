package dev.sluice.bench;

import static dev.sluice.bench.Client.PIPELINED_PAIRED;
import static dev.sluice.bench.Client.SLUICE_PAIRED;

/**
 * The targets measured in one JVM as well as in separate cells: two clients (or two ways of one)
 * taking turns in blocks within each iteration, so that neither the JVM nor the moment of the run
 * differs between the halves, only the code. Each verdict is the median over the iterations of the
 * ratio of the two halves' CPU.
 */
final class PairedTargets {
  private PairedTargets() {}

  /**
   * The DSL's CPU against the SQL string's within one JVM ({@link Client#SLUICE_PAIRED}): the same
   * target as the separate cells', measured where neither the JVM nor the time of the run differs
   * between the two halves.
   */
  static Targets.Verdict dslCpu(Results r) {
    String target =
        "DSL point lookup caller CPU ≤ 1.05× the same SQL string's, paired in one JVM (issue 14)";
    CellResult c = r.ok(Workload.W3, SLUICE_PAIRED);
    double ratio = c == null ? Double.NaN : c.pairedCpuRatio();
    if (Double.isNaN(ratio)) {
      return new Targets.Verdict(
          Workload.W3,
          target,
          "—",
          Targets.Status.NOT_MEASURED,
          "needs " + SLUICE_PAIRED.id() + " in " + Workload.W3.id());
    }
    String measured =
        Targets.fmt(ratio)
            + "× (median of "
            + c.samples().size()
            + " iterations' DSL ÷ SQL halves)";
    return Targets.verdict(Workload.W3, target, measured, ratio, false, 1.05);
  }

  /**
   * The pipelined pool's client CPU against pgjdbc + HikariCP's within one JVM ({@link
   * Client#PIPELINED_PAIRED}): the same target as the separate cells', with both clients on the
   * same callers at the same time of the run.
   */
  static Targets.Verdict pipelinedCpu(Results r) {
    String target =
        "Pipelined client CPU per query ≤ 0.5× pgjdbc + HikariCP's, paired in one JVM (callers'"
            + " threads)";
    CellResult c = r.ok(Workload.W3C, PIPELINED_PAIRED);
    double ratio = c == null ? Double.NaN : c.pairedCpuRatio();
    if (Double.isNaN(ratio)) {
      return new Targets.Verdict(
          Workload.W3C,
          target,
          "—",
          Targets.Status.NOT_MEASURED,
          "needs " + PIPELINED_PAIRED.id() + " in " + Workload.W3C.id());
    }
    String measured =
        Targets.fmt(ratio)
            + "× (median of "
            + c.samples().size()
            + " iterations' Sluice ÷ HikariCP halves; "
            + String.format(
                java.util.Locale.ROOT,
                "%.1f ÷ %.1f µs a query",
                halfMicros(c, true),
                halfMicros(c, false))
            + ")";
    return Targets.verdict(Workload.W3C, target, measured, ratio, false, 0.5);
  }

  /**
   * The median over a paired W3c cell's iterations of one half's callers' CPU per query (each half
   * runs half of the iteration's lookups), in µs.
   */
  private static double halfMicros(CellResult c, boolean first) {
    double[] perQuery = new double[c.samples().size()];
    for (int i = 0; i < perQuery.length; i++) {
      Sample s = c.samples().get(i);
      perQuery[i] = (first ? s.pairDslNanos() : s.pairSqlNanos()) / 1e3 / (s.units() / 2.0);
    }
    return Stats.median(perQuery);
  }
}
