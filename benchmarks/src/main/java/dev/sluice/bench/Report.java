package dev.sluice.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The run's results as text: one table of medians and ratios (printed, and the heart of
 * results/latest.md), the targets with their verdicts, and the context a reader needs to trust or
 * distrust the figures (machine, load, flags, noise).
 */
final class Report {
  /** A cell whose wall time varied more than this across iterations is flagged as noisy. */
  static final double NOISY = 0.10;

  private Report() {}

  /** What the ratio column means for each workload. */
  static String ratioDefinition(Workload w) {
    switch (w) {
      case W1:
      case W2:
        return "wall ÷ drain's wall";
      case W3:
        return "q/s ÷ drain's q/s";
      case W3C:
      case W3CL:
        return "q/s ÷ pgjdbc-binary's (HikariCP) q/s";
      case W4B:
        return "rows/s ÷ pgjdbc-binary's (reWriteBatchedInserts) rows/s";
      case W4C:
        return "rows/s ÷ pgjdbc-binary's (CopyManager, text) rows/s";
      case W5:
      case W5S:
        return "CPU ÷ ideal's CPU";
      case W6:
        return "CPU ÷ pgjdbc-binary's (CopyManager text, parsed) CPU";
      case W7:
        return "CPU ÷ jOOQ MULTISET's CPU";
      default:
        throw new AssertionError(w);
    }
  }

  /**
   * The ratio of {@code r} against its workload's reference, or NaN when the reference did not run.
   */
  static double ratio(Results results, CellResult r) {
    Workload w = r.workload();
    switch (w) {
      case W1:
      case W2:
        {
          CellResult base = results.ok(w, Client.DRAIN);
          return base == null ? Double.NaN : r.wallMillis() / base.wallMillis();
        }
      case W3:
        {
          CellResult base = results.ok(w, Client.DRAIN);
          return base == null ? Double.NaN : r.unitsPerSecond() / base.unitsPerSecond();
        }
      case W3C:
      case W3CL:
      case W4B:
      case W4C:
        {
          CellResult base = results.ok(w, Client.PGJDBC_BINARY);
          return base == null ? Double.NaN : r.unitsPerSecond() / base.unitsPerSecond();
        }
      case W5:
      case W5S:
        {
          CellResult base = results.ok(w, Client.IDEAL);
          return base == null ? Double.NaN : r.cpuMillis() / base.cpuMillis();
        }
      case W6:
        {
          CellResult base = results.ok(w, Client.PGJDBC_BINARY);
          return base == null ? Double.NaN : r.cpuMillis() / base.cpuMillis();
        }
      case W7:
        {
          CellResult base = results.ok(w, Client.JOOQ);
          return base == null ? Double.NaN : r.cpuMillis() / base.cpuMillis();
        }
      default:
        throw new AssertionError(w);
    }
  }

  /** The one table: every cell that ran, by workload. */
  static Table resultsTable(Results results) {
    Table t =
        new Table(
            2,
            List.of(
                "workload",
                "client",
                "wall ms",
                "CPU ms",
                "GC ms",
                "B/unit",
                "rate",
                "p50 µs",
                "p99 µs",
                "ratio¹",
                "CPU ÷ pgjdbc-bin",
                "JIT ms",
                "spread²"));
    for (Workload w : results.workloads()) {
      CellResult pgjdbc = results.ok(w, Client.PGJDBC_BINARY);
      for (CellResult r : results.of(w)) {
        if (!r.ok()) {
          t.row(List.of(w.id(), r.client().id(), "failed", "", "", "", "", "", "", "", "", "", ""));
          continue;
        }
        String rate =
            Targets.fmt(r.unitsPerSecond()) + (w.isLookup() ? " q/s" : " " + w.unit() + "s/s");
        boolean lookup = w.isLookup();
        t.row(
            List.of(
                w.id(),
                r.client().id(),
                Targets.fmt(r.wallMillis()),
                Targets.fmt(r.cpuMillis()),
                Targets.fmt(r.gcMillis()),
                Targets.fmt(r.bytesPerUnit()),
                rate,
                lookup ? Targets.fmt(r.p50Nanos() / 1e3) : "",
                lookup ? Targets.fmt(r.p99Nanos() / 1e3) : "",
                ratioText(ratio(results, r)),
                pgjdbc == null ? "" : ratioText(r.cpuMillis() / pgjdbc.cpuMillis()),
                Double.isNaN(r.jitMillis()) ? "" : Targets.fmt(r.jitMillis()),
                Targets.pct(r.wallSpread()) + (r.wallSpread() > NOISY ? " !" : "")));
      }
    }
    return t;
  }

  private static String ratioText(double ratio) {
    return Double.isNaN(ratio) ? "" : Targets.fmt(ratio) + "×";
  }

  static String footnotes(Results results) {
    StringBuilder sb = new StringBuilder();
    sb.append("¹ ratio: ");
    List<String> parts = new ArrayList<>();
    for (Workload w : results.workloads()) {
      parts.add(w.id() + " " + ratioDefinition(w));
    }
    sb.append(String.join("; ", parts)).append(".\n");
    sb.append(
            "² spread: (max − min) ÷ median of wall time over the measured iterations; ! marks more"
                + " than ")
        .append(Targets.pct(NOISY))
        .append(" (noisy: rerun on a quiet machine).\n");
    return sb.toString();
  }

  static Table targetsTable(List<Targets.Verdict> verdicts) {
    Table t = new Table(4, List.of("workload", "target", "measured", "verdict"));
    for (Targets.Verdict v : verdicts) {
      String status =
          v.status() == Targets.Status.MET
              ? "**met**"
              : v.status() == Targets.Status.MISSED ? "**missed**" : "not measured";
      t.row(List.of(v.workload().id(), v.target(), v.measured(), status + ": " + v.margin()));
    }
    return t;
  }

  /**
   * The cells that read the server's CPU (COPY's W4c and W6 per row, W3c and W3cL per query):
   * client CPU (all threads) and the server's (every PostgreSQL process, from /proc), since COPY
   * moves work between the two and concurrent lookups on two cores share them; null when none ran.
   */
  static Table copyTable(Results results) {
    Table t =
        new Table(
            2, List.of("workload", "client", "rate", "client CPU µs/unit", "server CPU µs/unit"));
    boolean any = false;
    for (Workload w : results.workloads()) {
      if (!w.readsServerCpu()) {
        continue;
      }
      for (CellResult r : results.of(w)) {
        if (!r.ok()) {
          continue;
        }
        any = true;
        double server = r.serverCpuMicrosPerUnit();
        t.row(
            List.of(
                w.id(),
                r.client().id(),
                Targets.fmt(r.unitsPerSecond()),
                Targets.fmt(r.cpuMicrosPerUnit()),
                Double.isNaN(server) ? "not measured" : Targets.fmt(server)));
      }
    }
    return any ? t : null;
  }

  /** results/latest.md. */
  static String markdown(RunInfo info, Results results, List<Targets.Verdict> verdicts) {
    StringBuilder sb = new StringBuilder();
    sb.append("# Sluice benchmarks: latest run\n\n");
    sb.append("![medians per workload](latest.svg)\n\n");
    sb.append(info.describe()).append('\n');
    sb.append("## Medians and ratios\n\n");
    sb.append(resultsTable(results).render()).append('\n');
    sb.append(footnotes(results).replace("\n", "  \n")).append('\n');
    sb.append(
        "Columns: wall = elapsed ms per iteration; CPU = process CPU ms per iteration (all threads:"
            + " client, I/O, JIT and GC; measured as "
            + Meter.cpuClock()
            + "); GC = collection time the JVM's collectors report per iteration"
            + " (for G1 mostly young pauses: the cost of the result kept alive); B/unit = bytes allocated by all threads per row (W1, W2, W4,"
            + " W5) or per query (W3); rate = rows or queries per wall second; p50/p99 = per-query"
            + " latency over all measured W3 queries; JIT = the part of CPU the JIT compiler threads"
            + " ran (C1, C2), a warm-up cost still being paid in the measured iterations.\n\n");
    Table copy = copyTable(results);
    if (copy != null) {
      sb.append("## Client and server CPU per row (COPY) or query (W3c)\n\n")
          .append(copy.render())
          .append("\nServer CPU: the postmaster and all its processes, utime + stime from")
          .append(" /proc (10 ms ticks), over each iteration; medians.\n\n");
    }
    sb.append("## Targets (issues 3, 14, 24)\n\n");
    sb.append(targetsTable(verdicts).render()).append('\n');
    sb.append("## Workloads\n\n");
    for (Workload w : results.workloads()) {
      sb.append("- **").append(w.id()).append("**: ").append(w.description()).append('\n');
    }
    sb.append("\n## Clients\n\n");
    for (Client c : Client.values()) {
      sb.append("- **").append(c.id()).append("**: ").append(c.description()).append('\n');
    }
    List<String> failures = new ArrayList<>();
    for (Workload w : results.workloads()) {
      for (CellResult r : results.of(w)) {
        if (!r.ok()) {
          failures.add("- " + w.id() + " " + r.client().id() + ": " + r.error());
        }
      }
    }
    if (!failures.isEmpty()) {
      sb.append("\n## Failed cells\n\n").append(String.join("\n", failures)).append('\n');
    }
    return sb.toString();
  }

  /** What the console prints at the end. */
  static String console(RunInfo info, Results results, List<Targets.Verdict> verdicts) {
    StringBuilder sb = new StringBuilder("\n");
    sb.append(resultsTable(results).render()).append(footnotes(results)).append('\n');
    Table copy = copyTable(results);
    if (copy != null) {
      sb.append(
              "Client and server CPU per row or query (server: every PostgreSQL process, /proc):\n")
          .append(copy.render())
          .append('\n');
    }
    for (String warning : info.warnings()) {
      sb.append("NOTE: ").append(warning).append('\n');
    }
    sb.append("Every cell ran in its own JVM: java ")
        .append(String.join(" ", info.jvmFlags()))
        .append('\n');
    int met = 0;
    int missed = 0;
    for (Targets.Verdict v : verdicts) {
      if (v.status() == Targets.Status.MET) {
        met++;
      } else if (v.status() == Targets.Status.MISSED) {
        missed++;
      }
    }
    sb.append(
        String.format(
            Locale.ROOT,
            "Targets: %d met, %d missed, %d not measured%n",
            met,
            missed,
            verdicts.size() - met - missed));
    sb.append(targetsTable(verdicts).render());
    return sb.toString();
  }
}
