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
    return paired(
        r,
        Workload.W3,
        SLUICE_PAIRED,
        "DSL point lookup caller CPU ≤ 1.05× the same SQL string's, paired in one JVM (issue 14)",
        "DSL ÷ SQL",
        1.05,
        false);
  }

  /**
   * The pipelined pool's client CPU against pgjdbc + HikariCP's within one JVM ({@link
   * Client#PIPELINED_PAIRED}): the same target as the separate cells', with both clients on the
   * same callers at the same time of the run. The measure also gives each half's CPU per query.
   */
  static Targets.Verdict pipelinedCpu(Results r) {
    return paired(
        r,
        Workload.W3C,
        PIPELINED_PAIRED,
        "Pipelined client CPU per query ≤ 0.5× pgjdbc + HikariCP's, paired in one JVM (callers'"
            + " threads)",
        "Sluice ÷ HikariCP",
        0.5,
        true);
  }

  /**
   * The median over {@code client}'s iterations in {@code w} of the first half's CPU ÷ the
   * second's, at most {@code limit}; with {@code perQuery}, each half's median CPU a query too.
   */
  private static Targets.Verdict paired(
      Results r,
      Workload w,
      Client client,
      String target,
      String halves,
      double limit,
      boolean perQuery) {
    CellResult c = r.ok(w, client);
    double ratio = c == null ? Double.NaN : c.pairedCpuRatio();
    if (Double.isNaN(ratio)) {
      return new Targets.Verdict(
          w, target, "—", Targets.Status.NOT_MEASURED, "needs " + client.id() + " in " + w.id());
    }
    String measured =
        Targets.fmt(ratio)
            + "× (median of "
            + c.samples().size()
            + " iterations' "
            + halves
            + " halves"
            + (perQuery
                ? String.format(
                    java.util.Locale.ROOT,
                    "; %.1f ÷ %.1f µs a query",
                    halfMicros(c, true),
                    halfMicros(c, false))
                : "")
            + ")";
    return Targets.verdict(w, target, measured, ratio, false, limit);
  }

  /**
   * The median over a paired cell's iterations of one half's CPU per unit (each half runs half of
   * the iteration's units), in µs.
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
