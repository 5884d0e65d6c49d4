package dev.sluice.bench;

import static dev.sluice.bench.Client.DRAIN;
import static dev.sluice.bench.Client.IDEAL;
import static dev.sluice.bench.Client.JOOQ;
import static dev.sluice.bench.Client.PGJDBC_BINARY;
import static dev.sluice.bench.Client.SLUICE;
import static dev.sluice.bench.Client.SLUICE_DSL;
import static dev.sluice.bench.Client.SLUICE_PIPELINED;
import static dev.sluice.bench.Client.SLUICE_RECORDS;
import static dev.sluice.bench.Client.SLUICE_STITCHED;
import static dev.sluice.bench.Client.VERTX_PIPELINED;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The targets of issue 3, checked against one run's medians: for each, met or missed and by how
 * much. A target whose cells did not run (or failed) is reported as not measured.
 */
final class Targets {
  private Targets() {}

  enum Status {
    MET,
    MISSED,
    NOT_MEASURED
  }

  /** One target's outcome; {@code measured} and {@code margin} are human-readable. */
  record Verdict(Workload workload, String target, String measured, Status status, String margin) {}

  /**
   * @param tls whether every client ran over TLS ({@code --tls}): then issue 13's target against
   *     pgjdbc over TLS is checked too
   */
  static List<Verdict> evaluate(Results r, boolean tls) {
    List<Verdict> out = new ArrayList<>();
    if (tls) {
      out.add(
          ratio(
              r,
              Workload.W1,
              "Sluice wall ≤ 0.6× pgjdbc binary's wall, both over TLS (issue 13)",
              SLUICE,
              PGJDBC_BINARY,
              CellResult::wallMillis,
              false,
              0.6,
              "ms wall"));
    }
    readTargets(out, r, Workload.W1, 1.15, 165, "1.1 × ≈150 B of record, String and UUID");
    readTargets(out, r, Workload.W2, 1.10, 60, "the issue's 60 B/row");

    out.add(
        ratio(
            r,
            Workload.W3,
            "Sluice q/s ≥ 1.0× the raw drain's q/s (one connection)",
            SLUICE,
            DRAIN,
            CellResult::unitsPerSecond,
            true,
            1.0,
            "q/s"));
    out.add(
        absolute(
            r,
            Workload.W3,
            "Sluice allocates ≤ 500 B per query",
            SLUICE,
            CellResult::bytesPerUnit,
            500,
            "B/query"));
    out.add(
        ratio(
            r,
            Workload.W3,
            "DSL point lookup client CPU ≤ 1.05× the same SQL string's, separate JVMs (issue 14)",
            SLUICE_DSL,
            SLUICE,
            CellResult::cpuMillis,
            false,
            1.05,
            "ms CPU"));
    out.add(PairedTargets.dslCpu(r));
    out.add(
        ratio(
            r,
            Workload.W3C,
            "Sluice q/s ≥ 1.0× pgjdbc + HikariCP (16 callers, 4 connections)",
            SLUICE,
            PGJDBC_BINARY,
            CellResult::unitsPerSecond,
            true,
            1.0,
            "q/s"));
    out.add(
        absolute(
            r,
            Workload.W3C,
            "Sluice p99 ≤ 2 ms (16 callers, 4 connections)",
            SLUICE,
            c -> c.p99Nanos() / 1e6,
            2.0,
            "ms"));
    out.addAll(pipelined(r));

    out.add(
        ratio(
            r,
            Workload.W4C,
            "Sluice binary COPY rows/s ≥ 1.2× pgjdbc CopyManager",
            SLUICE,
            PGJDBC_BINARY,
            CellResult::unitsPerSecond,
            true,
            1.2,
            "rows/s"));
    out.add(
        ratio(
            r,
            Workload.W4B,
            "Sluice batch rows/s ≥ 1.5× pgjdbc reWriteBatchedInserts",
            SLUICE,
            PGJDBC_BINARY,
            CellResult::unitsPerSecond,
            true,
            1.5,
            "rows/s"));

    out.add(
        ratio(
            r,
            Workload.W5,
            "Sluice CPU ≤ 1.1× the ideal decoder's CPU",
            SLUICE,
            IDEAL,
            CellResult::cpuMillis,
            false,
            1.1,
            "ms CPU"));
    out.add(
        ratio(
            r,
            Workload.W5S,
            "Sluice CPU ≤ 1.2× the ideal decoder's CPU, issue 25's six columns",
            SLUICE,
            IDEAL,
            CellResult::cpuMillis,
            false,
            1.2,
            "ms CPU"));
    out.add(
        ratio(
            r,
            Workload.W7,
            "One-to-many in one query: Sluice CPU ≤ 0.5× jOOQ MULTISET's (issue 25)",
            SLUICE,
            JOOQ,
            CellResult::cpuMillis,
            false,
            0.5,
            "ms CPU"));
    out.add(
        ratio(
            r,
            Workload.W7,
            "One-to-many in one query: Sluice CPU ≤ 0.7× two queries stitched in Java (issue 25)",
            SLUICE,
            SLUICE_STITCHED,
            CellResult::cpuMillis,
            false,
            0.7,
            "ms CPU"));
    copyTargets(out, r);
    return out;
  }

  /**
   * Issue 24's COPY targets: records into binary COPY ({@code sluice-records}) against the
   * hand-built binary stream ({@code sluice}) and CopyManager's text COPY (W4c), and COPY OUT into
   * records (W6) against W1's SELECT path and CopyManager's text output parsed into the same
   * records. CPU is compared per row.
   */
  private static void copyTargets(List<Verdict> out, Results r) {
    out.add(
        ratio(
            r,
            Workload.W4C,
            "COPY of records rows/s ≥ 1.0× the hand-built binary stream (issue 24)",
            SLUICE_RECORDS,
            SLUICE,
            CellResult::unitsPerSecond,
            true,
            1.0,
            "rows/s"));
    out.add(
        ratio(
            r,
            Workload.W4C,
            "COPY of records rows/s ≥ 1.2× pgjdbc CopyManager, text (issue 24)",
            SLUICE_RECORDS,
            PGJDBC_BINARY,
            CellResult::unitsPerSecond,
            true,
            1.2,
            "rows/s"));
    out.add(
        ratio(
            r,
            Workload.W4C,
            "COPY of records client CPU/row ≤ 0.5× pgjdbc CopyManager's (issue 24)",
            SLUICE_RECORDS,
            PGJDBC_BINARY,
            CellResult::cpuMicrosPerUnit,
            false,
            0.5,
            "µs CPU/row"));
    String target = "COPY OUT into records CPU/row ≤ 1.1× W1's SELECT path (issue 24)";
    CellResult copy = r.ok(Workload.W6, SLUICE);
    CellResult select = r.ok(Workload.W1, SLUICE);
    if (copy == null || select == null) {
      out.add(
          new Verdict(
              Workload.W6,
              target,
              "—",
              Status.NOT_MEASURED,
              "needs " + SLUICE.id() + " in " + Workload.W6.id() + " and " + Workload.W1.id()));
    } else {
      double c = copy.cpuMicrosPerUnit();
      double s = select.cpuMicrosPerUnit();
      out.add(
          verdict(
              Workload.W6,
              target,
              fmt(c / s) + "× (" + fmt(c) + " vs " + fmt(s) + " µs CPU/row)",
              c / s,
              false,
              1.1));
    }
    out.add(
        ratio(
            r,
            Workload.W6,
            "COPY OUT into records CPU ≤ 0.5× CopyManager's text output parsed (issue 24)",
            SLUICE,
            PGJDBC_BINARY,
            CellResult::cpuMicrosPerUnit,
            false,
            0.5,
            "µs CPU/row"));
  }

  private static void readTargets(
      List<Verdict> out,
      Results r,
      Workload w,
      double drainLimit,
      double bytesLimit,
      String bytesWhy) {
    out.add(
        ratio(
            r,
            w,
            "Sluice wall ≤ " + fmt(drainLimit) + "× the raw drain's wall",
            SLUICE,
            DRAIN,
            CellResult::wallMillis,
            false,
            drainLimit,
            "ms wall"));
    out.add(
        ratio(
            r,
            w,
            "Sluice CPU ≤ 0.3× pgjdbc binary's CPU",
            SLUICE,
            PGJDBC_BINARY,
            CellResult::cpuMillis,
            false,
            0.3,
            "ms CPU"));
    out.add(
        absolute(
            r,
            w,
            "Sluice allocates ≤ " + fmt(bytesLimit) + " B/row (" + bytesWhy + ")",
            SLUICE,
            CellResult::bytesPerUnit,
            bytesLimit,
            "B/row"));
    out.add(
        ratio(
            r,
            w,
            "Sluice wall ≤ 1.1× the ideal decoder's wall",
            SLUICE,
            IDEAL,
            CellResult::wallMillis,
            false,
            1.1,
            "ms wall"));
    out.add(
        ratio(
            r,
            w,
            "Sluice CPU ≤ 1.1× the ideal decoder's CPU",
            SLUICE,
            IDEAL,
            CellResult::cpuMillis,
            false,
            1.1,
            "ms CPU"));
    out.add(
        ratio(
            r,
            w,
            "Sluice B/row ≤ 1.1× the ideal decoder's B/row",
            SLUICE,
            IDEAL,
            CellResult::bytesPerUnit,
            false,
            1.1,
            "B/row"));
  }

  /** {@code metric(subject) / metric(base)} against {@code limit}: at least it, or at most it. */
  static Verdict ratio(
      Results r,
      Workload w,
      String target,
      Client subject,
      Client base,
      ToDoubleFunction<CellResult> metric,
      boolean atLeast,
      double limit,
      String unit) {
    CellResult s = r.ok(w, subject);
    CellResult b = r.ok(w, base);
    if (s == null || b == null) {
      return new Verdict(
          w,
          target,
          "—",
          Status.NOT_MEASURED,
          "needs " + subject.id() + " and " + base.id() + " in " + w.id());
    }
    double sv = metric.applyAsDouble(s);
    double bv = metric.applyAsDouble(b);
    double ratio = bv == 0 ? Double.POSITIVE_INFINITY : sv / bv;
    String measured = fmt(ratio) + "× (" + fmt(sv) + " vs " + fmt(bv) + " " + unit + ")";
    return verdict(w, target, measured, ratio, atLeast, limit);
  }

  static Verdict absolute(
      Results r,
      Workload w,
      String target,
      Client subject,
      ToDoubleFunction<CellResult> metric,
      double limit,
      String unit) {
    CellResult s = r.ok(w, subject);
    if (s == null) {
      return new Verdict(
          w, target, "—", Status.NOT_MEASURED, "needs " + subject.id() + " in " + w.id());
    }
    double v = metric.applyAsDouble(s);
    return verdict(w, target, fmt(v) + " " + unit, v, false, limit);
  }

  static Verdict verdict(
      Workload w, String target, String measured, double value, boolean atLeast, double limit) {
    boolean met = atLeast ? value >= limit : value <= limit;
    String margin;
    if (met) {
      double headroom = atLeast ? value / limit - 1 : 1 - value / limit;
      margin = pct(headroom) + " to spare";
    } else if (atLeast) {
      margin = "by " + pct(1 - value / limit) + " (" + fmt(value) + " < " + fmt(limit) + ")";
    } else {
      margin = "by " + pct(value / limit - 1) + " (" + fmt(value) + " > " + fmt(limit) + ")";
    }
    return new Verdict(w, target, measured, met ? Status.MET : Status.MISSED, margin);
  }

  static String pct(double fraction) {
    return String.format(Locale.ROOT, "%.0f%%", fraction * 100);
  }

  /** Three significant digits, at most; whole numbers from 100 up. */
  static String fmt(double v) {
    if (Double.isInfinite(v) || Double.isNaN(v)) {
      return String.valueOf(v);
    }
    double a = Math.abs(v);
    if (a >= 100) {
      return String.format(Locale.ROOT, "%,.0f", v);
    }
    if (a >= 10) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    return String.format(Locale.ROOT, "%.2f", v);
  }

  /** Issue 23's targets for the pipelined pool (W3c) and for pipelining across latency (W3cL). */
  private static List<Verdict> pipelined(Results r) {
    List<Verdict> out = new ArrayList<>();
    out.add(
        ratio(
            r,
            Workload.W3C,
            "Pipelined q/s ≥ 1.5× pgjdbc + HikariCP (16 callers, 4 connections)",
            SLUICE_PIPELINED,
            PGJDBC_BINARY,
            CellResult::unitsPerSecond,
            true,
            1.5,
            "q/s"));
    out.add(
        ratio(
            r,
            Workload.W3C,
            "Pipelined q/s ≥ 1.0× vert.x's pipelining pooled client",
            SLUICE_PIPELINED,
            VERTX_PIPELINED,
            CellResult::unitsPerSecond,
            true,
            1.0,
            "q/s"));
    out.add(
        ratio(
            r,
            Workload.W3C,
            "Pipelined client CPU per query ≤ 0.5× pgjdbc + HikariCP's, separate JVMs",
            SLUICE_PIPELINED,
            PGJDBC_BINARY,
            CellResult::cpuMillis,
            false,
            0.5,
            "ms CPU"));
    out.add(PairedTargets.pipelinedCpu(r));
    out.add(
        absolute(
            r,
            Workload.W3C,
            "Pipelined p99 ≤ 2 ms (16 callers, 4 connections)",
            SLUICE_PIPELINED,
            c -> c.p99Nanos() / 1e6,
            2.0,
            "ms"));
    out.add(
        ratio(
            r,
            Workload.W3CL,
            "Pipelined q/s ≥ 3× the plain pool's, 1 ms each way (16 callers on 4 connections cap"
                + " the gain at 4×)",
            SLUICE_PIPELINED,
            SLUICE,
            CellResult::unitsPerSecond,
            true,
            3.0,
            "q/s"));
    return out;
  }
}
