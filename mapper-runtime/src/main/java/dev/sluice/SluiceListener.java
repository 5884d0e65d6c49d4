package dev.sluice;

/**
 * Hears what a {@link Database} does, for metrics, tracing and logs: each statement when it ends
 * and each pool event. Register with {@link Database.Builder#listener}; several may be registered
 * and each hears every event, in the order registered.
 *
 * <p>Callbacks run on the thread that ran the statement (or acquired, released or evicted the
 * connection), synchronously, after the statement's exchange is complete: keep them short, and hand
 * heavy work to another thread. A listener must be thread-safe, as every thread using the database
 * calls it. An exception a listener throws is caught and logged (the first one at WARNING, later
 * ones at DEBUG, through the System.Logger {@code dev.sluice.SluiceListener}); it never fails the
 * statement nor touches the connection, and the other listeners still hear the event.
 *
 * <p>The events carry the statement's text as written ({@code $1} placeholders), never its bound
 * values. With no listener registered, a statement costs one null check more.
 *
 * <p>The same events are also JDK Flight Recorder events ({@code dev.sluice.Statement}, {@code
 * dev.sluice.PoolAcquire}, {@code dev.sluice.PoolConnection}), recorded whenever a recording has
 * them enabled, with or without listeners.
 */
public interface SluiceListener {
  /**
   * A statement ended, successfully or not. One call per call on {@link Queries}, {@link
   * Transaction}, the DSL or a DAO: a batch or a pipeline is one event; a stream's event is at its
   * opening (its rows are then unknown). Statements Sluice runs on its own are events too: the
   * pool's reset of the session state a caller left (a SET, a LISTEN, a temporary table; its text
   * is the reset statement, e.g. {@code RESET ALL}), and LISTEN and UNLISTEN on the listening
   * connection. The listening connection's heartbeat ({@code SELECT 1}) is not.
   *
   * @param event the statement, its duration, row count, connection and failure
   */
  default void statementEnded(StatementEvent event) {}

  /**
   * The pool acquired, opened, closed or discarded a connection.
   *
   * @param event what happened, to which connection, and how long an acquiring caller waited
   */
  default void poolEvent(PoolEvent event) {}
}
