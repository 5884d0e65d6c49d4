package dev.sluice.bench;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The circumstances of a run, stated with its figures. */
record RunInfo(
    ZonedDateTime started,
    String server,
    String serverVersion,
    Options options,
    List<String> jvmFlags,
    String javaVersion,
    int cores,
    double loadBefore,
    double loadAfter,
    List<String> notes) {

  String describe() {
    StringBuilder sb = new StringBuilder();
    for (String warning : warnings()) {
      sb.append("> **").append(warning).append("**\n\n");
    }
    sb.append("- When: ")
        .append(started.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME))
        .append('\n');
    sb.append("- Server: PostgreSQL ")
        .append(serverVersion)
        .append(", ")
        .append(server)
        .append('\n');
    sb.append("- Machine: ")
        .append(cores)
        .append(" cores (shared by the server and the client), ")
        .append(System.getProperty("os.name"))
        .append(' ')
        .append(System.getProperty("os.arch"))
        .append("; load average ")
        .append(load(loadBefore))
        .append(" before, ")
        .append(load(loadAfter))
        .append(" after\n");
    sb.append("- Every cell in its own JVM: `java ")
        .append(String.join(" ", jvmFlags))
        .append("` (Java ")
        .append(javaVersion)
        .append(")\n");
    sb.append(
        String.format(
            Locale.ROOT,
            "- Sizes: bench_wide and bench_narrow %,d rows; W3 %,d lookups; W4 %,d rows; W5 %d runs"
                + " per iteration%n",
            options.rows(),
            options.lookups(),
            options.insertRows(),
            options.joinRuns()));
    sb.append("- Iterations per cell: ")
        .append(options.warmup())
        .append(" warm-up, ")
        .append(options.iterations())
        .append(" measured");
    if (options.rounds() > 1) {
      sb.append(", in each of ")
          .append(options.rounds())
          .append(
              " rounds (a fresh JVM per cell and round, the clients' order rotated each round)");
    }
    sb.append(
        "; figures are medians of the measured ones"
            + (options.rounds() > 1 ? " of all rounds (p50/p99: the median of the rounds')" : "")
            + ". Before each iteration, outside the timing: System.gc() (and TRUNCATE for W4).\n");
    for (String note : notes) {
      sb.append("- ").append(note).append('\n');
    }
    return sb.toString();
  }

  /** Reasons not to trust these figures, stated at the top of the report. */
  List<String> warnings() {
    List<String> w = new ArrayList<>();
    if (isSmokeSize()) {
      w.add(
          String.format(
              Locale.ROOT,
              "Smoke-size run (%,d rows, %d warm-up and %d measured"
                  + " iterations; the reference run is 1,000,000 rows, 5 and 10): the figures check the"
                  + " harness, they do not measure the clients.",
              options.rows(),
              options.warmup(),
              options.iterations()));
    }
    if (isBusy()) {
      w.add(
          String.format(
              Locale.ROOT,
              "The machine was busy before the run started (load average"
                  + " %.2f on %d cores): expect noise; rerun on a quiet machine before trusting small"
                  + " differences.",
              loadBefore,
              cores));
    }
    return w;
  }

  /** The same warnings, short enough for one line of the chart. */
  List<String> chartWarnings() {
    List<String> w = new ArrayList<>();
    if (isSmokeSize()) {
      w.add(
          String.format(
              Locale.ROOT,
              "Smoke-size run (%,d rows, %d + %d iterations): checks the harness,"
                  + " measures nothing",
              options.rows(),
              options.warmup(),
              options.iterations()));
    }
    if (isBusy()) {
      w.add(
          String.format(
              Locale.ROOT,
              "Busy machine (load average %.2f on %d cores before the run):" + " noisy figures",
              loadBefore,
              cores));
    }
    return w;
  }

  private boolean isSmokeSize() {
    return options.rows() < 1_000_000 || options.iterations() < 10 || options.warmup() < 5;
  }

  /**
   * Judged by the load before the run: afterwards the load average includes the run itself (client
   * and server keep the cores busy).
   */
  private boolean isBusy() {
    return loadBefore > cores * 0.5;
  }

  private static String load(double v) {
    return v < 0 ? "unknown" : String.format(Locale.ROOT, "%.2f", v);
  }
}
