package dev.sluice.processor;

import java.util.concurrent.TimeUnit;

/**
 * How long the schema checks took, for the notes that say so: opening the source (starting an
 * embedded server and migrating it, or starting a cached one, or connecting) and the checks
 * themselves, summed over the rounds. A build that is slow here says why in its own output.
 */
final class SchemaProgress {
  private final long startedNanos = System.nanoTime();

  /** Time spent in checks so far. */
  private long checkingNanos;

  /** Queries and inserts checked. */
  private int statements;

  /** Tables checked. */
  private int tables;

  /** Milliseconds since {@code nanos} (a {@link System#nanoTime()}). */
  static long millisSince(long nanos) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
  }

  void statementChecked(long sinceNanos) {
    statements++;
    checkingNanos += System.nanoTime() - sinceNanos;
  }

  void tableChecked(long sinceNanos) {
    tables++;
    checkingNanos += System.nanoTime() - sinceNanos;
  }

  /**
   * {@code checked 3 statements and 1 table against <source> in 42 ms (412 ms since the checks
   * began, opening the source included)}.
   */
  String summary(String description) {
    return "checked "
        + statements
        + (statements == 1 ? " statement" : " statements")
        + " and "
        + tables
        + (tables == 1 ? " table" : " tables")
        + " against "
        + description
        + " in "
        + TimeUnit.NANOSECONDS.toMillis(checkingNanos)
        + " ms ("
        + millisSince(startedNanos)
        + " ms since the checks began, opening the schema source included)";
  }
}
