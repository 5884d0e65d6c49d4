package dev.sluice.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;

/**
 * jOOQ with plain SQL: {@code ctx.resultQuery(sql).fetchInto(Record.class)} on one pgjdbc
 * connection (prepareThreshold=-1 for binary results), jOOQ's default settings otherwise.
 */
final class JooqClient extends BenchClient {
  private Connection connection;
  private DSLContext ctx;

  @Override
  void setUp(CellSpec spec) throws SQLException {
    // jOOQ prints a banner and a tip on first use; keep the cell's output to its figures.
    System.setProperty("org.jooq.no-logo", "true");
    System.setProperty("org.jooq.no-tips", "true");
    connection =
        DriverManager.getConnection(Urls.jdbc(spec.workloadUrl()) + "&prepareThreshold=-1");
    ctx = DSL.using(connection, SQLDialect.POSTGRES);
  }

  @Override
  Object readWide() {
    return ctx.resultQuery(Sql.W1).fetchInto(Wide.class);
  }

  @Override
  Object readNarrow() {
    return ctx.resultQuery(Sql.W2).fetchInto(Narrow.class);
  }

  @Override
  Object lookup(int id) {
    return ctx.resultQuery(Sql.W3_JDBC, id).fetchOneInto(Point.class);
  }

  @Override
  Object readFilms() {
    return ctx.resultQuery(Sql.W5).fetchInto(FilmRow.class);
  }

  @Override
  public void close() throws SQLException {
    if (connection != null) {
      connection.close();
    }
  }
}
