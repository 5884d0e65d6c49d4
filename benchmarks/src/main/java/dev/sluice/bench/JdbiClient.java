package dev.sluice.bench;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.mapper.reflect.ConstructorMapper;

/**
 * JDBI 3 on one Handle (one pgjdbc connection, prepareThreshold=-1 for binary results), mapping
 * rows to the records with its ConstructorMapper (columns matched to constructor parameters by
 * name, snake_case included).
 */
final class JdbiClient extends BenchClient {
  private Handle handle;

  @Override
  void setUp(CellSpec spec) {
    Jdbi jdbi = Jdbi.create(Urls.jdbc(spec.workloadUrl()) + "&prepareThreshold=-1");
    jdbi.registerRowMapper(ConstructorMapper.factory(Wide.class));
    jdbi.registerRowMapper(ConstructorMapper.factory(Narrow.class));
    jdbi.registerRowMapper(ConstructorMapper.factory(Point.class));
    jdbi.registerRowMapper(ConstructorMapper.factory(FilmRow.class));
    handle = jdbi.open();
  }

  @Override
  Object readWide() {
    return handle.createQuery(Sql.W1).mapTo(Wide.class).list();
  }

  @Override
  Object readNarrow() {
    return handle.createQuery(Sql.W2).mapTo(Narrow.class).list();
  }

  @Override
  Object lookup(int id) {
    return handle.createQuery(Sql.W3_JDBC).bind(0, id).mapTo(Point.class).one();
  }

  @Override
  Object readFilms() {
    return handle.createQuery(Sql.W5).mapTo(FilmRow.class).list();
  }

  @Override
  public void close() {
    if (handle != null) {
      handle.close();
    }
  }
}
