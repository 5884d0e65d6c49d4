package dev.sluice.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The orchestrator's command line. */
record Options(
    String url,
    long rows,
    List<Workload> workloads,
    List<Client> clients,
    int warmup,
    int iterations,
    int rounds,
    int insertRows,
    int lookups,
    int joinRuns,
    Path out,
    List<String> jvmArgs,
    boolean jfr,
    boolean tls,
    boolean help) {

  static final String USAGE =
      String.join(
          "\n",
          "java -jar benchmarks/target/benchmarks.jar [options]",
          "",
          "  --url postgresql://user[:pw]@host:port/db  run against this server (default: an embedded",
          "                           PostgreSQL 17 from the testkit). The bench tables are created in db,",
          "                           and kept for later runs; W5 creates a Pagila copy (needs CREATE DATABASE).",
          "                           The drain and ideal clients need trust authentication.",
          "  --rows N                 rows of bench_wide and bench_narrow (default 1000000)",
          "  --only W1,W3c,...        workloads (default all: "
              + Workload.ids()
              + "; W4 = W4b,W4c)",
          "  --clients a,b,...        clients (default all: " + Client.ids() + ")",
          "  --warmup N               warm-up iterations per cell (default 5)",
          "  --iterations N           measured iterations per cell (default 10)",
          "  --rounds N               run every cell N times, each in a fresh JVM, the clients' order",
          "                           rotated each round; figures are medians over all rounds'",
          "                           iterations (default 1)",
          "  --insert-rows N          rows W4 inserts per iteration (default min(100000, rows))",
          "  --lookups N              lookups per W3/W3c iteration (default 10000)",
          "  --join-runs N            W5 join executions per iteration (default 200)",
          "  --out DIR                where latest.md and latest.svg go (default benchmarks/results,",
          "                           or ./results when there is no ./benchmarks directory)",
          "  --jvm-arg ARG            an extra flag for every cell's JVM (repeatable; stated in the output)",
          "  --jfr                    record each cell with JFR (profile settings) into OUT/jfr/",
          "  --tls                    the embedded server takes TLS connections only (hostssl), and",
          "                           every client connects with TLS (Sluice and pgjdbc sslmode=require;",
          "                           the drain and ideal clients through the JDK's SSLSocket)",
          "  --help");

  /** The options that take a value. */
  private static final List<String> VALUED =
      List.of(
          "--url",
          "--rows",
          "--only",
          "--clients",
          "--warmup",
          "--iterations",
          "--rounds",
          "--insert-rows",
          "--lookups",
          "--join-runs",
          "--out",
          "--jvm-arg");

  static Options parse(String... args) {
    String url = null;
    long rows = 1_000_000;
    List<Workload> workloads = Arrays.asList(Workload.values());
    List<Client> clients = Arrays.asList(Client.values());
    int warmup = 5;
    int iterations = 10;
    int rounds = 1;
    Integer insertRows = null;
    int lookups = 10_000;
    int joinRuns = 200;
    Path out = null;
    List<String> jvmArgs = new ArrayList<>();
    boolean jfr = false;
    boolean tls = false;
    boolean help = false;
    for (int k = 0; k < args.length; k++) {
      String a = args[k];
      String value = null;
      int eq = a.indexOf('=');
      if (a.startsWith("--") && eq > 0) {
        value = a.substring(eq + 1);
        a = a.substring(0, eq);
      }
      switch (a) {
        case "--help":
        case "-h":
          help = true;
          continue;
        case "--jfr":
          jfr = true;
          continue;
        case "--tls":
          tls = true;
          continue;
        default:
          if (!VALUED.contains(a)) {
            throw new IllegalArgumentException("unknown option " + a + "\n\n" + USAGE);
          }
          break;
      }
      if (value == null) {
        if (k + 1 >= args.length) {
          throw new IllegalArgumentException(a + " needs a value\n\n" + USAGE);
        }
        value = args[++k];
      }
      switch (a) {
        case "--url":
          url = value;
          break;
        case "--rows":
          rows = positiveLong(a, value);
          break;
        case "--only":
          workloads = Workload.parseList(value);
          break;
        case "--clients":
          clients = Client.parseList(value);
          break;
        case "--warmup":
          warmup = nonNegativeInt(a, value);
          break;
        case "--iterations":
          iterations = (int) positiveLong(a, value);
          break;
        case "--rounds":
          rounds = (int) positiveLong(a, value);
          break;
        case "--insert-rows":
          insertRows = (int) positiveLong(a, value);
          break;
        case "--lookups":
          lookups = (int) positiveLong(a, value);
          break;
        case "--join-runs":
          joinRuns = (int) positiveLong(a, value);
          break;
        case "--out":
          out = Path.of(value);
          break;
        case "--jvm-arg":
          jvmArgs.add(value);
          break;
        default:
          throw new AssertionError(a);
      }
    }
    if (out == null) {
      out =
          Files.isDirectory(Path.of("benchmarks"))
              ? Path.of("benchmarks", "results")
              : Path.of("results");
    }
    int inserts = insertRows != null ? insertRows : (int) Math.min(100_000, rows);
    return new Options(
        url,
        rows,
        List.copyOf(workloads),
        List.copyOf(clients),
        warmup,
        iterations,
        rounds,
        inserts,
        lookups,
        joinRuns,
        out,
        List.copyOf(jvmArgs),
        jfr,
        tls,
        help);
  }

  private static long positiveLong(String option, String value) {
    long v;
    try {
      v = Long.parseLong(value.replace("_", "").replace(",", ""));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " is not a number: " + value);
    }
    if (v < 1) {
      throw new IllegalArgumentException(option + " must be at least 1: " + value);
    }
    return v;
  }

  private static int nonNegativeInt(String option, String value) {
    int v;
    try {
      v = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " is not a number: " + value);
    }
    if (v < 0) {
      throw new IllegalArgumentException(option + " must not be negative: " + value);
    }
    return v;
  }
}
