package dev.sluice;

import dev.sluice.driver.PipelineStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Statements queued to run as one pipeline: {@link Queries#pipeline} hands one to a block, which
 * queues statements and gets a {@link Pipelined} handle for each; when the block returns, every
 * statement is sent before any result is read, and the handles hold the results, in order.
 *
 * <pre>{@code
 * record Page(Pipelined<List<Film>> films, Pipelined<Long> renamed, Pipelined<Optional<Film>> one) {}
 * Page page = db.pipeline(p -> new Page(
 *     p.query("SELECT * FROM film WHERE length > $1", Film.class, (short) 120),
 *     p.execute("UPDATE film SET title = $1 WHERE film_id = $2", "New", 1),
 *     p.queryOne("SELECT * FROM film WHERE film_id = $1", Film.class, 2)));
 * page.films().get();
 * }</pre>
 *
 * <p>Two {@link Mode}s. {@link Mode#INDEPENDENT} (the default): each statement has its own Sync, so
 * each is its own implicit transaction outside a transaction, and a failure fails only its own
 * statement — its handle throws, the others hold their results. {@link Mode#ATOMIC}: one Sync for
 * the whole pipeline, one implicit transaction — the first failure fails it and every statement
 * after it (their handles say "not run", 25P02), nothing of it is committed, and {@code pipeline}
 * throws that failure. An atomic pipeline refuses, before anything is sent, the statements that
 * end, open or cannot run in a transaction block (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE,
 * VACUUM, CREATE DATABASE, … CONCURRENTLY, …).
 *
 * <p>Inside a {@link Transaction}, a failure in either mode aborts the transaction: in INDEPENDENT
 * mode every later statement fails with 25P02 ("current transaction is aborted"), in ATOMIC mode
 * they are not run; the transaction then rolls back as any failed transaction does.
 *
 * <p>Statements new to the connection are described together first (one round trip for all of
 * them), then every statement goes out as Bind + Execute in groups, the replies of earlier groups
 * read while later ones are sent: a pipeline of any length runs in bounded memory besides its
 * results. Not thread-safe; the block must not keep the pipeline after it returns.
 */
public final class Pipeline {
  /** How a pipeline's statements share transactions; see the class comment. */
  public enum Mode {
    /** One Sync per statement: each its own implicit transaction; a failure fails only itself. */
    INDEPENDENT,
    /** One Sync for all: one implicit transaction; a failure fails it and every later one. */
    ATOMIC
  }

  private static final Object[] NO_PARAMS = new Object[0];

  private final List<PipelineStep> steps = new ArrayList<>();
  private boolean closed;

  Pipeline() {}

  private <T> Pipelined<T> add(PipelineStep step, Pipelined.Result<T> result) {
    if (closed) {
      throw new IllegalStateException(
          "this pipeline has been sent: queue statements inside the block that received it");
    }
    steps.add(step);
    return new Pipelined<>(step, result);
  }

  private static Object[] params(Object[] params) {
    return params == null ? NO_PARAMS : params.clone();
  }

  /**
   * Queues a query; its handle holds every row, decoded by {@code decoder}.
   *
   * @param <T> the type of a row's value
   * @param sql the statement, with {@code $1}, {@code $2}, … placeholders
   * @param params the values of the placeholders, in order, always bound
   * @param decoder decodes each row
   * @return the handle, with the rows once the pipeline has run
   * @throws IllegalStateException if the pipeline has already been sent (outside its block)
   */
  public <T> Pipelined<List<T>> query(String sql, RowDecoder<T> decoder, Object... params) {
    List<T> rows = new ArrayList<>();
    return add(PipelineStep.query(sql, params(params), decoder, rows), step -> rows);
  }

  /**
   * Queues a query; its handle holds every row as a record of {@code type}.
   *
   * @param <T> the type of a row's value
   * @param sql the statement, with {@code $1}, {@code $2}, … placeholders
   * @param params the values of the placeholders, in order, always bound
   * @param type a {@code @Row} or {@code @Table} record, or a single column's type
   * @return the handle, with the rows once the pipeline has run
   * @throws IllegalStateException if the pipeline has already been sent (outside its block)
   */
  public <T> Pipelined<List<T>> query(String sql, Class<T> type, Object... params) {
    return query(sql, Decoders.of(type), params);
  }

  /**
   * Queues a query of at most one row; more than one fails its handle with 21000.
   *
   * @param <T> the type of the row's value
   * @param sql the statement, with {@code $1}, {@code $2}, … placeholders
   * @param params the values of the placeholders, in order, always bound
   * @param decoder decodes the row
   * @return the handle, with the row (empty if none) once the pipeline has run
   * @throws IllegalStateException if the pipeline has already been sent (outside its block)
   */
  public <T> Pipelined<Optional<T>> queryOne(String sql, RowDecoder<T> decoder, Object... params) {
    List<T> rows = new ArrayList<>(1);
    return add(
        PipelineStep.query(sql, params(params), decoder, rows),
        step -> ConnectionQueries.onlyRow(rows, sql));
  }

  /**
   * {@link #queryOne(String, RowDecoder, Object...)} into a record of {@code type}.
   *
   * @param <T> the type of the row's value
   * @param sql the statement, with {@code $1}, {@code $2}, … placeholders
   * @param params the values of the placeholders, in order, always bound
   * @param type a {@code @Row} or {@code @Table} record, or a single column's type
   * @return the handle, with the row (empty if none) once the pipeline has run
   * @throws IllegalStateException if the pipeline has already been sent (outside its block)
   */
  public <T> Pipelined<Optional<T>> queryOne(String sql, Class<T> type, Object... params) {
    return queryOne(sql, Decoders.of(type), params);
  }

  /**
   * Queues a statement; its handle holds the rows it affected (or returned).
   *
   * @param sql the statement, with {@code $1}, {@code $2}, … placeholders
   * @param params the values of the placeholders, in order, always bound
   * @return the handle, with the row count once the pipeline has run
   * @throws IllegalStateException if the pipeline has already been sent (outside its block)
   */
  public Pipelined<Long> execute(String sql, Object... params) {
    return add(PipelineStep.execute(sql, params(params)), PipelineStep::count);
  }

  /**
   * How many statements are queued so far.
   *
   * @return the count
   */
  public int size() {
    return steps.size();
  }

  /** The queued statements, taken once: no more may be queued. */
  List<PipelineStep> take() {
    closed = true;
    return steps;
  }
}
