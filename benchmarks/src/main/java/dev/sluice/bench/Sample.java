package dev.sluice.bench;

/**
 * One measured iteration: wall and process CPU time, bytes allocated by all live threads, the time
 * the garbage collectors reported (G1: mostly young pauses), the units (rows or queries) it
 * processed, and the part of the CPU time the JIT compiler threads ran (-1 where it cannot be
 * told). A paired cell ({@link Client#SLUICE_PAIRED}) also has the calling thread's CPU time in
 * each of its two halves, the DSL's and the SQL string's (-1 in every other cell). A COPY cell
 * (W4c, W6) also has the server's CPU time: every PostgreSQL process's, read from /proc (-1 where
 * it was not measured).
 */
record Sample(
    long wallNanos,
    long cpuNanos,
    long allocatedBytes,
    long gcMillis,
    long units,
    long jitNanos,
    long pairDslNanos,
    long pairSqlNanos,
    long serverCpuNanos) {
  Sample(long wallNanos, long cpuNanos, long allocatedBytes, long gcMillis, long units) {
    this(wallNanos, cpuNanos, allocatedBytes, gcMillis, units, -1);
  }

  Sample(
      long wallNanos,
      long cpuNanos,
      long allocatedBytes,
      long gcMillis,
      long units,
      long jitNanos) {
    this(wallNanos, cpuNanos, allocatedBytes, gcMillis, units, jitNanos, -1, -1, -1);
  }

  /** This sample with a paired cell's two halves. */
  Sample withPair(long dslNanos, long sqlNanos) {
    return new Sample(
        wallNanos,
        cpuNanos,
        allocatedBytes,
        gcMillis,
        units,
        jitNanos,
        dslNanos,
        sqlNanos,
        serverCpuNanos);
  }

  /** This sample with the server's CPU time over the iteration. */
  Sample withServerCpu(long nanos) {
    return new Sample(
        wallNanos,
        cpuNanos,
        allocatedBytes,
        gcMillis,
        units,
        jitNanos,
        pairDslNanos,
        pairSqlNanos,
        nanos);
  }

  boolean paired() {
    return pairDslNanos >= 0 && pairSqlNanos >= 0;
  }

  /** The line a forked cell prints for it. */
  String toLine() {
    return wallNanos
        + " "
        + cpuNanos
        + " "
        + allocatedBytes
        + " "
        + gcMillis
        + " "
        + units
        + " "
        + jitNanos
        + " "
        + pairDslNanos
        + " "
        + pairSqlNanos
        + " "
        + serverCpuNanos;
  }

  static Sample parse(String[] fields, int from) {
    return new Sample(
        Long.parseLong(fields[from]),
        Long.parseLong(fields[from + 1]),
        Long.parseLong(fields[from + 2]),
        Long.parseLong(fields[from + 3]),
        Long.parseLong(fields[from + 4]),
        optional(fields, from + 5),
        optional(fields, from + 6),
        optional(fields, from + 7),
        optional(fields, from + 8));
  }

  private static long optional(String[] fields, int at) {
    return fields.length > at ? Long.parseLong(fields[at]) : -1;
  }
}
