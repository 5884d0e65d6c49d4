package dev.sluice.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The workloads of issue 3. Each cell (client × workload) runs them in its own JVM; an iteration is
 * the unit timed. What "a row" means for bytes per row differs: a row read (W1, W2, W5), a query
 * (W3) or a row inserted (W4); W6 reads W1's rows through COPY TO STDOUT; W7 counts films (each
 * with its actors).
 */
enum Workload {
  W1(
      "W1",
      "read all of bench_wide (f float8, i int4, s text, u uuid, n text NULL) into a List of records"),
  W2("W2", "read all of bench_narrow (3 × int8) into a List of records"),
  W3("W3", "10,000 sequential primary-key lookups of bench_point over one connection"),
  W3C(
      "W3c",
      "10,000 primary-key lookups of bench_point by 16 concurrent callers over 4 connections"),
  W3CL(
      "W3cL",
      "W3c's lookups (a fifth of them) through a loopback proxy that adds 1 ms each way, the"
          + " network a database is usually across"),
  W4B("W4b", "insert W1-shaped rows into bench_insert as a batch"),
  W4C("W4c", "insert W1-shaped rows into bench_insert with COPY"),
  W5("W5", "the Pagila join film × language × category into records, 200 runs per iteration"),
  W5S(
      "W5s",
      "W5's join in issue 25's six columns (film_id, title, rating::text, rental_rate, language,"
          + " category), 200 runs per iteration"),
  W6("W6", "COPY OUT of all of bench_wide into a List of records (W1's rows, through COPY)"),
  W7(
      "W7",
      "Pagila's 1,000 films, each with its actors as a List of records (one-to-many in one"
          + " query), "
          + CellMain.CAST_RUNS
          + " runs per iteration");

  private final String id;
  private final String description;

  Workload(String id, String description) {
    this.id = id;
    this.description = description;
  }

  String id() {
    return id;
  }

  String description() {
    return description;
  }

  /** Lookups: the figures are queries per second and latency percentiles. */
  boolean isLookup() {
    return this == W3 || isConcurrent();
  }

  /** W3c and W3cL: 16 callers over 4 connections. */
  boolean isConcurrent() {
    return this == W3C || this == W3CL;
  }

  /** W5, W5s and W7 read the Pagila database. */
  boolean isPagila() {
    return this == W5 || this == W5S || this == W7;
  }

  boolean isInsert() {
    return this == W4B || this == W4C;
  }

  /**
   * The cells whose server CPU is read too: COPY (W4c, W6), which moves work between client and
   * server, and the concurrent lookups (W3c, W3cL), where the server shares the two cores with the
   * client and issue 23 asks for it separately.
   */
  boolean readsServerCpu() {
    return this == W4C || this == W6 || isConcurrent();
  }

  /** What one counted unit of an iteration is, for "bytes per …" and rates. */
  String unit() {
    return isLookup() ? "query" : this == W7 ? "film" : "row";
  }

  static Workload byId(String id) {
    for (Workload w : values()) {
      if (w.id.equalsIgnoreCase(id)) {
        return w;
      }
    }
    throw new IllegalArgumentException("unknown workload \"" + id + "\"; expected one of " + ids());
  }

  /**
   * Parses {@code --only}: each item is a workload id ("W3c"), or, when no id equals it, a prefix
   * of ids ("W4" selects W4b and W4c).
   */
  static List<Workload> parseList(String csv) {
    List<Workload> out = new ArrayList<>();
    for (String part : csv.split(",")) {
      String p = part.trim().toUpperCase(Locale.ROOT);
      if (p.isEmpty()) {
        continue;
      }
      List<Workload> matched = new ArrayList<>();
      for (Workload w : values()) {
        if (w.id.toUpperCase(Locale.ROOT).equals(p)) {
          matched.add(w);
        }
      }
      if (matched.isEmpty()) {
        for (Workload w : values()) {
          if (w.id.toUpperCase(Locale.ROOT).startsWith(p)) {
            matched.add(w);
          }
        }
      }
      if (matched.isEmpty()) {
        throw new IllegalArgumentException(
            "unknown workload \"" + part.trim() + "\"; expected one of " + ids());
      }
      for (Workload w : matched) {
        if (!out.contains(w)) {
          out.add(w);
        }
      }
    }
    out.sort(null);
    return out;
  }

  static String ids() {
    StringBuilder sb = new StringBuilder();
    for (Workload w : values()) {
      sb.append(sb.length() == 0 ? "" : ", ").append(w.id);
    }
    return sb.toString();
  }
}
