package dev.sluice.bench;

import java.util.List;

/**
 * One client under test, living in its cell's JVM. {@link #setUp} connects for one workload (one
 * connection, or a pool of 4 for W3c); the workload then calls the operation it measures. Reads
 * return what they built (a List of records, or a row count for the drain), which the cell keeps
 * alive until the iteration's measurement ends.
 *
 * <p>Lookups must be safe to call from many threads after setting up for W3c.
 */
abstract class BenchClient implements AutoCloseable {
  /** Connects for {@code spec.workload()}. */
  abstract void setUp(CellSpec spec) throws Exception;

  /**
   * Runs before each iteration, outside the measurement (pgjdbc-text opens its fresh connection).
   */
  void beforeIteration() throws Exception {}

  /** W1: all of bench_wide. */
  Object readWide() throws Exception {
    throw unsupported("W1");
  }

  /** W2: all of bench_narrow. */
  Object readNarrow() throws Exception {
    throw unsupported("W2");
  }

  /** W3 and W3c: the bench_point row with this id (non-null). */
  Object lookup(int id) throws Exception {
    throw unsupported("W3");
  }

  /** W4b: inserts the rows as a batch; returns the count inserted. */
  long insertBatch(List<Wide> rows) throws Exception {
    throw unsupported("W4b");
  }

  /** W4c: inserts the rows with COPY; returns the count inserted. */
  long insertCopy(List<Wide> rows) throws Exception {
    throw unsupported("W4c");
  }

  /** W4c of the {@code sluice-records} client: copies the records in; returns the count. */
  long copyRecords(List<InsertRow> rows) throws Exception {
    throw unsupported("W4c of records");
  }

  /** W6: all of bench_wide through COPY TO STDOUT into a List of records. */
  Object copyOutWide() throws Exception {
    throw unsupported("W6");
  }

  /** W5: one execution of the Pagila join. */
  Object readFilms() throws Exception {
    throw unsupported("W5");
  }

  /** W7: one read of Pagila's films, each with its actors. */
  Object readFilmCasts() throws Exception {
    throw unsupported("W7");
  }

  /** W5s: one execution of the Pagila join in six columns. */
  Object readFilmSummaries() throws Exception {
    throw unsupported("W5s");
  }

  @Override
  public abstract void close() throws Exception;

  private UnsupportedOperationException unsupported(String workload) {
    return new UnsupportedOperationException(
        getClass().getSimpleName() + " does not run " + workload);
  }
}
