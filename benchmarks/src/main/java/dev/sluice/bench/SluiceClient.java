package dev.sluice.bench;

import static dev.sluice.bench.PointTable.BENCH_POINT;

import dev.sluice.Database;
import java.util.ArrayList;
import java.util.List;

/**
 * Sluice through its public API, as an application would use it: {@code db.query(sql,
 * Record.class)} finds the record's generated decoder by name. One pooled connection, or four for
 * W3c; W4b with rewrite_batched_inserts, as pgjdbc's cell runs with reWriteBatchedInserts.
 */
final class SluiceClient extends BenchClient {
  /** W3 through the DSL instead of an SQL string (issue 14's cost target). */
  private final boolean dsl;

  private Database db;

  /** Calls in flight per connection shared by W3c's callers (0: the plain pool). */
  private final int pipelining;

  /**
   * The URL's statement_mode, or null for the default (named): "unnamed" is what running behind
   * PgBouncer in transaction mode costs, "tracked" behind PgBouncer 1.21+ with prepared statements.
   */
  private final String statementMode;

  SluiceClient(boolean dsl) {
    this(dsl, 0);
  }

  SluiceClient(boolean dsl, int pipelining) {
    this(dsl, pipelining, null);
  }

  SluiceClient(boolean dsl, int pipelining, String statementMode) {
    this.dsl = dsl;
    this.pipelining = pipelining;
    this.statementMode = statementMode;
  }

  @Override
  void setUp(CellSpec spec) {
    String url = spec.workloadUrl();
    if (statementMode != null) {
      url += (url.contains("?") ? "&" : "?") + "statement_mode=" + statementMode;
    }
    db =
        Database.builder()
            .url(url)
            .maxPoolSize(spec.workload().isConcurrent() ? 4 : 1)
            // As pgjdbc's cell runs with reWriteBatchedInserts: many rows per statement (Sluice's
            // rewrite binds one array per column and unnests it).
            .rewriteBatchedInserts(spec.workload() == Workload.W4B)
            .pipelining(pipelining)
            .build();
  }

  @Override
  Object readFilmCasts() {
    return db.query(Sql.W7, FilmCast.class);
  }

  @Override
  Object readWide() {
    return db.query(Sql.W1, Wide.class);
  }

  @Override
  Object readNarrow() {
    return db.query(Sql.W2, Narrow.class);
  }

  @Override
  Object lookup(int id) {
    return dsl ? lookupDsl(id) : lookupSql(id);
  }

  /** W3 through the DSL, the query built inline as an application writes it. */
  Object lookupDsl(int id) {
    return db.selectFrom(BENCH_POINT).where(BENCH_POINT.id.eq(id)).fetchOne().get();
  }

  /** W3 through the SQL string. */
  Object lookupSql(int id) {
    return db.queryOne(Sql.W3, Point.class, id).get();
  }

  @Override
  long insertBatch(List<Wide> rows) {
    List<Object[]> params = new ArrayList<>(rows.size());
    for (Wide r : rows) {
      params.add(new Object[] {r.f(), r.i(), r.s(), r.u(), r.n()});
    }
    long inserted = 0;
    for (long count : db.executeBatch(Sql.INSERT, params)) {
      inserted += count;
    }
    return inserted;
  }

  @Override
  long insertCopy(List<Wide> rows) {
    return db.copyIn(Sql.COPY_BINARY, new BinaryCopyStream(rows));
  }

  @Override
  long copyRecords(List<InsertRow> rows) {
    return db.copyIn(InsertRowTable.BENCH_INSERT, rows);
  }

  @Override
  Object copyOutWide() {
    List<Wide> out = new ArrayList<>();
    db.copyOut(Sql.W1, Wide.class, out::add);
    return out;
  }

  @Override
  Object readFilms() {
    return db.query(Sql.W5, FilmRow.class);
  }

  @Override
  Object readFilmSummaries() {
    return db.query(Sql.W5S, FilmSummary.class);
  }

  @Override
  public void close() {
    if (db != null) {
      db.close();
    }
  }
}
