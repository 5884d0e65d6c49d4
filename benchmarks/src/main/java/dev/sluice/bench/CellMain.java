package dev.sluice.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A forked JVM running one cell: one client, one workload. Sets the client up, runs the warm-up
 * iterations and then the measured ones, and prints one line per iteration on stdout, prefixed
 * {@value #PREFIX} so the orchestrator can tell them from anything a library prints:
 *
 * <pre>
 * @bench iter &lt;measured 0|1&gt; &lt;wall ns&gt; &lt;cpu ns&gt; &lt;allocated bytes&gt; &lt;units&gt;
 * @bench latency &lt;p50 ns&gt; &lt;p99 ns&gt;          (W3, W3c: over all measured queries)
 * @bench error &lt;message&gt;                      (and exit status 1)
 * </pre>
 *
 * <p>Before each iteration, outside the measurement: the client's {@code beforeIteration}, W4's
 * TRUNCATE, dropping the previous result and a System.gc(), so every iteration starts from the same
 * heap. The result an iteration builds stays reachable until its measurement ends: keeping it alive
 * is what costs a decoder its GC time, and that cost belongs in the figures.
 */
public final class CellMain {
  static final String PREFIX = "@bench ";

  /**
   * Lookups per block of the paired cell: about 30 ms, long enough that reading the thread's CPU
   * clock (a microsecond) does not count, short enough that a drift of the machine's speed falls on
   * both halves.
   */
  static final int PAIR_BLOCK = 500;

  /** What W3cL's proxy adds each way. */
  static final long LATENCY_NANOS = 1_000_000;

  /** Reads of the films with their actors per W7 iteration. */
  static final int CAST_RUNS = 20;

  /** Pagila's films, and its film_actor rows: what one W7 read must return. */
  static final int FILMS = 1_000;

  static final int FILM_ACTORS = 5_462;

  /** Calls in flight per shared connection of the pipelined W3c cells. */
  static final int PIPELINING = 16;

  /** Callers and connections of W3c. */
  static final int CALLERS = 16;

  private CellSpec spec;

  /** W3cL's proxy, adding latency between the client and the server. */
  private LatencyProxy latency;

  private final BenchClient client;
  private final Meter meter = new Meter();

  /** The last iteration's result, kept reachable until its measurement ends. */
  private Object kept;

  /** Per-query latencies of the measured W3 iterations, in ns. */
  private long[] latencies = new long[0];

  private int latencyCount;
  private int[] ids;
  private List<Wide> insertRows;

  /** W4c's rows as the {@code sluice-records} client copies them: the same values. */
  private List<InsertRow> recordRows;

  /** The server's processes, for its CPU time in COPY cells; null in others. */
  private ServerCpu serverCpu;

  private Connection admin;
  private ThreadPoolExecutor callers;

  /** The threads of {@link #callers} (the paired W3c cell reads their CPU time). */
  private final List<Thread> callerThreads = new java.util.concurrent.CopyOnWriteArrayList<>();

  /** The paired cell's last iteration: the calling thread's CPU ns in each half, or -1. */
  private long pairDsl;

  private long pairSql;

  private final ThreadMXBean threadClock = ManagementFactory.getThreadMXBean();

  private CellMain(CellSpec spec) {
    this.spec = spec;
    this.client = spec.client().create();
  }

  public static void main(String[] args) {
    int status = 0;
    try {
      CellSpec spec = CellSpec.parse(args);
      CellMain cell = new CellMain(spec);
      try {
        cell.run();
      } finally {
        cell.close();
      }
    } catch (Throwable e) {
      System.out.println(PREFIX + "error " + oneLine(e));
      e.printStackTrace();
      status = 1;
    }
    System.out.flush();
    // Client libraries may leave non-daemon threads behind (event loops, pool housekeepers).
    System.exit(status);
  }

  private void run() throws Exception {
    setUp();
    int total = spec.warmup() + spec.iterations();
    for (int k = 0; k < total; k++) {
      boolean measured = k >= spec.warmup();
      client.beforeIteration();
      if (spec.workload().isInsert()) {
        try (Statement st = admin.createStatement()) {
          st.execute(Sql.TRUNCATE_INSERT);
        }
      }
      kept = null;
      System.gc();
      pairDsl = -1;
      pairSql = -1;
      long server0 = serverCpu == null ? -1 : serverCpu.nanos();
      meter.start();
      long units = iteration(measured);
      Sample s = meter.stop(units);
      if (serverCpu != null) {
        long server1 = serverCpu.nanos();
        s = s.withServerCpu(server0 < 0 || server1 < 0 ? -1 : server1 - server0);
      }
      if (pairDsl >= 0) {
        s = s.withPair(pairDsl, pairSql);
      }
      Checks.units(spec, units);
      if (spec.workload().isInsert()) {
        Checks.inserted(spec, admin);
      }
      kept = null;
      System.out.println(PREFIX + "iter " + (measured ? 1 : 0) + " " + s.toLine());
    }
    if (spec.workload().isLookup()) {
      long[] sorted = Arrays.copyOf(latencies, latencyCount);
      Arrays.sort(sorted);
      System.out.println(
          PREFIX
              + "latency "
              + Stats.percentileOfSorted(sorted, latencyCount, 50)
              + " "
              + Stats.percentileOfSorted(sorted, latencyCount, 99));
    }
  }

  private void setUp() throws Exception {
    if (spec.workload() == Workload.W3CL) {
      java.net.URI u = java.net.URI.create(spec.url().replaceFirst("^postgres(ql)?:", "http:"));
      latency = new LatencyProxy(u.getHost(), u.getPort(), LATENCY_NANOS);
      spec = spec.through("127.0.0.1", latency.port());
    }
    client.setUp(spec);
    Workload w = spec.workload();
    if (w.isLookup()) {
      SplittableRandom random = new SplittableRandom(42);
      ids = new int[spec.lookups()];
      for (int k = 0; k < ids.length; k++) {
        ids[k] = random.nextInt(1, DataSet.POINT_ROWS + 1);
      }
      latencies = new long[spec.lookups() * spec.iterations()];
    }
    if (w.isConcurrent()) {
      callers =
          new ThreadPoolExecutor(
              CALLERS,
              CALLERS,
              1,
              TimeUnit.HOURS,
              new LinkedBlockingQueue<>(),
              r -> {
                Thread t = new Thread(r, "caller-" + callerThreads.size());
                callerThreads.add(t);
                return t;
              });
      callers.prestartAllCoreThreads();
    }
    if (w.isInsert()) {
      insertRows = insertRows(spec.insertRows());
      if (spec.client() == Client.SLUICE_RECORDS) {
        recordRows = new ArrayList<>(insertRows.size());
        for (Wide r : insertRows) {
          recordRows.add(new InsertRow(r.f(), r.i(), r.s(), r.u(), r.n()));
        }
      }
    }
    if (w.isInsert() || w.readsServerCpu()) {
      admin = DriverManager.getConnection(Urls.jdbc(spec.url()));
    }
    if (w.readsServerCpu()) {
      serverCpu = ServerCpu.of(admin);
    }
  }

  /** The rows W4 inserts: W1-shaped, the same for every client (seeded). */
  static List<Wide> insertRows(int count) {
    SplittableRandom random = new SplittableRandom(7);
    List<Wide> rows = new ArrayList<>(count);
    for (int k = 0; k < count; k++) {
      rows.add(
          new Wide(
              random.nextDouble(),
              k + 1,
              Double.toString(random.nextDouble()),
              new UUID(random.nextLong(), random.nextLong()),
              null));
    }
    return rows;
  }

  /** Runs one iteration; returns the units it processed (rows, or queries). */
  private long iteration(boolean measured) throws Exception {
    switch (spec.workload()) {
      case W1:
        kept = client.readWide();
        return Checks.count(kept);
      case W2:
        kept = client.readNarrow();
        return Checks.count(kept);
      case W3:
        {
          long n =
              spec.client() == Client.SLUICE_PAIRED
                  ? pairedLookups(measured ? latencyCount : -1)
                  : lookups(client, 0, ids.length, measured ? latencyCount : -1);
          if (measured) {
            latencyCount += (int) n;
          }
          return n;
        }
      case W3C:
      case W3CL:
        if (client instanceof PipelinedPair pair) {
          long n =
              pair.iteration(
                  this::concurrentLookups, callerThreads, ids.length, measured ? latencyCount : -1);
          if (measured) {
            latencyCount += ids.length / 2; // the Sluice half's
          }
          pairDsl = pair.pipelinedNanos;
          pairSql = pair.hikariNanos;
          return n;
        }
        {
          long n = concurrentLookups(client, 0, ids.length, measured ? latencyCount : -1);
          if (measured) {
            latencyCount += (int) n;
          }
          return n;
        }
      case W4B:
        return client.insertBatch(insertRows);
      case W4C:
        return recordRows != null ? client.copyRecords(recordRows) : client.insertCopy(insertRows);
      case W6:
        kept = client.copyOutWide();
        return Checks.count(kept);
      case W5:
        {
          long rows = 0;
          for (int run = 0; run < spec.joinRuns(); run++) {
            kept = client.readFilms();
            rows += Checks.count(kept);
          }
          return rows;
        }
      case W5S:
        {
          long rows = 0;
          for (int run = 0; run < spec.joinRuns(); run++) {
            kept = client.readFilmSummaries();
            rows += Checks.count(kept);
          }
          return rows;
        }
      case W7:
        {
          long films = 0;
          for (int run = 0; run < CAST_RUNS; run++) {
            kept = client.readFilmCasts();
            films += Checks.countCast(kept);
          }
          return films;
        }
      default:
        throw new AssertionError(spec.workload());
    }
  }

  /** Lookups of ids[from, to); latencies go to latencies[at…] unless {@code at} is negative. */
  private long lookups(BenchClient c, int from, int to, int at) throws Exception {
    int[] ids = this.ids;
    long[] lat = latencies;
    for (int k = from; k < to; k++) {
      long t0 = System.nanoTime();
      Object row = c.lookup(ids[k]);
      long t1 = System.nanoTime();
      found(row, k, at, from, lat, t1 - t0);
    }
    return to - from;
  }

  /**
   * The paired cell's W3 iteration: the ids in blocks of {@link #PAIR_BLOCK}, half of them through
   * the DSL and half through the SQL string, in the order DSL, SQL, SQL, DSL, … so that a steady
   * drift of the machine's speed weighs on both alike. Each half has a loop of its own, as each has
   * its own call site in an application, so the JIT compiles and inlines each as if alone. Each
   * block's CPU time is the calling thread's (its run time from the OS): the DSL's cost is the
   * caller's work, while the process's other threads (JIT, GC) cannot be told apart by half.
   */
  private long pairedLookups(int at) {
    SluiceClient c = (SluiceClient) client;
    long dsl = 0;
    long sql = 0;
    int block = 0;
    for (int from = 0; from < ids.length; from += PAIR_BLOCK, block++) {
      int to = Math.min(ids.length, from + PAIR_BLOCK);
      int latencyAt = at < 0 ? -1 : at + from;
      if (block % 4 == 0 || block % 4 == 3) {
        long t0 = threadClock.getCurrentThreadCpuTime();
        dslLookups(c, from, to, latencyAt);
        dsl += threadClock.getCurrentThreadCpuTime() - t0;
      } else {
        long t0 = threadClock.getCurrentThreadCpuTime();
        sqlLookups(c, from, to, latencyAt);
        sql += threadClock.getCurrentThreadCpuTime() - t0;
      }
    }
    pairDsl = dsl;
    pairSql = sql;
    return ids.length;
  }

  /** {@link #lookups} through the DSL only. */
  private void dslLookups(SluiceClient c, int from, int to, int at) {
    int[] ids = this.ids;
    long[] lat = latencies;
    for (int k = from; k < to; k++) {
      long t0 = System.nanoTime();
      Object row = c.lookupDsl(ids[k]);
      long t1 = System.nanoTime();
      found(row, k, at, from, lat, t1 - t0);
    }
  }

  /** {@link #lookups} through the SQL string only. */
  private void sqlLookups(SluiceClient c, int from, int to, int at) {
    int[] ids = this.ids;
    long[] lat = latencies;
    for (int k = from; k < to; k++) {
      long t0 = System.nanoTime();
      Object row = c.lookupSql(ids[k]);
      long t1 = System.nanoTime();
      found(row, k, at, from, lat, t1 - t0);
    }
  }

  /** Fails a lookup that found no row; keeps its latency when {@code at} is not negative. */
  private void found(Object row, int k, int at, int from, long[] lat, long nanos) {
    if (row == null) {
      throw new IllegalStateException("lookup of id " + ids[k] + " found no row");
    }
    if (at >= 0) {
      lat[at + k - from] = nanos;
    }
  }

  /**
   * W3c: ids[from, to) split among the 16 callers running at once, over {@code c}'s 4 connections;
   * the latency of ids[k] goes to latencies[at + k - from] unless {@code at} is negative.
   */
  private long concurrentLookups(BenchClient c, int from, int to, int at) throws Exception {
    int n = to - from;
    List<Callable<Long>> tasks = new ArrayList<>(CALLERS);
    for (int t = 0; t < CALLERS; t++) {
      int f = from + (int) ((long) n * t / CALLERS);
      int e = from + (int) ((long) n * (t + 1) / CALLERS);
      tasks.add(() -> lookups(c, f, e, at < 0 ? -1 : at + f - from));
    }
    long done = 0;
    for (Future<Long> r : callers.invokeAll(tasks)) {
      done += r.get();
    }
    return done;
  }

  private void close() throws Exception {
    if (callers != null) {
      callers.shutdownNow();
    }
    if (admin != null) {
      admin.close();
    }
    client.close();
    if (latency != null) {
      latency.close();
    }
  }

  private static String oneLine(Throwable e) {
    StringBuilder sb = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      sb.append(sb.length() == 0 ? "" : " <- ")
          .append(t.getClass().getSimpleName())
          .append(": ")
          .append(t.getMessage());
      if (t.getCause() == t) {
        break;
      }
    }
    return sb.toString().replace('\n', ' ');
  }
}
