package dev.sluice.bench;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.multiset;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.select;
import static org.jooq.impl.DSL.table;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Records;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

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

  /**
   * W7 with MULTISET: jOOQ nests the actors as a correlated subquery aggregated into JSONB on
   * PostgreSQL, and maps them back into records with {@code Records.mapping}.
   */
  @Override
  Object readFilmCasts() {
    Table<?> f = table(name("film")).as("f");
    Table<?> fa = table(name("film_actor")).as("fa");
    Table<?> a = table(name("actor")).as("a");
    Field<Integer> filmId = field(name("f", "film_id"), SQLDataType.INTEGER);
    Field<String> title = field(name("f", "title"), SQLDataType.VARCHAR);
    Field<Integer> faFilm = field(name("fa", "film_id"), SQLDataType.INTEGER);
    Field<Integer> faActor = field(name("fa", "actor_id"), SQLDataType.INTEGER);
    Field<Integer> actorId = field(name("a", "actor_id"), SQLDataType.INTEGER);
    Field<String> first = field(name("a", "first_name"), SQLDataType.VARCHAR);
    Field<String> last = field(name("a", "last_name"), SQLDataType.VARCHAR);
    Field<Instant> updated = field(name("a", "last_update"), SQLDataType.INSTANT);
    return ctx.select(
            filmId,
            title,
            multiset(
                    select(actorId, first, last, updated)
                        .from(fa)
                        .join(a)
                        .on(actorId.eq(faActor))
                        .where(faFilm.eq(filmId))
                        .orderBy(actorId))
                .as("actors")
                .convertFrom(r -> r.map(Records.mapping(CastMember::new))))
        .from(f)
        .orderBy(filmId)
        .fetch(Records.mapping(FilmCast::new));
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
