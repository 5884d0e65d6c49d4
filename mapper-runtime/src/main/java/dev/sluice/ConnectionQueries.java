package dev.sluice;

import dev.sluice.driver.Cursor;
import dev.sluice.driver.PgConnection;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * {@link Queries} over "some connection": the pool's (one per call) for {@link Database}, the
 * transaction's own for {@link Transaction}. Subclasses say how a call gets its connection.
 */
abstract class ConnectionQueries implements Queries {
  private static final Object[] NO_PARAMS = new Object[0];

  /** A connection for one call (or one stream), given back with {@link #release}. */
  abstract PgConnection acquire();

  abstract void release(PgConnection c);

  /** Where statements that may share a connection go (pipelining), or null: none does. */
  SharedRoute shared() {
    return null;
  }

  /** Runs {@code work} on a connection and gives it back afterwards. */
  final <R> R withConnection(Function<PgConnection, R> work) {
    PgConnection c = acquire();
    try {
      return work.apply(c);
    } finally {
      release(c);
    }
  }

  @Override
  public <T> List<T> query(String sql, RowDecoder<T> decoder, Object... params) {
    return query(sql, decoder, params, 10);
  }

  /** The rows, in a list first sized for {@code capacity} of them. */
  private <T> List<T> query(String sql, RowDecoder<T> decoder, Object[] params, int capacity) {
    Object[] p = params == null ? NO_PARAMS : params;
    SharedRoute route = shared();
    if (SharedRoute.takes(route, sql)) {
      List<T> out = new ArrayList<>(capacity);
      route.query(sql, p, decoder, out);
      return out;
    }
    return withConnection(
        c -> {
          List<T> out = new ArrayList<>(capacity);
          c.query(sql, p, decoder, out);
          return out;
        });
  }

  @Override
  public <T> List<T> query(String sql, Class<T> type, Object... params) {
    return query(sql, Decoders.of(type), params);
  }

  @Override
  public <T> Optional<T> queryOne(String sql, RowDecoder<T> decoder, Object... params) {
    return onlyRow(query(sql, decoder, params, 1), sql);
  }

  /** The one row of {@code rows}, or empty; more than one fails with 21000 naming {@code sql}. */
  static <T> Optional<T> onlyRow(List<T> rows, String sql) {
    if (rows.size() > 1) {
      throw new PgException(
          "21000",
          "the query returned " + rows.size() + " rows where at most one was expected",
          sql,
          null);
    }
    return rows.isEmpty() ? Optional.empty() : Optional.ofNullable(rows.get(0));
  }

  @Override
  public <T> Optional<T> queryOne(String sql, Class<T> type, Object... params) {
    return queryOne(sql, Decoders.of(type), params);
  }

  @Override
  public <T> void forEach(
      String sql, RowDecoder<T> decoder, Consumer<? super T> action, Object... params) {
    Object[] p = params == null ? NO_PARAMS : params;
    withConnection(
        c -> {
          c.forEach(sql, p, decoder, action);
          return null;
        });
  }

  @Override
  public <T> Stream<T> stream(String sql, RowDecoder<T> decoder, Object... params) {
    Object[] p = params == null ? NO_PARAMS : params;
    PgConnection c = acquire();
    Cursor<T> cursor;
    try {
      cursor = c.cursor(sql, p, decoder);
    } catch (RuntimeException e) {
      release(c);
      throw e;
    }
    return RowStream.of(this, c, cursor, sql);
  }

  @Override
  public <T> Stream<T> stream(String sql, Class<T> type, Object... params) {
    return stream(sql, Decoders.of(type), params);
  }

  @Override
  public long execute(String sql, Object... params) {
    Object[] p = params == null ? NO_PARAMS : params;
    SharedRoute route = shared();
    if (SharedRoute.takes(route, sql)) {
      return route.execute(sql, p);
    }
    return withConnection(c -> c.execute(sql, p));
  }

  @Override
  public long[] executeBatch(String sql, List<Object[]> rows) {
    return withConnection(c -> c.executeBatch(sql, rows));
  }

  @Override
  public <R> R pipeline(Pipeline.Mode mode, Function<Pipeline, R> block) {
    Pipeline p = new Pipeline();
    R result = block.apply(p); // queued without holding a connection
    List<dev.sluice.driver.PipelineStep> steps = p.take();
    if (!steps.isEmpty()) {
      withConnection(
          c -> {
            c.pipeline(steps, mode == Pipeline.Mode.ATOMIC);
            return null;
          });
    }
    return result;
  }

  @Override
  public void executeScript(String sql) {
    withConnection(c -> c.simpleQuery(sql));
  }

  @Override
  public long copyOut(String sql, java.io.OutputStream out) {
    return withConnection(c -> c.copyOut(sql, out));
  }

  @Override
  public <T> long copyOut(String query, Class<T> type, Consumer<? super T> consumer) {
    return copyOut(query, Decoders.of(type), consumer);
  }

  @Override
  public <T> long copyOut(String query, RowDecoder<T> decoder, Consumer<? super T> consumer) {
    return withConnection(c -> c.copyOut(query, decoder, consumer));
  }

  @Override
  public <R> long copyIn(dev.sluice.dsl.Table<R> table, java.util.Iterator<? extends R> records) {
    List<String> names = new ArrayList<>();
    List<Integer> positions = new ArrayList<>();
    List<? extends dev.sluice.dsl.Column<R, ?>> columns = table.columns();
    for (int i = 0; i < columns.size(); i++) {
      if (!columns.get(i).isGenerated()) {
        names.add(columns.get(i).name());
        positions.add(i);
      }
    }
    String target =
        (table.schema().isEmpty() ? "" : quoteIdentifier(table.schema()) + ".")
            + quoteIdentifier(table.name());
    dev.sluice.generated.CopyRowWriter<R> writer = table.copyRowWriter();
    if (writer != null) {
      if (writer.columnCount() != names.size()) {
        throw new IllegalStateException(
            "the row writer of "
                + table
                + " writes "
                + writer.columnCount()
                + " columns, the table has "
                + names.size()
                + " that are not generated: regenerate the table class");
      }
      return withConnection(c -> c.copyInRecords(target, names, records, writer, table.name()));
    }
    java.util.Iterator<Object[]> rows =
        new java.util.Iterator<>() {
          @Override
          public boolean hasNext() {
            return records.hasNext();
          }

          @Override
          public Object[] next() {
            R record = records.next();
            if (record == null) {
              throw new IllegalArgumentException("a null record to copy into " + table.name());
            }
            Object[] all = table.values(record);
            Object[] out = new Object[positions.size()];
            for (int k = 0; k < out.length; k++) {
              out[k] = all[positions.get(k)];
            }
            return out;
          }
        };
    return withConnection(c -> c.copyInRows(target, names, rows));
  }

  /** An identifier (a table, a channel), quoted as PostgreSQL quotes it: case-sensitive. */
  static String quoteIdentifier(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  @Override
  public long copyIn(String sql, InputStream data) {
    return withConnection(c -> c.copyIn(sql, data));
  }

  @Override
  public <D> D dao(Class<D> type) {
    return Daos.create(type, this);
  }
}
