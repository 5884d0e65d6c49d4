package dev.sluice.bench;

/**
 * One measured iteration: wall and process CPU time, bytes allocated by all live threads, the time
 * the garbage collectors reported (G1: mostly young pauses), and the units (rows or queries) it
 * processed.
 */
record Sample(long wallNanos, long cpuNanos, long allocatedBytes, long gcMillis, long units) {
  /** The line a forked cell prints for it. */
  String toLine() {
    return wallNanos + " " + cpuNanos + " " + allocatedBytes + " " + gcMillis + " " + units;
  }

  static Sample parse(String[] fields, int from) {
    return new Sample(
        Long.parseLong(fields[from]),
        Long.parseLong(fields[from + 1]),
        Long.parseLong(fields[from + 2]),
        Long.parseLong(fields[from + 3]),
        Long.parseLong(fields[from + 4]));
  }
}
