package dev.sluice.bench;

import dev.sluice.Database;
import dev.sluice.RowDecoder;
import dev.sluice.testkit.PgServer;
import dev.sluice.testkit.TestDatabase;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The orchestrator: {@code java -jar benchmarks.jar [options]}. Holds the server (the testkit's
 * embedded PostgreSQL, or the one given by {@code --url}), creates the data, runs each cell (client
 * × workload) in its own JVM one after the other, prints the table of medians and ratios and the
 * targets' verdicts, and writes results/latest.md and results/latest.svg.
 */
public final class BenchMain {
  private static final RowDecoder<String> FIRST_STRING = columns -> row -> row.getString(0);

  private BenchMain() {}

  public static void main(String[] args) throws Exception {
    Options options;
    try {
      options = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    if (options.help()) {
      System.out.println(Options.USAGE);
      return;
    }
    Results results = run(options, System.err);
    boolean anyFailed = false;
    for (Workload w : results.workloads()) {
      for (CellResult r : results.of(w)) {
        anyFailed |= !r.ok();
      }
    }
    // The embedded server stops in the testkit's shutdown hook.
    System.exit(anyFailed ? 1 : 0);
  }

  /** Runs the selected cells and writes the report; progress goes to {@code log}. */
  static Results run(Options options, PrintStream log) throws IOException, InterruptedException {
    ZonedDateTime started = ZonedDateTime.now();
    double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    List<String> notes = new ArrayList<>();
    TestDatabase benchDb = null;
    TestDatabase pagilaDb = null;
    PgServer tlsServer = null;
    try {
      PgServer embedded = null;
      String benchUrl;
      String server;
      if (options.url() != null) {
        // The testkit then describes this server instead of starting one (for the Pagila copy).
        System.setProperty("sluice.test.url", options.url());
        benchUrl = options.url();
        server = "external (--url)";
      } else if (options.tls()) {
        log.println("Starting an embedded PostgreSQL that takes TLS connections only…");
        tlsServer =
            PgServer.builder()
                .tls()
                .hba(
                    "local all all trust",
                    "hostssl all all 127.0.0.1/32 trust",
                    "hostssl all all ::1/128 trust")
                .start();
        embedded = tlsServer;
        benchDb = embedded.createDatabase();
        benchUrl = benchDb.url() + "?sslmode=require";
        server =
            "the testkit's embedded server over TLS only (hostssl; its self-signed RSA 2048"
                + " certificate; fsync, synchronous_commit and full_page_writes off; jit off)";
      } else {
        log.println("Starting the embedded PostgreSQL…");
        embedded = PgServer.shared();
        benchDb = embedded.createDatabase();
        benchUrl = benchDb.url();
        server =
            "the testkit's embedded server (fsync, synchronous_commit and full_page_writes off;"
                + " jit off)";
      }
      log.println("Bench data in " + benchUrl.replaceAll(":[^:@/]*@", ":***@"));
      DataSet.ensure(benchUrl, options.rows(), log);
      String serverVersion;
      try (Database db = Database.connect(benchUrl)) {
        serverVersion = db.query("SELECT current_setting('server_version')", FIRST_STRING).get(0);
      }

      List<Workload> workloads = new ArrayList<>(options.workloads());
      String pagilaUrl = "";
      if (workloads.contains(Workload.W5)
          || workloads.contains(Workload.W5S)
          || workloads.contains(Workload.W7)) {
        try {
          pagilaDb = (embedded != null ? embedded : PgServer.shared()).createPagilaDatabase();
          pagilaUrl = pagilaDb.url() + (options.tls() ? "?sslmode=require" : "");
        } catch (RuntimeException e) {
          workloads.remove(Workload.W5);
          workloads.remove(Workload.W5S);
          workloads.remove(Workload.W7);
          notes.add("W5, W5s and W7 skipped: no Pagila database (" + e.getMessage() + ")");
          log.println("W5 skipped: " + e.getMessage());
        }
      }

      Path jfr = options.jfr() ? options.out().resolve("jfr") : null;
      CellLauncher launcher = new CellLauncher(options.jvmArgs(), jfr, log);
      Results results = new Results();
      for (int round = 0; round < options.rounds(); round++) {
        // Each round starts the clients one further along, so no client always runs first (after
        // the other workload's cells) or last.
        List<Client> order = new ArrayList<>(options.clients());
        java.util.Collections.rotate(order, -round);
        if (options.rounds() > 1) {
          log.printf("Round %d of %d%n", round + 1, options.rounds());
        }
        runRound(options, workloads, order, benchUrl, pagilaUrl, launcher, results, log);
      }

      double loadAfter = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
      if (jfr != null) {
        notes.add(
            "JFR recordings (settings=profile) in " + jfr + "; the recording costs some CPU.");
      }
      RunInfo info =
          new RunInfo(
              started,
              server,
              serverVersion,
              options,
              launcher.flags(),
              Runtime.version().toString(),
              Runtime.getRuntime().availableProcessors(),
              loadBefore,
              loadAfter,
              notes);
      List<Targets.Verdict> verdicts = Targets.evaluate(results, options.tls());
      System.out.print(Report.console(info, results, verdicts));
      write(options.out(), info, results, verdicts, log);
      return results;
    } finally {
      if (pagilaDb != null) {
        pagilaDb.close();
      }
      if (benchDb != null) {
        benchDb.close();
      }
      if (tlsServer != null) {
        tlsServer.close();
      }
    }
  }

  private static void write(
      Path out, RunInfo info, Results results, List<Targets.Verdict> verdicts, PrintStream log)
      throws IOException {
    Files.createDirectories(out);
    Path md = out.resolve("latest.md");
    Path svg = out.resolve("latest.svg");
    Files.writeString(md, Report.markdown(info, results, verdicts), StandardCharsets.UTF_8);
    String subtitle =
        String.format(
            Locale.ROOT,
            "%s · PostgreSQL %s · %,d rows · %d cores · java %s",
            info.started().toLocalDate(),
            info.serverVersion(),
            info.options().rows(),
            info.cores(),
            String.join(" ", info.jvmFlags()));
    Files.writeString(
        svg, SvgChart.render(results, subtitle, info.chartWarnings()), StandardCharsets.UTF_8);
    log.println("Wrote " + md + " and " + svg);
  }

  /** Runs every cell of {@code workloads} once, the clients in {@code order}. */
  private static void runRound(
      Options options,
      List<Workload> workloads,
      List<Client> order,
      String benchUrl,
      String pagilaUrl,
      CellLauncher launcher,
      Results results,
      PrintStream log)
      throws IOException, InterruptedException {
    for (Workload w : workloads) {
      for (Client c : order) {
        if (!c.runs(w)) {
          continue;
        }
        CellSpec spec =
            new CellSpec(
                c,
                w,
                benchUrl,
                pagilaUrl,
                options.rows(),
                options.insertRows(),
                options.lookups(),
                options.joinRuns(),
                options.warmup(),
                options.iterations());
        long t0 = System.nanoTime();
        CellResult r = launcher.run(spec);
        results.add(r);
        log.println(progress(r, (System.nanoTime() - t0) / 1e9));
      }
    }
  }

  private static String progress(CellResult r, double seconds) {
    String head = String.format(Locale.ROOT, "  %-4s %-14s", r.workload().id(), r.client().id());
    if (!r.ok()) {
      return head + "FAILED: " + r.error();
    }
    String figures =
        String.format(
            Locale.ROOT,
            "wall %s ms, CPU %s ms, GC %s ms, %s B/%s",
            Targets.fmt(r.wallMillis()),
            Targets.fmt(r.cpuMillis()),
            Targets.fmt(r.gcMillis()),
            Targets.fmt(r.bytesPerUnit()),
            r.workload().unit());
    if (r.workload().isLookup()) {
      figures +=
          String.format(
              Locale.ROOT,
              ", %s q/s, p50 %s µs, p99 %s µs",
              Targets.fmt(r.unitsPerSecond()),
              Targets.fmt(r.p50Nanos() / 1e3),
              Targets.fmt(r.p99Nanos() / 1e3));
    } else if (r.workload().isInsert()) {
      figures += ", " + Targets.fmt(r.unitsPerSecond()) + " rows/s";
    }
    return head
        + figures
        + String.format(
            Locale.ROOT, " (spread %s; cell %.0f s)", Targets.pct(r.wallSpread()), seconds);
  }
}
