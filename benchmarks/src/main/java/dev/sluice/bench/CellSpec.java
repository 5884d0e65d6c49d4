package dev.sluice.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a forked cell needs, passed on its command line as {@code key=value} arguments.
 *
 * @param url the bench database (Sluice URL format), holding bench_wide, bench_narrow, bench_point
 *     and bench_insert
 * @param pagilaUrl the Pagila database for W5, or "" when W5 does not run
 * @param tableRows rows of bench_wide and bench_narrow (W1 and W2 check they read them all)
 * @param insertRows rows W4 inserts per iteration
 * @param lookups primary-key lookups per W3 iteration
 * @param joinRuns executions of the W5 join per iteration
 */
record CellSpec(
    Client client,
    Workload workload,
    String url,
    String pagilaUrl,
    long tableRows,
    int insertRows,
    int lookups,
    int joinRuns,
    int warmup,
    int iterations) {

  /** The database the workload reads or writes. */
  String workloadUrl() {
    return workload.isPagila() ? pagilaUrl : url;
  }

  /** Lookups per iteration: W3cL runs a fifth of W3c's, each query being 2 ms longer. */
  @Override
  public int lookups() {
    return workload == Workload.W3CL ? Math.max(CellMain.CALLERS, lookups / 5) : lookups;
  }

  /** The same cell with the workload's database reached at {@code host:port} instead. */
  CellSpec through(String host, int port) {
    String via = url.replaceFirst("@[^/@]+/", "@" + host + ":" + port + "/");
    if (via.equals(url)) {
      via = url.replaceFirst("//[^/@]+/", "//" + host + ":" + port + "/");
    }
    return new CellSpec(
        client,
        workload,
        via,
        pagilaUrl,
        tableRows,
        insertRows,
        lookups,
        joinRuns,
        warmup,
        iterations);
  }

  List<String> toArgs() {
    List<String> args = new ArrayList<>();
    args.add("client=" + client.id());
    args.add("workload=" + workload.id());
    args.add("url=" + url);
    args.add("pagilaUrl=" + pagilaUrl);
    args.add("tableRows=" + tableRows);
    args.add("insertRows=" + insertRows);
    args.add("lookups=" + lookups);
    args.add("joinRuns=" + joinRuns);
    args.add("warmup=" + warmup);
    args.add("iterations=" + iterations);
    return args;
  }

  static CellSpec parse(String[] args) {
    Map<String, String> m = new HashMap<>();
    for (String a : args) {
      int eq = a.indexOf('=');
      if (eq < 0) {
        throw new IllegalArgumentException("cell argument is not key=value: " + a);
      }
      m.put(a.substring(0, eq), a.substring(eq + 1));
    }
    return new CellSpec(
        Client.byId(get(m, "client")),
        Workload.byId(get(m, "workload")),
        get(m, "url"),
        get(m, "pagilaUrl"),
        Long.parseLong(get(m, "tableRows")),
        Integer.parseInt(get(m, "insertRows")),
        Integer.parseInt(get(m, "lookups")),
        Integer.parseInt(get(m, "joinRuns")),
        Integer.parseInt(get(m, "warmup")),
        Integer.parseInt(get(m, "iterations")));
  }

  private static String get(Map<String, String> m, String key) {
    String v = m.get(key);
    if (v == null) {
      throw new IllegalArgumentException("cell argument " + key + "= missing");
    }
    return v;
  }
}
