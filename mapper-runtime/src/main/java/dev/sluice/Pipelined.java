package dev.sluice;

import dev.sluice.driver.PipelineStep;

/**
 * The result of one statement of a {@link Pipeline}, available once the pipeline has run (after the
 * block that queued it returns): {@link #get()} gives the value or throws the statement's own
 * error.
 */
public final class Pipelined<T> {
  /** How the value is made from the step's outcome. */
  interface Result<T> {
    T of(PipelineStep step);
  }

  private final PipelineStep step;
  private final Result<T> result;

  Pipelined(PipelineStep step, Result<T> result) {
    this.step = step;
    this.result = result;
  }

  /**
   * The statement's result; throws its error: the server's, one found before it was sent, or 25P02
   * when an atomic pipeline failed before it. Before the pipeline has run: IllegalStateException.
   *
   * @return the statement's value
   * @throws PgException the statement's error
   * @throws IllegalStateException if the pipeline has not run yet
   */
  public T get() {
    PgException e = step.error();
    if (e != null) {
      throw e;
    }
    if (!isDone()) {
      throw new IllegalStateException(
          "the pipeline has not run yet: results are there once the block that queued it returns");
    }
    return result.of(step);
  }

  /**
   * Whether the statement failed (or, in a failed atomic pipeline, was not run).
   *
   * @return true when {@link #error()} is not null
   */
  public boolean failed() {
    return step.error() != null;
  }

  /**
   * What failed the statement.
   *
   * @return its error, or null when it has none (yet)
   */
  public PgException error() {
    return step.error();
  }

  /**
   * Whether the pipeline has run and this statement has its outcome.
   *
   * @return true once {@link #get()} returns or throws the statement's own outcome
   */
  public boolean isDone() {
    return step.isDone();
  }

  @Override
  public String toString() {
    return "Pipelined[" + step.sql() + (failed() ? ", failed" : isDone() ? ", done" : "") + "]";
  }
}
