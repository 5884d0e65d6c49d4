package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.List;
import org.junit.jupiter.api.Test;

@PgTest(pagila = true)
class SmokeTest {
  record FilmTitle(int id, String title) {}

  static final RowDecoder<FilmTitle> FILM_TITLE =
      cols -> {
        int id = cols.require("film_id", "id");
        int title = cols.require("title", "title");
        return row -> new FilmTitle(row.getInt(id), row.getString(title));
      };

  @Test
  void readsFilms(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      List<FilmTitle> films =
          db.query(
              "SELECT film_id, title FROM film WHERE film_id <= $1 ORDER BY film_id",
              FILM_TITLE,
              3);
      assertThat(films).extracting(FilmTitle::id).containsExactly(1, 2, 3);
      assertThat(films.get(0).title()).isEqualTo("ACADEMY DINOSAUR");
      assertThat(db.execute("UPDATE film SET rental_rate = rental_rate WHERE film_id <= $1", 10))
          .isEqualTo(10);
      List<FilmTitle> all = db.query("SELECT * FROM film", FILM_TITLE);
      assertThat(all).hasSize(1000);
    }
  }

  enum Rating {
    G,
    PG,
    @dev.sluice.annotations.Label("PG-13")
    PG_13,
    R,
    @dev.sluice.annotations.Label("NC-17")
    NC_17
  }

  @Test
  void singleValuesThroughTheirClass(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      assertThat(db.query("SELECT n FROM generate_series(1, 3) n", Integer.class))
          .containsExactly(1, 2, 3);
      assertThat(db.queryOne("SELECT count(*) FROM film", Long.class)).contains(1000L);
      assertThat(db.queryOne("SELECT title FROM film WHERE film_id = $1", String.class, 1))
          .contains("ACADEMY DINOSAUR");
      assertThat(db.query("SELECT DISTINCT rating FROM film ORDER BY rating", Rating.class))
          .containsExactly(Rating.G, Rating.PG, Rating.PG_13, Rating.R, Rating.NC_17);
      assertThat(
              db.queryOne(
                  "SELECT last_update FROM film WHERE film_id = 1", java.time.Instant.class))
          .isPresent();
    }
  }
}
