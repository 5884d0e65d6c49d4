package dev.sluice.pagila;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.Database;
import dev.sluice.Pipelined;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A composite column's first execution where the statement is described and bound apart from an
 * ordinary call: on a connection shared by pipelining callers, and inside a pipeline of different
 * statements. Its decoder turns the column binary when it binds; the Bind that follows must ask for
 * binary there, or the composite would arrive as text.
 */
@PgTest(pagila = true)
class CompositeSharedTest {
  private static final String CASTS =
      "SELECT f.film_id, f.title, array_agg(a ORDER BY a.actor_id) AS actors FROM film f"
          + " JOIN film_actor fa USING (film_id) JOIN actor a USING (actor_id)"
          + " WHERE f.film_id <= $1 GROUP BY f.film_id ORDER BY f.film_id";

  private static List<FilmCast> expected(TestDatabase tdb, int last) {
    try (Database plain = Database.connect(tdb.url())) {
      return plain.query(CASTS, FilmCast.class, last);
    }
  }

  @Test
  void onASharedConnectionsFirstExecution(TestDatabase tdb) {
    List<FilmCast> expected = expected(tdb, 4);
    assertThat(expected).hasSize(4);
    assertThat(expected.get(0).actors()).isNotEmpty();
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).pipelining(8).build()) {
      assertThat(db.dao(FilmCast.Casts.class).upTo(4)).isEqualTo(expected); // first execution
      assertThat(db.dao(FilmCast.Casts.class).upTo(4)).isEqualTo(expected); // cached statement
      assertThat(db.query(CASTS, FilmCast.class, 4)).isEqualTo(expected);
    }
  }

  @Test
  void inAPipelineOfDifferentStatements(TestDatabase tdb) {
    List<FilmCast> expected = expected(tdb, 3);
    try (Database db = Database.connect(tdb.url())) {
      for (int run = 0; run < 2; run++) { // new statements, then cached ones
        List<Object> results =
            db.pipeline(
                p -> {
                  Pipelined<Long> count = p.execute("SELECT 1");
                  Pipelined<List<FilmCast>> casts = p.query(CASTS, FilmCast.class, 3);
                  Pipelined<List<FilmCast>> again = p.query(CASTS, FilmCast.class, 2);
                  return List.of(count, casts, again);
                });
        assertThat(((Pipelined<?>) results.get(1)).get()).isEqualTo(expected);
        assertThat(((Pipelined<?>) results.get(2)).get()).isEqualTo(expected.subList(0, 2));
      }
    }
  }
}
