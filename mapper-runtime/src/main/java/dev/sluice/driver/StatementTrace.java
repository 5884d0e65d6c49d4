package dev.sluice.driver;

import dev.sluice.PgException;
import dev.sluice.SluiceListener;
import dev.sluice.StatementEvent;
import dev.sluice.driver.config.ConnectionConfig;

/**
 * One call on a {@link PgConnection} (or one caller's statement on a {@link SharedConnection}) as
 * its listener and the Flight Recorder see it: started before the call's exchange, ended after it
 * with the call's result or failure.
 *
 * <p>A connection makes one only while someone listens or records ({@link #active}); otherwise a
 * call pays a null check and a field read, and allocates nothing. It is made and ended on the
 * calling thread, after the exchange is complete, so nothing here can break the exchange; the
 * listener given is one that does not throw (the Database's {@code ListenerChain}).
 */
final class StatementTrace {
  private final int backendPid;
  private final ConnectionConfig.HostPort server;
  private final String database;
  private final String sql;

  /** Null: none. */
  private final SluiceListener listener;

  /** Null: not recording. */
  private final JfrStatement jfr;

  private final long startNanos;

  private StatementTrace(
      int backendPid,
      ConnectionConfig.HostPort server,
      String database,
      String sql,
      SluiceListener listener) {
    this.backendPid = backendPid;
    this.server = server;
    this.database = database;
    this.sql = sql;
    this.listener = listener;
    JfrStatement event = null;
    if (JfrStatement.TYPE.isEnabled()) {
      event = new JfrStatement();
      event.begin();
    }
    this.jfr = event;
    this.startNanos = System.nanoTime();
  }

  /** Whether a call on a connection with {@code listener} (null: none) must be traced. */
  static boolean active(SluiceListener listener) {
    return listener != null || JfrStatement.TYPE.isEnabled();
  }

  static StatementTrace start(PgConnection connection, String sql, SluiceListener listener) {
    return new StatementTrace(
        connection.backendPid(),
        connection.hostPort(),
        connection.config().database(),
        sql,
        listener);
  }

  /** A statement on a shared connection, whose session is {@code session}. */
  static StatementTrace start(Session session, String sql, SluiceListener listener) {
    return new StatementTrace(
        session.backendPid(),
        session.transport.hostPort(),
        session.config.database(),
        sql,
        listener);
  }

  /** The call returned {@code result}. */
  void succeeded(Object result) {
    end(rows(result), null);
  }

  /** The call threw {@code failure}. */
  void failed(Throwable failure) {
    end(-1, failure);
  }

  private void end(long rows, Throwable failure) {
    long nanos = System.nanoTime() - startNanos;
    if (jfr != null) {
      jfr.end();
      if (jfr.shouldCommit()) {
        jfr.sql = sql;
        jfr.rows = rows;
        jfr.backendPid = backendPid;
        jfr.database = database;
        jfr.sqlState = failure instanceof PgException pe ? pe.sqlState() : null;
        jfr.commit();
      }
    }
    if (listener != null) {
      listener.statementEnded(
          new StatementEvent(
              sql, nanos, rows, backendPid, database, server.host(), server.port(), failure));
    }
  }

  /**
   * The rows a call's result reports: a count (Long), a batch's counts (their sum; -1 if any is
   * unknown), a simple query's last command tag (its last number, as in {@code INSERT 0 5}), else
   * -1 (a stream just opened, a pipeline, a tag without a count).
   */
  static long rows(Object result) {
    if (result instanceof Long n) {
      return n;
    }
    if (result instanceof long[] counts) {
      long sum = 0;
      for (long c : counts) {
        if (c < 0) {
          return -1;
        }
        sum += c;
      }
      return sum;
    }
    if (result instanceof String tag) {
      return tagCount(tag);
    }
    return -1;
  }

  /** The count at the end of a command tag ({@code SELECT 3}, {@code INSERT 0 5}), or -1. */
  static long tagCount(String tag) {
    int space = tag.lastIndexOf(' ');
    if (space < 0 || space == tag.length() - 1) {
      return -1;
    }
    long n = 0;
    for (int i = space + 1; i < tag.length(); i++) {
      char ch = tag.charAt(i);
      if (ch < '0' || ch > '9' || n > (Long.MAX_VALUE - 9) / 10) {
        return -1;
      }
      n = n * 10 + (ch - '0');
    }
    return n;
  }
}
