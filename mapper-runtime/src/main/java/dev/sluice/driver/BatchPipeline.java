package dev.sluice.driver;

import dev.sluice.PgException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Batches: one statement run once per parameter row as one pipeline, or, with {@code
 * rewrite_batched_inserts}, a plain INSERT … VALUES rewritten into fewer executions of many rows
 * (its array form, else its multi-row form; see {@link MultiRowInsert}).
 */
final class BatchPipeline {
  /** Bind/Execute pairs written before the connection reads the replies of the previous group. */
  static final int BATCH_GROUP = 128;

  /** Bytes of Bind/Execute after which a batch group ends even if it has fewer rows. */
  static final int BATCH_GROUP_BYTES = 32 * 1024;

  /**
   * Rows of a batch insert bound as one execution of its array form, at most. Measured on W4b
   * (100,000 rows of five columns): 4,096 to 16,384 rows per chunk ran alike, within the noise;
   * 2,048 a little slower, one chunk of all 100,000 rows a third slower (nothing overlaps the
   * server's work with the client's encoding then).
   */
  static final int ARRAY_CHUNK_ROWS = 8 * 1024;

  /**
   * Estimated bytes of one execution of the array form after which its chunk ends, even if it has
   * fewer rows: keeps a Bind message (and the send buffer, which never shrinks) near 1 MB however
   * wide the rows.
   */
  static final int ARRAY_CHUNK_BYTES = 1024 * 1024;

  private final Session session;
  private final MessageWriter writer;

  /** Parsed rewritten forms of batch INSERTs by SQL text (null values: not rewritable). */
  private final Map<String, MultiRowInsert> multiRowInserts = new HashMap<>();

  BatchPipeline(Session session) {
    this.session = session;
    this.writer = session.writer;
  }

  /**
   * Runs {@code sql} once per parameter row as one pipeline: Bind/Execute × N, then one Sync. The
   * replies are read while writing, or both sides' socket buffers fill and client and server wait
   * on each other forever. Rows go in groups of at most {@value #BATCH_GROUP} executions and
   * {@value #BATCH_GROUP_BYTES} bytes, each ended by a Flush; while one group is sent, the replies
   * of the one before are read, so at most two groups are unanswered. A group bounded that way fits
   * in the kernel's socket buffers even while the server is blocked sending large replies
   * (RETURNING); a single row larger than the bound is sent only when no reply is outstanding.
   * Between one Sync the statements run in one implicit transaction: a failure in any row leaves no
   * row applied (and inside an explicit transaction, the transaction fails). Returns each row's
   * count.
   *
   * <p>With {@code rewrite_batched_inserts}, a batch of more than one row of a plain INSERT …
   * VALUES runs as fewer statements of many rows each ({@link MultiRowInsert}), in the same single
   * pipeline: its array form when every parameter and value allows ({@link #arrayBatch}), else its
   * multi-row form.
   */
  long[] run(String sql, List<Object[]> rows) throws IOException {
    if (rows.isEmpty()) {
      return new long[0];
    }
    MultiRowInsert multi =
        session.config.rewriteBatchedInserts() && rows.size() > 1 ? multiRowInsert(sql) : null;
    if (multi != null && sameWidth(rows, multi.parameters())) {
      if (multi.arraySql() != null) {
        long[] counts =
            Preparer.withStatement(
                session, sql, rows.get(0), original -> arrayBatch(multi, original, rows), null);
        if (counts != null) {
          return counts;
        }
      }
      return multiRowBatch(multi, rows);
    }
    int n = rows.size();
    return Preparer.withStatement(
        session,
        sql,
        rows.get(0),
        s -> pipeline(fill(s, n), rows, i -> "batch row " + (i + 1) + " of " + n),
        null);
  }

  private static Prepared[] fill(Prepared p, int n) {
    Prepared[] all = new Prepared[n];
    Arrays.fill(all, p);
    return all;
  }

  private static boolean sameWidth(List<Object[]> rows, int width) {
    for (Object[] row : rows) {
      if (row.length != width) {
        return false;
      }
    }
    return true;
  }

  /** The parsed rewritten forms of {@code sql} (or null), kept per connection by SQL text. */
  private MultiRowInsert multiRowInsert(String sql) {
    if (multiRowInserts.containsKey(sql)) {
      return multiRowInserts.get(sql);
    }
    if (multiRowInserts.size() >= 64) {
      multiRowInserts.clear();
    }
    MultiRowInsert m = MultiRowInsert.parse(sql);
    multiRowInserts.put(sql, m);
    return m;
  }

  /**
   * A batch of a plain INSERT … VALUES in its array form ({@link MultiRowInsert#arraySql()}): rows
   * in chunks of at most {@value #ARRAY_CHUNK_ROWS} (and about {@value #ARRAY_CHUNK_BYTES} bytes),
   * each chunk one execution binding one binary array per parameter, all in one pipeline (so still
   * all or nothing). The element types are those the server described for {@code original}, the
   * single-row statement. Returns null, having executed nothing, when some parameter's type has no
   * array type or codec here, or some value has no binary form for it (a String for a uuid, say):
   * the caller then takes the multi-row form. A row's count is 1 when its chunk inserted all its
   * rows, else -1 (unknown: a trigger skipped some).
   */
  private long[] arrayBatch(MultiRowInsert multi, Prepared original, List<Object[]> rows)
      throws IOException {
    int[] oids = original.paramOids;
    int width = oids.length;
    if (width != multi.parameters()) {
      return null;
    }
    for (int oid : oids) {
      if (!ColumnSlice.takesArrays(oid)) {
        return null;
      }
    }
    // One pass over the values: every one must go into its array, and the chunks end at a row
    // count or an estimated size, whichever comes first.
    int n = rows.size();
    int[] ends = new int[n / ARRAY_CHUNK_ROWS + 1];
    int chunks = 0;
    int chunkStart = 0;
    long bytes = 0;
    for (int r = 0; r < n; r++) {
      Object[] row = rows.get(r);
      for (int k = 0; k < width; k++) {
        Object v = row[k];
        if (!ColumnSlice.accepts(v, oids[k])) {
          return null;
        }
        bytes += ColumnSlice.estimatedSize(v);
      }
      if (r + 1 == n || r + 1 - chunkStart == ARRAY_CHUNK_ROWS || bytes >= ARRAY_CHUNK_BYTES) {
        if (chunks == ends.length) {
          ends = Arrays.copyOf(ends, chunks * 2);
        }
        ends[chunks++] = r + 1;
        chunkStart = r + 1;
        bytes = 0;
      }
    }
    List<Object[]> params = new ArrayList<>(chunks);
    for (int c = 0; c < chunks; c++) {
      int from = c == 0 ? 0 : ends[c - 1];
      Object[] slices = new Object[width];
      for (int k = 0; k < width; k++) {
        slices[k] = new ColumnSlice(rows, from, ends[c], k, oids[k]);
      }
      params.add(slices);
    }
    // The array OIDs are declared in Parse (ParameterEncoder.declaredOid of a slice).
    Prepared statement = Preparer.prepare(session, multi.arraySql(), params.get(0));
    int[] chunkEnds = ends;
    long[] chunkCounts;
    try {
      chunkCounts =
          pipeline(
              fill(statement, chunks),
              params,
              c ->
                  "batch rows "
                      + (c == 0 ? 1 : chunkEnds[c - 1] + 1)
                      + "-"
                      + chunkEnds[c]
                      + " of "
                      + n
                      + ", inserted by one array statement");
    } catch (PgException e) {
      if (Preparer.isStalePlan(e)) {
        // The array statement is the one executed; the caller re-prepares the original.
        session.statements.evict(statement);
      }
      throw e;
    }
    long[] counts = new long[n];
    for (int c = 0; c < chunks; c++) {
      int from = c == 0 ? 0 : ends[c - 1];
      Arrays.fill(counts, from, ends[c], chunkCounts[c] == ends[c] - from ? 1 : -1);
    }
    return counts;
  }

  /**
   * A batch of a plain INSERT … VALUES as multi-row inserts: groups of 128, 64, … rows, each one
   * execution of a statement of that shape, all in one pipeline (so still all or nothing). A row's
   * count is 1 when its group inserted all its rows, else -1 (unknown: a trigger skipped some).
   */
  private long[] multiRowBatch(MultiRowInsert multi, List<Object[]> rows) throws IOException {
    int n = rows.size();
    int width = multi.parameters();
    List<int[]> groups = new ArrayList<>();
    int start = 0;
    for (int size : MultiRowInsert.GROUP_SIZES) {
      if (size > multi.maxGroup()) {
        continue;
      }
      while (n - start >= size) {
        groups.add(new int[] {start, size});
        start += size;
      }
    }
    Prepared[] statements = new Prepared[groups.size()];
    List<Object[]> params = new ArrayList<>(groups.size());
    long[] groupCounts;
    try {
      for (int g = 0; g < groups.size(); g++) {
        int from = groups.get(g)[0];
        int size = groups.get(g)[1];
        Object[] flat = new Object[size * width];
        for (int r = 0; r < size; r++) {
          System.arraycopy(rows.get(from + r), 0, flat, r * width, width);
        }
        params.add(flat);
        String sql = multi.sql(size);
        statements[g] =
            Preparer.withTypes(session, Preparer.prepare(session, sql, flat), sql, flat);
        // Preparing the next group's statement must not evict this one: the pipeline binds both.
        session.statements.pin(statements[g]);
      }
      groupCounts =
          pipeline(
              statements,
              params,
              g -> {
                int from = groups.get(g)[0];
                return "batch rows "
                    + (from + 1)
                    + "-"
                    + (from + groups.get(g)[1])
                    + " of "
                    + n
                    + ", inserted by one multi-row statement";
              });
    } finally {
      session.statements.unpinAll();
    }
    long[] counts = new long[n];
    for (int g = 0; g < groups.size(); g++) {
      int from = groups.get(g)[0];
      int size = groups.get(g)[1];
      Arrays.fill(counts, from, from + size, groupCounts[g] == size ? 1 : -1);
    }
    return counts;
  }

  /**
   * Sends what is encoded: with the pipeline's exchange queued on its first send (a group, or the
   * lone Sync of a pipeline whose first row could not be encoded). Returns true.
   */
  private boolean send(boolean submitted) throws IOException {
    if (submitted) {
      session.send();
    } else {
      session.submit(ExtendedQuery.pipelined(session));
    }
    return true;
  }

  /**
   * Executes {@code statements[i]} with {@code rows.get(i)} for every i in one pipeline; {@code
   * where} names execution i in errors.
   */
  private long[] pipeline(Prepared[] statements, List<Object[]> rows, IntFunction<String> where)
      throws IOException {
    for (int i = 0; i < rows.size(); i++) {
      Preparer.lookUpTypes(session, statements[i], rows.get(i)); // records bound as composites
    }
    int n = rows.size();
    long[] counts = new long[n];
    int written = 0;
    int read = 0;
    PgException error = null;
    RuntimeException encodeFailure = null;
    boolean synced = false;
    boolean submitted = false;
    // In the unnamed mode each statement is parsed (as the unnamed one) ahead of its first Bind,
    // in the same pipeline: the one Sync at its end keeps a pooler's backend for all of it.
    Prepared parsed = null;
    session.writeCloses();
    while (written < n && error == null) {
      int groupStart = written;
      try {
        while (written < n
            && written - groupStart < BATCH_GROUP
            && writer.unsent() < BATCH_GROUP_BYTES) {
          if (session.unnamedStatements && statements[written] != parsed) {
            parsed = statements[written];
            writer.parseUnnamed(parsed);
          }
          writer.bind(statements[written], rows.get(written));
          writer.execute();
          written++;
        }
      } catch (RuntimeException e) {
        encodeFailure = e;
        break;
      }
      if (written < n) {
        writer.flush();
      } else {
        writer.sync();
        synced = true;
      }
      if (writer.unsent() > BATCH_GROUP_BYTES) {
        // An oversized group (one large row): let the server finish every earlier reply first, so
        // it
        // is reading, not blocked writing, while this group is sent.
        while (read < groupStart && error == null) {
          error = ExtendedQuery.next(session, counts, read);
          read += error == null ? 1 : 0;
        }
        if (error != null) {
          // Nothing of this group is sent; the Sync below ends the failed pipeline.
          session.discardUnsent();
          synced = false;
          break;
        }
      }
      submitted = send(submitted);
      // Read the replies of the groups before this one, keeping this one in flight.
      while (read < groupStart && error == null) {
        error = ExtendedQuery.next(session, counts, read);
        read += error == null ? 1 : 0;
      }
    }
    if (encodeFailure != null && written > 0) {
      // A value that cannot be encoded after rows were sent: make the pipeline fail on the server
      // so the Sync rolls those rows back (a Sync alone would commit them). Executing a portal that
      // does not exist raises 34000; the rows before it are answered as usual.
      writer.executeMissingPortal("sluice_abort_batch");
    }
    if (!synced) {
      writer.sync();
    }
    send(submitted);
    // Read the remaining replies, then ReadyForQuery.
    while (read < written && error == null) {
      error = ExtendedQuery.next(session, counts, read);
      read += error == null ? 1 : 0;
    }
    ExtendedQuery.drain(session);
    if (error != null) {
      throw new PgException(error, statements[read].sql, where.apply(read));
    }
    if (encodeFailure != null) {
      if (encodeFailure instanceof PgException pe) {
        throw new PgException(pe, statements[written].sql, where.apply(written));
      }
      throw encodeFailure;
    }
    return counts;
  }
}
