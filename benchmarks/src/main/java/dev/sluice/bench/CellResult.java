package dev.sluice.bench;

import java.util.List;

/**
 * What one cell (client × workload) measured: its iterations, and for lookups the latency
 * percentiles over all measured queries. A cell that failed has an error and no samples.
 */
record CellResult(
    Client client,
    Workload workload,
    List<Sample> samples,
    long p50Nanos,
    long p99Nanos,
    String error) {

  static CellResult failed(Client client, Workload workload, String error) {
    return new CellResult(client, workload, List.of(), -1, -1, error);
  }

  boolean ok() {
    return error == null && !samples.isEmpty();
  }

  double wallMillis() {
    return Stats.median(column(0)) / 1e6;
  }

  double cpuMillis() {
    return Stats.median(column(1)) / 1e6;
  }

  /**
   * Median JIT compiler CPU per iteration (part of {@link #cpuMillis}: compilation still going on
   * in the measured iterations, a warm-up cost); NaN where it was not measured.
   */
  double jitMillis() {
    for (Sample s : samples) {
      if (s.jitNanos() < 0) {
        return Double.NaN;
      }
    }
    return Stats.median(column(4)) / 1e6;
  }

  /**
   * A paired cell's figure: the median over its iterations of the DSL half's calling-thread CPU
   * divided by the SQL string half's; NaN for a cell that is not paired.
   */
  double pairedCpuRatio() {
    if (samples.isEmpty()) {
      return Double.NaN;
    }
    double[] ratios = new double[samples.size()];
    for (int i = 0; i < ratios.length; i++) {
      Sample s = samples.get(i);
      if (!s.paired() || s.pairSqlNanos() == 0) {
        return Double.NaN;
      }
      ratios[i] = (double) s.pairDslNanos() / s.pairSqlNanos();
    }
    return Stats.median(ratios);
  }

  /**
   * Median server CPU (every PostgreSQL process) per unit, in microseconds; NaN where it was not
   * measured.
   */
  double serverCpuMicrosPerUnit() {
    if (samples.isEmpty()) {
      return Double.NaN;
    }
    double[] perUnit = new double[samples.size()];
    for (int i = 0; i < perUnit.length; i++) {
      Sample s = samples.get(i);
      if (s.serverCpuNanos() < 0 || s.units() == 0) {
        return Double.NaN;
      }
      perUnit[i] = s.serverCpuNanos() / 1e3 / s.units();
    }
    return Stats.median(perUnit);
  }

  /** Median client CPU (all threads) per unit, in microseconds. */
  double cpuMicrosPerUnit() {
    double[] perUnit = new double[samples.size()];
    for (int i = 0; i < perUnit.length; i++) {
      Sample s = samples.get(i);
      perUnit[i] = s.units() == 0 ? 0 : s.cpuNanos() / 1e3 / s.units();
    }
    return Stats.median(perUnit);
  }

  double gcMillis() {
    return Stats.median(column(3));
  }

  /** Median over iterations of bytes allocated per unit (row or query). */
  double bytesPerUnit() {
    double[] perUnit = new double[samples.size()];
    for (int i = 0; i < perUnit.length; i++) {
      Sample s = samples.get(i);
      perUnit[i] = s.units() == 0 ? 0 : (double) s.allocatedBytes() / s.units();
    }
    return Stats.median(perUnit);
  }

  /**
   * Median over iterations of units per second of wall time (q/s for lookups, rows/s for inserts).
   */
  double unitsPerSecond() {
    double[] rates = new double[samples.size()];
    for (int i = 0; i < rates.length; i++) {
      Sample s = samples.get(i);
      rates[i] = s.wallNanos() == 0 ? 0 : s.units() * 1e9 / s.wallNanos();
    }
    return Stats.median(rates);
  }

  long units() {
    return samples.isEmpty() ? 0 : samples.get(0).units();
  }

  /** (max − min) / median of wall time over the measured iterations. */
  double wallSpread() {
    return Stats.spread(column(0));
  }

  private long[] column(int which) {
    long[] v = new long[samples.size()];
    for (int i = 0; i < v.length; i++) {
      Sample s = samples.get(i);
      v[i] =
          which == 0
              ? s.wallNanos()
              : which == 1
                  ? s.cpuNanos()
                  : which == 2 ? s.allocatedBytes() : which == 3 ? s.gcMillis() : s.jitNanos();
    }
    return v;
  }
}
