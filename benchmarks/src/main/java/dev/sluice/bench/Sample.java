package dev.sluice.bench;

/**
 * One measured iteration: wall and process CPU time, bytes allocated by all live threads, the time
 * the garbage collectors reported (G1: mostly young pauses), the units (rows or queries) it
 * processed, and the part of the CPU time the JIT compiler threads ran (-1 where it cannot be
 * told).
 */
record Sample(
    long wallNanos, long cpuNanos, long allocatedBytes, long gcMillis, long units, long jitNanos) {
  Sample(long wallNanos, long cpuNanos, long allocatedBytes, long gcMillis, long units) {
    this(wallNanos, cpuNanos, allocatedBytes, gcMillis, units, -1);
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
        + jitNanos;
  }

  static Sample parse(String[] fields, int from) {
    return new Sample(
        Long.parseLong(fields[from]),
        Long.parseLong(fields[from + 1]),
        Long.parseLong(fields[from + 2]),
        Long.parseLong(fields[from + 3]),
        Long.parseLong(fields[from + 4]),
        fields.length > from + 5 ? Long.parseLong(fields[from + 5]) : -1);
  }
}
