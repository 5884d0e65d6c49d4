package dev.sluice.driver;

import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import java.util.List;

/**
 * One statement of a pipeline ({@link PgConnection#pipeline}): its SQL, values and where its rows
 * go, and, once the pipeline has run, its outcome — a row count, or the error that failed it (the
 * server's, one found before sending, or "not run" for a statement after the failure of an atomic
 * pipeline).
 */
public final class PipelineStep {
  final String sql;
  final Object[] params;

  /** Where rows go; null to drop them (an execute). */
  final Sink sink;

  /** The statement it runs, once described. */
  Prepared statement;

  /** Its Sync-ended exchange, once queued. */
  Exchange segment;

  private long count;
  private PgException error;

  /** Whether its outcome is known: its CommandComplete, its error, or skipped. */
  boolean done;

  /** Whether its messages went out: if the connection is lost before its reply, it may have run. */
  boolean sent;

  private PipelineStep(String sql, Object[] params, Sink sink) {
    this.sql = sql;
    this.params = params;
    this.sink = sink;
  }

  /** A query whose rows, decoded by {@code decoder}, are added to {@code out}. */
  public static <T> PipelineStep query(
      String sql, Object[] params, RowDecoder<T> decoder, List<? super T> out) {
    return new PipelineStep(sql, params, new Sink.ToList<>(decoder, out));
  }

  /** A statement whose rows, if any, are dropped; its count is kept. */
  public static PipelineStep execute(String sql, Object[] params) {
    return new PipelineStep(sql, params, null);
  }

  public String sql() {
    return sql;
  }

  /** The row count of its CommandComplete (rows affected, or returned). */
  public long count() {
    return count;
  }

  /** What failed it, or null. */
  public PgException error() {
    return error;
  }

  /** Whether the pipeline has run and this step has its outcome. */
  public boolean isDone() {
    return done;
  }

  void completed(long count) {
    this.count = count;
    this.done = true;
  }

  void failed(PgException error) {
    rejected(error);
    this.done = true;
  }

  /** Its rows could not be taken (a decoder refused a value): its CommandComplete still ends it. */
  void rejected(PgException error) {
    if (this.error == null) {
      this.error = error;
    }
  }
}
