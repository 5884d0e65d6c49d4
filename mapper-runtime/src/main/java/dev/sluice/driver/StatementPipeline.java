package dev.sluice.driver;

import dev.sluice.Columns;
import dev.sluice.PgException;
import dev.sluice.driver.codec.ParameterEncoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A pipeline of different statements: all sent before their results are read, in order.
 *
 * <p>Statements the connection has not prepared are described first, all together: Parse + Describe
 * for each, one Sync — one extra round trip for the whole pipeline, never one per statement (a
 * statement whose Parse fails ends that round trip, and those after it are described in another).
 * They are named, cached and pinned until the pipeline ends. Then every statement's decoder is
 * bound, before anything is executed, and the statements go out as Bind + Execute, each followed by
 * its own Sync ({@code atomic} false: each its own implicit transaction, a failure fails only its
 * own statement) or with one Sync at the end ({@code atomic}: one implicit transaction; the first
 * failure fails it, and the statements after it are not run).
 *
 * <p>Flow control as in a batch: statements go in groups of at most {@value #GROUP} and {@value
 * #GROUP_BYTES} bytes; while a group is sent, the replies of the groups before it are read, so the
 * socket buffers never fill both ways, and memory holds at most two groups' messages whatever the
 * pipeline's length. A decoder that rejects a value fails its own statement: its remaining rows are
 * skipped, never cancelled (a CancelRequest would hit whichever statement runs at that moment).
 */
final class StatementPipeline {
  static final int GROUP = BatchPipeline.BATCH_GROUP;
  static final int GROUP_BYTES = BatchPipeline.BATCH_GROUP_BYTES;

  final Session session;
  final List<PipelineStep> steps;
  final boolean atomic;

  /** Each Bind is followed by a Describe of its portal, checked (the tracked mode). */
  final boolean checksColumns;

  private final MessageWriter writer;

  private StatementPipeline(Session session, List<PipelineStep> steps, boolean atomic) {
    this.session = session;
    this.steps = steps;
    this.atomic = atomic;
    this.checksColumns = session.config.statementMode().checksResultColumns();
    this.writer = session.writer;
  }

  /**
   * Runs {@code steps}; each step holds its outcome afterwards. An atomic pipeline throws the error
   * that failed it (after reading every reply), and refuses, before anything is sent, a statement
   * that cannot run inside its one transaction.
   */
  static void run(Session session, List<PipelineStep> steps, boolean atomic) throws IOException {
    if (session.unnamedStatements) {
      // Its steps are described all together as named statements, then bound: nothing a
      // transaction-pooling proxy keeps between round trips.
      throw new PgException(
          "0A000",
          "pipelines of different statements need statement_mode=named (this connection is in"
              + " the unnamed mode, for transaction-pooling proxies); run the statements in a"
              + " transaction, or batch one statement with executeBatch",
          null,
          null);
    }
    if (steps.isEmpty()) {
      return;
    }
    StatementPipeline pipeline = new StatementPipeline(session, steps, atomic);
    try {
      if (atomic) {
        pipeline.refuseTransactionControl();
      }
      pipeline.describe();
      pipeline.lookUpTypes();
      pipeline.bindDecoders();
      try {
        pipeline.execute();
      } catch (IOException e) {
        pipeline.lost(e);
      }
    } finally {
      session.statements.unpinAll();
    }
    if (atomic) {
      for (PipelineStep s : steps) {
        if (s.error() != null) {
          throw s.error();
        }
      }
    }
  }

  String where(int i) {
    return "statement " + (i + 1) + " of a pipeline of " + steps.size();
  }

  PgException failure(RuntimeException e, int i) {
    if (e instanceof PgException pe) {
      return new PgException(pe, steps.get(i).sql, where(i));
    }
    return new PgException("22000", e.toString() + " (" + where(i) + ")", steps.get(i).sql, e);
  }

  // ---------------------------------------------------------------- before anything is sent

  private void refuseTransactionControl() {
    for (int i = 0; i < steps.size(); i++) {
      String command = TransactionControl.outsideOneTransaction(steps.get(i).sql);
      if (command != null) {
        throw new PgException(
            "25001",
            command
                + " cannot run in an atomic pipeline, which is one transaction; run it on its own,"
                + " or use a pipeline whose statements each have their own Sync ("
                + where(i)
                + "); nothing was sent",
            steps.get(i).sql,
            null);
      }
    }
  }

  // ---------------------------------------------------------------- describing

  /** Gives every step a statement: cached, or described now with the other new ones. */
  private void describe() throws IOException {
    List<Integer> pending = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) {
      PipelineStep s = steps.get(i);
      Prepared p = session.statements.find(s.sql, s.params);
      if (p != null) {
        s.statement = p;
        session.statements.pin(p);
      } else {
        pending.add(i);
      }
    }
    while (!pending.isEmpty()) {
      pending = describeTogether(pending);
    }
  }

  /**
   * One round trip: Parse + Describe of each distinct statement the {@code pending} steps need, one
   * Sync. Returns the steps still without a statement (those after a failed Parse, which the server
   * skipped).
   */
  private List<Integer> describeTogether(List<Integer> pending) throws IOException {
    Map<String, Integer> slotOfKey = new HashMap<>();
    List<String> names = new ArrayList<>();
    List<Integer> firstStep = new ArrayList<>();
    int[] slotOfStep = new int[steps.size()];
    session.writeCloses();
    for (int i : pending) {
      PipelineStep s = steps.get(i);
      String key = key(s);
      Integer slot = slotOfKey.get(key);
      if (slot == null) {
        String name = session.statements.nextName();
        try {
          writer.parse(name, s.sql, s.params);
        } catch (RuntimeException e) {
          s.failed(failure(e, i));
          if (atomic) {
            session.discardUnsent();
            throw s.error();
          }
          continue;
        }
        writer.describeStatement(name);
        slot = names.size();
        slotOfKey.put(key, slot);
        names.add(name);
        firstStep.add(i);
      }
      slotOfStep[i] = slot;
    }
    if (names.isEmpty()) {
      session.discardUnsent();
      return List.of();
    }
    writer.sync();
    DescribeAll x = new DescribeAll(session, names.size());
    session.submit(x);
    session.receive(x);
    Prepared[] described = new Prepared[names.size()];
    for (int k = 0; k < x.answered; k++) {
      int first = firstStep.get(k);
      Columns columns = DerivedTypes.resolve(session, x.columns[k]);
      Prepared p = new Prepared(names.get(k), steps.get(first).sql, x.paramOids[k], columns);
      session.statements.put(p);
      session.statements.pin(p);
      described[k] = p;
    }
    List<Integer> left = new ArrayList<>();
    for (int i : pending) {
      PipelineStep s = steps.get(i);
      if (s.done) {
        continue; // failed to encode
      }
      int slot = slotOfStep[i];
      if (slot < x.answered) {
        s.statement = described[slot];
      } else if (slot == x.answered && x.error != null) {
        session.statements.closeLater(names.get(slot));
        s.failed(new PgException(x.error, s.sql, where(i)));
      } else {
        left.add(i); // skipped after an earlier failed Parse: described in the next round trip
      }
    }
    if (atomic && x.error != null) {
      for (PipelineStep s : steps) {
        if (s.error() != null) {
          throw s.error();
        }
      }
    }
    return left;
  }

  /** Steps with this key can share a statement: the same text, the same declared types. */
  private static String key(PipelineStep s) {
    StringBuilder key = new StringBuilder(s.sql).append('\0');
    for (Object v : s.params) {
      key.append(ParameterEncoder.declaredOid(v)).append(',');
    }
    return key.toString();
  }

  /**
   * Looks up the composite types of records bound as parameters (one catalog query per type not yet
   * known, between the Describe round trip and the Binds).
   */
  private void lookUpTypes() throws IOException {
    for (PipelineStep s : steps) {
      if (!s.done && s.statement != null) {
        Preparer.lookUpTypes(session, s.statement, s.params);
      }
    }
  }

  /** Binds each step's decoder to its statement's columns: a misfit fails only that step. */
  private void bindDecoders() {
    for (int i = 0; i < steps.size(); i++) {
      PipelineStep s = steps.get(i);
      if (s.done) {
        continue;
      }
      session.mayLeave(s.statement.residue);
      if (s.sink == null || s.statement.columns == null) {
        continue;
      }
      try {
        s.sink.start(s.statement);
      } catch (RuntimeException e) {
        s.failed(failure(e, i));
        if (atomic) {
          throw s.error();
        }
      }
    }
  }

  // ---------------------------------------------------------------- executing

  private void execute() throws IOException {
    int n = steps.size();
    PipelineSegment all = atomic ? new PipelineSegment(this, 0) : null;
    boolean queued = false;
    int written = 0;
    session.writeCloses();
    while (written < n) {
      int groupStart = written;
      int encoded = 0;
      while (written < n && encoded < GROUP && writer.unsent() < GROUP_BYTES) {
        PipelineStep s = steps.get(written);
        if (s.done) {
          written++; // failed before sending
          continue;
        }
        try {
          writer.bind(s.statement, s.params);
        } catch (RuntimeException e) {
          s.failed(failure(e, written));
          written++;
          if (atomic) {
            abortAtomic(all, queued);
            queued = true;
            written = n;
            break;
          }
          continue;
        }
        if (checksColumns) {
          writer.describePortal(); // see StatementMode.TRACKED
        }
        writer.execute();
        if (atomic) {
          s.segment = all;
        } else {
          writer.sync();
          PipelineSegment one = new PipelineSegment(this, written);
          s.segment = one;
          session.enqueue(one);
        }
        written++;
        encoded++;
      }
      if (atomic && written == n && !all.synced) {
        writer.sync();
        all.synced = true;
      } else if (atomic && written < n) {
        writer.flush();
      }
      if (writer.unsent() > GROUP_BYTES) {
        // One large statement: let the server answer everything before it first, so it is
        // reading, not blocked writing, while this group goes out.
        awaitThrough(groupStart - 1);
      }
      sentUpTo(written); // before the send: a send cut half-way may have delivered some of them
      if (atomic && !queued) {
        session.submit(all);
        queued = true;
      } else {
        session.send();
      }
      awaitThrough(groupStart - 1);
    }
    awaitThrough(n - 1);
    session
        .receiveAll(); // up to the last ReadyForQuery (and the Closes', if nothing else was sent)
    for (int i = 0; i < n; i++) {
      PipelineStep s = steps.get(i);
      if (!s.done) {
        s.failed(
            new PgException(
                "25P02",
                "not run: an earlier statement failed the atomic pipeline (" + where(i) + ")",
                s.sql,
                null));
      } else if (s.error() != null
          && s.statement != null
          && Preparer.isStalePlan(s.error())
          && !s.statement.isUnnamed()) {
        session.statements.evict(s.statement);
      }
    }
  }

  /**
   * The connection was lost while executing: the session is broken, and every statement without its
   * reply is told so — one that was sent may or may not have run (08007), one that was not sent did
   * not. An atomic pipeline throws: its one transaction may or may not have committed.
   */
  private void lost(IOException e) {
    PgException lost = session.connectionLost(e);
    for (int i = 0; i < steps.size(); i++) {
      PipelineStep s = steps.get(i);
      if (s.done) {
        continue;
      }
      s.failed(
          s.sent
              ? new PgException(
                  "08007",
                  "the connection was lost before its reply: it may or may not have run ("
                      + where(i)
                      + ")",
                  s.sql,
                  lost)
              : new PgException(
                  "08006",
                  "the connection was lost before it was sent: it did not run (" + where(i) + ")",
                  s.sql,
                  lost));
    }
    if (atomic) {
      throw new PgException(
          "08007",
          "the connection was lost before the atomic pipeline ended: it may or may not have"
              + " committed",
          null,
          lost);
    }
  }

  /** Marks the steps before {@code written} as sent (their messages go out with this send). */
  private void sentUpTo(int written) {
    for (int i = written - 1; i >= 0 && !steps.get(i).sent; i--) {
      steps.get(i).sent = true;
    }
  }

  /**
   * A value of an atomic pipeline could not be encoded: nothing of it is sent, but what was sent
   * before must not commit. Executing a portal that does not exist fails the pipeline on the server
   * (34000), so its one Sync rolls everything back.
   */
  private void abortAtomic(PipelineSegment all, boolean queued) throws IOException {
    writer.executeMissingPortal("sluice_abort_pipeline");
    writer.sync();
    all.synced = true;
    all.aborted = true;
    for (PipelineStep s : steps) {
      s.sent |= s.segment != null;
    }
    if (!queued) {
      session.submit(all);
    } else {
      session.send();
    }
  }

  /** Reads replies until step {@code k} and every step before it has its outcome. */
  private void awaitThrough(int k) throws IOException {
    for (int i = 0; i <= k; i++) {
      PipelineStep s = steps.get(i);
      while (!s.done && s.segment != null && !s.segment.finished) {
        session.receive(s.segment); // done, or its exchange ended first (skipped after a failure)
      }
    }
  }
}
