package dev.sluice.driver;

import dev.sluice.Columns;
import dev.sluice.PgException;
import dev.sluice.driver.codec.Counterparts;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * How a {@link SharedConnection}'s callers send their statements: the send lock ({@link SendGate}),
 * the combining of callers' statements into one write, and the Parse + Describe exchange of a
 * text's first use on the connection. The exchange of each statement is queued in the session
 * before its bytes leave, so whichever caller reads replies (the {@link Pump}) hands each to its
 * own caller.
 */
final class SharedSender {
  private final SharedConnection connection;
  private final Session session;

  /** The send lock, the statements left to its holder, and the reader's timed wait. */
  final SendGate gate;

  /** Statements prepared for a caller that gave up: closed by the next sender. */
  private final ConcurrentLinkedQueue<String> lateCloses = new ConcurrentLinkedQueue<>();

  /**
   * Each Bind is followed by a Describe of its portal, whose columns the reply checks: the tracked
   * mode, where a pooler may prepare a statement again from a newer catalog.
   */
  final boolean checksColumns;

  SharedSender(SharedConnection connection, Session session) {
    this.connection = connection;
    this.session = session;
    this.checksColumns = session.config.statementMode().checksResultColumns();
    this.gate = new SendGate(session.transport, this::sendPending);
  }

  /**
   * Sends the caller's Bind + Execute + Sync for {@code sql} and queues its exchange. A statement
   * prepared on the connection is left to the send lock's holder (see {@link SendGate}), which
   * sends it with the others waiting, in one write. A text's first use costs a Parse + Describe
   * exchange of its own, always named.
   */
  SharedQuery send(String sql, Object[] params, Sink sink, long deadline, long timeoutMillis) {
    SharedQuery x = new SharedQuery(connection, session, sql, params, sink);
    x.waiter = Thread.currentThread();
    gate.offer(x);
    connection.pump.await(
        x, deadline, timeoutMillis); // until its reply is in, or it was given back unsent
    if (x.finished) {
      return x;
    }
    switch (x.sendState()) {
      case SharedQuery.REFUSED:
        if (x.notSent instanceof Error e) {
          throw e;
        }
        throw (RuntimeException) x.notSent;
      default: // UNPREPARED
        return prepareAndSend(x, deadline, timeoutMillis);
    }
  }

  /**
   * The send lock's holder sends every statement left pending, in one write. Each is encoded whole
   * or not at all: one that cannot be encoded (a bad value, a decoder that refuses the columns) is
   * given back to its caller with the error, and the others go. A statement not prepared on the
   * connection is given back to its caller, who prepares it.
   */
  private void sendPending() {
    List<SharedQuery> batch = combined;
    boolean closed = false;
    for (SharedQuery x = gate.takeAll(), next; x != null; x = next) {
      next = x.nextPending;
      x.nextPending = null;
      if (!x.take()) {
        continue; // withdrawn: its caller gave up before it was sent
      }
      if (connection.isBroken()) {
        x.notSent(
            SharedQuery.REFUSED,
            new PgException(
                "08006",
                "the shared connection is broken; the statement was not sent",
                x.sql,
                null));
        continue;
      }
      Prepared p = session.statements.find(x.sql, x.params);
      if (p == null) {
        x.notSent(SharedQuery.UNPREPARED, null);
        continue;
      }
      if (!closed) {
        closeLate();
        session.writeCloses();
        closed = true;
      }
      int mark = session.writer.out.position();
      try {
        encodeBound(x, p);
        session.enqueue(x);
      } catch (RuntimeException | Error e) {
        session.writer.out.truncate(mark); // nothing of this statement goes; the others do
        x.notSent(SharedQuery.REFUSED, e);
        continue;
      }
      batch.add(x);
    }
    if (batch.isEmpty() && session.writer.unsent() == 0) {
      return;
    }
    try {
      session.sendUnsent(); // in flight: from here on any caller may read their replies
      boolean own = false;
      Thread me = Thread.currentThread();
      for (SharedQuery q : batch) {
        own |= q.waiter == me;
        q.sent();
      }
      if (!own || session.writer.unsent() > NUDGE_BYTES) {
        connection.pump.nudge(); // someone must read while this write goes out
      }
      session.writer.send();
    } catch (IOException | RuntimeException | Error e) {
      if (e instanceof IOException && !batch.isEmpty()) {
        SharedQuery last = batch.get(batch.size() - 1);
        last.failure =
            new PgException(
                "08006",
                "connection lost while the statement was sent; its Sync never reached the server,"
                    + " so nothing it did was committed: "
                    + Causes.describe(e),
                last.sql,
                e);
        last.finish();
      }
      connection.breakAll(e); // the others' Syncs may have left: they may have run
      for (SharedQuery q : batch) {
        if (!q.finished && q.sendState() == SharedQuery.TAKEN) {
          // The failure came before the statement went in flight: it never left.
          q.notSent(
              SharedQuery.REFUSED,
              new PgException(
                  "08006",
                  "the shared connection broke before the statement was sent; it did not run: "
                      + Causes.describe(e),
                  q.sql,
                  e));
        }
      }
    } finally {
      batch.clear();
    }
  }

  /** A write larger than this may fill the socket: someone must be reading while it goes out. */
  private static final int NUDGE_BYTES = 32 * 1024;

  /** {@link #sendPending}'s list, reused (guarded by the send lock). */
  private final List<SharedQuery> combined = new java.util.ArrayList<>();

  /**
   * The caller's statement was not prepared on the connection: prepares it (a Parse + Describe
   * exchange of its own) unless another caller did meanwhile, then sends it.
   */
  private SharedQuery prepareAndSend(SharedQuery x, long deadline, long timeoutMillis) {
    String sql = x.sql;
    Object[] params = x.params;
    Preparer.Describe d = new Preparer.Describe(session);
    d.sql = sql;
    String name;
    gate.lock();
    try {
      Prepared p = session.statements.find(sql, params);
      if (p != null) {
        return sendBound(x, p);
      }
      checkOpen(sql);
      closeLate();
      name = session.statements.nextName();
      session.writeCloses();
      try {
        session.writer.parse(name, sql, params);
        session.writer.describeStatement(name);
        session.writer.sync();
      } catch (RuntimeException | Error e) {
        session.discardUnsent();
        throw e;
      }
      submit(d);
    } finally {
      gate.unlock();
    }
    try {
      connection.pump.await(d, deadline, timeoutMillis);
    } catch (PgException e) {
      lateCloses.add(name); // abandoned: the statement may exist on the server
      throw e;
    }
    if (d.failure != null) {
      throw d.failure;
    }
    Columns columns = d.columns;
    if (d.error == null) {
      try {
        columns = resolveTypes(sql, columns, deadline, timeoutMillis);
      } catch (RuntimeException | Error e) {
        lateCloses.add(name); // described, never cached: closed by the next sender
        throw e;
      }
    }
    gate.lock();
    try {
      if (d.error != null) {
        session.statements.closeLater(name); // Parse may have succeeded before Describe failed
        throw d.error;
      }
      if (d.paramOids == null) {
        throw session.protocolViolation("no ParameterDescription for Describe");
      }
      Prepared p = session.statements.find(sql, params);
      if (p != null) {
        session.statements.closeLater(name); // another caller prepared it meanwhile
      } else {
        p = new Prepared(name, sql, d.paramOids, columns);
        session.statements.put(p);
      }
      return sendBound(x, p);
    } finally {
      gate.unlock();
    }
  }

  /**
   * {@code columns} with their arrays of domains read as arrays of the base types ({@link
   * Counterparts}), after a lookup exchange of its own if the connection has not seen a type yet.
   */
  private Columns resolveTypes(String sql, Columns columns, long deadline, long timeoutMillis) {
    Counterparts types = session.types.counterparts();
    int[] unknown;
    SimpleQuery q;
    gate.lock();
    try {
      unknown = types.unknown(columns);
      if (unknown == null) {
        return types.resolved(columns);
      }
      checkOpen(sql);
      q = SimpleQuery.firstValue(session, Counterparts.lookup(unknown));
      try {
        session.writer.query(q.sql);
      } catch (RuntimeException | Error e) {
        session.discardUnsent();
        throw e;
      }
      submit(q);
    } finally {
      gate.unlock();
    }
    connection.pump.await(q, deadline, timeoutMillis);
    if (q.failure != null) {
      throw q.failure;
    }
    q.throwIfFailed();
    gate.lock();
    try {
      types.learn(unknown, q.value());
      return types.resolved(columns);
    } finally {
      gate.unlock();
    }
  }

  /** Under the send lock: sends Bind + Execute + Sync of {@code p} for {@code x} and queues it. */
  private SharedQuery sendBound(SharedQuery x, Prepared p) {
    checkOpen(p.sql);
    closeLate();
    session.writeCloses();
    try {
      encodeBound(x, p);
    } catch (RuntimeException | Error e) {
      session.discardUnsent(); // a value that cannot be encoded: nothing of this call is sent
      throw e;
    }
    x.sent(); // sent by its own caller, under the lock: its reply ends it
    submit(x);
    return x;
  }

  /**
   * Under the send lock: encodes the Bind + Execute + Sync of {@code x} as statement {@code p},
   * whole or not at all (a Bind that fails leaves nothing, see {@link MessageWriter}).
   */
  private void encodeBound(SharedQuery x, Prepared p) {
    x.prepared = p;
    Sink sink = x.sink();
    if (sink != null && p.columns != null) {
      sink.start(p); // binds the decoder (the statement's bindings are guarded by the lock)
    }
    session.writer.bind(p, x.params);
    if (checksColumns) {
      session.writer.describePortal(); // see StatementMode.TRACKED
    }
    session.writer.execute();
    session.writer.sync();
  }

  void evict(Prepared p) {
    gate.lock();
    try {
      session.statements.evict(p);
    } finally {
      gate.unlock();
    }
  }

  private void closeLate() {
    String name;
    while ((name = lateCloses.poll()) != null) {
      session.statements.closeLater(name);
    }
  }

  private void checkOpen(String sql) {
    if (connection.isBroken()) {
      throw new PgException(
          "08006", "the shared connection is broken; the statement was not sent", sql, null);
    }
  }

  /**
   * Queues {@code x} (encoded) and sends it. If the send fails, the connection is broken and the
   * statement cannot have committed: its Sync, the last bytes, never reached the server, and a
   * backend whose connection is gone aborts the implicit transaction it was in.
   */
  private void submit(Exchange x) {
    x.waiter = Thread.currentThread();
    try {
      session.submit(x);
    } catch (IOException e) {
      x.failure =
          new PgException(
              "08006",
              "connection lost while the statement was sent; its Sync never reached the server,"
                  + " so nothing it did was committed: "
                  + Causes.describe(e),
              x.sql,
              e);
      x.finish();
      connection.breakAll(e);
      throw x.failure;
    }
  }

  /** The connection broke: every statement still waiting to be sent fails, not sent. */
  void failPending(PgException lost) {
    for (SharedQuery unsent = gate.takeAll(); unsent != null; unsent = unsent.nextPending) {
      if (unsent.take()) {
        unsent.notSent(
            SharedQuery.REFUSED,
            new PgException(
                "08006",
                "the shared connection broke before the statement was sent; it did not run ("
                    + lost.getMessage()
                    + ")",
                unsent.sql,
                lost));
      }
    }
  }
}
