package dev.sluice.bench;

import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowIterator;
import io.vertx.sqlclient.Tuple;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collector;
import java.util.stream.Collectors;

/**
 * vertx-pg-client 5 through a pool (1 connection, or 4 for W3c) with its prepared-statement cache
 * on, as a performance-minded user would configure it. Reads use a Collector, which maps each row
 * as it is decoded instead of building a RowSet first. The calling thread blocks on each Future.
 */
final class VertxClient extends BenchClient {
  private static final Collector<Row, ?, List<Wide>> WIDE =
      Collectors.mapping(
          row ->
              new Wide(
                  row.getDouble(0),
                  row.getInteger(1),
                  row.getString(2),
                  row.getUUID(3),
                  row.getString(4)),
          Collectors.toList());
  private static final Collector<Row, ?, List<Narrow>> NARROW =
      Collectors.mapping(
          row -> new Narrow(row.getLong(0), row.getLong(1), row.getLong(2)), Collectors.toList());
  private static final Function<Row, Point> POINT =
      row -> new Point(row.getInteger(0), row.getString(1), row.getLong(2));
  private static final Collector<Row, ?, List<FilmRow>> FILMS =
      Collectors.mapping(VertxClient::film, Collectors.toList());

  private Vertx vertx;
  private io.vertx.sqlclient.SqlClient pool;

  /** W3c through the pooled client that pipelines (PgBuilder.client()) instead of the pool. */
  private final boolean pipelined;

  VertxClient(boolean pipelined) {
    this.pipelined = pipelined;
  }

  @Override
  void setUp(CellSpec spec) {
    vertx = Vertx.vertx();
    PgConnectOptions options = PgConnectOptions.fromUri(spec.workloadUrl());
    options.setCachePreparedStatements(true);
    int size = spec.workload().isConcurrent() ? 4 : 1;
    if (pipelined) {
      options.setPipeliningLimit(CellMain.PIPELINING);
      pool =
          PgBuilder.client()
              .with(new PoolOptions().setMaxSize(size))
              .connectingTo(options)
              .using(vertx)
              .build();
      return;
    }
    pool =
        PgBuilder.pool()
            .with(new PoolOptions().setMaxSize(size))
            .connectingTo(options)
            .using(vertx)
            .build();
  }

  @Override
  Object readWide() {
    return pool.preparedQuery(Sql.W1).collecting(WIDE).execute().await().value();
  }

  @Override
  Object readNarrow() {
    return pool.preparedQuery(Sql.W2).collecting(NARROW).execute().await().value();
  }

  @Override
  Object lookup(int id) {
    RowIterator<Point> it =
        pool.preparedQuery(Sql.W3).mapping(POINT).execute(Tuple.of(id)).await().iterator();
    return it.hasNext() ? it.next() : null;
  }

  @Override
  long insertBatch(List<Wide> rows) {
    List<Tuple> batch = new ArrayList<>(rows.size());
    for (Wide r : rows) {
      batch.add(
          Tuple.tuple()
              .addDouble(r.f())
              .addInteger(r.i())
              .addString(r.s())
              .addUUID(r.u())
              .addString(r.n()));
    }
    pool.preparedQuery(Sql.INSERT).executeBatch(batch).await();
    return rows.size();
  }

  @Override
  Object readFilms() {
    return pool.preparedQuery(Sql.W5).collecting(FILMS).execute().await().value();
  }

  private static FilmRow film(Row row) {
    OffsetDateTime updated = row.getOffsetDateTime(7);
    return new FilmRow(
        row.getInteger(0),
        row.getString(1),
        row.getString(2),
        row.getInteger(3),
        row.getBigDecimal(4),
        row.getShort(5),
        row.getString(6),
        updated == null ? null : updated.toInstant(),
        row.getString(8),
        row.getString(9));
  }

  @Override
  public void close() {
    if (pool != null) {
      pool.close().await();
    }
    if (vertx != null) {
      vertx.close().await();
    }
  }
}
